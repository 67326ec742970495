/**
 * The fast tier of the tests (`npm run test:fast`, and the first step of `npm test`): every check
 * that needs no build, no database and no browser — lint with the import-layering rules, the
 * format check, the type check of src, tests and scripts, and the unit tests. Two lanes run side
 * by side (the unit tests, whose time is mostly loading modules, beside the static checks), so
 * the tier takes about as long as its longest lane on a 2-core machine.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

export interface Counts {
  passed: number
  failed: number
}

interface Step {
  name: string
  command: string
  args: string[]
}

const bin = (name: string) => `node_modules/.bin/${name}`

/** The static checks, one after another in their lane; each counts as one test. */
const STATIC_CHECKS: Step[] = [
  { name: 'type check (src, tests, scripts)', command: bin('tsc'), args: ['--noEmit'] },
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  {
    name: 'import layering',
    command: bin('depcruise'),
    args: ['src', 'scripts', 'payload.config.ts', '--config', '.dependency-cruiser.cjs'],
  },
  { name: 'format check', command: bin('prettier'), args: ['--check', '--log-level=warn', '.'] },
]

function run(step: Step): Promise<{ code: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    })
    child.on('error', () => resolve({ code: 1, ms: performance.now() - started }))
    child.on('exit', (code) => resolve({ code: code ?? 1, ms: performance.now() - started }))
  })
}

/** Passed and failed tests of a Vitest JSON report; a suite that failed to load counts as failed. */
export function vitestCounts(file: string): Counts | undefined {
  if (!existsSync(file)) return undefined
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numFailedTestSuites: number
    success: boolean
  }
  const brokenSuites =
    report.success || report.numFailedTests > 0 ? 0 : Math.max(1, report.numFailedTestSuites)
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites }
}

/** Runs the tier; resolves with its counts (each static check one test, then the unit tests). */
export async function runFastTier(resultsDir: string): Promise<Counts> {
  const started = performance.now()
  const report = `${resultsDir}/vitest-unit.json`
  const staticLane = (async () => {
    const results: { step: Step; code: number; ms: number }[] = []
    for (const step of STATIC_CHECKS) results.push({ step, ...(await run(step)) })
    return results
  })()
  const unitLane = run({
    name: 'unit tests',
    command: process.execPath,
    args: [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'unit',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
  })
  const [checks, unit] = await Promise.all([staticLane, unitLane])

  const counts: Counts = { passed: 0, failed: 0 }
  for (const { step, code, ms } of checks) {
    console.log(`[fast] ${step.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(ms)}`)
    if (code === 0) counts.passed += 1
    else counts.failed += 1
  }
  const units = vitestCounts(report) ?? { passed: 0, failed: 1 }
  if (unit.code !== 0 && units.failed === 0) units.failed = 1
  console.log(
    `[fast] unit tests: ${units.passed} passed, ${units.failed} failed in ${seconds(unit.ms)}`,
  )
  counts.passed += units.passed
  counts.failed += units.failed
  console.log(`[fast] the fast tier took ${seconds(performance.now() - started)}`)
  return counts
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
