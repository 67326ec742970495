/**
 * Objects a gauge reads when metrics are scraped (the response store, the page-render queue, the
 * replicas' freshness), held weakly: registering one never keeps it alive, so the stores and
 * queues a unit test makes and drops are collected as before. Each is registered once however
 * often it is added.
 */
export class LiveSources<T extends object> {
  #refs = new Set<WeakRef<T>>()
  #added = new WeakSet<T>()

  add(source: T): void {
    if (this.#added.has(source)) return
    this.#added.add(source)
    this.#refs.add(new WeakRef(source))
  }

  /** The sources still alive; those collected since are forgotten. */
  live(): T[] {
    const alive: T[] = []
    for (const ref of this.#refs) {
      const source = ref.deref()
      if (source === undefined) this.#refs.delete(ref)
      else alive.push(source)
    }
    return alive
  }
}
