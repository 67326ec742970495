import { readdirSync } from 'node:fs'
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'
import { ContentVersions, listKey } from '@/lib/content-version'
import { renderThroughPipeline, responsePipeline } from '@/server/response-pipeline'

import { askServer } from '../../tests/support/local-server'
import { LargeResponseFiles } from './large-responses'
import { responseCache } from './response-cache'
import { ResponseStore } from './store'

/**
 * The response cache with its files on disk, in front of a stand-in for the site's whole-site
 * files: bodies past the 64 KB entry cap, written in chunks (with their length or without one,
 * `declared` in the path), the last chunk once `release` is called when the path says `held`.
 */
const CHUNK = 16 * 1024
const CHUNKS = 8
const versions = new ContentVersions()
versions.setFeedConnected(true)
const store = new ResponseStore({ maxBytes: 1024 * 1024, maxEntryBytes: 64 * 1024, versions })
const largeFiles = new LargeResponseFiles({ maxBytes: 1024 * 1024, versions })
let renders = 0
let edition = 'a'
/** Ends every render held so far (those whose path says `held`). */
const held: (() => void)[] = []
const release = () => held.splice(0).forEach((end) => end())
/** How long readers wait for a large render sending nothing here (`SHARED_RENDER_STALL_MS`). */
const STALL_MS = 600
/** The longest readers wait for another's large render here (`SHARED_RENDER_MAX_WAIT_MS`). */
const MAX_WAIT_MS = 1_500
/** Between chunks of a render that goes slowly but steadily (`trickle` in the path). */
const TRICKLE_MS = 300
/** Between the kilobytes of a last chunk sent slowly (`drip` in the path): past the maximum wait. */
const DRIP_MS = 150
/** The validator a route sets itself (`own-etag` in the path). */
const ROUTE_ETAG = 'fingerprint-of-what-it-shows'

const bodyOf = (path: string, rendered: string) =>
  Array.from({ length: CHUNKS }, (_, index) =>
    `${rendered}${index}:${path}:`.padEnd(CHUNK, '.'),
  ).join('')

/** Rendered as the server renders: through the response's one capture (no head steps here). */
const noSteps = responsePipeline([])
function render(
  req: IncomingMessage,
  res: ServerResponse,
  options: Parameters<Parameters<typeof responseCache>[1]>[2] = {},
): void {
  renderThroughPipeline(req, res, noSteps, renderLikeNext, { ...options, removeNextRuntime: false })
}

/** Like Next.js, it stops rendering when the response closes before it ended. */
async function renderLikeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
  renders += 1
  let aborted = false
  res.once('close', () => (aborted = !res.writableFinished))
  const path = req.url ?? '/'
  const body = bodyOf(path, edition)
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', path.includes('private') ? 'private' : PUBLISHED_CACHE_CONTROL)
  if (path.includes('declared')) res.setHeader('Content-Length', Buffer.byteLength(body))
  if (path.includes('own-etag')) res.setHeader('ETag', `"${ROUTE_ETAG}"`)
  let last = body.length - CHUNK
  for (let offset = 0; offset < last; offset += CHUNK) {
    res.write(body.slice(offset, offset + CHUNK))
    if (path.includes('trickle')) await sleep(TRICKLE_MS)
  }
  if (path.includes('held')) await new Promise<void>((resolve) => held.push(resolve))
  if (path.includes('broken')) return void res.destroy()
  for (; path.includes('drip') && last < body.length - 1024 && !aborted; last += 1024) {
    res.write(body.slice(last, last + 1024))
    await sleep(DRIP_MS)
  }
  if (aborted) return
  res.end(body.slice(last))
}

const cache = responseCache(store, render, {
  largeFiles,
  sharedRenderStallMs: STALL_MS,
  sharedRenderMaxWaitMs: MAX_WAIT_MS,
})
let server: Server
let port: number

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!cache.serve(req, res)) render(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  store.resume()
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  largeFiles.close()
})

