import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { startApp, type AppServer } from '../support/app-server'
import { createDocument, uniqueSlug } from '../support/factories'
import { comparableBody } from '../support/comparable-body'
import { nextRequestHeaders } from '../support/next-headers'
import { cacheableUrls as publishedUrls } from '../support/published-surfaces'

/**
 * The response cache in front of Next.js against a production build: no request an anonymous
 * client can send replaces what every visitor gets, and no spelling of a URL forces a render.
 * Each test runs on an instance of its own, so its cache starts empty.
 */
let app: AppServer
let slug: string
let postId: number

beforeAll(async () => {
  slug = uniqueSlug('cache-poison')
  ;({ id: postId } = await createDocument('posts', {
    status: 'published',
    slug,
    title: { en: 'Cache poisoning probe', es: 'Sonda de envenenamiento' },
  }))
  app = await startApp(`response-cache-${process.env.TEST_RUN_ID ?? 'main'}`, inject('appEnv'))
})

afterAll(async () => {
  await app?.stop()
})

const cacheableUrls = () => publishedUrls({ slug, id: postId })

/** A body as every visitor must get it, whichever instance rendered it (see comparableBody). */
const sameSite = comparableBody

interface Read {
  status: number
  type: string | null
  cache: string | null
  body: string
}

async function read(path: string, headers: Record<string, string> = {}): Promise<Read> {
  const response = await fetch(`${app.url}${path}`, { headers, redirect: 'manual' })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('x-cache'),
    body: await response.text(),
  }
}

describe('cache poisoning', () => {
  it("is impossible with any of Next.js's internal request headers", async () => {
    const headers = nextRequestHeaders()
    expect(headers.length).toBeGreaterThanOrEqual(20)
    // The shared instance has rendered these before: what every visitor must keep getting.
    const expected = new Map<string, Read>()
    for (const path of cacheableUrls()) {
      const response = await fetch(`${inject('baseUrl')}${path}`)
      expect(response.status, path).toBe(200)
      expected.set(path, {
        status: 200,
        type: response.headers.get('content-type'),
        cache: null,
        body: sameSite(await response.text(), inject('baseUrl')),
      })
    }
    // The cache of this instance is empty: each crafted request would be the one that fills it.
    for (const path of cacheableUrls()) {
      const crafted = await Promise.all(headers.map((name) => read(path, { [name]: '1' })))
      crafted.forEach((answer, index) =>
        expect(answer.cache, `${headers[index]} on ${path}`).not.toBe('HIT'),
      )
      const first = await read(path)
      const second = await read(path)
      expect(second.cache, path).toBe('HIT')
      // Other suites publish meanwhile (site settings change every page): what a visitor must
      // get is what the shared instance answers now, if that moved on since it was first read.
      const current = async () =>
        sameSite(await (await fetch(`${inject('baseUrl')}${path}`)).text(), inject('baseUrl'))
      for (const answer of [first, second]) {
        expect(answer.status, path).toBe(200)
        expect(answer.type, path).toBe(expected.get(path)!.type)
        const body = sameSite(answer.body, app.url)
        if (body !== expected.get(path)!.body) expect(body, path).toBe(await current())
      }
    }
  }, 180_000)

  it('is impossible through a cached URL answered privately', async () => {
    // Next.js answers a middleware prefetch with `{}` marked private: never kept, never served.
    const path = '/es/blog.md'
    const prefetch = await read(path, { 'x-middleware-prefetch': '1' })
    expect(prefetch.cache).toBeNull()
    const page = await read(path)
    expect(page.body).not.toBe('{}')
    expect(page.type).toMatch(/^text\/markdown/)
  })

  it('keeps the application’s own caching headers on stored copies', async () => {
    for (const path of ['/robots.txt', '/api/posts?limit=3', '/en']) {
      const miss = await fetch(`${app.url}${path}`)
      const hit = await fetch(`${app.url}${path}`)
      expect(hit.headers.get('x-cache'), path).toBe('HIT')
      expect(hit.headers.get('cache-control'), path).toBe(miss.headers.get('cache-control'))
    }
    const robots = await fetch(`${app.url}/robots.txt`)
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600')
  })
})

