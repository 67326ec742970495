import { describe, expect, it, vi } from 'vitest'

import { ContentVersions, EVERYTHING, listKey, MEDIA_KEY } from '@/lib/content-version'

import { createEntry } from './entry'
import { ResponseStore, responseStoreSizing, SUPERSEDED_SERVE_MS } from './store'

function entryOf(key: string, size: number) {
  return createEntry(key, 200, { 'content-type': 'text/plain' }, Buffer.alloc(size, 'a'))
}

function liveStore(options: { maxBytes: number; maxEntryBytes: number }) {
  const versions = new ContentVersions()
  versions.setFeedConnected(true)
  const store = new ResponseStore({ ...options, versions })
  store.resume()
  return { store, versions }
}

const POSTS = [listKey('posts')]
const CASE_STUDIES = [listKey('case-studies'), MEDIA_KEY]

describe('ResponseStore', () => {
  it('stays within its byte bound, evicting the least recently used first', () => {
    const { store } = liveStore({ maxBytes: 12_000, maxEntryBytes: 5_000 })
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, entryOf(key, 2_000), [], store.stamp())
    expect(store.size).toBe(4)
    store.get('a') // now the most recently used
    store.set('e', entryOf('e', 2_000), [], store.stamp())
    store.set('f', entryOf('f', 2_000), [], store.stamp())
    expect(store.bytes).toBeLessThanOrEqual(12_000)
    expect(store.get('b')).toBeUndefined()
    expect(store.get('a')).toBeDefined()
    expect(store.get('f')).toBeDefined()
  })

  it('refuses entries larger than its per-entry bound', () => {
    const { store } = liveStore({ maxBytes: 100_000, maxEntryBytes: 1_000 })
    expect(store.set('big', entryOf('big', 5_000), [], store.stamp())).toBe(false)
    expect(store.size).toBe(0)
  })

  it('drops what depends on a key that advanced, and keeps the rest', () => {
    const { store, versions } = liveStore({ maxBytes: 100_000, maxEntryBytes: 10_000 })
    store.set('/en/blog', entryOf('/en/blog', 10), POSTS, store.stamp())
    store.set('/en/case-studies', entryOf('/en/case-studies', 10), CASE_STUDIES, store.stamp())
    store.set('/robots.txt', entryOf('/robots.txt', 10), [], store.stamp())
    versions.advance([listKey('posts')])
    expect(store.get('/en/blog')).toBeUndefined()
    expect(store.get('/en/case-studies')).toBeDefined()
    expect(store.get('/robots.txt')).toBeDefined()
    versions.advance([MEDIA_KEY])
    store.dropStale()
    expect(store.size).toBe(1)
    versions.advance(EVERYTHING)
    expect(store.get('/robots.txt')).toBeUndefined()
  })

  it('lets what a change made stale stand in for a second, then frees it', () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    try {
      const { store, versions } = liveStore({ maxBytes: 100_000, maxEntryBytes: 10_000 })
      const blog = entryOf('/en/blog', 10)
      store.set('/en/blog', blog, POSTS, store.stamp())
      store.set('/robots.txt', entryOf('/robots.txt', 10), [], store.stamp())
      expect(store.superseded('/en/blog')).toBeUndefined()
      versions.advance([listKey('posts')])
      store.dropStale()
      expect(store.get('/en/blog')).toBeUndefined()
      expect(store.superseded('/en/blog')).toBe(blog)
      // Its bytes (a compressed variant made while it stands in, too) are held until it goes.
      store.grew(blog, 5)
      expect(store.bytes).toBe(blog.bytes + entryOf('/robots.txt', 10).bytes)
      vi.advanceTimersByTime(SUPERSEDED_SERVE_MS - 1)
      expect(store.superseded('/en/blog')).toBe(blog)
      vi.advanceTimersByTime(2)
      store.dropStale()
      expect(store.superseded('/en/blog')).toBeUndefined()
      expect(store.bytes).toBe(entryOf('/robots.txt', 10).bytes)
    } finally {
      vi.useRealTimers()
    }
  })

  it('forgets a stand-in once its new version is stored, or the store is suspended', () => {
    const { store, versions } = liveStore({ maxBytes: 100_000, maxEntryBytes: 10_000 })
    store.set('/en/blog', entryOf('/en/blog', 10), POSTS, store.stamp())
    store.set('/en/case-studies', entryOf('/en/case-studies', 10), CASE_STUDIES, store.stamp())
    versions.advance([listKey('posts'), MEDIA_KEY])
    store.dropStale()
    const fresh = entryOf('/en/blog', 20)
    store.set('/en/blog', fresh, POSTS, store.stamp())
    expect(store.superseded('/en/blog')).toBeUndefined()
    expect(store.bytes).toBe(fresh.bytes + entryOf('/en/case-studies', 10).bytes)
    store.suspend()
    expect(store.superseded('/en/case-studies')).toBeUndefined()
    expect(store.bytes).toBe(0)
  })

  it('evicts stand-ins before any current entry', () => {
    const { store, versions } = liveStore({ maxBytes: 8_000, maxEntryBytes: 5_000 })
    store.set('/en/blog', entryOf('/en/blog', 3_000), POSTS, store.stamp())
    store.set('/robots.txt', entryOf('/robots.txt', 3_000), [], store.stamp())
    versions.advance([listKey('posts')])
    store.dropStale()
    store.set('/llms.txt', entryOf('/llms.txt', 3_000), [], store.stamp())
    expect(store.superseded('/en/blog')).toBeUndefined()
    expect(store.get('/robots.txt')).toBeDefined()
    expect(store.get('/llms.txt')).toBeDefined()
  })

  it('refuses a fill begun before a change to what it depends on, per key', () => {
    const { store, versions } = liveStore({ maxBytes: 100_000, maxEntryBytes: 10_000 })
    const begun = store.stamp()
    versions.advance([listKey('posts')])
    expect(store.set('/en/blog', entryOf('/en/blog', 10), POSTS, begun)).toBe(false)
    expect(store.set('/en/case-studies', entryOf('c', 10), CASE_STUDIES, begun)).toBe(true)
    expect(store.set('/en/blog', entryOf('/en/blog', 10), POSTS, store.stamp())).toBe(true)
  })

  it('stores nothing without a stamp (reads behind a change), and holds nothing while suspended', () => {
    const { store, versions } = liveStore({ maxBytes: 100_000, maxEntryBytes: 10_000 })
    store.set('a', entryOf('a', 10), [], store.stamp())
    versions.setReadsCurrent(false)
    expect(store.stamp()).toBeNull()
    expect(store.set('b', entryOf('b', 10), [], store.stamp())).toBe(false)
    // What no change touched is still served while replicas catch up.
    expect(store.get('a')).toBeDefined()
    store.suspend()
    expect(store.get('a')).toBeUndefined()
    expect(store.set('a', entryOf('a', 10), [], 0)).toBe(false)
    store.resume()
    expect(store.get('a')).toBeUndefined()
  })

  it('does not join a fill in flight once what it depends on changed', async () => {
    const { store, versions } = liveStore({ maxBytes: 100_000, maxEntryBytes: 10_000 })
    let finish: (value: undefined) => void = () => undefined
    const fill = new Promise<undefined>((resolve) => (finish = resolve))
    store.track('/en/blog', fill, POSTS, store.stamp())
    store.track('/en/case-studies', fill, CASE_STUDIES, store.stamp())
    expect(store.pending('/en/blog')).toBe(fill)
    versions.advance([listKey('posts')])
    expect(store.pending('/en/blog')).toBeUndefined()
    expect(store.pending('/en/case-studies')).toBe(fill)
    versions.advance([MEDIA_KEY])
    store.dropStale()
    expect(store.pending('/en/case-studies')).toBeUndefined()
    finish(undefined)
    await fill
  })
})

describe('responseStoreSizing', () => {
  const MB = 1024 * 1024
  it('keeps entries up to a quarter of the bound, at most 8 MB, unless told otherwise', () => {
    expect(responseStoreSizing({ RESPONSE_CACHE_MAX_MB: 64 })).toEqual({
      maxBytes: 64 * MB,
      maxEntryBytes: 8 * MB,
    })
    expect(responseStoreSizing({ RESPONSE_CACHE_MAX_MB: 4 })).toEqual({
      maxBytes: 4 * MB,
      maxEntryBytes: 1 * MB,
    })
    expect(
      responseStoreSizing({ RESPONSE_CACHE_MAX_MB: 64, RESPONSE_CACHE_ENTRY_MAX_KB: 100 }),
    ).toEqual({ maxBytes: 64 * MB, maxEntryBytes: 100 * 1024 })
  })

  it('never lets an entry be larger than the whole bound', () => {
    expect(
      responseStoreSizing({ RESPONSE_CACHE_MAX_MB: 2, RESPONSE_CACHE_ENTRY_MAX_KB: 4096 }),
    ).toEqual({ maxBytes: 2 * MB, maxEntryBytes: 2 * MB })
  })
})
