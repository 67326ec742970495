import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { responseCache } from '@/cache/response-cache'
import { ResponseStore } from '@/cache/store'
import { ContentVersions } from '@/lib/content-version'
import { MEDIA_FILE_CACHE_CONTROL, PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'
import { DECLARED_LENGTH_HEADER } from '@/http/declared-length'
import { setResponseStatus, type StatusSlot } from '@/http/response-status'
import { securityHeaders } from '@/http/security-headers'

import { askServer, closeServer, listenLocally } from '../../tests/support/local-server'

import {
  renderThroughPipeline,
  responsePipeline,
  responseSteps,
  type RenderOptions,
  type RequestFacts,
} from './response-pipeline'

const SECURITY_HEADERS = securityHeaders('https://site.test', false)
const steps = responseSteps(SECURITY_HEADERS)
const pipeline = responsePipeline(steps)

const TWIN_LINK = '</en.md>; rel="alternate"; type="text/markdown"'

function facts(overrides: Partial<RequestFacts> = {}): RequestFacts {
  return {
    surface: 'pages',
    admin: false,
    personal: false,
    takesAskedStatus: true,
    adminAction: false,
    statusSlot: {},
    ...overrides,
  }
}

describe('the response pipeline', () => {
  it('applies its steps in this order', () => {
    expect(steps.map((step) => step.name)).toEqual([
      'page-status',
      'action-refusal',
      'declared-length',
      'admin-only-headers',
      'vary-accept',
      'security-headers',
      'agent-access',
      'caching-policy',
      'shared-cache-keys',
    ])
  })

  it('keeps no page that asked for a 404, because the status is set before the policy looks', () => {
    const statusSlot: StatusSlot = { status: 404 }
    const rendered = { status: 200, headers: { 'cache-control': PUBLISHED_CACHE_CONTROL } }
    const out = pipeline.finalize(rendered, facts({ statusSlot }))
    expect(out.status).toBe(404)
    expect(out.headers['cache-control']).toBe('no-store')
    // The other way round, the policy would have let shared caches keep the not-found page.
    const reversed = responsePipeline([...steps].reverse()).finalize(
      rendered,
      facts({ statusSlot }),
    )
    expect(reversed.status).toBe(404)
    expect(reversed.headers['cache-control']).toBe(PUBLISHED_CACHE_CONTROL)
  })

  it("leaves the admin's own headers in the admin, and a router request's status alone", () => {
    const rendered = {
      status: 200,
      headers: { 'accept-ch': 'Sec-CH-Prefers-Color-Scheme', 'cache-control': 'no-store' },
    }
    expect(pipeline.finalize(rendered, facts({ surface: 'admin', admin: true })).headers).toEqual(
      expect.objectContaining({ 'accept-ch': 'Sec-CH-Prefers-Color-Scheme' }),
    )
    expect(pipeline.finalize(rendered, facts()).headers['accept-ch']).toBeUndefined()
    const rsc = facts({ takesAskedStatus: false, statusSlot: { status: 404 } })
    expect(pipeline.finalize(rendered, rsc).status).toBe(200)
  })
})

/**
 * A stand-in for Next.js, written the way Next writes (headers one by one, the head completed
 * implicitly, a page's status asked for while it renders), answering each path like its surface.
 */
function fakeNext(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0]!
  setTimeout(() => {
    const html = (cacheControl: string) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.setHeader('Cache-Control', cacheControl)
      res.setHeader('Link', TWIN_LINK)
      // What Next.js and Payload leave on every page.
      res.setHeader('Vary', 'rsc, Sec-CH-Prefers-Color-Scheme')
      res.setHeader('Accept-CH', 'Sec-CH-Prefers-Color-Scheme')
      res.setHeader('x-middleware-rewrite', 'http://localhost:3000/en')
    }
    switch (path) {
      case '/en':
        html(PUBLISHED_CACHE_CONTROL)
        return res.end(`<html>${'x'.repeat(2_000)}</html>`)
      case '/en/blog/missing':
        html(PUBLISHED_CACHE_CONTROL)
        setResponseStatus(404)
        return res.end('<html>not found</html>')
      case '/es/blog/missing':
        setResponseStatus(404)
        return res
          .writeHead(200, 'OK', { 'Content-Type': 'text/html', 'Cache-Control': 'no-cache' })
          .end('<html>no encontrado</html>')
      case '/en.md':
        res.setHeader('Content-Type', 'text/markdown; charset=utf-8')
        res.setHeader('Cache-Control', PUBLISHED_CACHE_CONTROL)
        res.setHeader(DECLARED_LENGTH_HEADER, '7')
        return res.end('# Hello')
      case '/robots.txt':
        res.setHeader('Content-Type', 'text/plain')
        res.setHeader('Cache-Control', 'public, max-age=3600')
        return res.end('User-agent: *')
      case '/api/media/file/photo.png':
        res.setHeader('Content-Type', 'image/png')
        res.setHeader('Cache-Control', MEDIA_FILE_CACHE_CONTROL.public)
        res.setHeader(DECLARED_LENGTH_HEADER, '3')
        return res.end('png')
      case '/api/users/me':
        // Were Payload ever to say its answer may be shared, the policy takes it back.
        res.setHeader('Content-Type', 'application/json')
        res.setHeader('Cache-Control', 'public, max-age=60')
        return res.end('{}')
      case '/api/health':
        res.setHeader('Content-Type', 'application/json')
        return res.end('{"status":"ok"}')
      default:
        res.statusCode = 404
        res.setHeader('Content-Type', 'text/html')
        return res.end('nothing')
    }
  }, 2)
}

