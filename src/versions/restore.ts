import {
  APIError,
  commitTransaction,
  headersWithCors,
  initTransaction,
  killTransaction,
  restoreVersionOperation,
  type CollectionBeforeOperationHook,
  type CollectionSlug,
  type Endpoint,
  type GlobalBeforeOperationHook,
  type PayloadRequest,
} from 'payload'

import { RESTORING_AS_DRAFT } from '@/access/publishing'

/*
 * Restoring a version never publishes: the restored content becomes the document's (or settings
 * global's) latest draft, and the public version stays as it is until an editor publishes.
 *
 * Payload's Restore button posts `?draft=false` unless one picks "Restore as draft", and its
 * restore operation reads that flag before any hook runs, so a hook cannot turn it into a draft.
 * These endpoints take the restore's path (`POST /api/{collection}/versions/:id`,
 * `POST /api/globals/{slug}/versions/:id`; a collection's or global's own endpoints are matched
 * before Payload's) and restore into a draft whatever the query says. The before-operation guards
 * refuse any other restore (GraphQL's, the Local API's) that would publish.
 */

/** The one path of a restore, collections and globals alike (Payload's own). */
export const RESTORE_PATH = '/versions/:id'

export const RESTORE_PUBLISHES_MESSAGE =
  'A version is restored into a draft: POST /api/{collection}/versions/{id}, then publish the draft.'
export const GLOBAL_RESTORE_MESSAGE =
  'A settings version is restored into a draft: POST /api/globals/{slug}/versions/{id}, then publish the draft.'

const FORBIDDEN = 403
const NOT_FOUND = 404

const notFound = (message: string) => new APIError(message, NOT_FOUND, null, true)

/** The version's id from the path, as the database keeps them (integers with PostgreSQL). */
function versionIdOf(req: PayloadRequest): number | string {
  const raw = req.routeParams?.id
  if (typeof raw !== 'string' || raw === '') throw notFound('No such version.')
  if (req.payload.db.defaultIDType !== 'number') return raw
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound('No such version.')
  return Number(raw)
}

/** `depth` of the query, as Payload's own endpoint reads it; otherwise its default. */
function depthOf(req: PayloadRequest): number | undefined {
  const depth = Number(req.searchParams?.get('depth') ?? Number.NaN)
  return Number.isSafeInteger(depth) && depth >= 0 ? depth : undefined
}

const answer = (req: PayloadRequest, body: Record<string, unknown>): Response =>
  Response.json(
    { ...body, message: req.t('version:restoredSuccessfully') },
    { headers: headersWithCors({ headers: new Headers(), req }), status: 200 },
  )

/**
 * A post's or case study's version restored into a draft through Payload's own operation (all
 * locales, the same hooks, the same access: an author may restore into a draft what an author may
 * save as a draft).
 */
export const restoreVersionAsDraft: Endpoint = {
  path: RESTORE_PATH,
  method: 'post',
  handler: async (req) => {
    const slug = req.routeParams?.collection
    const collection =
      typeof slug === 'string' ? req.payload.collections[slug as CollectionSlug] : undefined
    if (!collection) throw notFound('No such collection.')
    const doc = await restoreVersionOperation({
      id: versionIdOf(req),
      collection,
      depth: depthOf(req),
      draft: true,
      req,
    })
    return answer(req, doc as unknown as Record<string, unknown>)
  },
}

/**
 * Before a collection's operation: a restore must be a draft's (`draft: true`), which is then, for
 * the access rules, a draft save (src/access/publishing.ts).
 */
export const restoreOnlyAsDraft: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'restoreVersion') return args
  if ((args as { draft?: unknown }).draft !== true) {
    throw new APIError(RESTORE_PUBLISHES_MESSAGE, FORBIDDEN, null, true)
  }
  req.context[RESTORING_AS_DRAFT] = true
  return args
}

/** Fields of a version that are the global's own bookkeeping, not its content. */
const BOOKKEEPING = ['id', 'globalType', 'createdAt', 'updatedAt', '_status'] as const

function contentOf(version: Record<string, unknown>): Record<string, unknown> {
  const content = { ...version }
  for (const key of BOOKKEEPING) delete content[key]
  return content
}

/**
 * A settings global's version restored into a draft. Payload's own restore writes a draft restore
 * into the global's main row, which is what the site reads as published, so this saves the
 * version's content as a draft through the Local API instead: one draft save per locale (each
 * carries that locale's text, the last one every locale's), in one transaction, the last marked
 * as the restore (the audit log's `settings.restore`). Editors and admins only, as settings are.
 */
export const restoreGlobalVersionAsDraft: Endpoint = {
  path: RESTORE_PATH,
  method: 'post',
  handler: async (req) => {
    const slug = req.routeParams?.global
    const global = req.payload.config.globals.find((each) => each.slug === slug)
    if (!global) throw notFound('No such global.')
    const id = String(versionIdOf(req))
    const localization = req.payload.config.localization
    const locales: (string | undefined)[] = localization ? localization.localeCodes : [undefined]
    const shouldCommit = await initTransaction(req)
    try {
      let doc: unknown
      for (const [index, locale] of locales.entries()) {
        const version = await req.payload.findGlobalVersionByID({
          slug: global.slug,
          id,
          depth: 0,
          locale: locale as never,
          fallbackLocale: false,
          overrideAccess: false,
          req,
        })
        if (index === locales.length - 1) req.context.isRestoringVersion = true
        doc = await req.payload.updateGlobal({
          slug: global.slug,
          data: {
            ...contentOf(version.version as unknown as Record<string, unknown>),
            _status: 'draft',
          },
          depth: depthOf(req),
          draft: true,
          locale: locale as never,
          fallbackLocale: false,
          overrideAccess: false,
          req,
        } as Parameters<typeof req.payload.updateGlobal>[0])
      }
      if (shouldCommit) await commitTransaction(req)
      return answer(req, { doc })
    } catch (error) {
      await killTransaction(req)
      throw error
    } finally {
      delete req.context.isRestoringVersion
    }
  },
}

/** Payload's restore of a global overwrites what the site reads: only the endpoint above restores. */
export const refuseGlobalRestoreOperation: GlobalBeforeOperationHook = ({ args, operation }) => {
  if (operation === 'restoreVersion') {
    throw new APIError(GLOBAL_RESTORE_MESSAGE, FORBIDDEN, null, true)
  }
  return args
}
