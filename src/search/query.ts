import { ApiError, type ErrorDetail } from '@/http/api-error'
import { isLocale } from '@/i18n/locales'

import { SEARCH_LIMITS, type SearchQuery } from './contract'

const DIGITS = /^\d+$/
const PARAMS = new Set(['q', 'locale', 'limit', 'page'])

/**
 * Whether a search text holds control characters other than tab and line breaks: PostgreSQL can't
 * hold text containing NUL, and the others are never meant.
 */
export function hasControlCharacters(q: string): boolean {
  return /\p{Cc}/u.test(q.replace(/[\t\n\r]/g, ' '))
}

/** Why a search text can't be searched, or null when it can. */
export function searchTextProblem(q: string | undefined): string | null {
  if (q === undefined || q.trim() === '') return 'is required: the words to search for'
  if ([...q].length > SEARCH_LIMITS.queryMaxLength) {
    return `must be at most ${SEARCH_LIMITS.queryMaxLength} characters`
  }
  if (hasControlCharacters(q)) return 'must not contain control characters'
  return null
}

function readInteger(
  raw: string | undefined,
  name: string,
  problems: ErrorDetail[],
  { fallback, max, clamp }: { fallback: number; max: number; clamp: boolean },
): number {
  if (raw === undefined) return fallback
  if (!DIGITS.test(raw) || /^0+$/.test(raw)) {
    problems.push({ field: name, message: `must be an integer from 1 to ${max}` })
    return fallback
  }
  const value = raw.length > 15 ? Number.MAX_SAFE_INTEGER : Number(raw)
  if (value <= max) return value
  if (clamp) return max
  problems.push({ field: name, message: `must be at most ${max}` })
  return fallback
}

/**
 * `GET /api/search`'s parameters, with the list endpoints' rules: `limit` above the maximum is
 * clamped, anything malformed is a 400 naming each parameter at fault, unknown parameters are
 * ignored, a parameter given twice is refused. `q` is searched as plain words, whatever it holds.
 */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const problems: ErrorDetail[] = []
  const values = new Map<string, string>()
  for (const [key, value] of params) {
    if (!PARAMS.has(key)) continue
    if (values.has(key)) problems.push({ field: key, message: 'must be given at most once' })
    else values.set(key, value)
  }
  const q = values.get('q')
  const qProblem = searchTextProblem(q)
  if (qProblem) problems.push({ field: 'q', message: qProblem })
  const rawLocale = values.get('locale')
  if (rawLocale !== undefined && !isLocale(rawLocale)) {
    problems.push({ field: 'locale', message: 'must be "en" or "es"' })
  }
  const limit = readInteger(values.get('limit'), 'limit', problems, {
    fallback: SEARCH_LIMITS.limitDefault,
    max: SEARCH_LIMITS.limitMax,
    clamp: true,
  })
  const page = readInteger(values.get('page'), 'page', problems, {
    fallback: 1,
    max: SEARCH_LIMITS.pageMax,
    clamp: false,
  })
  if (problems.length > 0) {
    const fields = [...new Set(problems.map((problem) => problem.field))].join(', ')
    throw new ApiError('invalid_parameter', `Invalid query parameter(s): ${fields}.`, {
      details: problems,
    })
  }
  return {
    q: q!.trim(),
    locale: isLocale(rawLocale) ? rawLocale : 'all',
    limit,
    page,
  }
}
