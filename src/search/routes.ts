import 'server-only'

import { ApiError, withErrorHandling } from '@/http/errors'
import { NEVER_STORED } from '@/http/cache-control'

import { spendSearchBudget } from './budget'
import { parseSearchQuery } from './query'
import { searchPublished } from './search'

/**
 * GET /api/search: published posts, case studies and services matching `q`, in the list
 * envelope. Never stored by a shared cache (each distinct query would be an entry, and results
 * follow publishing); each search spends from the caller's search budget instead.
 */
export function searchRoute() {
  return withErrorHandling(async (request: Request) => {
    const query = parseSearchQuery(new URL(request.url).searchParams)
    const budget = await spendSearchBudget(request.headers)
    if (!budget.allowed) {
      throw new ApiError(
        'rate_limited',
        `Too many searches; try again in ${budget.retryAfterSeconds} seconds.`,
        { headers: { 'Retry-After': String(budget.retryAfterSeconds) } },
      )
    }
    const results = await searchPublished(query.q, query)
    return Response.json(results, {
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': NEVER_STORED },
    })
  })
}
