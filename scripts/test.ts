/**
 * `npm test`: builds the production app, runs every suite (Vitest unit and integration tests,
 * then Playwright in Chromium) against real PostgreSQL, Redis and SMTP, and ends with one line
 * `N passed, N failed` totalling them all. SKIP_BUILD=1 reuses an existing build;
 * TEST_RUN_ID (with NEXT_DIST_DIR) keeps concurrent runs on one machine apart.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

import { completeBuild, distDir, serverBundlePath } from './lib/server-bundle'

const RESULTS = `.data/test-results-${process.env.TEST_RUN_ID ?? 'main'}`

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    })
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

interface Counts {
  passed: number
  failed: number
}

function vitestCounts(file: string): Counts | undefined {
  if (!existsSync(file)) return undefined
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numTotalTestSuites: number
    numFailedTestSuites: number
    success: boolean
  }
  // A suite that failed to load has no failed test but did fail: count it.
  const brokenSuites =
    report.success || report.numFailedTests > 0 ? 0 : Math.max(1, report.numFailedTestSuites)
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites }
}

function playwrightCounts(file: string): Counts | undefined {
  if (!existsSync(file)) return undefined
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number }
  }
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky }
}

async function main(): Promise<void> {
  rmSync(RESULTS, { recursive: true, force: true })
  mkdirSync(RESULTS, { recursive: true })
  const totals: Counts = { passed: 0, failed: 0 }

  if (
    process.env.SKIP_BUILD !== '1' ||
    !existsSync(`${distDir()}/BUILD_ID`) ||
    !existsSync(serverBundlePath())
  ) {
    const built = await run(process.execPath, ['node_modules/next/dist/bin/next', 'build'])
    if (built === 0) await completeBuild()
    if (built !== 0) {
      console.log('0 passed, 1 failed')
      process.exit(1)
    }
  }

  const vitestReport = `${RESULTS}/vitest.json`
  const vitestExit = await run(process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ])
  const vitest = vitestCounts(vitestReport) ?? { passed: 0, failed: 1 }
  if (vitestExit !== 0 && vitest.failed === 0) vitest.failed = 1
  totals.passed += vitest.passed
  totals.failed += vitest.failed

  const playwrightReport = `${RESULTS}/playwright.json`
  const playwrightExit = await run(process.execPath, [
    'node_modules/@playwright/test/cli.js',
    'test',
  ])
  const playwright = playwrightCounts(playwrightReport) ?? { passed: 0, failed: 1 }
  if (playwrightExit !== 0 && playwright.failed === 0) playwright.failed = 1
  totals.passed += playwright.passed
  totals.failed += playwright.failed

  console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
  process.exit(totals.failed > 0 ? 1 : 0)
}

void main()
