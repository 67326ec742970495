import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { failedTests } from './failed-tests'

let dir: string | undefined

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

function results(files: Record<string, unknown>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'failed-tests-'))
  for (const [name, report] of Object.entries(files))
    writeFileSync(
      path.join(dir, name),
      typeof report === 'string' ? report : JSON.stringify(report),
    )
  return dir
}

describe('failedTests', () => {
  it('names the failed tests of every report, with the first line of their error', () => {
    const folder = results({
      'vitest.json': {
        testResults: [
          {
            name: '/repo/tests/int/a.test.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'a passes', status: 'passed' },
              { fullName: 'a fails', status: 'failed', failureMessages: ['Expected 1\n  at a.ts'] },
            ],
          },
          // A file that failed to load has no failed test of its own.
          {
            name: '/repo/tests/int/b.test.ts',
            status: 'failed',
            message: 'Syntax',
            assertionResults: [],
          },
        ],
      },
      'vitest-unit.json': { testResults: [] },
      'playwright.json': {
        suites: [
          {
            suites: [
              {
                specs: [
                  {
                    title: 'c',
                    file: 'c.spec.ts',
                    line: 3,
                    tests: [{ projectName: 'e2e', status: 'unexpected' }],
                  },
                  {
                    title: 'd',
                    file: 'd.spec.ts',
                    line: 9,
                    tests: [{ projectName: 'e2e', status: 'expected' }],
                  },
                ],
              },
            ],
          },
        ],
      },
      'notes.txt': 'not a report',
    })
    expect(failedTests(folder)).toEqual([
      '[e2e] c.spec.ts:3 › c (unexpected)',
      '[int] /repo/tests/int/a.test.ts › a fails: Expected 1',
      '[int] /repo/tests/int/b.test.ts: Syntax',
    ])
  })

  it('says so of a report it cannot read, and of a missing folder nothing', () => {
    expect(failedTests(results({ 'vitest.json': '{ not json' }))).toEqual([
      '[vitest.json] the report could not be read',
    ])
    expect(failedTests('/no/such/folder')).toEqual([])
  })
})
