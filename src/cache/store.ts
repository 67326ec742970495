import { contentVersions, type ContentVersions } from '@/lib/content-version'
import {
  cacheAnswerCounter,
  countCacheEvictions,
  watchResponseStore,
  type CacheAnswerCounter,
} from '@/metrics/cache'

import type { CachedResponse } from './entry'

/** A stored response, with what it depends on and the content-version stamp it was read under. */
interface Held {
  entry: CachedResponse
  dependsOn: readonly string[]
  stamp: number
  /** Counts the answers it makes (a metric: site_cache_responses_total). */
  count: CacheAnswerCounter
}

interface Fill {
  promise: Promise<CachedResponse | undefined>
  dependsOn: readonly string[]
  stamp: number | null
}

/** A response a change made stale, kept to stand in while its new version renders. */
interface Superseded {
  entry: CachedResponse
  /** Until when (performance.now()) it may stand in. */
  until: number
  count: CacheAnswerCounter
}

/**
 * How long after a change is heard the response it made stale may still be sent to readers who
 * arrive while the new version renders (`superseded`). Within a publish's staleness budget of
 * 2 s, with room for the change notification and for the render that replaces it.
 */
export const SUPERSEDED_SERVE_MS = 1_000

/**
 * Serialized responses held in memory, least recently used evicted first, bounded by bytes.
 *
 * Each entry is kept for as long as the content-version keys it depends on have not advanced
 * (src/lib/content-version.ts): a change drops what depends on what changed and nothing else.
 * A fill is stored only with a stamp taken before it rendered, and only while none of its keys
 * advanced since, so a render that read the database before a publish committed can never be
 * kept after the publish's notification arrived; without a stamp (reads may be older than a
 * change heard) nothing is stored. While the store is `suspended` (its change feed is down, so it
 * could miss a publish) nothing is read from or written to it.
 *
 * An entry a change made stale is not thrown away at once: for `SUPERSEDED_SERVE_MS` it may stand
 * in for its new version while that renders (`superseded`), so one reader renders after a
 * publish and the others keep being answered, instead of all of them waiting. Its bytes count
 * until it goes, and it goes first when room is needed.
 */
export class ResponseStore {
  readonly maxBytes: number
  readonly maxEntryBytes: number
  readonly versions: ContentVersions
  #entries = new Map<string, Held>()
  #superseded = new Map<string, Superseded>()
  #inflight = new Map<string, Fill>()
  #bytes = 0
  #suspended = true

  constructor(options: { maxBytes: number; maxEntryBytes: number; versions?: ContentVersions }) {
    this.maxBytes = options.maxBytes
    this.maxEntryBytes = options.maxEntryBytes
    this.versions = options.versions ?? contentVersions()
    watchResponseStore(this)
  }

  get bytes(): number {
    return this.#bytes
  }

  get size(): number {
    return this.#entries.size
  }

  get active(): boolean {
    return !this.#suspended
  }

  /** The stamp a fill beginning now is stored under (null: it will not be stored). */
  stamp(): number | null {
    return this.versions.stamp()
  }

