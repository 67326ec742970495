import { defineConfig } from '@playwright/test'

import { BASELINE_DIR, SCREENSHOT_OPTIONS } from './tests/e2e/visual/screenshot-options'

/**
 * Browser tests in Debian's Chromium (browsers can't be downloaded here). The global setup starts
 * the production build on a fresh, seeded database with an in-process SMTP server, and a second
 * instance on an untouched copy of that database for the screenshots and Lighthouse audits.
 *
 * Two projects: `visual` compares full-page screenshots with the committed baselines
 * (`npm run test:visual:update` retakes them), `e2e` is everything else. Neither depends on the
 * other having run first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: `.data/test-results-${process.env.TEST_RUN_ID ?? 'main'}/playwright.json` },
    ],
  ],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
  projects: [
    {
      name: 'visual',
      testMatch: 'visual.spec.ts',
      snapshotPathTemplate: `${BASELINE_DIR}/{arg}{ext}`,
      expect: { toHaveScreenshot: SCREENSHOT_OPTIONS },
    },
    { name: 'e2e', testIgnore: 'visual.spec.ts' },
  ],
})