describe('cache keys', () => {
  it('are the parsed request, so junk parameters and re-spellings hit', async () => {
    await read('/api/posts?limit=4')
    for (const spelling of [
      '/api/posts?limit=4&x=1',
      '/api/posts?x=1,2,3,4,5,6,7,8&limit=004',
      `/api/posts?limit=4&pad=${'y'.repeat(700)}`,
      '/api/posts?page=1&limit=4&depth=1&utm_source=feed',
    ]) {
      expect((await read(spelling)).cache, spelling).toBe('HIT')
    }
    await read('/en/blog?page=1')
    for (const spelling of ['/en/blog', '/en/blog?utm_source=x', `/en/blog?z=${Date.now()}`])
      expect((await read(spelling)).cache, spelling).toBe('HIT')
    await read('/llms.txt')
    expect((await read(`/llms.txt?v=${Date.now()}`)).cache).toBe('HIT')
  })

  it('render the canonical URL, so a parameter never reaches what others get', async () => {
    const marker = `zz${Date.now()}`
    const page = await read(`/es?${marker}=1`)
    expect(page.status).toBe(200)
    expect(page.body).not.toContain(marker)
    expect((await read('/es')).body).toBe(page.body)
  })

  it('survive anonymous writes with a cookie, whatever they are answered', async () => {
    await read('/en/blog')
    expect((await read('/en/blog')).cache).toBe('HIT')
    for (const [path, contentType] of [
      ['/api/posts', 'text/plain'],
      [`/api/posts/${postId}`, 'application/json'],
      ['/api/inquiries', 'text/plain'],
      ['/api/users/logout', 'application/json'],
    ] as const) {
      await fetch(`${app.url}${path}`, {
        method: path.endsWith(String(postId)) ? 'PATCH' : 'POST',
        headers: { cookie: 'payload-token=forged', 'content-type': contentType },
        body: '{}',
      })
    }
    expect((await read('/en/blog')).cache).toBe('HIT')
  })

  it("are dropped when an editor's write succeeds", async () => {
    await read(`/api/posts/${postId}`)
    expect((await read(`/api/posts/${postId}`)).cache).toBe('HIT')
    const title = `Renamed ${Date.now()}`
    const saved = await fetch(`${app.url}/api/posts/${postId}?locale=en`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: inject('adminAuthorization') },
      body: JSON.stringify({ title }),
    })
    expect(saved.status).toBe(200)
    const after = await read(`/api/posts/${postId}?locale=en`)
    expect(JSON.parse(after.body).title).toBe(title)
  })
})

describe('the caching policy', () => {
  let uncached: AppServer

  beforeAll(async () => {
    uncached = await startApp(`response-cache-off-${process.env.TEST_RUN_ID ?? 'main'}`, {
      ...inject('appEnv'),
      RESPONSE_CACHE: 'off',
    })
  }, 120_000)

  afterAll(async () => {
    await uncached?.stop()
  })

  it('gives clients the same Cache-Control with the response cache on or off', async () => {
    const personal = { cookie: 'theme=dark' }
    const cases: [string, Record<string, string>][] = [
      ...cacheableUrls().map((path): [string, Record<string, string>] => [path, {}]),
      ...cacheableUrls().map((path): [string, Record<string, string>] => [path, personal]),
      ['/en/blog/no-such-post', {}],
      ['/en/blog/no-such-post.md', {}],
      ['/api/posts/999999999', {}],
      ['/api/posts?limit=abc', {}],
      ['/api/categories', {}],
      ['/api/health', {}],
      ['/api/media?limit=1', {}],
      ['/fr', {}],
    ]
    for (const [path, headers] of cases) {
      const label = `${path} ${JSON.stringify(headers)}`
      const off = await fetch(`${uncached.url}${path}`, { headers, redirect: 'manual' })
      const miss = await fetch(`${app.url}${path}`, { headers, redirect: 'manual' })
      const hit = await fetch(`${app.url}${path}`, { headers, redirect: 'manual' })
      expect(off.headers.get('x-cache'), label).toBeNull()
      expect(miss.status, label).toBe(off.status)
      expect(off.headers.get('cache-control'), label).toBeTruthy()
      expect(miss.headers.get('cache-control'), label).toBe(off.headers.get('cache-control'))
      expect(hit.headers.get('cache-control'), label).toBe(off.headers.get('cache-control'))
      if (off.status >= 400) expect(off.headers.get('cache-control'), label).toContain('no-store')
      if (headers.cookie) expect(off.headers.get('cache-control'), label).not.toMatch(/public/)
    }
  }, 180_000)
})
