import { createHash } from 'node:crypto'

import type { Redis } from 'ioredis'

import { clientBucket } from '@/http/client-address'
import { budgetRefusalCounter } from '@/metrics/budgets'

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
  /**
   * Checks every budget that applies and spends one unit of each, or none at all, in one atomic
   * step: no other request's check or spend can come between them.
   */
  spend(request: BudgetRequest): Promise<BudgetDecision>
}

/** Emails are budgeted case-insensitively and trimmed; only a digest is kept as the key. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)
}

/** One budget counter: a fixed window that starts at its first unit. */
interface Counter {
  name: BudgetName
  key: string
  points: number
  durationMs: number
}

/** Refusing counters and how long until each frees a unit; empty when all were spent. */
type Refusals = { name: BudgetName; waitMs: number }[]

/** Where counters live. `spendAll` checks and spends every counter, or none, atomically. */
interface CounterStore {
  spendAll(counters: Counter[]): Promise<Refusals>
  refundAll(counters: Counter[]): Promise<void>
}

/**
 * Counters in this process. Check and spend run synchronously, without an `await` between
 * them, so on JavaScript's one thread no other request can interleave: atomic by construction.
 */
export function memoryCounterStore(now: () => number = () => Date.now()): CounterStore {
  const windows = new Map<string, { used: number; resetAt: number }>()
  let nextSweep = 0
  // Windows of keys never seen again are dropped once a minute, so memory stays bounded.
  const sweep = (at: number) => {
    if (at < nextSweep) return
    nextSweep = at + 60_000
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key)
  }
  const current = (key: string, at: number) => {
    const window = windows.get(key)
    if (window && window.resetAt <= at) {
      windows.delete(key)
      return undefined
    }
    return window
  }
  return {
    async spendAll(counters) {
      const at = now()
      sweep(at)
      const refused: Refusals = []
      for (const counter of counters) {
        const window = current(counter.key, at)
        if (window && window.used >= counter.points) {
          refused.push({ name: counter.name, waitMs: window.resetAt - at })
        }
      }
      if (refused.length > 0) return refused
      for (const counter of counters) {
        const window = current(counter.key, at)
        if (window) window.used += 1
        else windows.set(counter.key, { used: 1, resetAt: at + counter.durationMs })
      }
      return []
    },
    async refundAll(counters) {
      const at = now()
      for (const counter of counters) {
        const window = current(counter.key, at)
        if (window && window.used > 0) window.used -= 1
      }
    },
  }
}

/**
 * KEYS: the counters; ARGV: their points, then their window lengths in ms. Checks every counter
 * and, only if none is spent, spends one unit of each (a new window starts with its first unit).
 * Returns {} when spent, else {index, ms until it frees a unit, …} for each refusing counter.
 * A Lua script runs atomically in Redis: nothing else runs between its check and its spend.
 */
export const SPEND_SCRIPT = `
local n = #KEYS
local refused = {}
for i = 1, n do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used >= tonumber(ARGV[i]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[n + i])
      ttl = tonumber(ARGV[n + i])
    end
    refused[#refused + 1] = i
    refused[#refused + 1] = ttl
  end
end
if #refused > 0 then return refused end
for i = 1, n do
  local used = redis.call('INCR', KEYS[i])
  if used == 1 or redis.call('PTTL', KEYS[i]) < 0 then
    redis.call('PEXPIRE', KEYS[i], ARGV[n + i])
  end
end
return {}
`

/** Gives one unit back to each counter still in its window (never below zero, never a new key). */
export const REFUND_SCRIPT = `
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex')

/** EVALSHA, loading the script with EVAL the first time a server doesn't have it. */
async function runScript(
  redis: Redis,
  script: { text: string; sha: string },
  keys: string[],
  args: (string | number)[],
): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args)
  } catch (error) {
    if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error
    return await redis.eval(script.text, keys.length, ...keys, ...args)
  }
}

/**
 * Counters shared by every instance through Redis, one Lua script per decision. While Redis is
 * not ready (or a command fails) each instance counts in `fallback`, in memory: the documented
 * outage behaviour ("Redis unavailable" in docs/decisions.md), never an error.
 */
function redisCounterStore(redis: Redis, fallback: CounterStore): CounterStore {
  const spendScript = { text: SPEND_SCRIPT, sha: sha1(SPEND_SCRIPT) }
  const refundScript = { text: REFUND_SCRIPT, sha: sha1(REFUND_SCRIPT) }
  // Which store spent: a refund goes back where the units were taken.
  const spentInMemory = new WeakSet<Counter[]>()
  return {
    async spendAll(counters) {
      if (redis.status !== 'ready') {
        spentInMemory.add(counters)
        return fallback.spendAll(counters)
      }
      const keys = counters.map((counter) => counter.key)
      const args = [
        ...counters.map((counter) => counter.points),
        ...counters.map((counter) => counter.durationMs),
      ]
      let reply: unknown
      try {
        reply = await runScript(redis, spendScript, keys, args)
      } catch {
        spentInMemory.add(counters)
        return fallback.spendAll(counters)
      }
      const flat = (reply as (number | string)[]).map(Number)
      const refused: Refusals = []
      for (let index = 0; index < flat.length; index += 2) {
        refused.push({
          name: counters[flat[index]! - 1]!.name,
          waitMs: Math.max(0, flat[index + 1]!),
        })
      }
      return refused
    },
    async refundAll(counters) {
      if (spentInMemory.has(counters)) return fallback.refundAll(counters)
      await runScript(
        redis,
        refundScript,
        counters.map((counter) => counter.key),
        [],
      ).catch(() => {})
    },
  }
}

/**
 * The inquiry budgets: in Redis when there is one (shared by every instance), else in this
 * process. Keys are `<prefix>:inquiry-budget:<budget>:<key>`, each holding its window's count
 * and expiring when the window ends.
 */
export function createInquiryBudgets(redis: Redis | null, prefix: string): InquiryBudgets {
  const memory = memoryCounterStore()
  const store = redis ? redisCounterStore(redis, memory) : memory
  // Refusals by budget are a metric (site_inquiry_budget_refusals_total).
  const countRefusals = budgetRefusalCounter(Object.keys(BUDGETS))
  const counter = (name: BudgetName, key: string): Counter => ({
    name,
    key: `${prefix}:inquiry-budget:${name}:${key}`,
    points: BUDGETS[name].points,
    durationMs: BUDGETS[name].durationSeconds * 1000,
  })

  return {
    async spend({ email, clientAddress }) {
      const counters = [
        counter('perEmail', emailKey(email)),
        clientAddress
          ? counter('perClient', clientBucket(clientAddress))
          : counter('unidentified', 'all'),
        counter('global', 'all'),
      ]
      const refused = await store.spendAll(counters)
      if (refused.length > 0) {
        countRefusals(refused.map(({ name }) => name))
        return refusal(refused)
      }
      let refunded = false
      return {
        allowed: true,
        refund: async () => {
          if (refunded) return
          refunded = true
          await store.refundAll(counters)
        },
      }
    },
  }
}

/** Retry-After: the ceiling, in whole seconds, of the longest wait among the refusing budgets. */
function refusal(refused: Refusals): BudgetDecision {
  const longest = Math.max(...refused.map(({ waitMs }) => waitMs))
  return {
    allowed: false,
    refusedBy: refused.map(({ name }) => name),
    retryAfterSeconds: Math.max(1, Math.ceil(longest / 1000)),
  }
}
