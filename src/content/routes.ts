import 'server-only'

import { CACHING_POLICY } from '@/http/cache-control'
import { ApiError, withErrorHandling } from '@/http/errors'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'
import { payloadRest } from '@/lib/payload-rest'

import type { ReadableCollection } from './contract'
import { parseDocumentId, parseDocumentQuery, parseListQuery } from './query'
import { getPublished, listPublished } from './read'

type IdContext = { params: Promise<{ id: string }> }

/**
 * Payload's own sub-routes of a collection that share the `/{collection}/{id}` shape: reads
 * (GET `count`, `versions`) and writes (POST `access`). They take Payload's query language, so
 * they are for signed-in editors; for anonymous callers they would be a way around the contract.
 */
const PAYLOAD_READ_SUBROUTES = new Set(['versions', 'count'])
const PAYLOAD_SUBROUTES = new Set([...PAYLOAD_READ_SUBROUTES, 'access'])

const METHOD_OVERRIDE_HEADERS = ['x-http-method-override', 'x-payload-http-method-override']

/** Public reads may be called from any site (no credentials are involved). */
function publicJson(body: unknown): Response {
  return Response.json(body, {
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': CACHING_POLICY['content-api'].cacheControl,
    },
  })
}

/**
 * GET /api/{collection}: anonymous callers get the public contract; signed-in editors get
 * Payload's full REST API (drafts, any filter), as in the admin.
 */
export function listRoute(collection: ReadableCollection) {
  return withErrorHandling(async (request: Request) => {
    const payload = await getPayloadClient()
    if (await signedInUser(payload, request)) return payloadRest(request)
    const query = parseListQuery(new URL(request.url).searchParams, collection)
    return publicJson(await listPublished(payload, collection, query))
  })
}

/** GET /api/{collection}/{id}: one published document, 404 when missing or not published. */
export function documentRoute(collection: ReadableCollection) {
  return withErrorHandling(async (request: Request, context: IdContext) => {
    const { id: rawId } = await context.params
    const payload = await getPayloadClient()
    if (PAYLOAD_READ_SUBROUTES.has(rawId)) {
      if (await signedInUser(payload, request)) return payloadRest(request)
      throw new ApiError(
        'unauthorized',
        `/api/${collection}/${rawId} is for signed-in editors; the public list is /api/${collection}.`,
      )
    }
    const id = parseDocumentId(rawId)
    if (await signedInUser(payload, request)) return payloadRest(request)
    const query = parseDocumentQuery(new URL(request.url).searchParams, collection)
    const doc = id === null ? null : await getPublished(payload, collection, id, query)
    if (!doc)
      throw new ApiError('not_found', `No published ${collection} document with id ${rawId}.`)
    return publicJson(doc)
  })
}

/**
 * Writes (POST/PATCH/DELETE) go to Payload, whose access control refuses anonymous callers.
 * Payload also reads `X-HTTP-Method-Override: GET` on a POST as a read; an anonymous caller must
 * not use that door around the public contract, so it is refused here.
 */
export function writeRoute() {
  return withErrorHandling(
    async (request: Request, context: { params?: Promise<{ id?: string }> }) => {
      // Static routes (`/api/posts`) get no params at all.
      const rawId = (await context.params)?.id
      if (rawId !== undefined && !PAYLOAD_SUBROUTES.has(rawId)) parseDocumentId(rawId)
      if (METHOD_OVERRIDE_HEADERS.some((header) => request.headers.has(header))) {
        const payload = await getPayloadClient()
        if (!(await signedInUser(payload, request))) {
          throw new ApiError(
            'method_not_allowed',
            'Method override is only available to signed-in users; use GET.',
            {
              headers: { Allow: 'GET, HEAD' },
            },
          )
        }
      }
      return payloadRest(request)
    },
  )
}
