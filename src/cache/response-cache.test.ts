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

import { PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'
import { withVaryAccept } from '@/http/vary'
import { ContentVersions, EVERYTHING, listKey } from '@/lib/content-version'
import { reportShown } from '@/lib/shown-content'
import { renderThroughPipeline, responsePipeline } from '@/server/response-pipeline'

import { responseCache } from './response-cache'
import { ResponseStore, SUPERSEDED_SERVE_MS } from './store'

/**
 * A stand-in for Next.js behind the cache, written the way Next writes: headers one by one, the
 * body in several chunks, the head completed implicitly. Words in the path change what it
 * answers (`status-404`, `delay-50`, `set-cookie`, `untyped`, and a `Cache-Control` such as
 * `cc-private`; `shows-7` reports, as a document's page does, that it shows post 7); a
 * middleware prefetch gets Next's own `{}`. Every render is counted. It is rendered as the
 * server renders (with the response's one capture, here with one step of the server's pipeline),
 * and its head reported to the cache.
 */
let renders = 0
let version = 'v1'
const versions = new ContentVersions()
versions.setFeedConnected(true)
const store = new ResponseStore({ maxBytes: 1024 * 1024, maxEntryBytes: 512 * 1024, versions })
const CACHE_CONTROL_WORDS: Record<string, string> = {
  'cc-private': 'private, max-age=60',
  'cc-no-store': 'public, no-store',
  'cc-no-cache': 'public, no-cache',
  'cc-none': '',
  'cc-hour': 'public, max-age=3600',
}
const varyAccept = responsePipeline([
  { name: 'vary-accept', apply: (head) => withVaryAccept(head) },
])
function render(
  req: IncomingMessage,
  res: ServerResponse,
  options: Parameters<Parameters<typeof responseCache>[1]>[2] = {},
): void {
  renderThroughPipeline(req, res, varyAccept, fakeNext, {
    ...options,
    written: (head) => cache.headWritten(req, head.status),
    removeNextRuntime: false,
  })
}
function fakeNext(req: IncomingMessage, res: ServerResponse): void {
  renders += 1
  const url = req.url ?? '/'
  const rendered = version
  if (req.headers['x-middleware-prefetch']) {
    res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate')
    res.end('{}')
    return
  }
  const word = (pattern: RegExp) => pattern.exec(url)?.[1]
  if (url.includes('streamed-large')) return void renderLarge(res)
  if (url.includes('declared-large')) return void renderDeclaredLarge(res)
  if (url.includes('undeclared-medium')) return void renderMedium(res, { declared: false })
  if (url.includes('undeclared-late-large')) return void renderLateLarge(res)
  if (url.includes('declared-medium')) return void renderMedium(res, { declared: true })
  setTimeout(
    () => {
      const shows = word(/shows-(\d+)/)
      if (shows) reportShown([`document:posts:${shows}`])
      res.statusCode = Number(word(/status-(\d+)/) ?? 200)
      if (!url.includes('untyped')) res.setHeader('Content-Type', 'text/html; charset=utf-8')
      const cacheControl =
        CACHE_CONTROL_WORDS[word(/(cc-[a-z-]+)/) ?? ''] ?? PUBLISHED_CACHE_CONTROL
      if (cacheControl) res.setHeader('Cache-Control', cacheControl)
      res.setHeader('Link', '</en.md>; rel="alternate"; type="text/markdown"')
      res.setHeader('Vary', 'rsc')
      res.setHeader('X-Seen-Encoding', String(req.headers['accept-encoding'] ?? ''))
      res.setHeader('X-Seen-Url', url)
      if (url.includes('set-cookie')) res.setHeader('Set-Cookie', 'a=b')
      res.write(`<html>${rendered} `)
      res.write(Buffer.from('x'.repeat(2_000)))
      res.end(`${req.headers.cookie ?? ''}${req.headers.authorization ?? ''}</html>`)
    },
    Number(word(/delay-(\d+)/) ?? 0),
  )
}
const cache = responseCache(store, render)

/** What the client of a large streamed render saw before the render ended. */
const large = { clientSawBytes: false, sawBytesBeforeEnd: false }
const LARGE_CHUNK = 100 * 1024
const LARGE_CHUNKS = 8 // past the store's 512 KB entry cap

/** A body larger than an entry may be, written in chunks; it ends once the client saw bytes. */
async function renderLarge(res: ServerResponse): Promise<void> {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', PUBLISHED_CACHE_CONTROL)
  for (let index = 0; index < LARGE_CHUNKS; index += 1) res.write('y'.repeat(LARGE_CHUNK))
  for (let waited = 0; !large.clientSawBytes && waited < 2_000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  large.sawBytesBeforeEnd = large.clientSawBytes
  res.end('end')
}

/**
 * A body whose declared length is past the entry cap: its first chunk is small, and the rest is
 * written once the client saw bytes.
 */
async function renderDeclaredLarge(res: ServerResponse): Promise<void> {
  const body = 'z'.repeat(LARGE_CHUNK * LARGE_CHUNKS)
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', PUBLISHED_CACHE_CONTROL)
  res.setHeader('Content-Length', body.length)
  res.write(body.slice(0, 1_000))
  for (let waited = 0; !large.clientSawBytes && waited < 2_000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  large.sawBytesBeforeEnd = large.clientSawBytes
  res.end(body.slice(1_000))
}

/**
 * A body without a length, past the entry cap: a first small chunk, and the rest once the client
 * saw bytes (or after a moment, when the first chunk is held).
 */
async function renderLateLarge(res: ServerResponse): Promise<void> {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', PUBLISHED_CACHE_CONTROL)
  res.write('first ')
  for (let waited = 0; !large.clientSawBytes && waited < 300; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  large.sawBytesBeforeEnd = large.clientSawBytes
  for (let index = 0; index < LARGE_CHUNKS; index += 1) res.write('l'.repeat(LARGE_CHUNK))
  res.end('end')
}

/** A body under the entry cap, written in chunks, with its Content-Length or without one. */
function renderMedium(res: ServerResponse, { declared }: { declared: boolean }): void {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', PUBLISHED_CACHE_CONTROL)
  if (declared) res.setHeader('Content-Length', LARGE_CHUNK * MEDIUM_CHUNKS + 3)
  for (let index = 0; index < MEDIUM_CHUNKS; index += 1) res.write('m'.repeat(LARGE_CHUNK))
  res.end('end')
}
const MEDIUM_CHUNKS = 3 // 300 KB: under the store's 512 KB entry cap

let server: Server
let port: number

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!cache.serve(req, res)) render(req, res)
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

/** `fetchRaw`, noting in `large` when the client saw its first bytes. */
function fetchWatched(path: string) {
  large.clientSawBytes = false
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ port, path }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => {
        large.clientSawBytes = true
        chunks.push(chunk)
      })
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

describe('responseCache', () => {
  it('streams a body larger than an entry may be through, whole, without storing it', async () => {
    const answer = await fetchWatched('/en/blog/streamed-large')
    expect(answer.status).toBe(200)
    expect(answer.body.toString()).toBe(`${'y'.repeat(LARGE_CHUNK * LARGE_CHUNKS)}end`)
    // The first bytes went out while the render was still going: nothing held the body whole.
    expect(large.sawBytesBeforeEnd).toBe(true)
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8')
    const again = await fetchRaw('/en/blog/streamed-large')
    expect(again.headers['x-cache']).toBeUndefined()
    expect(again.body.length).toBe(LARGE_CHUNK * LARGE_CHUNKS + 3)
  })

  it('holds none of a body whose declared length is past the entry cap', async () => {
    const answer = await fetchWatched('/en/blog/declared-large')
    expect(answer.status).toBe(200)
    expect(answer.body.toString()).toBe('z'.repeat(LARGE_CHUNK * LARGE_CHUNKS))
    expect(answer.headers['content-length']).toBe(String(LARGE_CHUNK * LARGE_CHUNKS))
    // Its first chunk went out before the rest was written: not buffered on the way to the cap.
    expect(large.sawBytesBeforeEnd).toBe(true)
    expect((await fetchRaw('/en/blog/declared-large')).headers['x-cache']).toBeUndefined()
  })

  it('stores a body under the entry cap, with or without a length', async () => {
    for (const path of ['/en/blog/undeclared-medium', '/en/blog/declared-medium']) {
      const answer = await fetchRaw(path)
      expect(answer.headers['x-cache'], path).toBe('MISS')
      expect(answer.body.toString(), path).toBe(`${'m'.repeat(LARGE_CHUNK * MEDIUM_CHUNKS)}end`)
      const again = await fetchRaw(path)
      expect(again.headers['x-cache'], path).toBe('HIT')
      expect(again.body.length, path).toBe(LARGE_CHUNK * MEDIUM_CHUNKS + 3)
    }
  })

  it('holds nothing of a body without a length it found too large, until what it shows changes', async () => {
    const path = '/en/blog/undeclared-late-large'
    const whole = `first ${'l'.repeat(LARGE_CHUNK * LARGE_CHUNKS)}end`
    // The first time, its length unknown, the cache buffers it, up to the entry cap.
    expect((await fetchWatched(path)).body.toString()).toBe(whole)
    expect(large.sawBytesBeforeEnd).toBe(false)
    // Known too large: its first chunk goes out as it is written; nothing is stored.
    const again = await fetchWatched(path)
    expect(again.body.toString()).toBe(whole)
    expect(large.sawBytesBeforeEnd).toBe(true)
    expect(again.headers['x-cache']).toBeUndefined()
    // After a change to what it shows, it may fit again: buffered again.
    versions.advance([listKey('posts')])
    expect((await fetchWatched(path)).body.toString()).toBe(whole)
    expect(large.sawBytesBeforeEnd).toBe(false)
  })

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
      // The application's own caching headers are kept.
      expect(answer.headers['cache-control']).toBe(PUBLISHED_CACHE_CONTROL)
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
      Array.from({ length: 20 }, () => fetchRaw('/en/blog/delay-50')),
    )
    expect(renders).toBe(1)
    expect(new Set(answers.map((answer) => answer.body.toString())).size).toBe(1)
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'MISS')).toHaveLength(1)
  })

  /**
   * Caches `path`, publishes a change to it (v2), starts the first reader's render of its new
   * version and lets `waitMs` pass; resolves with that reader's answer still to come.
   */
  async function renderingAfterChange(path: string, waitMs: number) {
    await fetchRaw(path)
    version = 'v2'
    versions.advance([listKey('posts')])
    store.dropStale()
    const renderer = fetchRaw(path)
    await new Promise((resolve) => setTimeout(resolve, waitMs))
    return { answer: renderer }
  }

  it('answers readers with what a change just made stale while one of them renders its new version', async () => {
    // The first reader after the change renders, and gets the new version.
    const renderer = await renderingAfterChange('/en/blog/delay-60', 10)
    // Readers arriving meanwhile get the stale answer at once, labelled as such.
    const meanwhile = await fetchRaw('/en/blog/delay-60')
    expect(meanwhile.headers['x-cache']).toBe('STALE')
    expect(meanwhile.headers['cache-control']).toBe('no-store')
    expect(meanwhile.body.toString()).toContain('v1')
    // …unless they ask for a current answer: they wait for the render.
    for (const cacheControl of ['no-cache', 'max-age=0']) {
      const current = await fetchRaw('/en/blog/delay-60', { 'cache-control': cacheControl })
      expect(current.headers['x-cache']).toBe('HIT')
      expect(current.body.toString()).toContain('v2')
    }
    const rendered = await renderer.answer
    expect(rendered.headers['x-cache']).toBe('MISS')
    expect(rendered.body.toString()).toContain('v2')
    const after = await fetchRaw('/en/blog/delay-60')
    expect(after.headers['x-cache']).toBe('HIT')
    expect(after.body.toString()).toContain('v2')
    expect(renders).toBe(2)
  })

  it('makes readers wait for the new version once the stale answer has stood in long enough', async () => {
    const renderer = await renderingAfterChange('/en/blog/delay-1300', SUPERSEDED_SERVE_MS + 100)
    const late = await fetchRaw('/en/blog/delay-1300')
    expect(late.headers['x-cache']).toBe('HIT')
    expect(late.body.toString()).toContain('v2')
    expect((await renderer.answer).body.toString()).toContain('v2')
  })

  it('serves fresh content after a change, never what was rendered before it', async () => {
    await fetchRaw('/es')
    version = 'v2'
    versions.advance(EVERYTHING)
    expect((await fetchRaw('/es')).body.toString()).toContain('v2')

    // A render that started before the change finishes after it: it is not kept.
    const slow = fetchRaw('/es/blog/delay-100')
    await new Promise((resolve) => setTimeout(resolve, 20))
    version = 'v3'
    versions.advance([listKey('posts')])
    expect((await slow).body.toString()).toContain('v2')
    expect((await fetchRaw('/es/blog/delay-0')).body.toString()).toContain('v3')
    expect((await fetchRaw('/es/blog/delay-100')).body.toString()).toContain('v3')
  })

  it('drops only what depends on what changed', async () => {
    for (const path of [
      '/en/blog',
      '/en/case-studies',
      '/api/posts/7',
      '/api/posts/8',
      '/en/contact',
    ])
      await fetchRaw(path)
    expect(renders).toBe(5)
    version = 'v2'
    versions.advance([listKey('posts'), 'document:posts:7'])
    const after = async (path: string) => (await fetchRaw(path)).body.toString()
    expect(await after('/en/blog')).toContain('v2')
    expect(await after('/api/posts/7')).toContain('v2')
    expect(await after('/en/case-studies')).toContain('v1')
    expect(await after('/api/posts/8')).toContain('v1')
    expect(await after('/en/contact')).toContain('v1')
    expect(renders).toBe(7)
  })

  it('keeps a document’s page until what its render reported showing changes', async () => {
    const after = async (path: string) => (await fetchRaw(path)).body.toString()
    for (const path of ['/en/blog/shows-7', '/en/blog/shows-8', '/en/blog/reports-nothing'])
      await fetchRaw(path)
    expect(renders).toBe(3)
    version = 'v2'
    // Another post's edit: the collection's lists change, these pages do not show it.
    versions.advance([listKey('posts'), 'document:posts:9'])
    expect(await after('/en/blog/shows-7')).toContain('v1')
    expect(await after('/en/blog/shows-8')).toContain('v1')
    // A page that did not report what it shows is kept under its URL's broad keys.
    expect(await after('/en/blog/reports-nothing')).toContain('v2')
    versions.advance([listKey('posts'), 'document:posts:7'])
    expect(await after('/en/blog/shows-7')).toContain('v2')
    expect(await after('/en/blog/shows-8')).toContain('v1')
    // What every document page shows besides its report (src/cache/policy.ts).
    versions.advance(['settings'])
    expect(await after('/en/blog/shows-8')).toContain('v2')
    expect(renders).toBe(6)
  })

  it('does not join a render begun before a change to what it shows', async () => {
    const before = fetchRaw('/en/blog/delay-100')
    await new Promise((resolve) => setTimeout(resolve, 20))
    version = 'v2'
    versions.advance([listKey('posts')])
    const after = await fetchRaw('/en/blog/delay-100')
    expect(after.body.toString()).toContain('v2')
    expect((await before).body.toString()).toContain('v1')
    expect(renders).toBe(2)
  })

  it('never stores or serves personal requests', async () => {
    await fetchRaw('/en')
    const signedIn = await fetchRaw('/en', { cookie: 'payload-token=abc' })
    const withKey = await fetchRaw('/en', { authorization: 'users API-Key k' })
    expect(renders).toBe(3)
    expect(signedIn.body.toString()).toContain('payload-token=abc')
    expect(signedIn.headers['x-cache']).toBeUndefined()
    expect(withKey.body.toString()).toContain('API-Key k')
    expect((await fetchRaw('/en')).body.toString()).not.toMatch(/payload-token|API-Key/)
    expect(renders).toBe(3)
  })

  it("drops what an editor's content write changed when it succeeds, and only then", async () => {
    await fetchRaw('/en/blog')
    await fetchRaw('/en/case-studies')
    await fetchRaw('/api/posts', { authorization: 'users API-Key k' }, 'POST')
    expect(renders).toBe(3)
    await fetchRaw('/en/blog')
    expect(renders).toBe(4)
    // A write to posts changes nothing case studies show.
    expect((await fetchRaw('/en/case-studies')).headers['x-cache']).toBe('HIT')
    // Writes that change no content keep the cache: anonymous ones (inquiries), refused ones
    // however they are dressed (a stranger's cookie, a 415, a 401), writes elsewhere.
    await fetchRaw('/api/inquiries', {}, 'POST')
    await fetchRaw('/api/posts/status-415', { cookie: 'a=b' }, 'POST')
    await fetchRaw('/api/posts/1/status-401', { authorization: 'users API-Key wrong' }, 'PATCH')
    await fetchRaw('/api/inquiries', { cookie: 'a=b' }, 'POST')
    await fetchRaw('/api/users/login', { cookie: 'a=b' }, 'POST')
    expect(renders).toBe(9)
    await fetchRaw('/en/blog')
    expect(renders).toBe(9)
  })

  it('keeps only 200 responses the application marked public, with a type and no cookie', async () => {
    for (const path of [
      '/en/blog/status-404',
      '/en/blog/set-cookie',
      '/en/blog/untyped',
      '/en/blog/cc-private',
      '/en/blog/cc-no-store',
      '/en/blog/cc-no-cache',
      '/en/blog/cc-none',
    ]) {
      await fetchRaw(path)
      const second = await fetchRaw(path)
      expect(second.headers['x-cache'], path).toBeUndefined()
    }
    expect(renders).toBe(14)
    expect((await fetchRaw('/en/blog/set-cookie')).headers['set-cookie']).toEqual(['a=b'])
    // A public answer is kept with its own caching headers.
    await fetchRaw('/en/blog/cc-hour')
    const hour = await fetchRaw('/en/blog/cc-hour')
    expect(hour.headers['x-cache']).toBe('HIT')
    expect(hour.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('never answers a request that changes what Next.js renders from or into the cache', async () => {
    const page = await fetchRaw('/en')
    const prefetch = await fetchRaw('/en', { 'x-middleware-prefetch': '1' })
    expect(prefetch.body.toString()).toBe('{}')
    expect(prefetch.headers['x-cache']).toBeUndefined()
    const after = await fetchRaw('/en')
    expect(after.headers['x-cache']).toBe('HIT')
    expect(after.body.equals(page.body)).toBe(true)
    // Even when nothing is stored yet, the internal answer is not what visitors then get.
    await fetchRaw('/es', { 'x-middleware-prefetch': '1' })
    expect((await fetchRaw('/es')).body.toString()).toMatch(/^<html>v1 x+<\/html>$/)
    expect(renders).toBe(4)
  })

  it('keys requests by their canonical form and renders that form', async () => {
    const first = await fetchRaw('/en/blog?utm_source=x&b=2&a=1')
    expect(first.headers['x-seen-url']).toBe('/en/blog')
    for (const spelling of ['/en/blog', '/en/blog?page=1', '/en/blog?x=1,2,3', '/en/blog?_rsc=1'])
      expect((await fetchRaw(spelling)).headers['x-cache'], spelling).toBe('HIT')
    expect((await fetchRaw('/en/blog?page=2&utm=1')).headers['x-seen-url']).toBe('/en/blog?page=2')
    expect((await fetchRaw('/api/posts?limit=010&utm=1')).headers['x-seen-url']).toBe('/api/posts')
    expect((await fetchRaw('/api/posts?limit=10')).headers['x-cache']).toBe('HIT')
    expect(renders).toBe(3)
  })

  it('compresses a response it does not keep, as the client accepts, keeping its own head', async () => {
    const plain = await fetchRaw('/en/blog/status-404-cc-no-store')
    const br = await fetchRaw('/en/blog/status-404-cc-no-store', { 'accept-encoding': 'br' })
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
