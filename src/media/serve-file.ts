import 'server-only'

import type { Payload, TypedUser, Where } from 'payload'

import { env } from '@/env'
import { MEDIA_FILE_CACHE_CONTROL, NEVER_STORED } from '@/http/cache-control'
import { ApiError } from '@/http/errors'

import {
  evaluatePreconditions,
  httpDate,
  rangeStillApplies,
  validatorsFor,
} from '@/http/conditional'
import { contentDisposition, contentPolicy } from './content-policy'
import { DECLARED_LENGTH_HEADER } from '@/http/declared-length'
import { IMAGE_SIZE_NAMES } from './image-sizes'
import { contentRange, parseRange, unsatisfiedRange } from './range'
import { s3Settings } from './s3'
import { openS3File } from './s3-file'
import { openStoredFile } from './stored-file'

/** Public files are kept for a year, embargoed ones never (the caching policy's values). */
export const FILE_CACHE_CONTROL = MEDIA_FILE_CACHE_CONTROL

export type Audience = keyof typeof FILE_CACHE_CONTROL

export interface MediaFileRequest {
  /** One file name, already checked by `parseMediaFilename`. */
  filename: string
  method: 'GET' | 'HEAD'
  headers: Headers
  /** The signed-in user; asked for only when the file is not public. */
  viewer: () => Promise<TypedUser | null>
}

export interface MediaFileReply {
  status: 200 | 206 | 304 | 412 | 416
  headers: Record<string, string>
  body: ReadableStream<Uint8Array> | null
}

interface MediaFile {
  mimeType: string | null | undefined
  audience: Audience
}

/**
 * The media record owning `filename` (the original or one of its sizes) as `user` may read it:
 * Payload applies the collection's `read` access, i.e. the embargo for anonymous callers.
 */
async function findReadable(
  payload: Payload,
  filename: string,
  user: TypedUser | null,
): Promise<Pick<MediaFile, 'mimeType'> | null> {
  const where: Where = {
    or: [
      { filename: { equals: filename } },
      ...IMAGE_SIZE_NAMES.map((size) => ({ [`sizes.${size}.filename`]: { equals: filename } })),
    ],
  }
  const { docs } = await payload.find({
    collection: 'media',
    where,
    limit: 1,
    pagination: false,
    depth: 0,
    select: { filename: true, mimeType: true, sizes: true },
    overrideAccess: false,
    user,
  })
  const doc = docs[0]
  if (!doc) return null
  if (doc.filename === filename) return { mimeType: doc.mimeType }
  const size = IMAGE_SIZE_NAMES.map((name) => doc.sizes?.[name]).find(
    (candidate) => candidate?.filename === filename,
  )
  return { mimeType: size?.mimeType }
}

/** Public for everyone; else, for a signed-in editor, private; else nothing (a 404). */
async function findMediaFile(
  payload: Payload,
  request: MediaFileRequest,
): Promise<MediaFile | null> {
  const published = await findReadable(payload, request.filename, null)
  if (published) return { ...published, audience: 'public' }
  const user = await request.viewer()
  if (!user) return null
  const embargoed = await findReadable(payload, request.filename, user)
  return embargoed && { ...embargoed, audience: 'private' }
}

const notFound = () => new ApiError('not_found', 'No media file with this name.')

/**
 * GET/HEAD of a media file (spec 4.4): only files of a media record, public ones for
 * everybody and embargoed ones for editors; streamed from storage with single byte ranges,
 * validators and conditional requests (RFC 9110), labelled so that no upload can run script.
 */
export async function serveMediaFile(
  payload: Payload,
  request: MediaFileRequest,
): Promise<MediaFileReply> {
  const media = await findMediaFile(payload, request)
  if (!media) throw notFound()
  const s3 = s3Settings()
  const file = s3
    ? await openS3File(s3, request.filename)
    : await openStoredFile(env.MEDIA_DIR, request.filename)
  if (!file) {
    payload.logger.warn(`Media file ${request.filename} has a record but is missing from storage.`)
    throw notFound()
  }

  let streaming = false
  try {
    const validators = validatorsFor(file.size, file.mtimeNs)
    const headers: Record<string, string> = {
      'Accept-Ranges': 'bytes',
      ETag: validators.etag,
      'Last-Modified': httpDate(validators.lastModified),
      'Cache-Control': FILE_CACHE_CONTROL[media.audience],
      'X-Content-Type-Options': 'nosniff',
      // Public files may be read by other sites' scripts (players, PDF viewers), as the content
      // API may; embargoed ones are for our own pages only.
      ...(media.audience === 'public'
        ? {
            'Access-Control-Allow-Origin': '*',
            'Access-Control-Expose-Headers':
              'Accept-Ranges, Content-Range, ETag, Content-Disposition',
          }
        : { 'Cross-Origin-Resource-Policy': 'same-origin' }),
    }
    // Failures are about this request only: nothing for a cache to keep.
    const failure = { ...headers, 'Cache-Control': NEVER_STORED }

    const precondition = evaluatePreconditions(request.headers, validators)
    if (precondition === 'not-modified') return { status: 304, headers, body: null }
    if (precondition === 'precondition-failed') return { status: 412, headers: failure, body: null }

    // Ranges are defined for GET only; a HEAD describes the whole file.
    const range =
      request.method === 'GET' && rangeStillApplies(request.headers, validators)
        ? parseRange(request.headers.get('range'), file.size)
        : ({ kind: 'full' } as const)
    if (range.kind === 'unsatisfiable') {
      return {
        status: 416,
        headers: { ...failure, 'Content-Range': unsatisfiedRange(file.size) },
        body: null,
      }
    }

    const { start, end } = range.kind === 'partial' ? range.range : { start: 0, end: file.size - 1 }
    const length = String(end - start + 1)
    const policy = contentPolicy(media.mimeType)
    Object.assign(headers, {
      'Content-Type': policy.contentType,
      // Next.js drops Content-Length; the project server restores it from the declared length.
      'Content-Length': length,
      [DECLARED_LENGTH_HEADER]: length,
      'Content-Disposition': contentDisposition(policy.disposition, request.filename),
      ...(policy.csp ? { 'Content-Security-Policy': policy.csp } : {}),
      ...(range.kind === 'partial'
        ? { 'Content-Range': contentRange(range.range, file.size) }
        : {}),
    })
    const status = range.kind === 'partial' ? 206 : 200
    if (request.method === 'HEAD' || end < start) return { status, headers, body: null }
    streaming = true
    return { status, headers, body: file.stream(start, end) }
  } finally {
    if (!streaming) await file.close()
  }
}
