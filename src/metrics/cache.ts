import { siteMetrics } from './registry'
import { CACHE_RESULT_INDEX, type CacheResult } from './request-tally'
import { requestTally } from './requests'

export { watchResponseStore } from './sources'

/** Counts responses the cache dropped to make room (`site_cache_evictions_total`). */
export function countCacheEvictions(count: number): void {
  if (count > 0) siteMetrics().cacheEvictions.inc(count)
}

/** Counts one of the response cache's answers for a key (`site_cache_responses_total`). */
export type CacheAnswerCounter = (result: CacheResult) => void

const NOT_COUNTED: CacheAnswerCounter = () => undefined

/**
 * The counter of the response cache's answers for `key` (a cache key: the URL, and for a site
 * page the representation it holds after a space), its surface classified once: the store makes
 * one per entry, so that a hit costs an array increment. The store counts what it answers with
 * (hit, stale) and each rendered response it is asked to keep (miss), which are exactly the
 * answers the cache labels so in `X-Cache`, but for readers given the entry of a render they waited
 * for and answers from the files on disk. Reading `X-Cache` back from each response instead costs
 * about 0.6 µs a hit (Node's head is a cons string, flattened to be read). Without metrics, nothing.
 */
export function cacheAnswerCounter(key: string): CacheAnswerCounter {
  const tally = requestTally()
  if (tally === undefined) return NOT_COUNTED
  const surface = tally.surfaceIndexOf(key.split(' ', 1)[0])
  return (result) => tally.countCacheAnswer(surface, CACHE_RESULT_INDEX[result])
}
