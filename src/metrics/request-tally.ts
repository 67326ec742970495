import type { ServerResponse } from 'node:http'

import { CACHE_STATUS_HEADER } from '@/cache/entry'
import { SURFACES, surfaceOf, type Surface } from '@/http/surface'

/**
 * What every request adds to the request families, and every answer of the response cache to the
 * cache family, counted in plain arrays and turned into samples only when metrics are scraped
 * (`registerRequestFamilies` in requests.ts).
 *
 * A cached hit costs the server about 50 µs of CPU, so what is done per request is measured in
 * tens of nanoseconds: prom-client's labelled `observe` and `inc` validate and hash their labels
 * on every call (about 0.4 µs and 0.25 µs), and classifying a path (`surfaceOf`) about 1.4 µs.
 * Here a request's surface is remembered per request target (`SURFACE_MEMO_MAX` of them), its
 * status is an index, and recording is a few array increments.
 */

/** A response's status, as a label: its class, or `aborted` when it was never completed. */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'aborted'] as const
export type StatusClass = (typeof STATUS_CLASSES)[number]
const ABORTED = STATUS_CLASSES.indexOf('aborted')

/** What the response cache answered with (its `X-Cache`), as a label. */
export const CACHE_RESULTS = ['hit', 'miss', 'stale'] as const
export type CacheResult = (typeof CACHE_RESULTS)[number]
/** Each result's index, for the tally's arrays. */
export const CACHE_RESULT_INDEX: Readonly<Record<CacheResult, number>> = {
  hit: 0,
  miss: 1,
  stale: 2,
}
/** Not an answer of the response cache (no `X-Cache`). */
const NOT_CACHED = -1

/**
 * Upper bounds of the request duration histogram, in seconds: cached hits take well under a
 * millisecond, page misses several, a whole-site file seconds.
 */
export const REQUEST_DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const

/** How many request targets keep their surface remembered; past it, the memory starts over. */
export const SURFACE_MEMO_MAX = 4_096
/** Longer targets are classified each time, so the memory stays small (< 2 MB of keys). */
export const SURFACE_MEMO_KEY_MAX = 256

const SERIES_PER_SURFACE = STATUS_CLASSES.length
const BUCKET_SLOTS = REQUEST_DURATION_BUCKETS.length + 1

const CACHE_STATUS_IN_HEAD = `\r\n${CACHE_STATUS_HEADER}: `

/** The index of `status` in STATUS_CLASSES. */
export function statusClassIndex(status: number, finished: boolean): number {
  if (!finished) return ABORTED
  const hundreds = Math.floor(status / 100)
  // Node accepts 100-999; anything past 5xx is counted with the server's errors.
  return hundreds < 1 ? 0 : hundreds > 5 ? 4 : hundreds - 1
}

/**
 * The response cache's verdict on a response already sent (an index of CACHE_RESULTS), or
 * NOT_CACHED: its `X-Cache`. A hit is written with `writeHead(status, headers)` and nothing set
 * before it, and Node then keeps its headers only in the head it wrote (`_header`), not where
 * `getHeader` looks: so the head is read first, and `getHeader` only where there is none
 * (docs/upgrading.md). That head is a V8 cons string, which reading flattens: about 0.6 µs, which
 * is why the metrics count the cache's answers in the store instead (src/metrics/cache.ts);
 * tracing, which costs more per request anyway, reads it here.
 */
export function cacheResultIndex(response: ServerResponse): number {
  const head = (response as unknown as { _header?: unknown })._header
  if (typeof head === 'string') {
    // indexOf scans a page's 1.6 KB head in about 40 ns; V8's lastIndexOf takes twice as long.
    const at = head.indexOf(CACHE_STATUS_IN_HEAD)
    return at === -1
      ? NOT_CACHED
      : cacheResultOfValue(head.charCodeAt(at + CACHE_STATUS_IN_HEAD.length))
  }
  const value = response.getHeader(CACHE_STATUS_HEADER)
  return typeof value === 'string' ? cacheResultOfValue(value.charCodeAt(0)) : NOT_CACHED
}

/** `HIT`, `MISS`, `STALE` by their first letter. */
function cacheResultOfValue(firstLetter: number): number {
  switch (firstLetter) {
    case 72: // H
      return 0
    case 77: // M
      return 1
    case 83: // S
      return 2
    default:
      return NOT_CACHED
  }
}

