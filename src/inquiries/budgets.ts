import { createHash } from 'node:crypto'

import type { Redis } from 'ioredis'
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

import { clientBucket } from '@/http/client-address'
import { sharedLimiter } from '@/lib/rate-limit'

const HOUR = 60 * 60

/** Spec section 8: inquiries per hour, shared by the HTTP endpoint, the MCP tool and the form. */
export const BUDGETS = {
  perEmail: { points: 3, durationSeconds: HOUR },
  perClient: { points: 10, durationSeconds: HOUR },
  unidentified: { points: 20, durationSeconds: HOUR },
  global: { points: 100, durationSeconds: HOUR },
} as const

export type BudgetName = keyof typeof BUDGETS

export interface BudgetRequest {
  email: string
  /** The client's address, or null when it couldn't be established (shares one budget). */
  clientAddress: string | null
}

export type BudgetDecision =
  | { allowed: true; refund: () => Promise<void> }
  | { allowed: false; refusedBy: BudgetName[]; retryAfterSeconds: number }

export interface InquiryBudgets {
  /** Checks every budget that applies, then spends one unit of each, or none at all. */
  spend(request: BudgetRequest): Promise<BudgetDecision>
}

/** Emails are budgeted case-insensitively and trimmed; only a digest is kept as the key. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)
}

function limiter(name: BudgetName, redis: Redis | null, prefix: string): RateLimiterAbstract {
  return sharedLimiter(redis, `${prefix}:inquiry-budget:${name}`, BUDGETS[name])
}

export function createInquiryBudgets(redis: Redis | null, prefix: string): InquiryBudgets {
  const limiters = Object.fromEntries(
    (Object.keys(BUDGETS) as BudgetName[]).map((name) => [name, limiter(name, redis, prefix)]),
  ) as Record<BudgetName, RateLimiterAbstract>

  return {
    async spend({ email, clientAddress }) {
      const plan: [BudgetName, string][] = [
        ['perEmail', emailKey(email)],
        clientAddress ? ['perClient', clientBucket(clientAddress)] : ['unidentified', 'all'],
        ['global', 'all'],
      ]

      // 1. Check them all, so one refusal spends nothing and the answer names the longest wait.
      const states = await Promise.all(plan.map(([name, key]) => limiters[name].get(key)))
      const refused = plan.flatMap(([name], index) => {
        const state = states[index]
        return state && state.consumedPoints >= BUDGETS[name].points
          ? [{ name, waitMs: state.msBeforeNext }]
          : []
      })
      if (refused.length > 0) return refusal(refused)

      // 2. Spend them in order; a concurrent request may win the last unit between check and
      //    spend, and then everything spent here is given back.
      const spent: [BudgetName, string][] = []
      const giveBack = () =>
        Promise.all(spent.map(([name, key]) => limiters[name].reward(key, 1))).then(() => {})
      for (const [name, key] of plan) {
        try {
          await limiters[name].consume(key, 1)
          spent.push([name, key])
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) {
            await giveBack()
            throw error
          }
          // The refusing limiter counted this attempt too: undo it, so refusals burn nothing.
          await limiters[name].reward(key, 1)
          await giveBack()
          return refusal([{ name, waitMs: error.msBeforeNext }])
        }
      }
      return { allowed: true, refund: giveBack }
    },
  }
}

function refusal(refused: { name: BudgetName; waitMs: number }[]): BudgetDecision {
  const longest = Math.max(...refused.map(({ waitMs }) => waitMs))
  return {
    allowed: false,
    refusedBy: refused.map(({ name }) => name),
    retryAfterSeconds: Math.max(1, Math.ceil(longest / 1000)),
  }
}
