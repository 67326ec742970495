import type { z } from 'zod'

import { ApiError, type ErrorDetail } from '@/http/api-error'
import type { Locale } from '@/i18n/locales'

import { QUERY_LIMITS, type ReadableCollection } from './contract'
import {
  CATEGORY_FILTER,
  documentQuerySchema,
  integerParameter,
  listQuerySchema,
  SLUG_FILTER,
} from './query-schema'

export { CATEGORY_FILTER, SLUG_FILTER }

export interface DocumentQuery {
  /** `all` when the caller omitted `locale` (spec: omitted = all locales). */
  locale: Locale | 'all'
  depth: number
  /** Public fields to return; defaults to every public field. */
  select: string[]
}

export interface ListQuery extends DocumentQuery {
  limit: number
  page: number
  /** Payload sort expressions, the caller's first, then a stable tie-breaker. */
  sort: string[]
  slug?: string
  /** The slug of a category the documents must be in. */
  category?: string
}

const ANONYMOUS_ID_FILTER = /^where\[id\]\[(equals|not_equals|in|not_in)\]$/
/** Ids as PostgreSQL integers can hold them: nine digits stay below 2^31. */
const ID_LIST = /^[1-9]\d{0,8}(,[1-9]\d{0,8})*$/

/**
 * Parses the query string of a public read with the parameter schemas of `query-schema.ts` (the
 * ones the OpenAPI document states). Out-of-range `limit` and `depth` are clamped to their
 * maximum; anything malformed is a 400 naming each parameter at fault. Parameters outside the
 * contract (`draft`, `pagination`, `where` on other fields…) never reach Payload: unknown ones
 * are ignored, filters other than the slug filter are refused.
 */
export function parseListQuery(params: URLSearchParams, collection: ReadableCollection): ListQuery {
  const schema = listQuerySchema(collection)
  const problems: ErrorDetail[] = []
  const read = readParams(params, new Set(Object.keys(schema.shape)), problems, true)
  const result = schema.safeParse(Object.fromEntries(read), { reportInput: true })
  if (!result.success) problems.push(...problemsOf(result.error))
  throwIfProblems(problems)
  const { [SLUG_FILTER]: slug, ...rest } = result.data!
  const { [CATEGORY_FILTER]: category, ...query } = rest as typeof rest & { category?: string }
  return { ...query, slug, category }
}

export function parseDocumentQuery(
  params: URLSearchParams,
  collection: ReadableCollection,
): DocumentQuery {
  const schema = documentQuerySchema(collection)
  const problems: ErrorDetail[] = []
  const read = readParams(params, new Set(Object.keys(schema.shape)), problems, false)
  const result = schema.safeParse(Object.fromEntries(read), { reportInput: true })
  if (!result.success) problems.push(...problemsOf(result.error))
  throwIfProblems(problems)
  return result.data!
}

/** The paging of Payload's own reads: the contract's bounds, refused (not clamped) beyond them. */
const anonymousPayloadPaging = {
  limit: integerParameter({
    min: 1,
    max: QUERY_LIMITS.limitMax,
    fallback: QUERY_LIMITS.limitDefault,
  }),
  page: integerParameter({ min: 1, max: QUERY_LIMITS.pageMax, fallback: 1 }),
  depth: integerParameter({
    min: 0,
    max: QUERY_LIMITS.depthMax,
    fallback: QUERY_LIMITS.depthDefault,
  }),
}

/**
 * For reads handed to Payload's REST API on behalf of anonymous callers (the media records):
 * `page`, `limit` and `depth` must be what the contract accepts (Payload answers a 500 for a
 * negative page), and the only filter is by id, with ids: Payload's query language compares any
 * field with any operator, and the database fails on most mismatches (`where[id][in]=a`).
 * Checked only; Payload applies the rest.
 */
export function checkAnonymousPayloadRead(params: URLSearchParams): void {
  const problems: ErrorDetail[] = []
  for (const key of new Set(params.keys())) {
    if (!key.startsWith('where')) continue
    if (!ANONYMOUS_ID_FILTER.test(key)) {
      problems.push({
        field: key,
        message: 'only where[id][equals|not_equals|in|not_in] is available without signing in',
      })
    } else if (!params.getAll(key).every((value) => ID_LIST.test(value))) {
      problems.push({ field: key, message: 'must be ids: positive integers, comma-separated' })
    }
  }
  for (const [name, schema] of Object.entries(anonymousPayloadPaging)) {
    const raw = params.get(name)
    if (raw === null) continue
    const result = schema.safeParse(raw, { reportInput: true })
    if (!result.success) problems.push(...problemsOf(result.error, name))
  }
  throwIfProblems(problems)
}

/** A path id is a positive integer; `null` for one that is well-formed but cannot exist. */
export function parseDocumentId(raw: string): number | null {
  if (!/^\d{1,20}$/.test(raw) || /^0+$/.test(raw)) {
    throw new ApiError('invalid_parameter', 'The document id must be a positive integer.', {
      details: [{ field: 'id', message: 'must be a positive integer' }],
    })
  }
  const id = Number(raw)
  // Ids are PostgreSQL integers: anything larger names no document.
  return id <= 2_147_483_647 ? id : null
}

function readParams(
  params: URLSearchParams,
  known: Set<string>,
  problems: ErrorDetail[],
  allowSlugFilter: boolean,
): Map<string, string> {
  const values = new Map<string, string>()
  for (const [key, value] of params) {
    const isFilter = key.startsWith('where')
    if (isFilter && !(allowSlugFilter && key === SLUG_FILTER)) {
      problems.push({
        field: key,
        message: allowSlugFilter
          ? `only ${SLUG_FILTER} is supported`
          : 'filters are not supported on single documents',
      })
      continue
    }
    if (!isFilter && !known.has(key)) continue
    if (values.has(key)) {
      problems.push({ field: key, message: 'must be given at most once' })
      continue
    }
    values.set(key, value)
  }
  return values
}

/**
 * One problem per parameter at fault, in the schema's words. The items of `select` are gathered
 * into one message naming every unknown field and what may be selected.
 */
function problemsOf(error: z.ZodError, field?: string): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  const unknownItems = new Map<string, { names: string[]; allowed: readonly unknown[] }>()
  for (const issue of error.issues) {
    const name = field ?? String(issue.path[0] ?? '(query)')
    if (issue.code === 'invalid_value' && issue.path.length > 1) {
      const gathered = unknownItems.get(name) ?? { names: [], allowed: issue.values }
      gathered.names.push(String(issue.input))
      unknownItems.set(name, gathered)
      continue
    }
    problems.push({ field: name, message: issue.message })
  }
  for (const [name, { names, allowed }] of unknownItems) {
    problems.push({
      field: name,
      message: `unknown or non-public field(s): ${names.join(', ')}; selectable: ${allowed.join(', ')}`,
    })
  }
  return problems
}

function throwIfProblems(problems: ErrorDetail[]): void {
  if (problems.length === 0) return
  const fields = [...new Set(problems.map((problem) => problem.field))].join(', ')
  throw new ApiError('invalid_parameter', `Invalid query parameter(s): ${fields}.`, {
    details: problems,
  })
}
