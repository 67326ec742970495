import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { keepVaryAccept } from '@/markdown/vary'

import { responseCache } from './response-cache'
import { ResponseStore } from './store'

/**
 * A stand-in for Next.js behind the cache, written the way Next writes: headers one by one, the
 * body in several chunks, the head completed implicitly. `?status=`, `?cookie=` and `?delay=`
 * change what it answers; every render is counted.
 */
let renders = 0
let version = 'v1'
const store = new ResponseStore({ maxBytes: 1024 * 1024, maxEntryBytes: 512 * 1024 })
function render(req: IncomingMessage, res: ServerResponse): void {
  renders += 1
  keepVaryAccept(res)
  const url = new URL(req.url ?? '/', 'http://localhost')
  const rendered = version
  setTimeout(
    () => {
      res.statusCode = Number(url.searchParams.get('status') ?? 200)
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate')
      res.setHeader('Link', '</en.md>; rel="alternate"; type="text/markdown"')
      res.setHeader('Vary', 'rsc')
      res.setHeader('X-Seen-Encoding', String(req.headers['accept-encoding'] ?? ''))
      if (url.searchParams.has('cookie')) res.setHeader('Set-Cookie', 'a=b')
      res.write(`<html>${rendered} `)
      res.write(Buffer.from('x'.repeat(2_000)))
      res.end(`${req.headers.cookie ?? ''}${req.headers.authorization ?? ''}</html>`)
    },
    Number(url.searchParams.get('delay') ?? 0),
  )
}
const serveCached = responseCache(store, render)

let server: Server
let port: number

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!serveCached(req, res)) render(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  store.resume()
  renders = 0
  version = 'v1'
})

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

function fetchRaw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

describe('responseCache', () => {
  it('renders a page once and answers later requests with the same bytes', async () => {
    const miss = await fetchRaw('/en')
    const hit = await fetchRaw('/en')
    expect(renders).toBe(1)
    expect(miss.headers['x-cache']).toBe('MISS')
    expect(hit.headers['x-cache']).toBe('HIT')
    expect(hit.body.equals(miss.body)).toBe(true)
    expect(hit.body.toString()).toMatch(/^<html>v1 x+<\/html>$/)
    for (const answer of [miss, hit]) {
      expect(answer.headers['content-length']).toBe(String(miss.body.length))
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/)
      expect(answer.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/)
      // Next's Vary is kept, with Accept (the twin) and Accept-Encoding (compressed hits) added.
      expect(answer.headers.vary).toBe('rsc, Accept, Accept-Encoding')
    }
    expect({ ...miss.headers, 'x-cache': '', date: '' }).toEqual({
      ...hit.headers,
      'x-cache': '',
      date: '',
    })
  })

  it('renders uncompressed and compresses once per encoding, the miss included', async () => {
    const br = await fetchRaw('/en/blog', { 'accept-encoding': 'gzip, br' })
    expect(br.headers['x-cache']).toBe('MISS')
    expect(br.headers['x-seen-encoding']).toBe('')
    const plain = await fetchRaw('/en/blog')
    const gzip = await fetchRaw('/en/blog', { 'accept-encoding': 'gzip' })
    expect(renders).toBe(1)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.headers['content-encoding']).toBe('br')
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3)
  })

  it('answers If-None-Match with 304 without rendering', async () => {
    const first = await fetchRaw('/en/case-studies')
    const again = await fetchRaw('/en/case-studies', { 'if-none-match': first.headers.etag! })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(renders).toBe(1)
    const changed = await fetchRaw('/en/case-studies', { 'if-none-match': '"other"' })
    expect(changed.status).toBe(200)
  })

  it('renders a stampede of concurrent misses once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetchRaw('/en/contact?delay=50')),
    )
    expect(renders).toBe(1)
    expect(new Set(answers.map((answer) => answer.body.toString())).size).toBe(1)
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'MISS')).toHaveLength(1)
  })

  it('serves fresh content after an invalidation, never what was rendered before it', async () => {
    await fetchRaw('/es')
    version = 'v2'
    store.invalidate()
    expect((await fetchRaw('/es')).body.toString()).toContain('v2')

    // A render that started before the invalidation finishes after it: it is not kept.
    const slow = fetchRaw('/es/blog?delay=100')
    await new Promise((resolve) => setTimeout(resolve, 20))
    version = 'v3'
    store.invalidate()
    expect((await slow).body.toString()).toContain('v2')
    expect((await fetchRaw('/es/blog?delay=0')).body.toString()).toContain('v3')
    expect((await fetchRaw('/es/blog?delay=100')).body.toString()).toContain('v3')
  })

  it('never stores or serves personal requests, and marks their responses private', async () => {
    await fetchRaw('/en')
    const signedIn = await fetchRaw('/en', { cookie: 'payload-token=abc' })
    const withKey = await fetchRaw('/en', { authorization: 'users API-Key k' })
    expect(renders).toBe(3)
    expect(signedIn.body.toString()).toContain('payload-token=abc')
    expect(signedIn.headers['x-cache']).toBeUndefined()
    expect(signedIn.headers['cache-control']).toMatch(/^private/)
    expect(withKey.body.toString()).toContain('API-Key k')
    expect((await fetchRaw('/en')).body.toString()).not.toMatch(/payload-token|API-Key/)
    expect(renders).toBe(3)
  })

  it("drops the cache when an editor's write is answered", async () => {
    await fetchRaw('/en/blog')
    await fetchRaw('/api/posts', { authorization: 'users API-Key k' }, 'POST')
    expect(renders).toBe(2)
    await fetchRaw('/en/blog')
    expect(renders).toBe(3)
    // Anonymous writes (inquiries) cannot change content and don't empty the cache.
    await fetchRaw('/api/inquiries', {}, 'POST')
    await fetchRaw('/en/blog')
    expect(renders).toBe(4)
  })

  it('keeps only plain 200 responses', async () => {
    await fetchRaw('/en/missing?status=404')
    await fetchRaw('/en/missing?status=404')
    await fetchRaw('/en?cookie=1')
    const second = await fetchRaw('/en?cookie=1')
    expect(second.headers['set-cookie']).toEqual(['a=b'])
    expect(renders).toBe(4)
  })

  it('compresses a response it does not keep, as the client accepts, keeping its own head', async () => {
    const plain = await fetchRaw('/en/missing?status=404')
    const br = await fetchRaw('/en/missing?status=404', { 'accept-encoding': 'br' })
    expect(renders).toBe(2)
    expect(br.status).toBe(404)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-length']).toBe(String(br.body.length))
    expect(br.headers.vary).toBe('rsc, Accept, Accept-Encoding')
    expect(br.headers['cache-control']).toBe(plain.headers['cache-control'])
    expect(br.headers['cache-control']).toContain('no-store')
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it('answers HEAD from a stored response but does not render one for it', async () => {
    const head = await fetchRaw('/en/blog', {}, 'HEAD')
    expect(head.headers['x-cache']).toBeUndefined()
    const get = await fetchRaw('/en/blog')
    const headHit = await fetchRaw('/en/blog', {}, 'HEAD')
    expect(headHit.headers['x-cache']).toBe('HIT')
    expect(headHit.headers['content-length']).toBe(String(get.body.length))
    expect(headHit.body.length).toBe(0)
  })

  it('passes everything through while suspended', async () => {
    store.suspend()
    await fetchRaw('/en')
    await fetchRaw('/en')
    expect(renders).toBe(2)
  })
})
