import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { text } from 'node:stream/consumers'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startS3TestServer, type S3TestServer } from '../../tests/support/s3-server'

import { firstFiles, localMediaStore, s3MediaStore, type MediaStore } from './media-store'

const listAll = async (store: MediaStore) => {
  const files = []
  for await (const file of store.list()) files.push(file)
  return files.sort((a, b) => (a.key < b.key ? -1 : 1))
}

let scratch: string
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'media-store-'))
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the local media store', () => {
  it('lists every file under the directory, in subfolders too, by /-separated key', async () => {
    const root = path.join(scratch, 'listed')
    mkdirSync(path.join(root, 'sizes'), { recursive: true })
    writeFileSync(path.join(root, 'photo.png'), 'png!')
    writeFileSync(path.join(root, 'sizes', 'photo-480.webp'), 'webp')
    symlinkSync(path.join(root, 'photo.png'), path.join(root, 'link.png'))
    const store = localMediaStore(root)
    expect((await listAll(store)).map((file) => file.key)).toEqual([
      'link.png',
      'photo.png',
      'sizes/photo-480.webp',
    ])
    expect(await firstFiles(store, 1)).toHaveLength(1)
    expect(await text((await store.read('sizes/photo-480.webp')).body)).toBe('webp')
  })

  it('holds nothing when the directory does not exist yet', async () => {
    expect(await firstFiles(localMediaStore(path.join(scratch, 'absent')), 5)).toEqual([])
  })

  it('writes into subfolders, never over an existing file nor outside the directory', async () => {
    const root = path.join(scratch, 'written')
    const source = path.join(scratch, 'source.bin')
    writeFileSync(source, 'bytes')
    const store = localMediaStore(root)
    await store.write('sizes/a.bin', source, { size: 5 })
    expect(readFileSync(path.join(root, 'sizes', 'a.bin'), 'utf8')).toBe('bytes')
    await expect(store.write('sizes/a.bin', source, { size: 5 })).rejects.toThrow(/EEXIST/)
    await expect(store.write('../escape.bin', source, { size: 5 })).rejects.toThrow(/outside/)
  })
})

describe('the S3 media store', () => {
  let s3: S3TestServer
  let store: MediaStore
  beforeAll(async () => {
    s3 = await startS3TestServer('backup-test')
    store = s3MediaStore({
      bucket: s3.bucket,
      client: {
        region: 'us-east-1',
        endpoint: s3.url,
        forcePathStyle: true,
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    })
  })
  afterAll(() => s3?.stop())

  const put = (key: string, body: string, type = 'application/octet-stream') =>
    s3.objects.set(key, {
      body: Buffer.from(body),
      etag: `"${createHash('md5').update(body).digest('hex')}"`,
      type,
      modified: new Date(),
    })

  it('lists a bucket of more than one page', async () => {
    s3.objects.clear()
    // S3 answers at most 1,000 keys a page.
    for (let index = 0; index < 1_001; index += 1)
      put(`file-${String(index).padStart(4, '0')}`, 'x')
    const listed = await listAll(store)
    expect(listed).toHaveLength(1_001)
    expect(listed.at(-1)).toEqual({ key: 'file-1000', size: 1 })
    const lists = s3.requests.filter((request) => request.method === 'GET' && !request.key)
    expect(lists.length).toBeGreaterThanOrEqual(2)
    expect(await firstFiles(store, 3)).toEqual(['file-0000', 'file-0001', 'file-0002'])
  })

  it('reads an object with its content type, and writes one back with it', async () => {
    s3.objects.clear()
    put('photo.png', 'png bytes', 'image/png')
    const { body, contentType } = await store.read('photo.png')
    expect(contentType).toBe('image/png')
    expect(await text(body)).toBe('png bytes')

    const source = path.join(scratch, 'upload.svg')
    writeFileSync(source, '<svg/>')
    await store.write('logo.svg', source, { size: 6, contentType: 'image/svg+xml' })
    expect(s3.objects.get('logo.svg')?.body.toString()).toBe('<svg/>')
    expect(s3.objects.get('logo.svg')?.type).toBe('image/svg+xml')
  })

  it('lists no folder placeholders, which are no files', async () => {
    s3.objects.clear()
    put('sizes/', '')
    put('sizes/photo-480.webp', 'webp')
    expect((await listAll(store)).map((file) => file.key)).toEqual(['sizes/photo-480.webp'])
  })

  it('holds nothing when the bucket is empty', async () => {
    s3.objects.clear()
    expect(await firstFiles(store, 5)).toEqual([])
  })
})
