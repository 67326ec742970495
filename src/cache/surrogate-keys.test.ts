import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  MEDIA_FILE_CACHE_CONTROL,
  NEVER_STORED,
  PUBLISHED_CACHE_CONTROL,
} from '@/http/cache-control'
import {
  AGENT_ACCESS_KEY,
  CATEGORIES_KEY,
  categoryKey,
  categoryOrderKey,
  ContentVersions,
  documentKey,
  EVERY_CATEGORY_KEY,
  everyDocumentKey,
  EVERYTHING,
  listKey,
  MEDIA_KEY,
  orderKey,
  SETTINGS_KEY,
  type ContentChange,
} from '@/lib/content-version'
import { reportShown, type ShownContent } from '@/lib/shown-content'
import { renderThroughPipeline, responsePipeline, responseSteps } from '@/server/response-pipeline'
import { securityHeaders } from '@/http/security-headers'
import { PUBLISHED_CONTENT_KEYS } from '@/site/view'

import { askServer, closeServer, listenLocally } from '../../tests/support/local-server'

import { changeOfNotification } from './invalidation'
import { cacheTargetOf } from './policy'
import { responseCache } from './response-cache'
import { ResponseStore } from './store'
import {
  ALL_SURROGATE_KEY,
  CACHE_TAG_HEADER,
  dependenciesOf,
  encodeSurrogateKey,
  purgeKeysOf,
  sharedCacheFactsOf,
  SURROGATE_HEADER_MAX_BYTES,
  SURROGATE_KEY_HEADER,
  surrogateKeysOf,
  withSurrogateKeys,
  type SharedCacheFacts,
} from './surrogate-keys'

/** Every kind of content-version key the application makes. */
const EVERY_KIND_OF_KEY = [
  documentKey('posts', 12),
  documentKey('case-studies', 3),
  everyDocumentKey('posts'),
  everyDocumentKey('case-studies'),
  listKey('posts'),
  listKey('case-studies'),
  orderKey('posts'),
  categoryOrderKey('posts', 4),
  categoryKey(4),
  EVERY_CATEGORY_KEY,
  CATEGORIES_KEY,
  MEDIA_KEY,
  SETTINGS_KEY,
  AGENT_ACCESS_KEY,
]

describe('encodeSurrogateKey', () => {
  it('writes the keys readably, in what every CDN accepts in a tag', () => {
    expect(encodeSurrogateKey(documentKey('posts', 12))).toBe('document.posts.12')
    expect(encodeSurrogateKey(everyDocumentKey('case-studies'))).toBe('document.case-studies._')
    expect(encodeSurrogateKey(categoryOrderKey('posts', 4))).toBe('order.posts.category.4')
    expect(encodeSurrogateKey(SETTINGS_KEY)).toBe('settings')
    for (const key of EVERY_KIND_OF_KEY) expect(encodeSurrogateKey(key)).toMatch(/^[a-z0-9._-]+$/)
  })

  it('keeps distinct keys distinct, even read case-insensitively, with no separator in any', () => {
    const tricky = [
      ...EVERY_KIND_OF_KEY,
      'a.b',
      'a:b',
      'a_b',
      'a*b',
      'a~2eb',
      'A:b',
      'a b',
      'a,b',
      'é',
      'e',
      'document:posts:*',
      'document:posts:_',
    ]
    const distinct = [...new Set(tricky)]
    const encoded = distinct.map(encodeSurrogateKey)
    expect(new Set(encoded.map((key) => key.toLowerCase())).size).toBe(distinct.length)
    for (const key of encoded) {
      expect(key).toMatch(/^[!-~]+$/) // printable ASCII, no space
      expect(key).not.toContain(',')
      expect(key).toBe(key.toLowerCase())
    }
  })

  it('never makes the global key of a content-version key', () => {
    for (const key of [...EVERY_KIND_OF_KEY, 'all', 'ALL'])
      if (key !== ALL_SURROGATE_KEY) expect(encodeSurrogateKey(key)).not.toBe(ALL_SURROGATE_KEY)
  })
})

