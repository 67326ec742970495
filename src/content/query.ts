import { parse as parseQueryString } from 'qs-esm'
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

/**
 * How Payload's REST handler reads a query string (`createPayloadRequest`): `qs` with these
 * options. Whatever decides what an anonymous caller may send reads the query the same way, so no
 * other spelling of a parameter (`[where][…]`, `[limit]`, `limit[]`, a repeated key) means
 * something to Payload that the check did not see.
 */
export const PAYLOAD_QUERY_OPTIONS = {
  allowEmptyArrays: true,
  arrayLimit: 1000,
  depth: 10,
  ignoreQueryPrefix: true,
} as const

/** A query string as Payload reads it: values are strings, arrays and objects of them. */
export type ParsedQuery = Record<string, unknown>

/** `params` read as Payload's REST handler reads the query string it came from. */
export function parsePayloadQuery(params: URLSearchParams | string): ParsedQuery {
  const search = typeof params === 'string' ? params : params.toString()
  return parseQueryString(search, PAYLOAD_QUERY_OPTIONS)
}

/** The parameters that take a list, either comma-separated or given once per item. */
const LIST_PARAMETERS: ReadonlySet<string> = new Set(['select'])

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/**
 * Every value a parsed parameter holds, each with its name as brackets spell it
 * (`where[or][0][slug][equals]`): a string, or the strings of a key given more than once.
 */
function leavesOf(value: unknown, name: string): [string, string | string[]][] {
  if (typeof value === 'string' || isStringList(value)) return [[name, value]]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => leavesOf(inner, `${name}[${key}]`))
}

/** The operators of the one filter anonymous callers may give Payload's media reads. */
const ANONYMOUS_ID_FILTER = /^where\[id\]\[(equals|not_equals|in|not_in)\]$/
/** Of those, the ones that take several ids (also as a key given once per id). */
const ID_LIST_OPERATORS: ReadonlySet<string> = new Set(['in', 'not_in'])
/** Ids as PostgreSQL integers can hold them: nine digits stay below 2^31. */
const ID_LIST = /^[1-9]\d{0,8}(,[1-9]\d{0,8})*$/

/**
 * Parses the query string of a public read with the parameter schemas of `query-schema.ts` (the
 * ones the OpenAPI document states), read as Payload reads a query string (`parsePayloadQuery`),
 * so a URL means the same here as it does to Payload for a signed-in caller. Out-of-range `limit`
 * and `depth` are clamped to their maximum; anything malformed is a 400 naming each parameter at
 * fault. Parameters outside the contract (`draft`, `pagination`, `where` on other fields…) never
 * reach Payload: unknown ones are ignored, filters other than the slug filter are refused.
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
 * negative page), pages stay on (`pagination=false` would answer every record at once), and the
 * only filter is by id, with ids: Payload's query language compares any field with any operator,
 * and the database fails on most mismatches (`where[id][in]=a`). The query is read as Payload
 * reads it (`parsePayloadQuery`), so `[where][filename][like]` is the filter it is to Payload.
 * Checked only; Payload applies the rest.
 */
export function checkAnonymousPayloadRead(params: URLSearchParams): void {
  const query = parsePayloadQuery(params)
  const problems: ErrorDetail[] = []
  if (query.where !== undefined) {
    for (const [name, value] of leavesOf(query.where, 'where')) {
      const operator = ANONYMOUS_ID_FILTER.exec(name)?.[1]
      if (operator === undefined) {
        problems.push({
          field: name,
          message: 'only where[id][equals|not_equals|in|not_in] is available without signing in',
        })
        continue
      }
      const ids = typeof value === 'string' ? [value] : value
      const idsFit =
        ids.length > 0 &&
        (ids.length === 1 || ID_LIST_OPERATORS.has(operator)) &&
        ids.every((given) => ID_LIST.test(given))
      if (!idsFit) {
        problems.push({ field: name, message: 'must be ids: positive integers, comma-separated' })
      }
    }
  }
  for (const [name, schema] of Object.entries(anonymousPayloadPaging)) {
    const raw = query[name]
    if (raw === undefined) continue
    if (typeof raw !== 'string') {
      problems.push({ field: name, message: 'must be given once, as a plain value' })
      continue
    }
    const result = schema.safeParse(raw, { reportInput: true })
    if (!result.success) problems.push(...problemsOf(result.error, name))
  }
  if (query.pagination !== undefined && query.pagination !== 'true') {
    problems.push({
      field: 'pagination',
      message: 'only paged reads are available without signing in',
    })
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

/**
 * The contract's parameters of a query, read as Payload reads it: the filters under `where` by
 * their bracketed names (the slug filter, where allowed, by its name in the schema), each known
 * parameter once (a list parameter also as a key given once per item), unknown ones left out.
 */
function readParams(
  params: URLSearchParams,
  known: Set<string>,
  problems: ErrorDetail[],
  allowSlugFilter: boolean,
): Map<string, unknown> {
  const values = new Map<string, unknown>()
  for (const [key, value] of Object.entries(parsePayloadQuery(params))) {
    if (key === 'where') {
      for (const [name, filter] of leavesOf(value, key)) {
        if (!(allowSlugFilter && name === SLUG_FILTER)) {
          problems.push({
            field: name,
            message: allowSlugFilter
              ? `only ${SLUG_FILTER} is supported`
              : 'filters are not supported on single documents',
          })
        } else if (typeof filter !== 'string') {
          problems.push({ field: name, message: 'must be given at most once' })
        } else {
          values.set(name, filter)
        }
      }
      continue
    }
    if (!known.has(key)) continue
    if (Array.isArray(value) && !LIST_PARAMETERS.has(key)) {
      problems.push({ field: key, message: 'must be given at most once' })
      continue
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      problems.push({ field: key, message: 'must be a plain value, not named parts' })
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
