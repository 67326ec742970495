import { readFileSync } from 'node:fs'
import path from 'node:path'

import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import { describe, expect, it } from 'vitest'

import { sourceFiles } from '../../tests/support/source-files'

import { LISTED_ROW_SQL, titledRow } from './listed'

const dialect = new PgDialect()
const SRC = path.join(import.meta.dirname, '..')

describe('the listed rule', () => {
  it('is one condition on the title of a document’s row in the locale: not blank', () => {
    expect(dialect.sqlToQuery(titledRow('o'))).toEqual({
      sql: `"o".title ~ '[^[:space:]]'`,
      params: [],
    })
    // Null (no row, or no title in it), '' and whitespace alone match no character outside
    // [[:space:]]: none is listed, as the search index (`search_clean_text`) has it.
    expect(dialect.sqlToQuery(LISTED_ROW_SQL)).toEqual({
      sql: `d._status = 'published' and "l".title ~ '[^[:space:]]'`,
      params: [],
    })
  })

  it('is written nowhere else: no read states a title condition of its own', () => {
    const own = [
      /\.title\s+is\s+(?:not\s+)?null/i,
      /coalesce\(\s*\w+\.title\b/i,
      /\.title\s*(?:<>|!=|=)\s*''/i,
      /\btitle:\s*\{\s*(?:exists|not_equals)\b/,
    ]
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.endsWith(`${path.sep}listed.ts`))
      .filter((file) => {
        const text = readFileSync(file, 'utf8')
        return own.some((pattern) => pattern.test(text))
      })
      .map((file) => path.relative(SRC, file))
    expect(offenders).toEqual([])
  })
})
