import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { LOCALES } from '@/i18n/locales'
import { paths, type PageCollection } from '@/site/routes'

import { REDIRECTS_COLLECTION, redirectFrom } from './collection'

/** Where the slug a document was live under waits between its change hooks (per request). */
const liveSlugKey = (collection: string, id: unknown) => `redirects:liveSlug:${collection}:${id}`

/**
 * Before a document is published, the slug it is live under: the collection's own row, which
 * Payload only writes when a version is published (drafts go to the versions table), so a draft
 * renamed twice before publishing still counts as one rename from the live slug.
 */
export const rememberLiveSlug: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || data._status !== 'published' || originalDoc?.id === undefined)
    return data
  const live = (await req.payload.db.findOne({
    collection: collection.slug,
    where: { id: { equals: originalDoc.id } },
    req,
  })) as { _status?: string; slug?: string } | null
  if (live?._status === 'published' && live.slug)
    req.context[liveSlugKey(collection.slug, originalDoc.id)] = live.slug
  return data
}

/**
 * When a document is published: its paths are live again, so redirects from them go (renaming
 * back to an earlier slug removes the redirect that would now loop); and when its slug changed,
 * the old page of each locale answers 301 to the new one (the twins follow the pages, see
 * src/markdown/twin.ts). The redirects collection's own hooks keep chains one hop long.
 */
export const redirectRenamedDocument: CollectionAfterChangeHook = async ({
  collection,
  doc,
  req,
}) => {
  if (doc._status !== 'published' || typeof doc.slug !== 'string') return doc
  const pageCollection = collection.slug as PageCollection
  const key = liveSlugKey(collection.slug, doc.id)
  const previous = req.context[key]
  delete req.context[key]
  const pathsOf = (slug: string) =>
    LOCALES.map((locale) => paths.document(pageCollection, locale, slug))
  const current = pathsOf(doc.slug)
  await req.payload.delete({
    collection: REDIRECTS_COLLECTION,
    where: { from: { in: current } },
    overrideAccess: true,
    req,
  })
  if (typeof previous !== 'string' || previous === doc.slug) return doc
  const old = pathsOf(previous)
  for (const [index, from] of old.entries()) {
    const to = current[index]!
    const existing = await redirectFrom(req, from)
    if (existing) {
      await req.payload.update({
        collection: REDIRECTS_COLLECTION,
        id: existing.id,
        data: { to, source: 'rename' },
        depth: 0,
        overrideAccess: true,
        req,
      })
    } else {
      await req.payload.create({
        collection: REDIRECTS_COLLECTION,
        data: { from, to, source: 'rename' },
        depth: 0,
        overrideAccess: true,
        req,
      })
    }
  }
  return doc
}
