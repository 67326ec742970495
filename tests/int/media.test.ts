import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { asAdmin, get, getJson } from '../support/api'
import {
  createDocumentUsing,
  createMedia,
  fakeMp4,
  fileUrl,
  LOGO_SVG,
  rawRequest,
  testMediaDir,
  tinyPdf,
  type MediaDoc,
} from '../support/media'
import { waitUntil } from '../support/poll'

type ErrorBody = { error: { code: string; message: string } }

/** Larger than two of the server's 256 KiB read chunks, and not a multiple of one. */
const VIDEO_SIZE = 700_001
const IMMUTABLE = 'public, max-age=31536000, immutable, no-transform'

let video: MediaDoc
let bytes: Buffer
let url: string

beforeAll(async () => {
  bytes = fakeMp4(VIDEO_SIZE)
  video = await createMedia(bytes, 'launch-film.mp4', 'video/mp4')
  url = fileUrl(video.filename)
  await createDocumentUsing(video.id, 'coverImage', { status: 'published' })
  // The publish reaches the server's change feed a moment later: until it has, an answer the
  // change overtakes goes out no-store, as it should. The tests read the file once it is heard.
  await waitUntil('the publish heard', async () => {
    const response = await get(url, { method: 'HEAD' })
    return response.status === 200 && response.headers.get('cache-control') === IMMUTABLE
  })
})

const body = async (response: Response) => Buffer.from(await response.arrayBuffer())
const ranged = (range: string, headers: Record<string, string> = {}) =>
  get(url, { headers: { Range: range, ...headers } })

