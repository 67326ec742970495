import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'
import { describe, expect, inject, it } from 'vitest'

import { asAdmin, asAdminJson, get, getJson } from '../support/api'
import {
  createMedia,
  fakeMp4,
  fileUrl,
  noisyPng,
  rawRequest,
  testMediaDir,
  uploadAsAdmin,
  type MediaDoc,
} from '../support/media'

type ErrorBody = { error: { code: string; message: string } }
type PayloadErrors = { errors: { message: string }[] }

const storedNames = () => (existsSync(testMediaDir()) ? readdirSync(testMediaDir()) : [])

async function mediaCount(): Promise<number> {
  return (await asAdminJson<{ totalDocs: number }>('/api/media?limit=1')).totalDocs
}

function form(bytes: Uint8Array, name: string, type: string): FormData {
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  body.append('_payload', JSON.stringify({ alt: 'x' }))
  return body
}

describe('uploads', () => {
  it('refuses anonymous uploads with a 401 before storing anything', async () => {
    const before = await mediaCount()
    const { status, body } = await getJson<ErrorBody>('/api/media', {
      method: 'POST',
      body: form(await noisyPng(64, 64), 'anonymous-upload.png', 'image/png'),
    })
    expect(status).toBe(401)
    expect(body.error.code).toBe('unauthorized')
    expect(await mediaCount()).toBe(before)
    expect(storedNames().filter((name) => name.startsWith('anonymous-upload'))).toEqual([])
  })

  it('refuses anonymous replacement and deletion', async () => {
    const doc = await createMedia(await noisyPng(64, 64), 'kept.png', 'image/png')
    const replace = await getJson<ErrorBody>(`/api/media/${doc.id}`, {
      method: 'PATCH',
      body: form(await noisyPng(64, 64), 'kept.png', 'image/png'),
    })
    const remove = await getJson<ErrorBody>(`/api/media/${doc.id}`, { method: 'DELETE' })
    for (const { status, body } of [replace, remove]) {
      expect(status).toBe(401)
      expect(body.error.code).toBe('unauthorized')
    }
    const kept = await asAdminJson<MediaDoc>(`/api/media/${doc.id}`)
    expect(kept.filename).toBe(doc.filename)
  })

  it('refuses a body declared over the limit with a 413, without reading it', async () => {
    const declared = 256 * 1024 * 1024 + 2 * 1024 * 1024
    // Only the headers are sent: the answer must not wait for the 258 MB that never come.
    const response = await rawRequest('/api/media', {
      method: 'POST',
      headers: {
        Authorization: inject('adminAuthorization'),
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(declared),
      },
      body: Buffer.from('--x\r\n'),
      endEarly: true,
    })
    expect(response.status).toBe(413)
    const body = JSON.parse(response.body.toString('utf8')) as ErrorBody
    expect(body.error.code).toBe('payload_too_large')
    expect(body.error.message).toBe('Files are limited to 256 MB.')
  })

  it.each([
    [
      'page.html',
      'text/html',
      '<!doctype html><html><body><script>alert(1)</script></body></html>',
      /^File type text\/html .*is not allowed\. Allowed types: image\/jpeg, /,
    ],
    // HTML posing as a PNG: the content decides, not the name or the claimed type.
    [
      'page.png',
      'image/png',
      '<html><body><script>alert(1)</script></body></html>',
      /^Invalid MIME type: application\/xml\. Allowed types: /,
    ],
    [
      'data.zip',
      'application/zip',
      'PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000',
      /^Invalid MIME type: application\/zip\. Allowed types: /,
    ],
    ['notes.txt', 'text/plain', 'plain text', /^File type text\/plain .*is not allowed\./],
    [
      'script.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      /^SVG file contains potentially harmful content\.$/,
    ],
  ])('refuses %s (%s) with a 400 JSON error that says why', async (name, type, content, reason) => {
    const before = await mediaCount()
    const response = await uploadAsAdmin(Buffer.from(content, 'latin1'), name, type)
    expect(response.status).toBe(400)
    const body = (await response.json()) as PayloadErrors
    expect(body.errors[0]!.message).toMatch(reason)
    expect(await mediaCount()).toBe(before)
  })

  // Payload's multipart parser refuses files over 20 MB unless told otherwise (payload.config.ts).
  it('accepts a 30 MB video: the limit in force is ours, not the parser default', async () => {
    const doc = await createMedia(fakeMp4(30 * 1024 * 1024), 'case-study-film.mp4', 'video/mp4')
    expect(doc.filesize).toBe(30 * 1024 * 1024)
    const response = await asAdmin(fileUrl(doc.filename), { headers: { Range: 'bytes=-16' } })
    expect(response.status).toBe(206)
  })

  it('gives every upload a name of its own, so a URL never changes content', async () => {
    const first = await createMedia(await noisyPng(64, 64), 'logo.png', 'image/png')
    const second = await createMedia(await noisyPng(64, 64), 'logo.png', 'image/png')
    expect(first.filename).toMatch(/^logo-\d{8}\.png$/)
    expect(second.filename).toMatch(/^logo-\d{8}\.png$/)
    expect(second.filename).not.toBe(first.filename)
  })

  it('generates thumbnail, card, small, medium, large (WebP) and og (1200×630 JPEG) with sharp', async () => {
    const doc = await createMedia(await noisyPng(2000, 1200), 'team-photo.png', 'image/png')
    expect(doc.sizes).toMatchObject({
      thumbnail: { width: 400, height: 225, mimeType: 'image/webp' },
      card: { width: 800, height: 450, mimeType: 'image/webp' },
      large: { width: 1600, height: 960, mimeType: 'image/webp' },
      small: { width: 400, height: 240, mimeType: 'image/webp' },
      medium: { width: 800, height: 480, mimeType: 'image/webp' },
      og: { width: 1200, height: 630, mimeType: 'image/jpeg' },
    })
    for (const [name, expected] of [
      ['card', { format: 'webp', width: 800, height: 450 }],
      ['og', { format: 'jpeg', width: 1200, height: 630 }],
    ] as const) {
      const size = doc.sizes![name]!
      const response = await asAdmin(fileUrl(size.filename!))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(size.mimeType)
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(metadata).toMatchObject(expected)
      expect(path.join(testMediaDir(), size.filename!)).toSatisfy(existsSync)
    }
  })

  it('skips sizes larger than a small original but always has a WebP `large`', async () => {
    const doc = await createMedia(await noisyPng(300, 200), 'small.png', 'image/png')
    expect(doc.sizes?.card?.filename ?? null).toBeNull()
    expect(doc.sizes?.og?.filename ?? null).toBeNull()
    expect(doc.sizes?.small?.filename ?? null).toBeNull()
    expect(doc.sizes?.large).toMatchObject({ width: 300, height: 200, mimeType: 'image/webp' })
  })

  it('ignores focal point and crop edits, which would rewrite files under the same name', async () => {
    const doc = await createMedia(await noisyPng(1200, 800), 'focal.png', 'image/png')
    const card = doc.sizes!.card!.filename!
    const before = (await asAdmin(fileUrl(card), { method: 'HEAD' })).headers.get('etag')
    await asAdminJson(
      `/api/media/${doc.id}?uploadEdits[focalPoint][x]=5&uploadEdits[focalPoint][y]=5`,
      {
        method: 'PATCH',
        body: JSON.stringify({ focalX: 5, focalY: 95, alt: 'Refocused' }),
      },
    )
    const updated = await asAdminJson<MediaDoc & { alt: string }>(`/api/media/${doc.id}?locale=en`)
    expect(updated.alt).toBe('Refocused')
    expect(updated.sizes?.card?.filename).toBe(card)
    const after = (await asAdmin(fileUrl(card), { method: 'HEAD' })).headers.get('etag')
    expect(after).toBe(before)
  })

  it('the file is served once uploaded (admin) and unknown to anonymous callers', async () => {
    const doc = await createMedia(await noisyPng(64, 64), 'fresh.png', 'image/png')
    expect((await asAdmin(fileUrl(doc.filename))).status).toBe(200)
    expect((await get(fileUrl(doc.filename))).status).toBe(404)
  })
})
