import 'server-only'

import type { RateLimiterAbstract } from 'rate-limiter-flexible'

import { env } from '@/env'
import { clientBucket, verifiedClientAddress } from '@/http/client-address'
import { processSingleton } from '@/lib/process-singleton'
import { sharedLimiter } from '@/lib/rate-limit'
import { getRedis } from '@/lib/redis'

import { SEARCH_BUDGET, SEARCH_BUDGET_UNIDENTIFIED } from './contract'

export type BudgetDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }
export type SearchBudgetDecision = BudgetDecision

/** A budget's points per window: for each client address, and shared by clients without one. */
export interface ClientBudgetLimits {
  perClient: { points: number; durationSeconds: number }
  unidentified: { points: number; durationSeconds: number }
}

function limiters(
  name: string,
  limits: ClientBudgetLimits,
): { perClient: RateLimiterAbstract; unidentified: RateLimiterAbstract } {
  return processSingleton(`${name}-limiters`, () => ({
    perClient: sharedLimiter(
      getRedis(),
      `${env.REDIS_KEY_PREFIX}:${name}-budget:perClient`,
      limits.perClient,
    ),
    unidentified: sharedLimiter(
      getRedis(),
      `${env.REDIS_KEY_PREFIX}:${name}-budget:unidentified`,
      limits.unidentified,
    ),
  }))
}

/**
 * A per-client budget of the search budget's kind, named `name` (its Redis keys): spending one
 * point for a caller identified by its verified client address (null when it has none: those
 * share the `unidentified` budget), keyed like the inquiry budgets. The site search's is one;
 * the MCP server's read tools have their own (src/mcp/read-contract.ts).
 */
export function clientBudget(
  name: string,
  limits: ClientBudgetLimits,
): (clientAddress: string | null) => Promise<BudgetDecision> {
  return async (clientAddress) => {
    const { perClient, unidentified } = limiters(name, limits)
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
}

const searchBudget = clientBudget('search', {
  perClient: SEARCH_BUDGET,
  unidentified: SEARCH_BUDGET_UNIDENTIFIED,
})

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
  return searchBudget(clientAddress)
}
