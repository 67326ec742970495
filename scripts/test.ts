/**
 * `npm test`: every suite, ending with the names of the tests that failed (CI shows only the tail
 * of a run) and one line `N passed, N failed` totalling them all.
 * 1. The fast tier (`npm run test:fast`: lint, layering, format, type check, unit tests).
 * 2. The production build (SKIP_BUILD=1 reuses an existing one), its server chunks not yet shared.
 * 3. The contract, no-draft-leak, twin, site-page and inquiry suites with every optimisation that
 *    goes beneath Next.js or Payload turned off (FRAMEWORK_BYPASSES=off): the site must be
 *    correct without them.
 * 4. The build's server chunks shared, then every integration suite (Vitest) against real
 *    PostgreSQL, Redis and SMTP, then the official MCP conformance suite's scenarios that apply to
 *    the MCP server (scripts/mcp-conformance.ts, on the same build), then Playwright in Chromium,
 *    with every optimisation on.
 * TEST_RUN_ID (with NEXT_DIST_DIR) keeps concurrent runs on one machine apart.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

import { failedTests } from './lib/failed-tests'
import { runFastTier, vitestCounts, type Counts } from './lib/fast-tier'
import { scriptNodeArgs } from './lib/script-process'
import { completeBuild, distDir, serverBundlePath, shareChunksOfBuild } from './lib/server-bundle'

const RUN_ID = process.env.TEST_RUN_ID ?? 'main'
const RESULTS = `.data/test-results-${RUN_ID}`

/**
 * The suites run a second time with every bypass off: the public contract, what anonymous
 * callers may never see (drafts, private fields and files), the twins, the site's pages and the
 * inquiries. Assertions about shipped JavaScript or the cache's own headers live elsewhere.
 */
export const BYPASSES_OFF_SUITES = [
  'tests/int/content-api.test.ts',
  'tests/int/api-list-reads.test.ts',
  'tests/int/private-surfaces.test.ts',
  'tests/int/media-embargo.test.ts',
  'tests/int/mcp-read.test.ts',
  'tests/int/markdown-twins.test.ts',
  'tests/int/twins-match-pages.test.ts',
  'tests/int/site.test.ts',
  'tests/int/inquiries.test.ts',
]

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    })
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

function playwrightCounts(file: string): Counts | undefined {
  if (!existsSync(file)) return undefined
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number }
  }
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky }
}

/** Runs the integration project (all of it, or `files`), counting from its JSON report. */
async function integration(
  report: string,
  files: string[],
  env: Record<string, string> = {},
): Promise<Counts> {
  const exit = await run(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'int',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...files,
    ],
    env,
  )
  const counts = vitestCounts(report) ?? { passed: 0, failed: 1 }
  if (exit !== 0 && counts.failed === 0) counts.failed = 1
  return counts
}

/**
 * The MCP conformance scenarios (scripts/mcp-conformance.ts) against this run's build, one count
 * per scenario. Its own TEST_RUN_ID keeps its database, server log and results apart from the
 * integration suites'.
 */
async function mcpConformance(report: string): Promise<Counts> {
  const exit = await run(
    process.execPath,
    scriptNodeArgs('scripts/mcp-conformance.ts', ['--report', report]),
    { TEST_RUN_ID: `${RUN_ID}_conformance` },
  )
  const counts = existsSync(report)
    ? (JSON.parse(readFileSync(report, 'utf8')) as Counts)
    : { passed: 0, failed: 1 }
  if (exit !== 0 && counts.failed === 0) counts.failed = 1
  return counts
}

const add = (totals: Counts, counts: Counts) => {
  totals.passed += counts.passed
  totals.failed += counts.failed
}

const minutes = (since: number) => `${((performance.now() - since) / 60_000).toFixed(1)} min`

async function main(): Promise<void> {
  const started = performance.now()
  rmSync(RESULTS, { recursive: true, force: true })
  mkdirSync(RESULTS, { recursive: true })
  const totals: Counts = { passed: 0, failed: 0 }

  add(totals, await runFastTier(RESULTS))

  let builtHere = false
  if (
    process.env.SKIP_BUILD !== '1' ||
    !existsSync(`${distDir()}/BUILD_ID`) ||
    !existsSync(serverBundlePath())
  ) {
    const built = await run(process.execPath, ['node_modules/next/dist/bin/next', 'build'])
    if (built !== 0) {
      console.log(`\n${totals.passed} passed, ${totals.failed + 1} failed`)
      process.exit(1)
    }
    await completeBuild({ shareChunks: false })
    builtHere = true
  }
  console.log(`[test] built after ${minutes(started)}`)

  add(
    totals,
    await integration(`${RESULTS}/vitest-bypasses-off.json`, BYPASSES_OFF_SUITES, {
      FRAMEWORK_BYPASSES: 'off',
      TEST_RUN_ID: `${RUN_ID}_bypasses_off`,
    }),
  )
  console.log(`[test] the suites with every bypass off done after ${minutes(started)}`)

  if (builtHere) shareChunksOfBuild()
  add(totals, await integration(`${RESULTS}/vitest.json`, []))
  console.log(`[test] the integration suites done after ${minutes(started)}`)

  add(totals, await mcpConformance(`${RESULTS}/mcp-conformance.json`))
  console.log(`[test] the MCP conformance scenarios done after ${minutes(started)}`)

  const playwrightReport = `${RESULTS}/playwright.json`
  const playwrightExit = await run(process.execPath, [
    'node_modules/@playwright/test/cli.js',
    'test',
  ])
  const playwright = playwrightCounts(playwrightReport) ?? { passed: 0, failed: 1 }
  if (playwrightExit !== 0 && playwright.failed === 0) playwright.failed = 1
  add(totals, playwright)
  console.log(`[test] every suite done after ${minutes(started)}`)

  const failures = failedTests(RESULTS)
  if (failures.length > 0) console.log(`\n[test] failed:\n${failures.join('\n')}`)
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
  process.exit(totals.failed > 0 ? 1 : 0)
}

void main()