describe('surrogate keys mean what content versions mean', () => {
  /** What a response depending on `dependsOn` carries, and what a change purges. */
  const purged = (dependsOn: readonly string[], change: ContentChange) => {
    const carried = new Set(surrogateKeysOf(dependsOn))
    return purgeKeysOf(change).some((key) => carried.has(key))
  }

  const RESPONSES: readonly (readonly string[])[] = [
    [],
    [SETTINGS_KEY],
    PUBLISHED_CONTENT_KEYS,
    [documentKey('posts', 12), everyDocumentKey('posts')],
    [SETTINGS_KEY, MEDIA_KEY, EVERY_CATEGORY_KEY, documentKey('posts', 12), categoryKey(4)],
    [orderKey('posts'), documentKey('posts', 7), categoryOrderKey('posts', 4)],
    [listKey('case-studies'), CATEGORIES_KEY, MEDIA_KEY, SETTINGS_KEY],
    [MEDIA_KEY, AGENT_ACCESS_KEY],
    [AGENT_ACCESS_KEY],
  ]
  const CHANGES: readonly ContentChange[] = [
    EVERYTHING,
    changeOfNotification('{"table":"posts","ids":[12]}'),
    changeOfNotification('{"table":"posts","ids":[7],"listing":true,"categories":[4,5]}'),
    changeOfNotification('posts'),
    changeOfNotification('{"table":"categories","ids":[4]}'),
    changeOfNotification('categories'),
    changeOfNotification('media'),
    changeOfNotification('{"table":"case_studies","ids":[3]}'),
    [SETTINGS_KEY],
    changeOfNotification('{"table":"agent_access_crawlers","ids":[1]}'),
  ]

  it('purges a response by a change exactly when the change makes it stale', () => {
    for (const change of CHANGES) {
      for (const dependsOn of RESPONSES) {
        const versions = new ContentVersions()
        versions.setFeedConnected(true)
        const stamp = versions.stamp()
        versions.advance(change)
        // Content that depends on nothing is never stale, and only `all` purges it.
        const stale = dependsOn.length > 0 && !versions.isFresh(dependsOn, stamp)
        const expected = stale || change === EVERYTHING
        expect(purged(dependsOn, change), `${JSON.stringify(change)} → ${dependsOn}`).toBe(expected)
      }
    }
  })

  it('gives every keyed response the global key, once, first', () => {
    expect(surrogateKeysOf([SETTINGS_KEY, SETTINGS_KEY, MEDIA_KEY])).toEqual([
      ALL_SURROGATE_KEY,
      'settings',
      'media',
    ])
    expect(surrogateKeysOf([])).toEqual([ALL_SURROGATE_KEY])
    expect(purgeKeysOf(EVERYTHING)).toEqual([ALL_SURROGATE_KEY])
  })
})

