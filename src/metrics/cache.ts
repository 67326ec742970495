import { siteMetrics } from './registry'

export { watchResponseStore } from './sources'

/** Counts responses the cache dropped to make room (`site_cache_evictions_total`). */
export function countCacheEvictions(count: number): void {
  if (count > 0) siteMetrics().cacheEvictions.inc(count)
}
