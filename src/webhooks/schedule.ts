/**
 * When a failed webhook is tried again: exponential backoff (the delay doubles from `baseMs` up
 * to `maxMs`) with jitter (each delay drawn within ±JITTER of its nominal value, so receivers
 * that come back are not hit by every instance's retries at once), for at least RETRY_WINDOW_MS
 * before a delivery is given up: the number of attempts is the smallest whose shortest possible
 * delays add up to the window.
 */

/** How long a delivery is retried, at least, before it is given up. */
export const RETRY_WINDOW_MS = 24 * 3_600_000

/** Each delay is its nominal value times a factor drawn from [1 − JITTER, 1 + JITTER]. */
export const JITTER = 0.2

export interface RetrySchedule {
  baseMs: number
  maxMs: number
}

/** The nominal delay after the `attempts`-th failed attempt (1 for the first). */
export function nominalDelayMs(schedule: RetrySchedule, attempts: number): number {
  const doublings = Math.min(Math.max(0, attempts - 1), 52)
  return Math.min(schedule.baseMs * 2 ** doublings, schedule.maxMs)
}

/** The delay after the `attempts`-th failed attempt, jittered; `random` in [0, 1). */
export function retryDelayMs(
  schedule: RetrySchedule,
  attempts: number,
  random: () => number = Math.random,
): number {
  const factor = 1 - JITTER + 2 * JITTER * random()
  // Rounded up, so no delay falls below the shortest one `maxAttempts` counts on.
  return Math.ceil(nominalDelayMs(schedule, attempts) * factor)
}

/**
 * How many attempts a delivery gets: enough that, however the jitter falls, the last one comes at
 * least RETRY_WINDOW_MS after the first.
 */
export function maxAttempts(schedule: RetrySchedule): number {
  let attempts = 1
  let shortest = 0
  while (shortest < RETRY_WINDOW_MS) {
    shortest += nominalDelayMs(schedule, attempts) * (1 - JITTER)
    attempts += 1
  }
  return attempts
}
