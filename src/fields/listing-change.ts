import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type {
  CollectionSlug,
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  PayloadRequest,
} from 'payload'

import { collectionTables } from '@/lib/collection-tables'
import { CONTENT_CHANNEL } from '@/lib/content-version'
import { titledRow } from '@/site/listed'

/*
 * The content tables' triggers say which documents a write touched, not what about them changed.
 * Pages that show a *selection* of a collection (a post's related posts: the newest of its
 * categories) change when a document enters or leaves the published set or moves in it, and not
 * when one is merely edited. These hooks tell the two apart: they compare the document's listing
 * (src/cache/invalidation.ts: the collection's order key) before and after the write, and when it
 * changed, notify `{"table","ids","listing":true}` in the writing transaction — delivered when
 * it commits, as the triggers' notifications are, never before the rows can be read.
 *
 * A write made with SQL directly (not through Payload) notifies only through the triggers: it
 * refreshes the document's own pages and every list, not the related posts of other pages.
 */

/** Where the listing a document had before the write waits for the after-change hook. */
const listingBeforeKey = (collection: string, id: unknown) => `listing:before:${collection}:${id}`

/**
 * What places a document in its collection's listings: published or not, its publication date,
 * its categories, the languages it is translated into (the listed rule, src/site/listed.ts: its
 * own title in that language, not blank). Null when it is not published (it is listed nowhere).
 * Read with SQL in the writing transaction from the collection's own rows, which Payload writes
 * only when a version is published (a draft save changes nothing listed) — not through the Local
 * API, which would set the request's locale for the rest of the write.
 */
async function listingOf(
  req: PayloadRequest,
  collection: CollectionSlug,
  id: number | string,
): Promise<Listing | null> {
  const { table, rels, locales } = collectionTables(collection)
  const result = (await (
    await transactionOf(req)
  ).execute(sql`
    SELECT d._status AS status, d.published_at::text AS published_at,
      (SELECT coalesce(array_agg(r.categories_id ORDER BY r.categories_id), '{}')
         FROM ${rels} r WHERE r.parent_id = d.id AND r.path = 'categories'
           AND r.categories_id IS NOT NULL) AS categories,
      (SELECT coalesce(array_agg(l._locale::text ORDER BY l._locale), '{}')
         FROM ${locales} l WHERE l._parent_id = d.id AND ${titledRow('l')}) AS locales
    FROM ${table} d WHERE d.id = ${Number(id)}`)) as unknown as {
    rows: {
      status: string | null
      published_at: string | null
      categories: number[]
      locales: string[]
    }[]
  }
  const row = result.rows[0]
  if (row?.status !== 'published') return null
  const categories = row.categories.map(Number)
  return {
    signature: JSON.stringify([row.published_at, categories, row.locales]),
    categories,
  }
}

interface Listing {
  /** What places the document: equal signatures, same place in every listing. */
  signature: string
  categories: number[]
}

/** Announces, in the writing transaction, that a document's listing changed in `categories`. */
async function notifyListingChange(
  req: PayloadRequest,
  table: string,
  id: number,
  categories: number[],
): Promise<void> {
  const db = await transactionOf(req)
  const payload = JSON.stringify({ table, ids: [id], listing: true, categories })
  await db.execute(sql`SELECT pg_notify(${CONTENT_CHANNEL}, ${payload})`)
}

/** The database connection of the request's transaction (outside one, the pool). */
async function transactionOf(req: PayloadRequest) {
  const adapter = req.payload.db as unknown as PostgresAdapter
  const transaction = req.transactionID ? await req.transactionID : undefined
  return (transaction !== undefined && adapter.sessions[transaction]?.db) || adapter.drizzle
}

export const rememberListing: CollectionBeforeChangeHook = async ({
  collection,
  operation,
  originalDoc,
  req,
  data,
}) => {
  if (operation === 'update' && originalDoc?.id !== undefined) {
    const listing = await listingOf(req, collection.slug, originalDoc.id)
    req.context[listingBeforeKey(collection.slug, originalDoc.id)] = listing
  }
  return data
}

export const announceListingChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  req,
}) => {
  const key = listingBeforeKey(collection.slug, doc.id)
  const before = operation === 'update' ? (req.context[key] as Listing | null | undefined) : null
  delete req.context[key]
  const after = await listingOf(req, collection.slug, doc.id)
  // Unknown (the before-change hook did not run): announced, which costs renders only.
  if (before !== undefined && before?.signature === after?.signature) return doc
  const categories = [...new Set([...(before?.categories ?? []), ...(after?.categories ?? [])])]
  await notifyListingChange(req, collectionTables(collection.slug).name, doc.id, categories)
  return doc
}

export const announceListingRemoval: CollectionAfterDeleteHook = async ({
  collection,
  doc,
  req,
}) => {
  if (doc._status !== 'published') return doc
  const categories = ((doc.categories ?? []) as unknown[])
    .map((category) =>
      typeof category === 'object' && category !== null
        ? (category as { id: unknown }).id
        : category,
    )
    .filter((category): category is number => Number.isSafeInteger(category))
  await notifyListingChange(req, collectionTables(collection.slug).name, doc.id, categories)
  return doc
}
