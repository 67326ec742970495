import type { Endpoint, PayloadHandler } from 'payload'

import { ERROR_STATUS, type ErrorCode } from '@/http/error-codes'
import type { PageCollection } from '@/site/routes'
import { translatedLocales } from '@/site/translated-locales'

/**
 * `GET /api/{posts|case-studies}/:id/languages`: the languages a document's current state
 * (published, or a first draft) has a title of its own in, by the listed rule's title condition
 * (src/site/listed.ts, read by `translatedLocales`, as the list's "Translations" column reads
 * it). The admin's per-language status reads it after every save
 * (src/components/admin/ContentStatus.tsx), so what it says follows a publish without a reload.
 * Signed-in users only; nothing of a draft's words is in it.
 */
export const LANGUAGES_ENDPOINT_PATH = '/:id/languages'

const refuse = (code: ErrorCode, message: string) =>
  Response.json(
    { error: { code, message } },
    { status: ERROR_STATUS[code], headers: { 'Cache-Control': 'no-store' } },
  )

function languagesHandler(collection: PageCollection): PayloadHandler {
  return async (req) => {
    if (!req.user) return refuse('unauthorized', 'Sign in to read a document’s languages.')
    const id = Number(req.routeParams?.id)
    if (!Number.isSafeInteger(id) || id < 1) {
      return refuse('invalid_parameter', 'The document id must be a positive integer.')
    }
    // Read as the user: a document they may not read is one that does not exist.
    const found = await req.payload.find({
      collection,
      where: { id: { equals: id } },
      depth: 0,
      limit: 1,
      pagination: false,
      select: {},
      overrideAccess: false,
      user: req.user,
      req,
    })
    if (found.docs.length === 0) return refuse('not_found', 'No document has this id.')
    const translatedIn = await translatedLocales(req.payload, collection, id)
    return Response.json({ translatedIn }, { headers: { 'Cache-Control': 'no-store' } })
  }
}

export function languagesEndpoint(collection: PageCollection): Endpoint {
  return { path: LANGUAGES_ENDPOINT_PATH, method: 'get', handler: languagesHandler(collection) }
}