  get(key: string): CachedResponse | undefined {
    if (this.#suspended) return undefined
    const held = this.#entries.get(key)
    if (held === undefined) return undefined
    if (!this.versions.isFresh(held.dependsOn, held.stamp)) {
      this.#supersede(key, held)
      return undefined
    }
    // Re-inserting moves the key to the young end of the Map's insertion order: the LRU order.
    this.#entries.delete(key)
    this.#entries.set(key, held)
    held.count('hit')
    return held.entry
  }

  set(
    key: string,
    entry: CachedResponse,
    dependsOn: readonly string[],
    stamp: number | null,
  ): boolean {
    // What is offered here goes out as the cache's miss, kept or not.
    const count = cacheAnswerCounter(key)
    count('miss')
    if (this.#suspended || stamp === null || !this.versions.isFresh(dependsOn, stamp)) return false
    if (entry.bytes > this.maxEntryBytes) return false
    const previous = this.#entries.get(key)
    if (previous) this.#drop(key, previous)
    this.#dropSuperseded(key)
    this.#entries.set(key, { entry, dependsOn, stamp, count })
    this.#bytes += entry.bytes
    this.#evict()
    return true
  }

  /** Adds bytes an entry grew by (a compressed variant made on first use). */
  grew(entry: CachedResponse, bytes: number): void {
    entry.bytes += bytes
    if (
      this.#entries.get(entry.key)?.entry === entry ||
      this.#superseded.get(entry.key)?.entry === entry
    ) {
      this.#bytes += bytes
      this.#evict()
    }
  }

  #drop(key: string, held: Held): void {
    this.#entries.delete(key)
    this.#bytes -= held.entry.bytes
  }

  /** Moves a stale entry aside, where it may stand in for a short while (`superseded`). */
  #supersede(key: string, held: Held): void {
    this.#entries.delete(key)
    this.#dropSuperseded(key)
    this.#superseded.set(key, {
      entry: held.entry,
      until: performance.now() + SUPERSEDED_SERVE_MS,
      count: held.count,
    })
  }

  #dropSuperseded(key: string): void {
    const superseded = this.#superseded.get(key)
    if (superseded === undefined) return
    this.#superseded.delete(key)
    this.#bytes -= superseded.entry.bytes
  }

  /**
   * The response a change made stale under `key`, while it may still stand in for its new version
   * (for `SUPERSEDED_SERVE_MS` after the change was heard), or undefined.
   */
  superseded(key: string): CachedResponse | undefined {
    if (this.#suspended) return undefined
    const superseded = this.#superseded.get(key)
    if (superseded === undefined) return undefined
    if (performance.now() > superseded.until) {
      this.#dropSuperseded(key)
      return undefined
    }
    superseded.count('stale')
    return superseded.entry
  }

  #evict(): void {
    if (this.#bytes <= this.maxBytes) return
    let evicted = 0
    // What only stands in goes first; then the least recently used.
    for (const key of [...this.#superseded.keys()]) {
      if (this.#bytes <= this.maxBytes) break
      this.#dropSuperseded(key)
      evicted += 1
    }
    for (const [key, held] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#drop(key, held)
      evicted += 1
    }
    countCacheEvictions(evicted)
  }

  /**
   * The fill already running for `key`, if any, and still current (begun after the last change
   * to what it shows): a stampede after a publish renders once.
   */
  pending(key: string): Promise<CachedResponse | undefined> | undefined {
    if (this.#suspended) return undefined
    const fill = this.#inflight.get(key)
    if (fill === undefined) return undefined
    if (this.versions.isFresh(fill.dependsOn, fill.stamp)) return fill.promise
    this.#inflight.delete(key)
    return undefined
  }

  track(
    key: string,
    promise: Promise<CachedResponse | undefined>,
    dependsOn: readonly string[],
    stamp: number | null,
  ): void {
    const fill: Fill = { promise, dependsOn, stamp }
    this.#inflight.set(key, fill)
    void promise.finally(() => {
      if (this.#inflight.get(key) === fill) this.#inflight.delete(key)
    })
  }

  /**
   * Sets aside what a change made stale (entries whose keys advanced stand in for a moment:
   * `superseded`), drops what stood in long enough, and forgets fills in flight whose keys
   * advanced (they finish for their own callers only). Reads check freshness anyway.
   */
  dropStale(): void {
    const now = performance.now()
    for (const [key, superseded] of this.#superseded)
      if (now > superseded.until) this.#dropSuperseded(key)
    for (const [key, held] of this.#entries)
      if (!this.versions.isFresh(held.dependsOn, held.stamp)) this.#supersede(key, held)
    for (const [key, fill] of this.#inflight)
      if (!this.versions.isFresh(fill.dependsOn, fill.stamp)) this.#inflight.delete(key)
  }

  /** Drops everything, including fills in flight. */
  clear(): void {
    this.#entries.clear()
    this.#superseded.clear()
    this.#inflight.clear()
    this.#bytes = 0
  }

  suspend(): void {
    this.#suspended = true
    this.clear()
  }

  resume(): void {
    this.clear()
    this.#suspended = false
  }
}

/**
 * The response cache's memory: its bound (RESPONSE_CACHE_MAX_MB) and the largest entry it keeps
 * (RESPONSE_CACHE_ENTRY_MAX_KB; by default a quarter of the bound, at most 8 MB, never more than
 * the bound).
 */
export function responseStoreSizing(settings: {
  RESPONSE_CACHE_MAX_MB: number
  RESPONSE_CACHE_ENTRY_MAX_KB?: number
}): { maxBytes: number; maxEntryBytes: number } {
  const maxBytes = settings.RESPONSE_CACHE_MAX_MB * 1024 * 1024
  const entry = settings.RESPONSE_CACHE_ENTRY_MAX_KB
    ? settings.RESPONSE_CACHE_ENTRY_MAX_KB * 1024
    : Math.min(8 * 1024 * 1024, settings.RESPONSE_CACHE_MAX_MB * 1024 * 256)
  return { maxBytes, maxEntryBytes: Math.min(entry, maxBytes) }
}
