import { mkdtempSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { asAdmin } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import type { PublicCollection } from '../support/factories'
import {
  createDocumentUsing,
  fileUrl,
  noisyPng,
  ownedFilenames,
  setStatus,
  type MediaDoc,
} from '../support/media'
import { readUntil, waitUntil } from '../support/poll'
import { startS3TestServer, type S3TestServer } from '../support/s3-server'

/**
 * Media on S3-compatible object storage (S3_* settings): uploads land in the bucket, not on
 * disk, and /api/media/file/{filename} serves them with the same ranges, validators and embargo.
 */
let s3: S3TestServer
let app: AppServer
let mediaDir: string
let photo: MediaDoc
let png: Buffer
/**
 * The published document that uses the photo. Deleted at the end: its file lives in this file's
 * bucket, which the shared app cannot read, so no other file may find it linked from a page.
 */
let usingPhoto: { id: number; collection: PublicCollection } | undefined

beforeAll(async () => {
  s3 = await startS3TestServer()
  mediaDir = mkdtempSync(path.join(os.tmpdir(), 'media-s3-'))
  app = await startApp('media-s3', {
    ...inject('appEnv'),
    MEDIA_DIR: mediaDir,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  })
  png = await noisyPng(1600, 1000)
  const form = new FormData()
  form.append('_payload', JSON.stringify({ alt: 'Stored in the bucket' }))
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bucket-photo.png')
  const response = await fetch(`${app.url}/api/media`, {
    method: 'POST',
    headers: { Authorization: inject('adminAuthorization') },
    body: form,
  })
  expect(response.status, await response.clone().text()).toBe(201)
  photo = ((await response.json()) as { doc: MediaDoc }).doc
})

afterAll(async () => {
  if (usingPhoto) {
    const { collection, id } = usingPhoto
    expect((await asAdmin(`/api/${collection}/${id}`, { method: 'DELETE' })).status).toBe(200)
  }
  await app?.stop()
  await s3?.stop()
})

const file = (name: string, init?: RequestInit) => fetch(`${app.url}${fileUrl(name)}`, init)

describe('media on S3-compatible storage', () => {
  it('puts the upload and every size in the bucket, and nothing on local disk', () => {
    const names = ownedFilenames(photo)
    expect(names).toHaveLength(7)
    for (const name of names) expect(s3.objects.has(name), name).toBe(true)
    expect(s3.objects.get(photo.filename)!.body.equals(png)).toBe(true)
    expect(readdirSync(mediaDir)).toEqual([])
  })

  it('keeps the embargo: 404 until a published document uses the file', async () => {
    expect((await file(photo.filename)).status).toBe(404)
    usingPhoto = await createDocumentUsing(photo.id, 'coverImage', { status: 'published' })
    const { id, collection } = usingPhoto
    const response = await readUntil(
      () => file(photo.filename),
      (answer) => answer.status === 200,
    )
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-length')).toBe(String(png.length))
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/)
    expect(response.headers.get('cache-control')).toContain('immutable')
    // The editor's writes reach the shared app; this instance hears of them through the database's
    // change feed, a moment later.
    await setStatus(collection, id, 'draft')
    await waitUntil(
      'the file embargoed again',
      async () => (await file(photo.filename)).status === 404,
    )
    await setStatus(collection, id, 'published')
    await waitUntil(
      'the file public again',
      async () => (await file(photo.filename)).status === 200,
    )
  })

  it('serves byte ranges by asking the bucket for just those bytes', async () => {
    const before = s3.requests.length
    const partial = await file(photo.filename, { headers: { Range: 'bytes=100-1123' } })
    expect(partial.status).toBe(206)
    expect(partial.headers.get('content-range')).toBe(`bytes 100-1123/${png.length}`)
    expect(Buffer.from(await partial.arrayBuffer()).equals(png.subarray(100, 1124))).toBe(true)
    expect(s3.requests.slice(before)).toContainEqual({
      method: 'GET',
      key: photo.filename,
      range: 'bytes=100-1123',
    })
    const tail = await file(photo.filename, { headers: { Range: 'bytes=-10' } })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer()).equals(png.subarray(png.length - 10))).toBe(true)
    expect(
      (await file(photo.filename, { headers: { Range: `bytes=${png.length}-` } })).status,
    ).toBe(416)
  })

  it('answers validators and HEAD without reading the object', async () => {
    const full = await file(photo.filename)
    const etag = full.headers.get('etag')!
    await full.arrayBuffer()
    const before = s3.requests.filter((request) => request.method === 'GET').length
    const notModified = await file(photo.filename, { headers: { 'If-None-Match': etag } })
    expect(notModified.status).toBe(304)
    const head = await file(photo.filename, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(png.length))
    expect(s3.requests.filter((request) => request.method === 'GET').length).toBe(before)
  })

  it('serves the generated sizes from the bucket too', async () => {
    const thumbnail = photo.sizes?.thumbnail?.filename
    expect(thumbnail).toBeTruthy()
    const response = await file(thumbnail!)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals(s3.objects.get(thumbnail!)!.body)).toBe(
      true,
    )
  })
})