/** The project's server in miniature: the cache in front, the pipeline on every render. */
function siteServer(withCache: boolean): Server {
  const versions = new ContentVersions()
  versions.setFeedConnected(true)
  const store = new ResponseStore({ maxBytes: 1024 * 1024, maxEntryBytes: 512 * 1024, versions })
  store.resume()
  const render = (req: IncomingMessage, res: ServerResponse, options: RenderOptions = {}) => {
    res.setHeader('x-request-id', 'id')
    renderThroughPipeline(req, res, pipeline, fakeNext, {
      ...options,
      written: (head) => cache?.headWritten(req, head.status),
      versions,
    })
  }
  const cache = withCache ? responseCache(store, render) : null
  return createServer((req, res) => {
    if (!cache?.serve(req, res)) render(req, res)
  })
}

let cached: Server
let uncached: Server

beforeAll(async () => {
  cached = siteServer(true)
  uncached = siteServer(false)
  await Promise.all([listenLocally(cached), listenLocally(uncached)])
})

afterAll(async () => {
  await Promise.all([closeServer(cached), closeServer(uncached)])
})

const get = askServer

/** What a client sees of a response that the cache may not change. */
function visible({ status, headers }: { status: number; headers: IncomingHttpHeaders }) {
  return {
    status,
    cacheControl: headers['cache-control'],
    csp: headers['content-security-policy'],
    nosniff: headers['x-content-type-options'],
    acceptCh: headers['accept-ch'],
    rewrite: headers['x-middleware-rewrite'],
    declared: headers[DECLARED_LENGTH_HEADER],
    variesByAccept: String(headers.vary ?? '')
      .split(',')
      .some((name) => name.trim().toLowerCase() === 'accept'),
    colourHint: /sec-ch/i.test(String(headers.vary ?? '')),
  }
}

describe('the pipeline in the server', () => {
  const PATHS = [
    '/en',
    '/en/blog/missing',
    '/es/blog/missing',
    '/en.md',
    '/robots.txt',
    '/api/media/file/photo.png',
    '/api/users/me',
    '/api/health',
    '/nowhere',
  ]

  it('gives hits, misses and renders without the cache the same head', async () => {
    for (const path of PATHS) {
      const off = visible(await get(uncached, path))
      const miss = await get(cached, path)
      const hit = await get(cached, path)
      expect(visible(miss), path).toEqual(off)
      expect(visible(hit), path).toEqual(off)
      expect(off.csp, path).toBeDefined()
      expect(off.acceptCh, path).toBeUndefined()
      expect(off.rewrite, path).toBeUndefined()
      expect(off.declared, path).toBeUndefined()
      expect(off.colourHint, path).toBe(false)
    }
    expect((await get(cached, '/en')).headers['x-cache']).toBe('HIT')
  })

  it('answers each surface as the caching policy says', async () => {
    const cacheControl = async (path: string, headers?: Record<string, string>) =>
      (await get(uncached, path, headers)).headers['cache-control']
    expect(await cacheControl('/en')).toBe(PUBLISHED_CACHE_CONTROL)
    expect(await cacheControl('/robots.txt')).toBe('public, max-age=3600')
    expect(await cacheControl('/api/media/file/photo.png')).toBe(MEDIA_FILE_CACHE_CONTROL.public)
    for (const kept of ['/en/blog/missing', '/es/blog/missing', '/api/users/me', '/api/health'])
      expect(await cacheControl(kept), kept).toBe('no-store')
    // A personal request's page is private, with the response cache on or off.
    const cookie = { cookie: 'payload-token=abc' }
    const mine = PUBLISHED_CACHE_CONTROL.replace('public', 'private')
    expect(await cacheControl('/en', cookie)).toBe(mine)
    expect((await get(cached, '/en', cookie)).headers['cache-control']).toBe(mine)
    // A media file says its audience itself.
    expect(await cacheControl('/api/media/file/photo.png', cookie)).toBe(
      MEDIA_FILE_CACHE_CONTROL.public,
    )
  })

  it('gives a page the status it asked for, also through an explicit writeHead(200, "OK")', async () => {
    for (const path of ['/en/blog/missing', '/es/blog/missing']) {
      expect((await get(uncached, path)).status, path).toBe(404)
      expect((await get(cached, path)).status, path).toBe(404)
    }
    expect((await get(uncached, '/en/blog/missing', { rsc: '1' })).status).toBe(200)
  })

  it('restores the declared length and keeps Vary: Accept on pages', async () => {
    const twin = await get(uncached, '/en.md')
    expect(twin.headers['content-length']).toBe('7')
    const page = await get(uncached, '/en')
    expect(page.headers.vary).toBe('rsc, Accept')
  })
})
