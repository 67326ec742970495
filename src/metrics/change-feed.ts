import { siteMetrics } from './registry'

/**
 * When a content change was notified: the payload's `at`, seconds since the epoch by the
 * database's clock, taken as the trigger ran NOTIFY (migrations/20261128_110000_change_feed_times.ts).
 * Undefined for a payload without one (the listing-change hook's, a bare table name).
 */
export function notifiedAtOf(payload: string): number | undefined {
  if (!payload.includes('"at"')) return undefined
  try {
    const { at } = JSON.parse(payload) as { at?: unknown }
    return typeof at === 'number' && Number.isFinite(at) && at > 0 ? at : undefined
  } catch {
    return undefined
  }
}

/**
 * Observes how long the change in `payload` took from its NOTIFY to now, when its invalidation is
 * done. The database's clock and this machine's may differ a little: a change seemingly from the
 * future counts as no lag at all.
 */
export function observeChangeFeedLag(payload: string, nowMs: number = Date.now()): void {
  const at = notifiedAtOf(payload)
  if (at === undefined) return
  siteMetrics().changeFeedLag.observe(Math.max(0, nowMs / 1000 - at))
}
