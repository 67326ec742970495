import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { categoryKey, documentKey, EVERYTHING, listKey, SETTINGS_KEY } from '@/lib/content-version'

import { closeServer, listenLocally } from '../../tests/support/local-server'

import {
  batchesOf,
  CLOUDFLARE_TAGS_PER_PURGE,
  FASTLY_KEYS_PER_PURGE,
  PURGE_HEADER_MAX_BYTES,
  purgeTargetsOf,
  sharedCachePurger,
  type PurgeTargets,
  type PurgerOptions,
} from './targeted-purge'

/** A request the stand-in for Varnish, Cloudflare's or Fastly's API received. */
interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

/**
 * One local server standing in for every purge endpoint: it records each request and answers
 * with `answer` (200 `{"success":true}` unless a test says otherwise).
 */
let received: Received[] = []
let answer: (request: Received) => { status: number; body: string } = () => ({
  status: 200,
  body: '{"success":true}',
})
let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      }
      received.push(request)
      const { status, body } = answer(request)
      res.writeHead(status, { 'content-type': 'application/json' }).end(body)
    })
  })
  await listenLocally(server)
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => closeServer(server))

afterEach(() => {
  received = []
  answer = () => ({ status: 200, body: '{"success":true}' })
})

const quiet = { info: vi.fn(), warn: vi.fn() }

function purger(targets: PurgeTargets, options: PurgerOptions = {}) {
  quiet.info.mockClear()
  quiet.warn.mockClear()
  return sharedCachePurger(targets, { debounceMs: 10, log: quiet, ...options })
}

/** `count` distinct post keys. */
const postKeys = (count: number) =>
  Array.from({ length: count }, (_, index) => documentKey('posts', index + 1))

describe('purging Varnish', () => {
  it('sends each Varnish one PURGE naming the keys of the changes heard together', async () => {
    const varnish = purger({ kind: 'varnish', varnishUrls: [`${base}/a`, `${base}/b`] })
    varnish.changed([documentKey('posts', 12), listKey('posts')])
    varnish.changed([listKey('posts'), SETTINGS_KEY])
    await varnish.whenIdle()
    expect(received.map(({ method, url }) => `${method} ${url}`).sort()).toEqual([
      'PURGE /a',
      'PURGE /b',
    ])
    for (const { headers } of received)
      expect(headers.xkey).toBe('document.posts.12 list.posts settings')
  })

  it('purges everything by the key every response carries', async () => {
    const varnish = purger({ kind: 'varnish', varnishUrls: [base] })
    varnish.changed([SETTINGS_KEY])
    varnish.changed(EVERYTHING)
    varnish.changed([listKey('posts')])
    await varnish.whenIdle()
    expect(received.map((request) => request.headers.xkey)).toEqual(['all'])
  })

  it('splits a long list of keys over requests within the header limit', async () => {
    const varnish = purger({ kind: 'varnish', varnishUrls: [base] })
    varnish.changed(postKeys(600))
    await varnish.whenIdle()
    expect(received.length).toBeGreaterThan(1)
    const sent = received.flatMap((request) => String(request.headers.xkey).split(' '))
    expect(new Set(sent).size).toBe(600)
    for (const request of received)
      expect(Buffer.byteLength(String(request.headers.xkey))).toBeLessThanOrEqual(
        PURGE_HEADER_MAX_BYTES,
      )
  })

  it('waits for the read replicas to replay the changes before purging', async () => {
    let current = false
    const varnish = purger(
      { kind: 'varnish', varnishUrls: [base] },
      { readsCurrent: () => current },
    )
    varnish.changed([SETTINGS_KEY])
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(received).toHaveLength(0)
    // A change heard while waiting goes in the same purge.
    varnish.changed([listKey('posts')])
    current = true
    await varnish.whenIdle()
    expect(received.map((request) => request.headers.xkey)).toEqual(['settings list.posts'])
  })

  it('purges anyway once replicas have been behind for longer than it waits', async () => {
    const varnish = purger(
      { kind: 'varnish', varnishUrls: [base] },
      { readsCurrent: () => false, readsWaitMaxMs: 100 },
    )
    varnish.changed([SETTINGS_KEY])
    await varnish.whenIdle()
    expect(received).toHaveLength(1)
    expect(quiet.warn).toHaveBeenCalledOnce()
  })

  it('falls back to the purge-everything endpoint when a purge fails, and never throws', async () => {
    answer = ({ url }) =>
      url === '/varnish' ? { status: 503, body: 'down' } : { status: 200, body: '{}' }
    const varnish = purger({
      kind: 'varnish',
      varnishUrls: [`${base}/varnish`, 'http://127.0.0.1:1/'],
      everything: { url: `${base}/everything`, token: 'secret' },
    })
    varnish.changed([SETTINGS_KEY])
    await varnish.whenIdle()
    const everything = received.find((request) => request.url === '/everything')
    expect(everything?.method).toBe('POST')
    expect(everything?.headers.authorization).toBe('Bearer secret')
    expect(JSON.parse(everything!.body)).toEqual({ purge_everything: true })
    expect(quiet.warn).toHaveBeenCalled()
    expect(quiet.info).toHaveBeenCalledWith({ kind: 'varnish' }, expect.any(String))
  })

  it('drops what waits once closed', async () => {
    const varnish = purger({ kind: 'varnish', varnishUrls: [base] })
    varnish.changed([SETTINGS_KEY])
    varnish.close()
    varnish.changed([listKey('posts')])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(received).toHaveLength(0)
  })
})