describe('withSurrogateKeys', () => {
  const PAGE = '/en/blog/a-post'
  const shownOf = (keys: string[]): ShownContent => ({ keys: new Set(keys), reported: true })

  function factsFor(
    url: string,
    {
      shown,
      versions = liveVersions(),
      headers = {},
    }: { shown?: ShownContent; versions?: ContentVersions; headers?: Record<string, string> } = {},
  ): SharedCacheFacts & { versions: ContentVersions } {
    const path = url.split('?')[0]!
    const surface = path.startsWith('/api/categories')
      ? 'categories'
      : path.startsWith('/api/media/file')
        ? 'media-files'
        : path.startsWith('/api/')
          ? 'content-api'
          : 'pages'
    return sharedCacheFactsOf(
      'GET',
      url,
      headers,
      surface,
      () => shown,
      versions,
    ) as SharedCacheFacts & {
      versions: ContentVersions
    }
  }

  const published = { status: 200, headers: { 'cache-control': PUBLISHED_CACHE_CONTROL } }
  const keysOf = (head: { headers: Record<string, unknown> }) =>
    String(head.headers[SURROGATE_KEY_HEADER]).split(' ')

  it('writes the same keys in both headers, space- and comma-separated', () => {
    const head = withSurrogateKeys(published, factsFor('/en/contact'))
    expect(head.headers[SURROGATE_KEY_HEADER]).toBe('all settings agent-access')
    expect(head.headers[CACHE_TAG_HEADER]).toBe('all,settings,agent-access')
    expect(head.headers['cache-control']).toBe(PUBLISHED_CACHE_CONTROL)
  })

  it('narrows a page to what its render reported showing, else keeps its URL’s keys', () => {
    const target = cacheTargetOf('GET', PAGE, {})!
    const reported = shownOf([documentKey('posts', 12), categoryKey(4)])
    const narrowed = withSurrogateKeys(published, factsFor(PAGE, { shown: reported }))
    expect(keysOf(narrowed)).toEqual(surrogateKeysOf(dependenciesOf(target, reported)))
    expect(keysOf(narrowed)).toContain('document.posts.12')
    expect(keysOf(narrowed)).not.toContain('list.posts')
    const broad = withSurrogateKeys(published, factsFor(PAGE))
    expect(keysOf(broad)).toEqual(surrogateKeysOf(target.dependsOn))
    expect(keysOf(broad)).toContain('list.posts')
  })

  it('falls back to the URL’s keys when what a page shows would not fit a header', () => {
    const many = Array.from({ length: 400 }, (_, index) => documentKey('posts', index + 1))
    const head = withSurrogateKeys(published, factsFor(PAGE, { shown: shownOf(many) }))
    expect(keysOf(head)).toEqual(surrogateKeysOf(cacheTargetOf('GET', PAGE, {})!.dependsOn))
    expect(Buffer.byteLength(String(head.headers[SURROGATE_KEY_HEADER]))).toBeLessThan(
      SURROGATE_HEADER_MAX_BYTES,
    )
  })

  it('keys surfaces the response cache does not keep by what they show', () => {
    const categories = withSurrogateKeys(published, factsFor('/api/categories'))
    expect(keysOf(categories)).toEqual(['all', encodeSurrogateKey(CATEGORIES_KEY)])
    const file = { status: 200, headers: { 'cache-control': MEDIA_FILE_CACHE_CONTROL.public } }
    // Media files state the agent access policy in their head (Content-Usage).
    expect(keysOf(withSurrogateKeys(file, factsFor('/api/media/file/a.png')))).toEqual([
      'all',
      'media',
      'agent-access',
    ])
    // A page query the cache does not parse: everything published, and the policy it states.
    const unparsed = withSurrogateKeys(published, factsFor('/en/blog?page=x'))
    expect(keysOf(unparsed)).toEqual(surrogateKeysOf([...PUBLISHED_CONTENT_KEYS, 'agent-access']))
  })

  it('gives no keys to what no shared cache may keep, and drops any set elsewhere', () => {
    const carried = { [SURROGATE_KEY_HEADER]: 'x', [CACHE_TAG_HEADER]: 'x' }
    for (const cacheControl of [
      NEVER_STORED,
      'private, max-age=60',
      'public, no-cache',
      undefined,
    ]) {
      const head = withSurrogateKeys(
        { status: 200, headers: { 'cache-control': cacheControl, ...carried } },
        factsFor(PAGE),
      )
      expect(head.headers[SURROGATE_KEY_HEADER], cacheControl).toBeUndefined()
      expect(head.headers[CACHE_TAG_HEADER], cacheControl).toBeUndefined()
    }
    // Personal requests and those that change what Next.js renders are never keyed.
    const personalOrRouter: Record<string, string>[] = [
      { cookie: 'a=b' },
      { authorization: 'JWT x' },
      { rsc: '1' },
    ]
    for (const headers of personalOrRouter)
      expect(
        withSurrogateKeys(published, factsFor(PAGE, { headers })).headers[SURROGATE_KEY_HEADER],
      ).toBeUndefined()
    expect(withSurrogateKeys(published, undefined)).toBe(published)
  })

  it('takes back what may show a change’s predecessor: a key advanced during the render, or reads behind', () => {
    const versions = liveVersions()
    const facts = factsFor(PAGE, { versions, shown: shownOf([documentKey('posts', 12)]) })
    versions.advance([documentKey('posts', 99)]) // not shown: still current
    expect(withSurrogateKeys(published, facts).headers[SURROGATE_KEY_HEADER]).toBeDefined()
    versions.advance([documentKey('posts', 12)])
    const stale = withSurrogateKeys(published, facts)
    expect(stale.headers['cache-control']).toBe(NEVER_STORED)
    expect(stale.headers[SURROGATE_KEY_HEADER]).toBeUndefined()
    // Behind the change feed or a replica: no stamp, nothing that shows content is shared.
    const behind = new ContentVersions()
    expect(withSurrogateKeys(published, factsFor(PAGE, { versions: behind })).headers).toEqual(
      expect.objectContaining({ 'cache-control': NEVER_STORED }),
    )
    // What shows no content is current whatever the reads.
    const icon = { status: 200, headers: { 'cache-control': 'public, max-age=3600' } }
    const iconFacts = sharedCacheFactsOf('GET', '/icon.svg', {}, 'other', () => undefined, behind)
    expect(withSurrogateKeys(icon, iconFacts).headers[SURROGATE_KEY_HEADER]).toBe('all')
    // robots.txt states the agent access policy: behind the feed, it is not shared either.
    const robotsFacts = sharedCacheFactsOf(
      'GET',
      '/robots.txt',
      {},
      'robots',
      () => undefined,
      behind,
    )
    expect(withSurrogateKeys(icon, robotsFacts).headers['cache-control']).toBe(NEVER_STORED)
    // A render begun after the change is shared again.
    versions.advance(EVERYTHING)
    expect(withSurrogateKeys(published, facts).headers['cache-control']).toBe(NEVER_STORED)
    expect(
      withSurrogateKeys(published, factsFor(PAGE, { versions })).headers['cache-control'],
    ).toBe(PUBLISHED_CACHE_CONTROL)
  })
})

