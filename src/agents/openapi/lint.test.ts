import { describe, expect, it } from 'vitest'

import { REDOCLY_LINT_TIMEOUT_MS, redoclyLint } from '../../../tests/support/redocly-lint'
import { SITE_URL } from '../../../tests/support/site-fixtures'

import { openApiDocument } from '.'

/**
 * The document as /openapi.json serves it passes `redocly lint` with the project's redocly.yaml
 * (recommended-strict: every rule an error; a description on every operation) with no problem at
 * all: what client generators and API linters read must not need excuses.
 */

type Json = Record<string, unknown>

describe('redocly lint of the OpenAPI document', () => {
  it(
    'reports no error and no warning, and would catch a missing description or security',
    () => {
      const document = openApiDocument(SITE_URL)
      // The same document with faults the rules must find, so a pass above means something.
      const faulty = structuredClone(document) as unknown as {
        info: Json
        paths: Record<string, Record<string, Json>>
        components: { schemas: Json }
      }
      delete faulty.info.license
      delete faulty.paths['/api/posts/{id}']!.get!.description
      delete faulty.paths['/api/search']!.get!.security
      faulty.components.schemas.Unused = { type: 'object' }

      const report = redoclyLint([document, faulty])
      const [served, broken] = report.documents
      expect(served!.problems).toEqual([])
      expect(served!.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 })
      expect(new Set(broken!.problems.map((problem) => problem.ruleId))).toEqual(
        new Set([
          'info-license',
          'operation-description',
          'security-defined',
          'no-unused-components',
        ]),
      )
      expect(broken!.totals).toEqual({ errors: 4, warnings: 0, ignored: 0 })
      expect(report.status).not.toBe(0)

      expect(redoclyLint([document]).status).toBe(0)
    },
    REDOCLY_LINT_TIMEOUT_MS,
  )
})
