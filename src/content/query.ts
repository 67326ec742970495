import { ApiError, type ErrorDetail } from '@/http/errors'
import { isLocale, type Locale } from '@/i18n/locales'

import { PUBLIC_FIELDS, QUERY_LIMITS, SORTABLE_FIELDS, type PublicCollection } from './contract'

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
}

const LIST_PARAMS = new Set(['locale', 'limit', 'page', 'sort', 'depth', 'select'])
const DOCUMENT_PARAMS = new Set(['locale', 'depth', 'select'])
const SLUG_FILTER = 'where[slug][equals]'
const DIGITS = /^\d+$/

/**
 * Parses the query string of a public read. Out-of-range `limit` and `depth` are clamped to their
 * maximum; anything malformed is a 400 naming each parameter at fault. Parameters outside the
 * contract (`draft`, `pagination`, `where` on other fields…) never reach Payload: unknown ones
 * are ignored, filters other than the slug filter are refused.
 */
export function parseListQuery(params: URLSearchParams, collection: PublicCollection): ListQuery {
  const problems: ErrorDetail[] = []
  const read = readParams(params, LIST_PARAMS, problems, true)

  const limit = readInteger(read.get('limit'), 'limit', problems, {
    min: 1,
    clampTo: QUERY_LIMITS.limitMax,
    fallback: QUERY_LIMITS.limitDefault,
  })
  const page = readInteger(read.get('page'), 'page', problems, {
    min: 1,
    max: QUERY_LIMITS.pageMax,
    fallback: 1,
  })
  const sort = readSort(read.get('sort'), problems)
  const slug = read.get(SLUG_FILTER)
  if (slug !== undefined && slug.length > QUERY_LIMITS.slugMaxLength) {
    problems.push({
      field: SLUG_FILTER,
      message: `must be at most ${QUERY_LIMITS.slugMaxLength} characters`,
    })
  }
  // PostgreSQL can't compare text containing NUL (it would answer an error, not "no match").
  if (slug !== undefined && /\p{Cc}/u.test(slug)) {
    problems.push({ field: SLUG_FILTER, message: 'must not contain control characters' })
  }
  const common = readCommon(read, collection, problems)
  throwIfProblems(problems)
  return { ...common, limit, page, sort, slug }
}

export function parseDocumentQuery(
  params: URLSearchParams,
  collection: PublicCollection,
): DocumentQuery {
  const problems: ErrorDetail[] = []
  const read = readParams(params, DOCUMENT_PARAMS, problems, false)
  const common = readCommon(read, collection, problems)
  throwIfProblems(problems)
  return common
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

function readCommon(
  read: Map<string, string>,
  collection: PublicCollection,
  problems: ErrorDetail[],
): DocumentQuery {
  const rawLocale = read.get('locale')
  let locale: DocumentQuery['locale'] = 'all'
  if (rawLocale !== undefined) {
    if (isLocale(rawLocale)) locale = rawLocale
    else problems.push({ field: 'locale', message: 'must be "en" or "es"' })
  }
  const depth = readInteger(read.get('depth'), 'depth', problems, {
    min: 0,
    clampTo: QUERY_LIMITS.depthMax,
    fallback: QUERY_LIMITS.depthDefault,
  })
  return { locale, depth, select: readSelect(read.get('select'), collection, problems) }
}

function readInteger(
  raw: string | undefined,
  name: string,
  problems: ErrorDetail[],
  bounds: { min: number; fallback: number; max?: number; clampTo?: number },
): number {
  if (raw === undefined) return bounds.fallback
  const upper = bounds.clampTo ?? bounds.max ?? Number.MAX_SAFE_INTEGER
  if (!DIGITS.test(raw)) {
    problems.push({ field: name, message: `must be an integer from ${bounds.min} to ${upper}` })
    return bounds.fallback
  }
  // Compare as text first: a 40-digit number must not lose precision on its way to a clamp.
  const value = raw.length > 15 ? Number.MAX_SAFE_INTEGER : Number(raw)
  if (value < bounds.min) {
    problems.push({ field: name, message: `must be at least ${bounds.min}` })
    return bounds.fallback
  }
  if (bounds.clampTo !== undefined) return Math.min(value, bounds.clampTo)
  if (bounds.max !== undefined && value > bounds.max) {
    problems.push({ field: name, message: `must be at most ${bounds.max}` })
    return bounds.fallback
  }
  return value
}

function readSort(raw: string | undefined, problems: ErrorDetail[]): string[] {
  const sort = raw ?? QUERY_LIMITS.defaultSort
  const field = sort.startsWith('-') ? sort.slice(1) : sort
  if (!(SORTABLE_FIELDS as readonly string[]).includes(field)) {
    problems.push({
      field: 'sort',
      message: `must be one of ${SORTABLE_FIELDS.join(', ')}, optionally prefixed with "-"`,
    })
    return [QUERY_LIMITS.defaultSort, '-id']
  }
  if (field === 'id') return [sort]
  // A unique tie-breaker keeps pages stable when many documents share a value.
  return [sort, sort.startsWith('-') ? '-id' : 'id']
}

function readSelect(
  raw: string | undefined,
  collection: PublicCollection,
  problems: ErrorDetail[],
): string[] {
  const publicFields = PUBLIC_FIELDS[collection]
  if (raw === undefined || raw.trim() === '') return [...publicFields]
  const requested = [...new Set(raw.split(',').map((name) => name.trim()))].filter(
    (name) => name !== 'id',
  )
  const unknown = requested.filter((name) => !publicFields.includes(name))
  if (unknown.length > 0) {
    problems.push({
      field: 'select',
      message: `unknown or non-public field(s): ${unknown.join(', ')}; selectable: id, ${publicFields.join(', ')}`,
    })
  }
  return requested.filter((name) => publicFields.includes(name))
}

function throwIfProblems(problems: ErrorDetail[]): void {
  if (problems.length === 0) return
  const fields = [...new Set(problems.map((problem) => problem.field))].join(', ')
  throw new ApiError('invalid_parameter', `Invalid query parameter(s): ${fields}.`, {
    details: problems,
  })
}