function liveVersions(): ContentVersions {
  const versions = new ContentVersions()
  versions.setFeedConnected(true)
  return versions
}

/**
 * The server's pipeline and response cache around a stand-in page that reports showing post 7
 * (`/en/blog/shows-7`), as a document's page does.
 */
describe('surrogate keys through the response cache', () => {
  const versions = liveVersions()
  const store = new ResponseStore({ maxBytes: 1024 * 1024, maxEntryBytes: 512 * 1024, versions })
  const pipeline = responsePipeline(responseSteps(securityHeaders('https://site.test', false)))
  let renders = 0
  let server: Server

  function page(req: IncomingMessage, res: ServerResponse): void {
    renders += 1
    const slow = req.url?.includes('slow')
    setTimeout(
      () => {
        const shows = /shows-(\d+)/.exec(req.url ?? '')?.[1]
        if (shows) reportShown([documentKey('posts', Number(shows))])
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        res.setHeader('Cache-Control', PUBLISHED_CACHE_CONTROL)
        res.end(`<html>render ${renders}</html>`)
      },
      slow ? 300 : 2,
    )
  }
  const render = (req: IncomingMessage, res: ServerResponse, options = {}) =>
    renderThroughPipeline(req, res, pipeline, page, {
      ...options,
      versions,
      removeNextRuntime: false,
    })
  const cache = responseCache(store, render)

  beforeAll(async () => {
    store.resume()
    server = createServer((req, res) => {
      if (!cache.serve(req, res)) render(req, res)
    })
    await listenLocally(server)
  })
  afterAll(() => closeServer(server))

  it('stores a page with the keys it went out with, and keeps it until one of them advances', async () => {
    const path = '/en/blog/shows-7'
    const miss = await askServer(server, path)
    expect(miss.headers['x-cache']).toBe('MISS')
    const keys = String(miss.headers[SURROGATE_KEY_HEADER]).split(' ')
    expect(keys).toContain('document.posts.7')
    expect(keys).not.toContain('list.posts')
    const hit = await askServer(server, path)
    expect(hit.headers['x-cache']).toBe('HIT')
    expect(hit.headers[SURROGATE_KEY_HEADER]).toBe(miss.headers[SURROGATE_KEY_HEADER])
    expect(hit.headers[CACHE_TAG_HEADER]).toBe(keys.join(','))
    // A change to a key it does not carry leaves it; one to a key it carries drops it.
    versions.advance([documentKey('posts', 8), listKey('posts')])
    expect((await askServer(server, path)).headers['x-cache']).toBe('HIT')
    versions.advance([documentKey('posts', 7)])
    const after = await askServer(server, path)
    expect(after.headers['x-cache']).toBe('MISS')
  })

  it('sends an answer standing in for its new version with no keys', async () => {
    const path = '/en/blog/shows-9-slow'
    await askServer(server, path)
    versions.advance([documentKey('posts', 9)])
    const rendered = renders
    // One reader renders the new version (slowly); the next is answered by the superseded one.
    const rendering = askServer(server, path)
    while (renders === rendered) await new Promise((resolve) => setTimeout(resolve, 1))
    const stale = await askServer(server, path)
    expect(stale.headers['x-cache']).toBe('STALE')
    expect(stale.headers['cache-control']).toBe(NEVER_STORED)
    expect(stale.headers[SURROGATE_KEY_HEADER]).toBeUndefined()
    expect(stale.headers[CACHE_TAG_HEADER]).toBeUndefined()
    expect((await rendering).headers[SURROGATE_KEY_HEADER]).toContain('document.posts.9')
  })
})
