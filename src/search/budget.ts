import 'server-only'

import type { RateLimiterAbstract } from 'rate-limiter-flexible'

import { env } from '@/env'
import { clientBucket, verifiedClientAddress } from '@/http/client-address'
import { processSingleton } from '@/lib/process-singleton'
import { sharedLimiter } from '@/lib/rate-limit'
import { getRedis } from '@/lib/redis'

import { SEARCH_BUDGET, SEARCH_BUDGET_UNIDENTIFIED } from './contract'

export type SearchBudgetDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

function limiters(): { perClient: RateLimiterAbstract; unidentified: RateLimiterAbstract } {
  return processSingleton('search-limiters', () => ({
    perClient: sharedLimiter(
      getRedis(),
      `${env.REDIS_KEY_PREFIX}:search-budget:perClient`,
      SEARCH_BUDGET,
    ),
    unidentified: sharedLimiter(
      getRedis(),
      `${env.REDIS_KEY_PREFIX}:search-budget:unidentified`,
      SEARCH_BUDGET_UNIDENTIFIED,
    ),
  }))
}

/**
 * Spends one search from the caller's budget (`SEARCH_BUDGET` per client address, as the
 * project's server established it; callers without one share `SEARCH_BUDGET_UNIDENTIFIED`).
 */
export async function spendSearchBudget(headers: Headers): Promise<SearchBudgetDecision> {
  return spendSearchBudgetOf(verifiedClientAddress(headers, env.PAYLOAD_SECRET))
}

/**
 * The same budget for a caller already identified by its verified client address (null when it
 * has none): the MCP server's `search_content` spends it, so an agent's searches and a browser's
 * from the same address draw on one budget, keyed like the MCP's inquiry budgets.
 */
export async function spendSearchBudgetOf(
  clientAddress: string | null,
): Promise<SearchBudgetDecision> {
  const { perClient, unidentified } = limiters()
  try {
    if (clientAddress) await perClient.consume(clientBucket(clientAddress))
    else await unidentified.consume('all')
    return { allowed: true }
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal
    const msBeforeNext = (refusal as { msBeforeNext?: number }).msBeforeNext ?? 1000
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) }
  }
}
