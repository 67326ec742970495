/**
 * `npm run test:visual:update`: retakes every screenshot baseline (and records the Chromium they
 * were taken with) from a fresh production build of this checkout, then refreshes the two
 * screenshots the README shows. SKIP_BUILD=1 reuses the last build (only when it is of the current
 * code: baselines of a stale build are wrong). Review the changed images before committing.
 */
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

import { BASELINE_DIR } from '../tests/e2e/visual/screenshot-options'
import { completeBuild } from './lib/server-bundle'

/** Baselines the README shows, copied to docs/screenshots/. */
const README_SCREENSHOTS = ['home-en-desktop.png', 'post-en-phone.png']

function run(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    })
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

async function main(): Promise<void> {
  if (process.env.SKIP_BUILD !== '1') {
    if ((await run(['node_modules/next/dist/bin/next', 'build'])) !== 0) process.exit(1)
    await completeBuild()
  }
  // Start from none, so the baselines of pages no longer screenshotted don't linger.
  mkdirSync(BASELINE_DIR, { recursive: true })
  for (const file of readdirSync(BASELINE_DIR)) {
    if (file.endsWith('.png')) rmSync(path.join(BASELINE_DIR, file))
  }
  const code = await run([
    'node_modules/@playwright/test/cli.js',
    'test',
    '--project=visual',
    '--update-snapshots=all',
  ])
  if (code !== 0) process.exit(code)
  mkdirSync('docs/screenshots', { recursive: true })
  for (const file of README_SCREENSHOTS) {
    copyFileSync(path.join(BASELINE_DIR, file), path.join('docs/screenshots', file))
  }
  console.log(`Baselines retaken in ${BASELINE_DIR}; review them (git diff) before committing.`)
}

void main()
