import 'server-only'

import { checkAnonymousPayloadRead, parseDocumentId } from '@/content/query'
import { ApiError, withErrorHandling } from '@/http/errors'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'
import { payloadRest } from '@/lib/payload-rest'

import { parseMediaFilename } from './filename'
import { MAX_UPLOAD_REQUEST_BYTES, TOO_LARGE_MESSAGE } from './limits'
import { serveMediaFile } from './serve-file'

type FilenameContext = { params: Promise<{ filename: string }> }
type IdContext = { params?: Promise<{ id?: string }> }

/**
 * Payload's own read sub-routes of a collection that share the `/{collection}/{id}` shape
 * (`access` is POST only: a GET of it is an id, and not a valid one).
 */
const PAYLOAD_SUBROUTES = new Set(['count', 'versions'])

/** 400 for an id that is not a positive integer (Payload would answer 500), 404 for one out of range. */
async function checkId(context: IdContext): Promise<void> {
  const rawId = context.params ? (await context.params).id : undefined
  if (rawId === undefined || PAYLOAD_SUBROUTES.has(rawId)) return
  if (parseDocumentId(rawId) === null) throw new ApiError('not_found', `No media with id ${rawId}.`)
}

/** GET and HEAD /api/media/file/{filename}: the file server. */
export function mediaFileRoute() {
  return withErrorHandling(async (request: Request, context: FilenameContext) => {
    const filename = parseMediaFilename((await context.params).filename)
    const payload = await getPayloadClient()
    const reply = await serveMediaFile(payload, {
      filename,
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      headers: request.headers,
      viewer: () => signedInUser(payload, request),
    })
    return new Response(reply.body, { status: reply.status, headers: reply.headers })
  })
}

/**
 * Reads of /api/media[/{id}] stay Payload's; the `read` access applies the embargo. Anonymous
 * callers' paging is checked and their filters refused first (src/content/query.ts).
 */
export function mediaReadRoute() {
  return withErrorHandling(async (request: Request, context: IdContext) => {
    await checkId(context)
    if (!(await signedInUser(await getPayloadClient(), request))) {
      checkAnonymousPayloadRead(new URL(request.url).searchParams)
    }
    return payloadRest(request)
  })
}

/**
 * Writes of /api/media[/{id}] (upload, replace, delete) are refused before the body is read when
 * the caller is anonymous (401) or declares a body over the upload limit (413): Payload would
 * otherwise parse the whole multipart body, up to hundreds of megabytes, and only then say no.
 * Bodies without a Content-Length are cut off by the multipart parser's own limit.
 */
export function mediaWriteRoute() {
  return withErrorHandling(async (request: Request, context: IdContext) => {
    const payload = await getPayloadClient()
    if (!(await signedInUser(payload, request))) {
      throw new ApiError('unauthorized', 'Sign in to upload, change or delete media.')
    }
    await checkId(context)
    const declared = Number(request.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_REQUEST_BYTES) {
      throw new ApiError('payload_too_large', TOO_LARGE_MESSAGE)
    }
    return payloadRest(request)
  })
}
