import 'server-only'

import { cache } from 'react'

import type { Locale } from '@/i18n/locales'

import { spendSearchBudget } from './budget'
import { SEARCH_LIMITS, type SearchResults } from './contract'
import { searchTextProblem } from './query'
import { searchPublished } from './search'

/** What the search page (and its markdown twin) shows for one request. */
export type SearchPageOutcome =
  | { kind: 'form' }
  | { kind: 'invalid'; q: string }
  | { kind: 'rate-limited'; q: string; retryAfterSeconds: number }
  | { kind: 'results'; q: string; results: SearchResults }
  | { kind: 'not-found' }

/**
 * The status a search page's outcome answers with, in every representation of the page (its HTML,
 * its markdown twin at `.md` or asked for with `Accept: text/markdown`), as the API answers the
 * same search: 400 for a text it can't search, 429 over the search budget.
 */
export const SEARCH_OUTCOME_STATUS = {
  form: 200,
  results: 200,
  invalid: 400,
  'rate-limited': 429,
  'not-found': 404,
} as const satisfies Record<SearchPageOutcome['kind'], number>

/** The headers an outcome adds to its answer: when to search again, over the budget. */
export function searchOutcomeHeaders(outcome: SearchPageOutcome): Record<string, string> {
  return outcome.kind === 'rate-limited' ? { 'Retry-After': String(outcome.retryAfterSeconds) } : {}
}

type Param = string | string[] | undefined

function single(value: Param): string | undefined | null {
  if (value === undefined) return undefined
  return typeof value === 'string' ? value : null
}

/**
 * The search page's parameters read and searched, once per request (the budget is spent once):
 * no `q` (or an empty one) is the bare form; a `q` the API would refuse is `invalid`; `page` is
 * the blog's (a positive integer; a page past the last result names nothing).
 */
export const searchPage = cache(async function searchPage(
  locale: Locale,
  params: { q?: Param; page?: Param },
  requestHeaders: Headers,
): Promise<SearchPageOutcome> {
  const q = single(params.q)
  const rawPage = single(params.page)
  if (q === null || rawPage === null) return { kind: 'not-found' }
  if (rawPage !== undefined && !/^[1-9]\d{0,5}$/.test(rawPage)) return { kind: 'not-found' }
  const page = rawPage === undefined ? 1 : Number(rawPage)
  if (q === undefined || q.trim() === '')
    return page === 1 ? { kind: 'form' } : { kind: 'not-found' }
  if (searchTextProblem(q))
    return { kind: 'invalid', q: [...q].slice(0, SEARCH_LIMITS.queryMaxLength).join('') }
  const budget = await spendSearchBudget(requestHeaders)
  if (!budget.allowed) {
    return { kind: 'rate-limited', q, retryAfterSeconds: budget.retryAfterSeconds }
  }
  const results = await searchPublished(q.trim(), {
    locale,
    limit: SEARCH_LIMITS.pageSize,
    page,
  })
  if (page > 1 && page > results.totalPages) return { kind: 'not-found' }
  return { kind: 'results', q: q.trim(), results }
})
