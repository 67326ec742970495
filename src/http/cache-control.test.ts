import { describe, expect, it } from 'vitest'

import {
  CACHING_POLICY,
  cachingRuleFor,
  isSharedCacheable,
  MEDIA_FILE_CACHE_CONTROL,
  PUBLISHED_CACHE_CONTROL,
  surfaceOf,
  tightenedCacheControl,
  type Surface,
} from './cache-control'

describe('surfaceOf', () => {
  it.each<[string, Surface]>([
    ['/', 'pages'],
    ['/en', 'pages'],
    ['/es/blog/some-post', 'pages'],
    ['/en/blog.md', 'twins'],
    ['/index.md', 'twins'],
    ['/markdown-twin/en', 'twins'],
    ['/llms.txt', 'agent-files'],
    ['/openapi.json', 'agent-files'],
    ['/.well-known/agent-skills/index.json', 'agent-files'],
    ['/sitemap.xml', 'feeds'],
    ['/feeds/schema.jsonl', 'feeds'],
    ['/es/feed.xml', 'feeds'],
    ['/robots.txt', 'robots'],
    ['/api/posts', 'content-api'],
    ['/api/case-studies/12', 'content-api'],
    ['/api/categories', 'categories'],
    ['/api/media/file/a.png', 'media-files'],
    ['/api/media/3', 'admin'],
    ['/api/users/me', 'admin'],
    ['/api/graphql', 'admin'],
    ['/admin/collections/posts', 'admin'],
    ['/api/inquiries', 'inquiries'],
    ['/api/mcp', 'inquiries'],
    ['/api/health', 'health'],
    ['/_next/static/chunks/a.js', 'build-files'],
    ['/favicon.ico', 'other'],
  ])('%s is %s', (path, surface) => {
    expect(surfaceOf(path)).toBe(surface)
  })
})

describe('cachingRuleFor', () => {
  it('keeps no error, whatever its surface, and leaves redirects to their route', () => {
    expect(cachingRuleFor('pages', 404)).toBe(CACHING_POLICY.errors)
    expect(cachingRuleFor('content-api', 500)).toBe(CACHING_POLICY.errors)
    expect(cachingRuleFor('pages', 307)).toBe(CACHING_POLICY.redirects)
    // An editor's redirect (301) may change: shared briefly, like published content.
    expect(cachingRuleFor('pages', 301)).toBe(CACHING_POLICY.moved)
    expect(cachingRuleFor('twins', 301)).toBe(CACHING_POLICY.moved)
    expect(CACHING_POLICY.moved.cacheControl).toBe(PUBLISHED_CACHE_CONTROL)
    expect(cachingRuleFor('twins', 304)).toBe(CACHING_POLICY.twins)
  })

  it('lets the response cache keep only shared published content', () => {
    for (const [surface, rule] of Object.entries(CACHING_POLICY))
      if (rule.stored) expect(isSharedCacheable(rule.cacheControl), surface).toBe(true)
  })
})

describe('tightenedCacheControl', () => {
  const { pages, errors, admin, health } = CACHING_POLICY
  const media = CACHING_POLICY['media-files']

  it("gives a surface's responses the table's value", () => {
    expect(tightenedCacheControl(PUBLISHED_CACHE_CONTROL, pages, false)).toBe(
      PUBLISHED_CACHE_CONTROL,
    )
    expect(tightenedCacheControl(PUBLISHED_CACHE_CONTROL, errors, false)).toBe('no-store')
    expect(tightenedCacheControl('public, max-age=600', admin, false)).toBe('no-store')
    expect(tightenedCacheControl(undefined, health, false)).toBe('no-store')
  })

  it('never makes a private, no-store or undecided response public', () => {
    for (const sent of ['private, max-age=60', 'no-store', 'public, no-cache', undefined])
      expect(tightenedCacheControl(sent, pages, false)).toBe(sent)
    expect(tightenedCacheControl(MEDIA_FILE_CACHE_CONTROL.private, media, false)).toBe(
      MEDIA_FILE_CACHE_CONTROL.private,
    )
  })

  it("keeps a route's own no-store, and tightens a private one that keeps copies", () => {
    const nextOwn = 'private, no-cache, no-store, max-age=0, must-revalidate'
    expect(tightenedCacheControl(nextOwn, errors, false)).toBe(nextOwn)
    expect(tightenedCacheControl('private, max-age=60', errors, false)).toBe('no-store')
  })

  it('never lengthens what a shared response allows', () => {
    expect(tightenedCacheControl('public, max-age=3600', pages, false)).toBe(
      PUBLISHED_CACHE_CONTROL,
    )
    const shorter = 'public, max-age=0, s-maxage=5'
    expect(tightenedCacheControl(shorter, pages, false)).toBe(shorter)
  })

  it("makes a personal request's answer private, except where it says its own audience", () => {
    expect(tightenedCacheControl(PUBLISHED_CACHE_CONTROL, pages, true)).toBe(
      PUBLISHED_CACHE_CONTROL.replace('public', 'private'),
    )
    expect(tightenedCacheControl(undefined, CACHING_POLICY['content-api'], true)).toBe(
      'private, no-store',
    )
    expect(tightenedCacheControl(MEDIA_FILE_CACHE_CONTROL.public, media, true)).toBe(
      MEDIA_FILE_CACHE_CONTROL.public,
    )
  })
})