describe("purging Cloudflare's and Fastly's caches", () => {
  it("posts the tags to Cloudflare's purge_cache, at most its limit a request", async () => {
    const cloudflare = purger({
      kind: 'cloudflare',
      cloudflare: { zoneId: 'zone-1', apiToken: 'cf-token', apiUrl: `${base}/client/v4` },
    })
    cloudflare.changed(postKeys(CLOUDFLARE_TAGS_PER_PURGE * 2 + 50))
    await cloudflare.whenIdle()
    expect(received).toHaveLength(3)
    const tags = received.flatMap((request) => {
      expect(request.method).toBe('POST')
      expect(request.url).toBe('/client/v4/zones/zone-1/purge_cache')
      expect(request.headers.authorization).toBe('Bearer cf-token')
      const { tags } = JSON.parse(request.body) as { tags: string[] }
      expect(tags.length).toBeLessThanOrEqual(CLOUDFLARE_TAGS_PER_PURGE)
      return tags
    })
    expect(new Set(tags).size).toBe(CLOUDFLARE_TAGS_PER_PURGE * 2 + 50)
    expect(tags).toContain('document.posts.1')
  })

  it('takes a refusal Cloudflare answers with 200 for a failure', async () => {
    answer = ({ url }) =>
      url.endsWith('/purge_cache')
        ? { status: 200, body: '{"success": false, "errors": [{"code": 1134}]}' }
        : { status: 200, body: '{}' }
    const cloudflare = purger({
      kind: 'cloudflare',
      cloudflare: { zoneId: 'z', apiToken: 't', apiUrl: base },
      everything: { url: `${base}/everything` },
    })
    cloudflare.changed([SETTINGS_KEY])
    await cloudflare.whenIdle()
    expect(received.map((request) => request.url)).toEqual(['/zones/z/purge_cache', '/everything'])
  })

  it('sends Fastly the keys in a Surrogate-Key header, with its Fastly-Key', async () => {
    const fastly = purger({
      kind: 'fastly',
      fastly: { serviceId: 'svc', apiToken: 'fastly-token', apiUrl: base },
    })
    // Short keys: its count limit applies before the header's length.
    fastly.changed(
      Array.from({ length: FASTLY_KEYS_PER_PURGE + 10 }, (_, index) => categoryKey(index)),
    )
    await fastly.whenIdle()
    expect(received).toHaveLength(2)
    for (const request of received) {
      expect(`${request.method} ${request.url}`).toBe('POST /service/svc/purge')
      expect(request.headers['fastly-key']).toBe('fastly-token')
    }
    const keys = received.map((request) => String(request.headers['surrogate-key']).split(' '))
    expect(keys.map((batch) => batch.length).sort((a, b) => b - a)).toEqual([
      FASTLY_KEYS_PER_PURGE,
      10,
    ])
  })

  it('purges everything at every change when that is all it has', async () => {
    for (const kind of ['everything', undefined] as const) {
      const everything = purger({ kind, everything: { url: `${base}/everything` } })
      everything.changed([SETTINGS_KEY])
      await everything.whenIdle()
    }
    expect(received.map((request) => request.url)).toEqual(['/everything', '/everything'])
  })

  it('sends nothing without a purge configured', async () => {
    for (const targets of [{}, { kind: 'varnish' }, { kind: 'cloudflare' }] as PurgeTargets[]) {
      const none = purger(targets)
      none.changed([SETTINGS_KEY])
      await none.whenIdle()
    }
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(received).toHaveLength(0)
  })
})

