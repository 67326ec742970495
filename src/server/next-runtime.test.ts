import { createHash } from 'node:crypto'
import { gunzipSync, gzipSync } from 'node:zlib'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { responseCache } from '@/cache/response-cache'
import { ResponseStore } from '@/cache/store'
import { PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'
import { securityHeaders } from '@/http/security-headers'
import { ContentVersions } from '@/lib/content-version'

import { askServer, closeServer, listenLocally } from '../../tests/support/local-server'

import { withoutNextRuntime } from './next-runtime'
import {
  renderThroughPipeline,
  responsePipeline,
  responseSteps,
  type RenderOptions,
} from './response-pipeline'

/** What a page is without the runtime: markup, styles, font, JSON-LD, React's reveal script. */
const PAGE_HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/0a1b.css" data-precedence="next"/>' +
  '<link rel="preload" href="/_next/static/media/inter.p.woff2" as="font" crossorigin="" type="font/woff2"/>' +
  '<link rel="icon" href="/icon-4usi79.svg?icon.0f43.svg" sizes="any" type="image/svg+xml"/>'
const PAGE_BODY =
  '<body><main id="content"><h1>Hello</h1><a href="/en/blog">Blog</a>' +
  `<p>${'Words worth compressing. '.repeat(60)}</p>` +
  '<script type="application/ld+json">{"@type":"Article"}</script>' +
  '<form id="contact-form"><script>(function(f){})(document.currentScript)</script></form>' +
  '</main><div hidden id="S:0"><p>late</p></div><script>$RC("B:0","S:0")</script>'
/** What only the runtime uses: its scripts, their preloads, the data they read. */
const RUNTIME_HEAD =
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/turbopack-9f.js"/>' +
  '<script src="/_next/static/chunks/4c2d.js" async=""></script>' +
  '<script src="/_next/static/chunks/polyfills-42.js" noModule=""></script>'
const RUNTIME_BODY =
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
  '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:I[\\u003c/script\\u003e]\\n"])</script>' +
  '<script>self.__next_f.push([1,"3:[\\"$\\",\\"h1\\",null,{}]\\n"])</script>' +
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/39.js"],"runtimeModuleIds":[494553]});</script>'

const WITH_RUNTIME = `${PAGE_HEAD}${RUNTIME_HEAD}</head>${PAGE_BODY}${RUNTIME_BODY}</body></html>`
const WITHOUT_RUNTIME = `${PAGE_HEAD}</head>${PAGE_BODY}</body></html>`

describe('withoutNextRuntime', () => {
  it("takes out the runtime's scripts, their preloads and the flight data, and nothing else", () => {
    expect(withoutNextRuntime(WITH_RUNTIME)).toBe(WITHOUT_RUNTIME)
  })

  it('leaves a page without the runtime as it is', () => {
    expect(withoutNextRuntime(WITHOUT_RUNTIME)).toBe(WITHOUT_RUNTIME)
  })
})

/**
 * Next.js in miniature: the page streamed in pieces, as Next writes it (headers flushed before
 * the first piece), compressed when the request accepts it.
 */
function fakeNext(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0]!
  if (path === '/api/health') {
    res.setHeader('Content-Type', 'application/json')
    return void res.end('{"status":"ok","note":"<script src=\\"/_next/static/x.js\\"></script>"}')
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  if (req.method === 'HEAD' && path === '/fr') {
    // Next ends a HEAD of its not-found page with a null body.
    res.statusCode = 404
    return void res.end(null)
  }
  res.setHeader('Cache-Control', PUBLISHED_CACHE_CONTROL)
  // A validator of the bytes Next wrote, which are not the bytes that go out.
  res.setHeader('ETag', '"as-next-wrote-it"')
  if (/gzip/.test(req.headers['accept-encoding'] ?? '')) {
    res.setHeader('Content-Encoding', 'gzip')
    res.flushHeaders()
    return void res.end(gzipSync(WITH_RUNTIME))
  }
  const pieces = [WITH_RUNTIME.slice(0, 150), WITH_RUNTIME.slice(150, 700), WITH_RUNTIME.slice(700)]
  let next = 0
  const writeNext = () => {
    // As Next's compression does on its first write (`_implicitHeader`), after the flush.
    if (next === 0) res.flushHeaders()
    if (next === 0 && !res.headersSent) res.writeHead(res.statusCode)
    if (next < pieces.length - 1) {
      res.write(pieces[next++])
      setTimeout(writeNext, 1)
    } else res.end(pieces[next])
  }
  setTimeout(writeNext, 1)
}

/** The project's server in miniature: the cache in front, the pipeline and the rewrite on renders. */
function siteServer(withCache: boolean): Server {
  const versions = new ContentVersions()
  versions.setFeedConnected(true)
  const store = new ResponseStore({ maxBytes: 1024 * 1024, maxEntryBytes: 512 * 1024, versions })
  store.resume()
  const pipeline = responsePipeline(responseSteps(securityHeaders('https://site.test', false)))
  const render = (req: IncomingMessage, res: ServerResponse, options: RenderOptions = {}) =>
    renderThroughPipeline(req, res, pipeline, fakeNext, options)
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

async function get(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  const answer = await askServer(server, path, headers, method)
  return { ...answer, body: answer.bytes.toString('utf8') }
}

describe('pages sent without the runtime', () => {
  it("sends a site page's HTML without it, with or without the response cache", async () => {
    const off = await get(uncached, '/en/blog/post')
    expect(off.status).toBe(200)
    expect(off.body).toBe(WITHOUT_RUNTIME)
    const miss = await get(cached, '/en/blog/post')
    const hit = await get(cached, '/en/blog/post')
    expect(hit.headers['x-cache']).toBe('HIT')
    for (const answer of [miss, hit]) expect(answer.body).toBe(WITHOUT_RUNTIME)
  })

  it('stores, validates and measures the bytes it sends', async () => {
    await get(cached, '/en/contact')
    const hit = await get(cached, '/en/contact')
    const sent = Buffer.from(WITHOUT_RUNTIME)
    expect(hit.headers['content-length']).toBe(String(sent.length))
    expect(hit.headers.etag).toBe(`"${createHash('sha1').update(sent).digest('base64url')}"`)
    const off = await get(uncached, '/en/contact')
    expect(off.headers.etag).toBeUndefined()
  })

  it('has the page rendered uncompressed, and compresses it once rewritten', async () => {
    for (const server of [uncached, cached]) {
      const gzip = await get(server, '/en/blog/other', { 'accept-encoding': 'gzip' })
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(gzip.headers['content-length']).toBe(String(gzip.bytes.length))
      expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(WITHOUT_RUNTIME)
    }
  })

  it('keeps the runtime in the admin and in draft preview', async () => {
    expect((await get(uncached, '/admin/collections/posts')).body).toBe(WITH_RUNTIME)
    const preview = { cookie: 'payload-token=abc; __prerender_bypass=123' }
    expect((await get(uncached, '/en/blog/post', preview)).body).toBe(WITH_RUNTIME)
    expect((await get(cached, '/en/blog/post', preview)).body).toBe(WITH_RUNTIME)
    expect((await get(uncached, '/en', { cookie: 'payload-token=abc' })).body).toBe(WITHOUT_RUNTIME)
  })

  it('leaves what is not HTML as it was written', async () => {
    const health = await get(uncached, '/api/health')
    expect(health.body).toContain('/_next/static/x.js')
  })

  it('answers HEAD with the head alone', async () => {
    const head = await get(uncached, '/en', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  it('answers a HEAD that Next ends with a null body', async () => {
    for (const server of [uncached, cached]) {
      const head = await get(server, '/fr', {}, 'HEAD')
      expect(head.status).toBe(404)
      expect(head.body).toBe('')
    }
  })
})
