/**
 * The names of the tests that failed, read from the JSON reports a run leaves in its results
 * folder. CI shows only the tail of a run's output, so `npm test` ends with this list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

interface VitestReport {
  testResults: {
    name: string
    status: string
    message?: string
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[]
  }[]
}

interface PlaywrightSpec {
  title: string
  file: string
  line: number
  tests: { projectName: string; status: string }[]
}

interface PlaywrightSuite {
  specs?: PlaywrightSpec[]
  suites?: PlaywrightSuite[]
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n', 1).join('').slice(0, 300)

function vitestFailures(file: string, label: string): string[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport
  const failures: string[] = []
  for (const suite of report.testResults ?? []) {
    const failed = suite.assertionResults.filter((test) => test.status === 'failed')
    for (const test of failed) {
      failures.push(
        `[${label}] ${suite.name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      )
    }
    if (failed.length === 0 && suite.status === 'failed') {
      failures.push(`[${label}] ${suite.name}: ${firstLine(suite.message)}`)
    }
  }
  return failures
}

function playwrightFailures(file: string): string[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites?: PlaywrightSuite[] }
  const failures: string[] = []
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          failures.push(
            `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${test.status})`,
          )
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites ?? []) walk(suite)
  return failures
}

/** Every failed test in `resultsDir`'s reports, one line each. */
export function failedTests(resultsDir: string): string[] {
  if (!existsSync(resultsDir)) return []
  const failures: string[] = []
  for (const name of readdirSync(resultsDir).sort()) {
    const file = join(resultsDir, name)
    try {
      if (name === 'playwright.json') failures.push(...playwrightFailures(file))
      else if (name.startsWith('vitest') && name.endsWith('.json')) {
        failures.push(...vitestFailures(file, name.replace(/^vitest-?|\.json$/g, '') || 'int'))
      }
    } catch {
      failures.push(`[${name}] the report could not be read`)
    }
  }
  return failures
}
