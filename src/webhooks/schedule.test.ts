import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  JITTER,
  maxAttempts,
  nominalDelayMs,
  RETRY_WINDOW_MS,
  retryDelayMs,
  type RetrySchedule,
} from './schedule'

const HOUR = 3_600_000
/** The defaults of WEBHOOK_RETRY_BASE_MS and WEBHOOK_RETRY_MAX_MS (src/env.ts). */
const DEFAULT: RetrySchedule = { baseMs: 30_000, maxMs: 4 * HOUR }

/** The shortest time from the first attempt to the last, however the jitter falls. */
function shortestSpan(schedule: RetrySchedule, attempts: number): number {
  let total = 0
  for (let failed = 1; failed < attempts; failed += 1)
    total += retryDelayMs(schedule, failed, () => 0)
  return total
}

describe('webhook retry schedule', () => {
  it('doubles from the base delay up to the longest', () => {
    expect([1, 2, 3, 4].map((attempt) => nominalDelayMs(DEFAULT, attempt))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ])
    expect(nominalDelayMs(DEFAULT, 10)).toBe(4 * HOUR)
    expect(nominalDelayMs(DEFAULT, 40)).toBe(4 * HOUR)
    expect(nominalDelayMs(DEFAULT, 5_000)).toBe(4 * HOUR)
  })

  it('keeps every delay within the jitter around its nominal value', () => {
    for (const attempt of [1, 2, 5, 9, 10, 20]) {
      const nominal = nominalDelayMs(DEFAULT, attempt)
      expect(retryDelayMs(DEFAULT, attempt, () => 0)).toBe(Math.ceil(nominal * (1 - JITTER)))
      expect(retryDelayMs(DEFAULT, attempt, () => 0.999_999)).toBeLessThanOrEqual(
        Math.ceil(nominal * (1 + JITTER)),
      )
      expect(retryDelayMs(DEFAULT, attempt, () => 0.999_999)).toBeGreaterThan(nominal)
    }
  })

  it('spreads retries: random delays differ and stay within bounds', () => {
    const delays = Array.from({ length: 200 }, () => retryDelayMs(DEFAULT, 3))
    expect(new Set(delays).size).toBeGreaterThan(50)
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(120_000 * (1 - JITTER))
      expect(delay).toBeLessThanOrEqual(120_000 * (1 + JITTER))
    }
  })

  it('retries the default schedule for at least 24 hours, and not needlessly longer', () => {
    const attempts = maxAttempts(DEFAULT)
    expect(shortestSpan(DEFAULT, attempts)).toBeGreaterThanOrEqual(RETRY_WINDOW_MS)
    expect(shortestSpan(DEFAULT, attempts - 1)).toBeLessThan(RETRY_WINDOW_MS)
    expect(RETRY_WINDOW_MS).toBe(24 * HOUR)
    // With 30 s doubling to 4 h: 17 attempts, the last more than a day after the first.
    expect(attempts).toBe(17)
  })

  it('spans at least 24 hours for any base and ceiling', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 600_000 }),
        fc.integer({ min: 1, max: 12 }),
        (baseMs, doublings) => {
          const schedule = { baseMs, maxMs: baseMs * 2 ** doublings }
          const attempts = maxAttempts(schedule)
          expect(shortestSpan(schedule, attempts)).toBeGreaterThanOrEqual(RETRY_WINDOW_MS)
        },
      ),
      { numRuns: 40 },
    )
  })
})