function bucketIndex(seconds: number): number {
  let index = 0
  while (index < REQUEST_DURATION_BUCKETS.length && seconds > REQUEST_DURATION_BUCKETS[index]!)
    index += 1
  return index
}

const SURFACE_INDEX = new Map<Surface, number>(SURFACES.map((surface, index) => [surface, index]))

/** One series of the request families: a surface and a status class, with what it counted. */
export interface RequestSeries {
  surface: Surface
  status: StatusClass
  count: number
  sumSeconds: number
  /** Cumulative counts, one per REQUEST_DURATION_BUCKETS bound, then +Inf (= count). */
  cumulative: number[]
}

/** One surface's answers from the response cache. */
export interface CacheSeries {
  surface: Surface
  counts: Record<CacheResult, number>
}

export class RequestTally {
  readonly #buckets = new Float64Array(SURFACES.length * SERIES_PER_SURFACE * BUCKET_SLOTS)
  readonly #sums = new Float64Array(SURFACES.length * SERIES_PER_SURFACE)
  readonly #counts = new Float64Array(SURFACES.length * SERIES_PER_SURFACE)
  readonly #cache = new Float64Array(SURFACES.length * CACHE_RESULTS.length)
  #surfaces = new Map<string, number>()

  /** The index in SURFACES of the surface `target` (a request's URL) belongs to. */
  surfaceIndexOf(target: string | undefined): number {
    const key = target ?? '/'
    const known = this.#surfaces.get(key)
    if (known !== undefined) return known
    const index = SURFACE_INDEX.get(surfaceOf(key))!
    if (key.length <= SURFACE_MEMO_KEY_MAX) {
      if (this.#surfaces.size >= SURFACE_MEMO_MAX) this.#surfaces.clear()
      this.#surfaces.set(key, index)
    }
    return index
  }

  /** How many request targets have their surface remembered. */
  get rememberedTargets(): number {
    return this.#surfaces.size
  }

  /** Counts one request of surface `surface` (an index) that took `seconds`. */
  record(surface: number, status: number, seconds: number): void {
    const series = surface * SERIES_PER_SURFACE + status
    this.#buckets[series * BUCKET_SLOTS + bucketIndex(seconds)]! += 1
    this.#sums[series]! += seconds
    this.#counts[series]! += 1
  }

  /** Counts `response`, done (sent or its client gone) `seconds` after it began. */
  recordResponse(surface: number, response: ServerResponse, seconds: number): void {
    this.record(surface, statusClassIndex(response.statusCode, response.writableFinished), seconds)
  }

  /** Counts one answer of the response cache for surface `surface`: a CACHE_RESULT_INDEX. */
  countCacheAnswer(surface: number, result: number): void {
    this.#cache[surface * CACHE_RESULTS.length + result]! += 1
  }

  /** Every surface and status that has counted a request. */
  requestSeries(): RequestSeries[] {
    const series: RequestSeries[] = []
    for (let surface = 0; surface < SURFACES.length; surface += 1) {
      for (let status = 0; status < SERIES_PER_SURFACE; status += 1) {
        const at = surface * SERIES_PER_SURFACE + status
        const count = this.#counts[at]!
        if (count === 0) continue
        const cumulative: number[] = []
        let running = 0
        for (let slot = 0; slot < BUCKET_SLOTS; slot += 1) {
          running += this.#buckets[at * BUCKET_SLOTS + slot]!
          cumulative.push(running)
        }
        series.push({
          surface: SURFACES[surface]!,
          status: STATUS_CLASSES[status]!,
          count,
          sumSeconds: this.#sums[at]!,
          cumulative,
        })
      }
    }
    return series
  }

  /** Every surface the response cache has answered for, with each result (zeros included). */
  cacheSeries(): CacheSeries[] {
    const series: CacheSeries[] = []
    for (let surface = 0; surface < SURFACES.length; surface += 1) {
      const at = surface * CACHE_RESULTS.length
      const counts = Object.fromEntries(
        CACHE_RESULTS.map((result, offset) => [result, this.#cache[at + offset]!]),
      ) as Record<CacheResult, number>
      if (CACHE_RESULTS.some((result) => counts[result] > 0))
        series.push({ surface: SURFACES[surface]!, counts })
    }
    return series
  }

  reset(): void {
    this.#buckets.fill(0)
    this.#sums.fill(0)
    this.#counts.fill(0)
    this.#cache.fill(0)
  }
}
