import { describe, expect, it } from 'vitest'

import { createEntry } from './entry'
import { ResponseStore } from './store'

function entryOf(key: string, size: number) {
  return createEntry(key, 200, { 'content-type': 'text/plain' }, Buffer.alloc(size, 'a'))
}

describe('ResponseStore', () => {
  it('stays within its byte bound, evicting the least recently used first', () => {
    const store = new ResponseStore({ maxBytes: 12_000, maxEntryBytes: 5_000 })
    store.resume()
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, entryOf(key, 2_000), store.generation)
    expect(store.size).toBe(4)
    store.get('a') // now the most recently used
    store.set('e', entryOf('e', 2_000), store.generation)
    store.set('f', entryOf('f', 2_000), store.generation)
    expect(store.bytes).toBeLessThanOrEqual(12_000)
    expect(store.get('b')).toBeUndefined()
    expect(store.get('a')).toBeDefined()
    expect(store.get('f')).toBeDefined()
  })

  it('refuses entries larger than its per-entry bound', () => {
    const store = new ResponseStore({ maxBytes: 100_000, maxEntryBytes: 1_000 })
    store.resume()
    expect(store.set('big', entryOf('big', 5_000), store.generation)).toBe(false)
    expect(store.size).toBe(0)
  })

  it('refuses what was rendered under an older generation, and holds nothing while suspended', () => {
    const store = new ResponseStore({ maxBytes: 100_000, maxEntryBytes: 10_000 })
    expect(store.set('a', entryOf('a', 10), store.generation)).toBe(false)
    store.resume()
    const before = store.generation
    store.invalidate()
    expect(store.set('a', entryOf('a', 10), before)).toBe(false)
    expect(store.set('a', entryOf('a', 10), store.generation)).toBe(true)
    store.suspend()
    expect(store.get('a')).toBeUndefined()
    store.resume()
    expect(store.get('a')).toBeUndefined()
  })
})