beforeEach(() => {
  renders = 0
  edition = 'a'
  // Every test starts with nothing on disk.
  versions.advance([listKey('posts')])
  largeFiles.dropStale()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const fetchRaw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  askServer(server, path, headers, method)

/** Polls until `check` holds (the files are written after the first reader's response ends). */
async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check() && waited < 4_000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  expect(check()).toBe(true)
}

/** The first reader of `path`, once its render has started, then `more` arriving during it. */
async function readersDuringRender(path: string, more: number) {
  const first = fetchRaw(path)
  await eventually(() => renders === 1)
  return [first, ...Array.from({ length: more }, () => fetchRaw(path))]
}

/** One render served every reader: the first got its bytes, the others the same bytes as hits. */
function expectOneRenderShared(
  path: string,
  answers: { bytes: Buffer; headers: Record<string, unknown> }[],
): void {
  expect(renders).toBe(1)
  for (const answer of answers) expect(answer.bytes.toString()).toBe(bodyOf(path, 'a'))
  for (const answer of answers.slice(1)) expect(answer.headers['x-cache']).toBe('HIT')
}

/** The files in the store's directory. */
const filesOnDisk = () => readdirSync(largeFiles.directory)

describe('LargeResponseFiles behind the response cache', () => {
  for (const path of ['/en/blog/whole-site', '/en/blog/declared-whole-site']) {
    it(`renders ${path} once and answers later readers from disk, byte for byte`, async () => {
      const miss = await fetchRaw(path)
      expect(miss.status).toBe(200)
      expect(miss.bytes.toString()).toBe(bodyOf(path, 'a'))
      expect(miss.headers['x-cache']).toBeUndefined()
      await eventually(() => largeFiles.size === 1)
      const hit = await fetchRaw(path)
      expect(renders).toBe(1)
      expect(hit.headers['x-cache']).toBe('HIT')
      expect(hit.bytes.equals(miss.bytes)).toBe(true)
      expect(hit.headers['content-length']).toBe(String(miss.bytes.length))
      expect(hit.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(hit.headers['cache-control']).toBe(PUBLISHED_CACHE_CONTROL)
      expect(hit.headers.vary).toMatch(/Accept-Encoding/)
      expect(hit.headers.etag).toMatch(/^"[\w-]+"$/)
    })
  }

  it('sends its gzip copy to a client that takes gzip, and answers validators and HEAD', async () => {
    const path = '/en/blog/compressed'
    await fetchRaw(path)
    await eventually(() => largeFiles.size === 1)
    const plain = await fetchRaw(path)
    const gzipped = await fetchRaw(path, { 'accept-encoding': 'br;q=1, gzip;q=0.5' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.bytes).equals(plain.bytes)).toBe(true)
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 4)
    expect(gzipped.headers['content-length']).toBe(String(gzipped.bytes.length))
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag)
    const notModified = await fetchRaw(path, { 'if-none-match': plain.headers.etag! })
    expect(notModified.status).toBe(304)
    expect(notModified.bytes.length).toBe(0)
    const head = await fetchRaw(path, { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(gzipped.headers['content-length'])
    expect(head.bytes.length).toBe(0)
    expect(renders).toBe(1)
  })

  it("keeps the route's own validator, for the file and its gzip copy", async () => {
    const path = '/en/blog/own-etag'
    const miss = await fetchRaw(path)
    expect(miss.headers.etag).toBe(`"${ROUTE_ETAG}"`)
    await eventually(() => largeFiles.size === 1)
    const revalidated = await fetchRaw(path, { 'if-none-match': `"${ROUTE_ETAG}"` })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers['x-cache']).toBe('HIT')
    const gzipped = await fetchRaw(path, { 'accept-encoding': 'gzip' })
    expect(gzipped.headers.etag).toBe(`"${ROUTE_ETAG}-gzip"`)
    expect(renders).toBe(1)
  })

  it('renders again once what the file shows changes, and deletes the old file', async () => {
    const path = '/en/blog/changing'
    await fetchRaw(path)
    await eventually(() => largeFiles.size === 1)
    const before = filesOnDisk()
    expect(before.length).toBeGreaterThan(0)
    edition = 'b'
    versions.advance([listKey('posts')])
    largeFiles.dropStale()
    expect(largeFiles.size).toBe(0)
    const after = await fetchRaw(path)
    expect(after.bytes.toString()).toBe(bodyOf(path, 'b'))
    expect(renders).toBe(2)
    await eventually(() => largeFiles.size === 1)
    await eventually(() => filesOnDisk().every((name) => !before.includes(name)))
    expect((await fetchRaw(path)).bytes.toString()).toBe(bodyOf(path, 'b'))
    expect(renders).toBe(2)
  })

  it('has readers arriving during the render wait for its file rather than render again', async () => {
    const path = '/en/blog/held-shared'
    const readers = await readersDuringRender(path, 3)
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    expectOneRenderShared(path, await Promise.all(readers))
  })

  it('has readers wait no longer than the stall bound for a render that sends nothing', async () => {
    const path = '/en/blog/held-slow'
    const readers = await readersDuringRender(path, 1)
    // Past the bound, the waiting reader renders for itself.
    await eventually(() => renders === 2)
    release()
    const answers = await Promise.all(readers)
    for (const answer of answers) expect(answer.bytes.toString()).toBe(bodyOf(path, 'a'))
    await eventually(() => largeFiles.size === 1)
  })

  it('has readers wait for a render that goes slowly but keeps sending', async () => {
    const path = '/en/blog/trickle'
    // It took longer than the stall bound, a chunk every TRICKLE_MS: it never stalled.
    expectOneRenderShared(path, await Promise.all(await readersDuringRender(path, 2)))
  })

  it('has readers wait no longer than the maximum for a render that sends slowly', async () => {
    const path = '/en/blog/drip'
    const readers = await readersDuringRender(path, 1)
    await eventually(() => renders === 2)
    const answers = await Promise.all(readers)
    for (const answer of answers) expect(answer.bytes.toString()).toBe(bodyOf(path, 'a'))
  }, 10_000)

  it('goes on rendering into the file when its reader leaves before the end', async () => {
    const path = '/en/blog/held-left'
    await new Promise<void>((resolve, reject) => {
      const req = request({ port, path }, (res) => {
        // A reader that gives up after its first bytes (a crawler's timeout).
        res.once('data', () => {
          req.destroy()
          resolve()
        })
      })
      req.on('error', () => undefined)
      req.on('close', resolve)
      setTimeout(() => reject(new Error('no bytes')), 4_000)
      req.end()
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    await eventually(() => largeFiles.size === 1)
    const later = await fetchRaw(path)
    expect(later.headers['x-cache']).toBe('HIT')
    expect(later.bytes.toString()).toBe(bodyOf(path, 'a'))
    expect(renders).toBe(1)
  })

  it('keeps nothing of a render a change made outdated while it streamed', async () => {
    const path = '/en/blog/held-outdated'
    const first = fetchRaw(path)
    await eventually(() => renders === 1)
    versions.advance([listKey('posts')])
    release()
    expect((await first).bytes.toString()).toBe(bodyOf(path, 'a'))
    // Nothing was kept: the next reader renders again.
    const second = fetchRaw(path)
    await eventually(() => renders === 2)
    release()
    expect((await second).bytes.toString()).toBe(bodyOf(path, 'a'))
  })

  it('keeps nothing of a render that broke off, nor of a private answer', async () => {
    for (const path of ['/en/blog/broken', '/en/blog/private']) {
      renders = 0
      await fetchRaw(path).catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(largeFiles.size, path).toBe(0)
      await fetchRaw(path).catch(() => undefined)
      expect(renders, path).toBe(2)
    }
  })

  it('takes no more of a render once discarded or ended, nor keeps one it could not write', async () => {
    const files = new LargeResponseFiles({ maxBytes: 1024 * 1024, versions })
    const headers = { 'content-type': 'text/plain' }
    const discarded = files.writer('discarded', 200, headers, [], versions.stamp())!
    discarded.write(Buffer.from('a'.repeat(CHUNK)))
    discarded.abort()
    // The render went on writing after its reader left (an error here would be unhandled).
    discarded.write(Buffer.from('b'.repeat(CHUNK)))
    await discarded.end()
    const ended = files.writer('ended', 200, headers, [], versions.stamp())!
    ended.write(Buffer.from('c'.repeat(CHUNK)))
    await ended.end()
    ended.write(Buffer.from('d'))
    const unwritable = files.writer('unwritable', 200, headers, [], versions.stamp())!
    // Its directory gone: the file cannot be written.
    files.close()
    unwritable.write(Buffer.from('e'.repeat(CHUNK)))
    await unwritable.end()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(files.get('discarded')).toBeUndefined()
    expect(files.get('unwritable')).toBeUndefined()
  })

  it('holds at most its bound on disk, the least recently read going first', async () => {
    const bounded = new LargeResponseFiles({ maxBytes: CHUNK * CHUNKS * 2.5, versions })
    const stamp = versions.stamp()
    const write = async (key: string) => {
      const writer = bounded.writer(key, 200, { 'content-type': 'image/x-test' }, [], stamp)!
      writer.write(Buffer.alloc(CHUNK * CHUNKS))
      await writer.end()
    }
    await write('a')
    await write('b')
    expect(bounded.get('a')).toBeDefined()
    await write('c')
    expect(bounded.size).toBe(2)
    expect(bounded.bytes).toBeLessThanOrEqual(bounded.maxBytes)
    expect(bounded.get('b')).toBeUndefined()
    expect(bounded.get('a')).toBeDefined()
    bounded.close()
  })
})
