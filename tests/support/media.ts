import { randomBytes } from 'node:crypto'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import path from 'node:path'

import sharp from 'sharp'

import { asAdmin, asAdminJson, baseUrl } from './api'
import { lexical, uniqueSlug, type PublicCollection } from './factories'

/** The shared app's storage directory (global-setup.ts: `.data/test-media-<TEST_RUN_ID>`). */
export function testMediaDir(): string {
  return path.resolve(`.data/test-media-${process.env.TEST_RUN_ID ?? 'main'}`)
}

export interface MediaSize {
  url: string | null
  filename: string | null
  width: number | null
  height: number | null
  mimeType: string | null
}

export interface MediaDoc {
  id: number
  filename: string
  url: string
  mimeType: string
  filesize: number
  width?: number | null
  height?: number | null
  sizes?: Record<string, MediaSize>
}

/** Uploads a file as the admin; the raw response, for tests of refusals. */
export function uploadAsAdmin(bytes: Uint8Array, name: string, type: string): Promise<Response> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  form.append('_payload', JSON.stringify({ alt: `Alt of ${name}` }))
  return asAdmin('/api/media', { method: 'POST', body: form })
}

/** Uploads a file as the admin and returns the media record. */
export async function createMedia(bytes: Uint8Array, name: string, type: string) {
  const response = await uploadAsAdmin(bytes, name, type)
  if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { doc: MediaDoc }).doc
}

/** A PNG of random pixels: incompressible, so its size is about width × height × 3 bytes. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer()
}

/** A structurally valid MP4 (an `ftyp` box, then one `mdat` box of random bytes). */
export function fakeMp4(totalBytes: number): Buffer {
  const ftyp = Buffer.alloc(24)
  ftyp.writeUInt32BE(24, 0)
  ftyp.write('ftypisom', 4, 'latin1')
  ftyp.writeUInt32BE(0x200, 12)
  ftyp.write('isommp41', 16, 'latin1')
  const mdat = Buffer.alloc(8)
  mdat.writeUInt32BE(totalBytes - 24, 0)
  mdat.write('mdat', 4, 'latin1')
  return Buffer.concat([ftyp, mdat, randomBytes(totalBytes - 32)])
}

/** A minimal valid PDF. */
export function tinyPdf(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\nxref\n0 1\n` +
      `0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n9\n%%EOF\n`,
    'latin1',
  )
}

export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<rect width="120" height="40" fill="#123456"/></svg>'

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * An HTTP request with the path sent exactly as written: fetch() would resolve `..` and `%2e%2e`
 * segments before sending, which is precisely what traversal tests must not let happen.
 * With `endEarly`, the body is left unfinished: the answer must come without it.
 */
export function rawRequest(
  rawPath: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: Buffer
    endEarly?: boolean
  } = {},
): Promise<RawResponse> {
  const url = new URL(baseUrl())
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: rawPath,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          if (options.endEarly) request.destroy()
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          })
        })
        response.on('error', reject)
      },
    )
    request.on('error', (error) => {
      if (!options.endEarly) reject(error)
    })
    if (options.endEarly) request.write(options.body ?? '')
    else request.end(options.body)
  })
}

/** Where a document uses a media file. */
export type MediaUsage = 'coverImage' | 'meta.image' | 'content'

/** A lexical upload node of the image `mediaId`, as the editor writes it. */
export function uploadNode(mediaId: number) {
  return {
    type: 'upload',
    version: 3,
    format: '',
    id: randomBytes(12).toString('hex'),
    fields: null,
    relationTo: 'media',
    value: mediaId,
  }
}

/**
 * Publishes an English post with the images `body` in its text (after a paragraph) and
 * `coverImage` as its cover; returns its slug.
 */
export async function publishPostWithImages(
  body: readonly number[],
  coverImage?: number,
  prefix = 'body-images',
): Promise<string> {
  const slug = uniqueSlug(prefix)
  const content = lexical(`Body of ${slug}`)
  for (const id of body) content.root.children.push(uploadNode(id) as never)
  await asAdminJson('/api/posts?locale=en', {
    method: 'POST',
    body: JSON.stringify({
      _status: 'published',
      slug,
      title: `Title ${slug}`,
      content,
      coverImage,
    }),
  })
  return slug
}

/** Creates a post or case study that uses `mediaId` in one place, published or as a draft. */
export async function createDocumentUsing(
  mediaId: number,
  usage: MediaUsage,
  options: { status: 'published' | 'draft'; collection?: PublicCollection } = {
    status: 'published',
  },
): Promise<{ id: number; collection: PublicCollection }> {
  const collection = options.collection ?? 'posts'
  const slug = uniqueSlug(`uses-media-${usage.replace('.', '-')}`)
  const content = lexical(`Body of ${slug}`)
  if (usage === 'content') content.root.children.push(uploadNode(mediaId) as never)
  const draft = options.status === 'draft' ? '&draft=true' : ''
  const { doc } = await asAdminJson<{ doc: { id: number } }>(
    `/api/${collection}?locale=en${draft}`,
    {
      method: 'POST',
      body: JSON.stringify({
        _status: options.status,
        slug,
        title: `Title ${slug}`,
        content,
        ...(usage === 'coverImage' ? { coverImage: mediaId } : {}),
        ...(usage === 'meta.image' ? { meta: { image: mediaId } } : {}),
      }),
    },
  )
  return { id: doc.id, collection }
}

/** Publishes (or unpublishes, with 'draft') a document's main version. */
export async function setStatus(
  collection: PublicCollection,
  id: number,
  status: 'published' | 'draft',
): Promise<void> {
  await asAdminJson(`/api/${collection}/${id}?locale=en`, {
    method: 'PATCH',
    body: JSON.stringify({ _status: status }),
  })
}

/** Every file name a media record owns: the original and its generated sizes. */
export function ownedFilenames(doc: MediaDoc): string[] {
  const sizes = Object.values(doc.sizes ?? {})
    .map((size) => size.filename)
    .filter((name): name is string => Boolean(name))
  return [doc.filename, ...sizes]
}

export const fileUrl = (filename: string) => `/api/media/file/${encodeURIComponent(filename)}`
