import type { CachedResponse } from './entry'

/**
 * Serialized responses held in memory, least recently used evicted first, bounded by bytes.
 *
 * Every invalidation advances `generation`; a fill that began under an older generation is not
 * stored, so a render that read the database before a publish committed can never be kept after
 * the publish's notification arrived. While the store is `suspended` (its invalidation feed is
 * down, so it could miss a publish) nothing is read from or written to it.
 */
export class ResponseStore {
  readonly maxBytes: number
  readonly maxEntryBytes: number
  #entries = new Map<string, CachedResponse>()
  #inflight = new Map<string, Promise<CachedResponse | undefined>>()
  #bytes = 0
  #generation = 0
  #suspended = true

  constructor(options: { maxBytes: number; maxEntryBytes: number }) {
    this.maxBytes = options.maxBytes
    this.maxEntryBytes = options.maxEntryBytes
  }

  get generation(): number {
    return this.#generation
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

  get(key: string): CachedResponse | undefined {
    if (this.#suspended) return undefined
    const entry = this.#entries.get(key)
    if (entry) {
      // Re-inserting moves the key to the young end of the Map's insertion order: the LRU order.
      this.#entries.delete(key)
      this.#entries.set(key, entry)
    }
    return entry
  }

  set(key: string, entry: CachedResponse, generation: number): boolean {
    if (this.#suspended || generation !== this.#generation) return false
    if (entry.bytes > this.maxEntryBytes) return false
    const previous = this.#entries.get(key)
    if (previous) {
      this.#entries.delete(key)
      this.#bytes -= previous.bytes
    }
    this.#entries.set(key, entry)
    this.#bytes += entry.bytes
    this.#evict()
    return true
  }

  /** Adds bytes an entry grew by (a compressed variant made on first use). */
  grew(entry: CachedResponse, bytes: number): void {
    entry.bytes += bytes
    if (this.#entries.get(entry.key) === entry) {
      this.#bytes += bytes
      this.#evict()
    }
  }

  #evict(): void {
    if (this.#bytes <= this.maxBytes) return
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(key)
      this.#bytes -= entry.bytes
    }
  }

  /** The fill already running for `key`, if any: a stampede after a publish renders once. */
  pending(key: string): Promise<CachedResponse | undefined> | undefined {
    return this.#suspended ? undefined : this.#inflight.get(key)
  }

  track(key: string, fill: Promise<CachedResponse | undefined>): void {
    this.#inflight.set(key, fill)
    void fill.finally(() => {
      if (this.#inflight.get(key) === fill) this.#inflight.delete(key)
    })
  }

  /** Drops everything, including fills in flight (they finish for their own caller only). */
  invalidate(): void {
    this.#generation += 1
    this.#entries.clear()
    this.#inflight.clear()
    this.#bytes = 0
  }

  suspend(): void {
    this.#suspended = true
    this.invalidate()
  }

  resume(): void {
    this.invalidate()
    this.#suspended = false
  }
}
