import { describe, expect, it } from 'vitest'

import {
  CATEGORIES_KEY,
  ContentVersions,
  contentVersions,
  documentKey,
  everyDocumentKey,
  EVERYTHING,
  listKey,
  MEDIA_KEY,
} from './content-version'

function liveVersions(): ContentVersions {
  const versions = new ContentVersions()
  versions.setFeedConnected(true)
  return versions
}

describe('content version keys', () => {
  it('name a document, every document, a collection’s lists, categories and media', () => {
    expect(documentKey('posts', 12)).toBe('document:posts:12')
    expect(everyDocumentKey('case-studies')).toBe('document:case-studies:*')
    expect(listKey('posts')).toBe('list:posts')
    expect([CATEGORIES_KEY, MEDIA_KEY]).toEqual(['categories', 'media'])
  })
})

describe('ContentVersions', () => {
  it('gives no stamp until the change feed listens, and none once it is lost', () => {
    const versions = new ContentVersions()
    expect(versions.stamp()).toBeNull()
    versions.setFeedConnected(true)
    expect(versions.stamp()).not.toBeNull()
    versions.setFeedConnected(false)
    expect(versions.stamp()).toBeNull()
  })

  it('keeps what depends on keys that did not advance, and only that', () => {
    const versions = liveVersions()
    const stamp = versions.stamp()
    const post12 = [documentKey('posts', 12), listKey('posts')]
    const caseStudies = [listKey('case-studies'), CATEGORIES_KEY]
    versions.advance([documentKey('posts', 13), listKey('posts')])
    expect(versions.isFresh([documentKey('posts', 12)], stamp)).toBe(true)
    expect(versions.isFresh(post12, stamp)).toBe(false)
    expect(versions.isFresh(caseStudies, stamp)).toBe(true)
    expect(versions.isFresh([], stamp)).toBe(true)
  })

  it('refuses what was read before a change to what it depends on, and keeps what was read after', () => {
    const versions = liveVersions()
    const before = versions.stamp()
    versions.advance([MEDIA_KEY])
    const after = versions.stamp()
    expect(versions.isFresh([MEDIA_KEY], before)).toBe(false)
    expect(versions.isFresh([MEDIA_KEY], after)).toBe(true)
    versions.advance([MEDIA_KEY])
    expect(versions.isFresh([MEDIA_KEY], after)).toBe(false)
  })

  it('advances every key on a change it cannot attribute, and on a feed reconnect', () => {
    const versions = liveVersions()
    let stamp = versions.stamp()
    versions.advance(EVERYTHING)
    expect(versions.isFresh([], stamp)).toBe(false)
    expect(versions.isFresh([listKey('posts')], stamp)).toBe(false)

    stamp = versions.stamp()
    versions.setFeedConnected(false)
    versions.setFeedConnected(true)
    expect(versions.isFresh([], stamp)).toBe(false)
    expect(versions.isFresh([], versions.stamp())).toBe(true)
  })

  it('gives no stamp while reads are behind, yet keeps what the change did not touch', () => {
    const versions = liveVersions()
    const stamp = versions.stamp()
    versions.advance([CATEGORIES_KEY])
    versions.setReadsCurrent(false)
    expect(versions.stamp()).toBeNull()
    expect(versions.isFresh([listKey('posts')], stamp)).toBe(true)
    expect(versions.isFresh([CATEGORIES_KEY], stamp)).toBe(false)
    versions.setReadsCurrent(true)
    expect(versions.stamp()).not.toBeNull()
  })

  it('names the keys that advanced since a stamp, or everything when that cannot be told', () => {
    const versions = liveVersions()
    const stamp = versions.stamp()
    expect(versions.changedSince(stamp)).toEqual([])
    versions.advance([documentKey('posts', 12), listKey('posts')])
    const later = versions.stamp()
    versions.advance([documentKey('case-studies', 3), listKey('case-studies')])
    expect(versions.changedSince(stamp)).toEqual(
      expect.arrayContaining([documentKey('posts', 12), documentKey('case-studies', 3)]),
    )
    expect(versions.changedSince(later)).toEqual([
      documentKey('case-studies', 3),
      listKey('case-studies'),
    ])
    versions.advance(EVERYTHING)
    expect(versions.changedSince(later)).toBe(EVERYTHING)
    expect(versions.changedSince(null)).toBe(EVERYTHING)
  })

  it('counts nothing read without a stamp as fresh', () => {
    expect(liveVersions().isFresh([], null)).toBe(false)
  })

  it('is one per process', () => {
    expect(contentVersions()).toBe(contentVersions())
  })
})
