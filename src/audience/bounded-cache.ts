/**
 * A cache holding at most about `2 × capacity` entries, with no bookkeeping on a hit: entries go
 * into the current generation; when it is full it becomes the previous one (the one before is
 * dropped), and a hit in the previous generation moves the entry back into the current. What is
 * used stays; what is not goes within two generations. Cheaper than a strict LRU (which must
 * reorder on every hit) on a path where most lookups are hits.
 */
export class BoundedCache<K, V> {
  private current = new Map<K, V>()
  private previous = new Map<K, V>()

  constructor(private readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('capacity must be at least 1')
  }

  get(key: K): V | undefined {
    const value = this.current.get(key)
    if (value !== undefined) return value
    const old = this.previous.get(key)
    if (old !== undefined) this.set(key, old)
    return old
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.capacity) {
      this.previous = this.current
      this.current = new Map()
    }
    this.current.set(key, value)
  }

  get size(): number {
    return this.current.size + this.previous.size
  }
}
