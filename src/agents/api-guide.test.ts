import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { CATEGORY_CONTRACT, PUBLIC_FIELDS, QUERY_LIMITS, SORTABLE_FIELDS } from '@/content/contract'
import { ERROR_STATUS } from '@/http/error-codes'
import { BUDGETS } from '@/inquiries/budgets'
import { INQUIRY_BODY_MAX_BYTES, INQUIRY_FIELD_MAX } from '@/inquiries/limits'
import { SEARCH_BUDGET, SEARCH_BUDGET_UNIDENTIFIED, SEARCH_LIMITS } from '@/search/contract'

import { openApiDocument } from './openapi'

/**
 * docs/api.md stands alone, so it quotes numbers and names: this fails when one of them drifts
 * from the constant the server applies.
 */

const guide = readFileSync(join(process.cwd(), 'docs/api.md'), 'utf8')
const thousands = (value: number) => value.toLocaleString('en-US')

/** A row of one of the guide's tables, cells trimmed. */
function rows(): string[][] {
  return guide
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
}
const row = (first: string) => rows().find((cells) => cells[0] === first)

describe('docs/api.md', () => {
  it('quotes the limits table from the constants', () => {
    const expected: Record<string, string> = {
      'Page size (`limit`), default': String(QUERY_LIMITS.limitDefault),
      'Page size (`limit`), largest applied': String(QUERY_LIMITS.limitMax),
      'Populating depth (`depth`), default': String(QUERY_LIMITS.depthDefault),
      'Populating depth (`depth`), largest applied': String(QUERY_LIMITS.depthMax),
      'Highest page number (`page`)': thousands(QUERY_LIMITS.pageMax),
      'Slug filter length': `${QUERY_LIMITS.slugMaxLength} characters`,
      'Inquiry body': `${INQUIRY_BODY_MAX_BYTES} bytes`,
      'Inquiries per email address': `${BUDGETS.perEmail.points} per hour`,
      'Inquiries per client': `${BUDGETS.perClient.points} per hour`,
      'Inquiries shared by unidentified clients': `${BUDGETS.unidentified.points} per hour`,
      'Inquiries in total': `${BUDGETS.global.points} per hour`,
    }
    for (const [limit, value] of Object.entries(expected)) {
      expect(row(limit)?.[1], limit).toBe(value)
    }
    for (const budget of Object.values(BUDGETS)) expect(budget.durationSeconds).toBe(3600)
  })

  it('quotes the query parameters, clamps and defaults', () => {
    expect(row('`limit`')?.[1]).toBe(
      `integer ≥ 1; **values above ${QUERY_LIMITS.limitMax} are treated as ${QUERY_LIMITS.limitMax}**`,
    )
    expect(row('`limit`')?.[2]).toBe(String(QUERY_LIMITS.limitDefault))
    expect(row('`depth`')?.[1]).toBe(
      `integer ≥ 0; **values above ${QUERY_LIMITS.depthMax} are treated as ${QUERY_LIMITS.depthMax}**`,
    )
    expect(row('`depth`')?.[2]).toBe(String(QUERY_LIMITS.depthDefault))
    expect(row('`page`')?.[1]).toBe(`integer from 1 to ${thousands(QUERY_LIMITS.pageMax)}`)
    expect(row('`sort`')?.[2]).toBe(
      `\`${QUERY_LIMITS.defaultSort}\` (categories: \`${CATEGORY_CONTRACT.defaultSort}\`)`,
    )
    expect(row('`where[slug][equals]`')?.[1]).toContain(
      `at most ${QUERY_LIMITS.slugMaxLength} characters`,
    )
    expect(guide).toContain(SORTABLE_FIELDS.map((field) => `\`${field}\``).join(', '))
    expect(guide).toContain(CATEGORY_CONTRACT.sortable.map((field) => `\`${field}\``).join(', '))
    expect(guide).toContain(`a \`page\` above ${thousands(QUERY_LIMITS.pageMax)}`)
  })

  it('quotes the search bounds and budgets', () => {
    expect(SEARCH_BUDGET.durationSeconds).toBe(60)
    expect(SEARCH_BUDGET_UNIDENTIFIED.durationSeconds).toBe(60)
    expect(guide).toContain(
      `(${SEARCH_BUDGET.points} a minute, ${SEARCH_BUDGET_UNIDENTIFIED.points} a minute shared by unidentified clients)`,
    )
    expect(guide).toContain(`\`q\`: 1 to ${SEARCH_LIMITS.queryMaxLength} characters`)
  })

  it('lists the public fields', () => {
    for (const field of [...PUBLIC_FIELDS.posts, ...PUBLIC_FIELDS['case-studies']]) {
      expect(guide, field).toContain(`\`${field}\``)
    }
  })

  it('quotes every inquiry field limit', () => {
    for (const [field, max] of Object.entries(INQUIRY_FIELD_MAX)) {
      expect(row(`\`${field}\``)?.[2], field).toBe(`${max} characters`)
    }
    expect(guide).toContain(
      `over\n${INQUIRY_BODY_MAX_BYTES} bytes (${INQUIRY_BODY_MAX_BYTES / 1024} KiB)`,
    )
  })

  it('lists every error code with its status', () => {
    const listed = rows().filter(
      (cells) => /^`[a-z_]+`$/.test(cells[0] ?? '') && /^\d{3}$/.test(cells[1] ?? ''),
    )
    expect(
      Object.fromEntries(listed.map((cells) => [cells[0]!.slice(1, -1), Number(cells[1])])),
    ).toEqual(ERROR_STATUS)
  })

  it('names every operation of the OpenAPI document', () => {
    const document = openApiDocument('http://localhost:3000')
    for (const [path, item] of Object.entries(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        expect(guide, operation.operationId).toContain(`\`${operation.operationId}\``)
        expect(guide, path).toContain(`${method.toUpperCase()} ${path}`)
      }
    }
  })
})