describe('GET /api/media/file/{filename}', () => {
  it('streams the exact bytes with the stored type and file headers', async () => {
    const response = await get(url, { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(response.status).toBe(200)
    expect((await body(response)).equals(bytes)).toBe(true)
    const headers = response.headers
    expect(headers.get('content-type')).toBe('video/mp4')
    expect(headers.get('content-encoding')).toBeNull()
    expect(headers.get('accept-ranges')).toBe('bytes')
    expect(headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/)
    expect(new Date(headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 600_000)
    expect(headers.get('cache-control')).toBe(IMMUTABLE)
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('content-disposition')).toBe(`inline; filename="${video.filename}"`)
    // The site-wide policy; only active content gets a stricter one of its own.
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'self'/)
  })

  it('answers HEAD with the same headers and no body', async () => {
    const [full, head] = [await get(url), await get(url, { method: 'HEAD' })]
    await full.arrayBuffer()
    expect(head.status).toBe(200)
    for (const name of [
      'etag',
      'last-modified',
      'content-type',
      'cache-control',
      'accept-ranges',
    ]) {
      expect(head.headers.get(name)).toBe(full.headers.get(name))
    }
    expect((await body(head)).length).toBe(0)
  })

  it('ignores Range on HEAD (ranges are defined for GET)', async () => {
    const response = await get(url, { method: 'HEAD', headers: { Range: 'bytes=0-9' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-range')).toBeNull()
  })

  // Next.js drops Content-Length from route handler responses; the project server restores it
  // (the declared-length step of src/server/response-pipeline.ts).
  it('declares the exact Content-Length of full, ranged and HEAD responses', async () => {
    const cases: [RequestInit, number][] = [
      [{}, VIDEO_SIZE],
      [{ method: 'HEAD' }, VIDEO_SIZE],
      [{ headers: { Range: 'bytes=10-19' } }, 10],
      [{ headers: { Range: 'bytes=-1000' } }, 1000],
    ]
    for (const [init, length] of cases) {
      const response = await get(url, init)
      await response.arrayBuffer()
      expect(response.headers.get('content-length')).toBe(String(length))
      expect(response.headers.get('transfer-encoding')).toBeNull()
      expect(response.headers.get('x-declared-content-length')).toBeNull()
    }
  })

  describe('ranges', () => {
    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=262100-262300', 262100, 262300],
      ['bytes=600000-', 600000, VIDEO_SIZE - 1],
      ['bytes=-1000', VIDEO_SIZE - 1000, VIDEO_SIZE - 1],
      ['bytes=-99999999', 0, VIDEO_SIZE - 1],
      ['bytes=700000-99999999999', 700000, VIDEO_SIZE - 1],
      ['bytes=0-', 0, VIDEO_SIZE - 1],
    ])('%s → 206 with exactly those bytes', async (range, start, end) => {
      const response = await ranged(range)
      expect(response.status).toBe(206)
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${VIDEO_SIZE}`)
      expect(response.headers.get('content-type')).toBe('video/mp4')
      expect((await body(response)).equals(bytes.subarray(start, end + 1))).toBe(true)
    })

    it.each(['bytes=700001-', 'bytes=800000-900000', 'bytes=-0'])(
      '%s → 416 with Content-Range: bytes */size',
      async (range) => {
        const response = await ranged(range)
        expect(response.status).toBe(416)
        expect(response.headers.get('content-range')).toBe(`bytes */${VIDEO_SIZE}`)
        expect(response.headers.get('cache-control')).toBe('no-store')
        // Every error under /api/ carries the JSON error body.
        expect(JSON.parse((await body(response)).toString())).toMatchObject({
          error: { code: 'range_not_satisfiable' },
        })
      },
    )

    it.each(['bytes=0-1,5-6', 'bytes=9-3', 'lines=1-2', 'bytes=abc'])(
      'answers %s (several or invalid ranges) with the whole file',
      async (range) => {
        const response = await ranged(range)
        expect(response.status).toBe(200)
        expect((await body(response)).equals(bytes)).toBe(true)
      },
    )
  })

  describe('conditional requests', () => {
    let etag: string
    let lastModified: string

    beforeAll(async () => {
      const response = await get(url, { method: 'HEAD' })
      etag = response.headers.get('etag')!
      lastModified = response.headers.get('last-modified')!
    })

    it.each([
      () => ({ 'If-None-Match': etag }),
      () => ({ 'If-None-Match': `W/${etag}` }),
      () => ({ 'If-None-Match': `"nope", ${etag}` }),
      () => ({ 'If-Modified-Since': lastModified }),
      () => ({ 'If-Modified-Since': new Date(Date.now() + 60_000).toUTCString() }),
    ])('answers 304 without a body (case %#)', async (headers) => {
      const response = await get(url, { headers: headers() })
      expect(response.status).toBe(304)
      expect(response.headers.get('etag')).toBe(etag)
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE)
      expect((await body(response)).length).toBe(0)
    })

    it('sends the file when the client copy is outdated', async () => {
      const stale = await get(url, { headers: { 'If-None-Match': '"stale"' } })
      expect(stale.status).toBe(200)
      const old = await get(url, {
        headers: { 'If-Modified-Since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
      })
      expect(old.status).toBe(200)
      // If-None-Match decides alone when both are present.
      const both = await get(url, {
        headers: { 'If-None-Match': '"stale"', 'If-Modified-Since': lastModified },
      })
      expect(both.status).toBe(200)
      expect((await body(both)).equals(bytes)).toBe(true)
    })

    it('If-Range with the current ETag or date keeps the range', async () => {
      for (const validator of [etag, lastModified]) {
        const response = await ranged('bytes=10-19', { 'If-Range': validator })
        expect(response.status).toBe(206)
        expect((await body(response)).equals(bytes.subarray(10, 20))).toBe(true)
      }
    })

    it('If-Range with another ETag, a weak one or an older date sends the whole file', async () => {
      for (const validator of ['"old-version"', `W/${etag}`, 'Mon, 01 Jan 2001 00:00:00 GMT']) {
        const response = await ranged('bytes=10-19', { 'If-Range': validator })
        expect(response.status).toBe(200)
        expect(response.headers.get('content-range')).toBeNull()
        expect((await body(response)).equals(bytes)).toBe(true)
      }
    })

    it('If-Match with another ETag is 412', async () => {
      const response = await get(url, { headers: { 'If-Match': '"other"' } })
      expect(response.status).toBe(412)
      expect(await response.json()).toMatchObject({ error: { code: 'precondition_failed' } })
      expect((await get(url, { headers: { 'If-Match': etag } })).status).toBe(200)
    })
  })

  describe('only files of a media record', () => {
    it('a name no record owns is a JSON 404 that is not cached', async () => {
      const { status, body, response } = await getJson<ErrorBody>(fileUrl('no-such-file.png'))
      expect(status).toBe(404)
      expect(body.error.code).toBe('not_found')
      expect(response.headers.get('cache-control')).toBe('no-store')
    })

    it('a file on disk without a record is 404, even for the admin', async () => {
      const name = `orphan-${Date.now()}.png`
      writeFileSync(path.join(testMediaDir(), name), 'ORPHAN-MARKER')
      try {
        for (const response of [await get(fileUrl(name)), await asAdmin(fileUrl(name))]) {
          expect(response.status).toBe(404)
          expect(await response.text()).not.toContain('ORPHAN-MARKER')
        }
      } finally {
        unlinkSync(path.join(testMediaDir(), name))
      }
    })

    it('a record whose file is gone from storage is 404', async () => {
      const doc = await createMedia(fakeMp4(1000), 'vanishing.mp4', 'video/mp4')
      await createDocumentUsing(doc.id, 'coverImage', { status: 'published' })
      expect((await get(fileUrl(doc.filename))).status).toBe(200)
      unlinkSync(path.join(testMediaDir(), doc.filename))
      const { status, body } = await getJson<ErrorBody>(fileUrl(doc.filename))
      expect(status).toBe(404)
      expect(body.error.code).toBe('not_found')
    })
  })

  describe('content labelling', () => {
    it('serves an SVG sandboxed, so that it cannot run script on our origin', async () => {
      const logo = await createMedia(Buffer.from(LOGO_SVG), 'client-logo.svg', 'image/svg+xml')
      await createDocumentUsing(logo.id, 'coverImage', { status: 'published' })
      const response = await get(fileUrl(logo.filename), { headers: { 'Accept-Encoding': 'gzip' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(response.headers.get('content-security-policy')).toMatch(/^sandbox;/)
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      // Compressible, yet served as stored: ranges count the stored bytes.
      expect(response.headers.get('content-encoding')).toBeNull()
      expect(await response.text()).toBe(LOGO_SVG)
      const part = await get(fileUrl(logo.filename), { headers: { Range: 'bytes=5-24' } })
      expect(part.status).toBe(206)
      expect(await part.text()).toBe(LOGO_SVG.slice(5, 25))
    })

    it('names a non-ASCII file safely in Content-Disposition (RFC 6266/5987)', async () => {
      const pdf = await createMedia(tinyPdf('informe'), 'informe año 2025.pdf', 'application/pdf')
      await createDocumentUsing(pdf.id, 'coverImage', { status: 'published' })
      expect(pdf.filename).toMatch(/^informe año 2025-\d{8}\.pdf$/)
      const response = await get(fileUrl(pdf.filename), { method: 'HEAD' })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      const suffix = pdf.filename.slice('informe año 2025'.length)
      expect(response.headers.get('content-disposition')).toBe(
        `inline; filename="informe a_o 2025${suffix}"; ` +
          `filename*=UTF-8''informe%20a%C3%B1o%202025${suffix}`,
      )
    })
  })
})

describe('path traversal', () => {
  const SECRET = 'TRAVERSAL-SECRET-MARKER'
  const secretName = `traversal-secret-${process.env.TEST_RUN_ID ?? 'main'}.txt`
  // Beside the storage directory, one level up: what `../` would reach.
  const secretPath = path.join(path.dirname(testMediaDir()), secretName)
  const nestedDir = path.join(testMediaDir(), 'nested')
  const base = '/api/media/file/'

  beforeAll(() => {
    writeFileSync(secretPath, SECRET)
    mkdirSync(nestedDir, { recursive: true })
    writeFileSync(path.join(nestedDir, 'inner.txt'), SECRET)
  })

  afterAll(() => {
    rmSync(secretPath, { force: true })
    rmSync(nestedDir, { recursive: true, force: true })
  })

  const callers = (): Record<string, string>[] => [
    {},
    { Authorization: inject('adminAuthorization') },
  ]
  const leaks = (body: Buffer) => {
    const text = body.toString('latin1')
    return text.includes(SECRET) || text.includes('root:')
  }

  it.each([
    `..%2F${secretName}`,
    `..%2f${secretName}`,
    `%2e%2e%2f${secretName}`,
    `%2E%2E%2F${secretName}`,
    `..%5c${secretName}`,
    `..%5C..%5C${secretName}`,
    `%2e%2e%5c${secretName}`,
    `%252e%252e%252f${secretName}`,
    `..%252f${secretName}`,
    `%252e%252e%255c${secretName}`,
    encodeURIComponent(secretPath),
    `%2Fetc%2Fpasswd`,
    `..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
    `${secretName}%00.png`,
    `%00`,
    `nested%2Finner.txt`,
    `nested`,
  ])('%s is 400 or 404 and reads nothing outside storage', async (attempt) => {
    for (const headers of callers()) {
      const response = await rawRequest(`${base}${attempt}`, { headers })
      expect([400, 404]).toContain(response.status)
      expect(leaks(response.body)).toBe(false)
    }
  })

  // Dot segments (also percent-encoded ones, which are unreserved characters) and backslashes are
  // resolved before any route runs, with a redirect to the resolved path: no file path at all.
  it.each([
    `../${secretName}`,
    `%2e%2e/${secretName}`,
    `..\\${secretName}`,
    '..',
    '.',
    '%2e',
    '%2e%2e',
    `nested/../../${secretName}`,
  ])(
    '%s is redirected away from the file server, never to a file outside storage',
    async (attempt) => {
      for (const headers of callers()) {
        const response = await rawRequest(`${base}${attempt}`, { headers })
        expect(leaks(response.body)).toBe(false)
        if (response.status === 308) {
          const location = String(response.headers.location)
          expect(location).toMatch(/^\/api\/media(\/|$)/)
          expect(location.startsWith(base)).toBe(false)
          const followed = await rawRequest(location, { headers })
          expect(leaks(followed.body)).toBe(false)
          expect(followed.headers['content-type']).toMatch(/^application\/json/)
        } else {
          expect([400, 404]).toContain(response.status)
        }
      }
    },
  )

  // Invalid UTF-8 after percent-decoding: Next.js itself answers before any route code runs.
  it.each([`%c0%ae%c0%ae%c0%af${secretName}`, `..%c0%af${secretName}`, '%ff'])(
    '%s (malformed encoding) fails without reading anything',
    async (attempt) => {
      const response = await rawRequest(`${base}${attempt}`)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(leaks(response.body)).toBe(false)
    },
  )

  it('answers encoded separators, NUL and dot names with a JSON 400 from the file server', async () => {
    for (const attempt of [`..%2F${secretName}`, `%2e%2e%5C${secretName}`, `${secretName}%00`]) {
      const response = await rawRequest(`${base}${attempt}`)
      expect(response.status).toBe(400)
      const parsed = JSON.parse(response.body.toString('utf8')) as ErrorBody
      expect(parsed.error.code).toBe('invalid_parameter')
    }
  })
})