describe('batchesOf', () => {
  it('keeps keys in order within a count and a joined length', () => {
    expect(batchesOf(['aa', 'bb', 'cc', 'dd', 'ee'], Infinity, 2, ' ')).toEqual([
      ['aa', 'bb'],
      ['cc', 'dd'],
      ['ee'],
    ])
    expect(batchesOf(['aa', 'bb', 'cc'], 5, Infinity, ' ')).toEqual([['aa', 'bb'], ['cc']])
    expect(batchesOf(['toolong', 'a'], 3, Infinity, ' ')).toEqual([['toolong'], ['a']])
    expect(batchesOf([], 10, 10, ' ')).toEqual([])
  })
})

describe('the purge settings', () => {
  const original = { ...process.env }
  afterEach(() => {
    process.env = { ...original }
  })

  async function loadEnv(values: Record<string, string>) {
    vi.resetModules()
    process.env = { ...original, NODE_ENV: 'test', ...values }
    return (await import('@/env')).env
  }

  it('names what a purge kind needs when it is missing', async () => {
    await expect(loadEnv({ CDN_PURGE_KIND: 'varnish' })).rejects.toThrow(/VARNISH_PURGE_URLS/)
    await expect(
      loadEnv({ CDN_PURGE_KIND: 'cloudflare', CLOUDFLARE_ZONE_ID: 'z' }),
    ).rejects.toThrow(/CLOUDFLARE_API_TOKEN: required with CDN_PURGE_KIND=cloudflare/)
    await expect(loadEnv({ CDN_PURGE_KIND: 'fastly' })).rejects.toThrow(/FASTLY_SERVICE_ID/)
    await expect(loadEnv({ CDN_PURGE_KIND: 'everything' })).rejects.toThrow(/CDN_PURGE_URL/)
    await expect(loadEnv({ CDN_PURGE_KIND: 'akamai' })).rejects.toThrow(/CDN_PURGE_KIND/)
    await expect(
      loadEnv({ CDN_PURGE_KIND: 'varnish', VARNISH_PURGE_URLS: 'varnish:80' }),
    ).rejects.toThrow(/VARNISH_PURGE_URLS: must be comma-separated http/)
  })

  it('reads the Varnish addresses and the CDN settings as the purger takes them', async () => {
    const env = await loadEnv({
      CDN_PURGE_KIND: 'varnish',
      VARNISH_PURGE_URLS: 'http://varnish-1:80/, http://varnish-2',
      CDN_PURGE_URL: 'https://api.cdn.example/purge',
      CDN_PURGE_TOKEN: 'token',
    })
    expect(purgeTargetsOf(env)).toEqual({
      kind: 'varnish',
      varnishUrls: ['http://varnish-1:80/', 'http://varnish-2'],
      cloudflare: undefined,
      fastly: undefined,
      everything: { url: 'https://api.cdn.example/purge', token: 'token' },
    })
    const cloudflare = await loadEnv({
      CDN_PURGE_KIND: 'cloudflare',
      CLOUDFLARE_ZONE_ID: 'zone',
      CLOUDFLARE_API_TOKEN: 'cf',
      FASTLY_SERVICE_ID: '',
    })
    expect(purgeTargetsOf(cloudflare)).toMatchObject({
      kind: 'cloudflare',
      cloudflare: { zoneId: 'zone', apiToken: 'cf' },
      fastly: undefined,
    })
  })
})
