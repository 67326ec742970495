import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * `redocly lint` (@redocly/cli, a devDependency) with the project's `redocly.yaml`
 * (recommended-strict, a description on every operation) on OpenAPI documents given as objects:
 * each is written to a temporary file, all are linted in one run, and the problems come back by
 * document.
 */

const ROOT = path.join(import.meta.dirname, '../..')
const CONFIG = path.join(ROOT, 'redocly.yaml')
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly')

/** Long enough for the CLI to start on a busy machine; one lint itself takes well under a second. */
export const REDOCLY_LINT_TIMEOUT_MS = 60_000

export interface LintProblem {
  ruleId: string
  severity: 'error' | 'warn'
  message: string
  pointer: string
}

export interface LintReport {
  /** The CLI's exit status: 0 when no document has an error. */
  status: number | null
  /** Each document's problems and totals, in the order given. */
  documents: { totals: Totals; problems: LintProblem[] }[]
}

interface Totals {
  errors: number
  warnings: number
  ignored: number
}

/** The CLI's JSON report of one file (`--format=json` writes one after another, one a file). */
interface RedoclyJson {
  totals: Totals
  problems: {
    ruleId: string
    severity: 'error' | 'warn'
    message: string
    location: { source: { ref: string }; pointer: string }[]
  }[]
}

export function redoclyLint(documents: readonly unknown[]): LintReport {
  const directory = mkdtempSync(path.join(tmpdir(), 'redocly-lint-'))
  try {
    const files = documents.map((document, index) => {
      const file = path.join(directory, `openapi-${index}.json`)
      writeFileSync(file, JSON.stringify(document, null, 2))
      return file
    })
    const result = spawnSync(REDOCLY, ['lint', ...files, '--config', CONFIG, '--format=json'], {
      cwd: directory,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
    })
    if (result.error) throw result.error
    let reports: RedoclyJson[]
    try {
      reports = result.stdout
        .trim()
        .split(/(?<=^\})(?=\{)/m)
        .map((part) => JSON.parse(part) as RedoclyJson)
    } catch {
      throw new Error(`redocly lint gave no JSON report (exit ${result.status}):\n${result.stderr}`)
    }
    if (reports.length !== files.length) {
      throw new Error(`redocly lint reported on ${reports.length} of ${files.length} documents`)
    }
    return {
      status: result.status,
      documents: reports.map(({ totals, problems }, index) => {
        for (const problem of problems) {
          const source = problem.location[0]?.source.ref ?? ''
          if (path.resolve(directory, source) !== files[index]) {
            throw new Error(`redocly lint: a problem of ${source} in the report of ${files[index]}`)
          }
        }
        return {
          totals,
          problems: problems.map(({ ruleId, severity, message, location }) => ({
            ruleId,
            severity,
            message,
            pointer: location[0]?.pointer ?? '',
          })),
        }
      }),
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}
