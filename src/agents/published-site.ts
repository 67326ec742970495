import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { LOCALES, type Locale } from '@/i18n/locales'
import { getPayloadClient } from '@/lib/payload'
import { PAGE_COLLECTIONS, type PublishedSite } from '@/markdown/site'
import type { Media } from '@/payload-types'
import { allDocuments, type SiteDocument } from '@/site/content'
import type { PageCollection } from '@/site/routes'

/**
 * The published content every agent surface renders from (twins, llms.txt, llms-full.txt, the
 * schema.org feed), read through `src/site/content.ts` (published only, as an anonymous reader
 * sees it) and kept in memory until the content changes.
 *
 * "Changes" is one cheap query over the tables whose rows these surfaces show: their row count
 * and newest `updated_at`. Publishing, unpublishing, editing a published document (every save of
 * the main row stamps `updated_at`), a scheduled publication, a deletion, a new or renamed
 * category or image all change it, on every instance at once and with no hook to forget; saving
 * a draft does not (drafts live in the versions tables), and needs not. So the first request
 * after a publish renders anew, and every other request reuses the snapshot.
 */
const WATCHED_TABLES = ['posts', 'case_studies', 'categories', 'media'] as const

const CONTENT_VERSION = sql`select concat_ws(' ', ${sql.join(
  WATCHED_TABLES.map(
    (table) =>
      sql`(select count(*)::text || '@' || coalesce(max(updated_at)::text, '-') from ${sql.identifier(table)})`,
  ),
  sql`, `,
)}) as version`

async function contentVersion(payload: Payload): Promise<string> {
  const result = await payload.db.drizzle.execute<{ version: string }>(CONTENT_VERSION)
  return result.rows[0]?.version ?? ''
}

/** Ids of media that rich text refers to without the media being populated. */
function unpopulatedUploadIds(documents: readonly SiteDocument[]): number[] {
  const ids = new Set<number>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== 'object' || node === null) return
    const record = node as Record<string, unknown>
    if (
      record.type === 'upload' &&
      record.relationTo === 'media' &&
      typeof record.value === 'number'
    ) {
      ids.add(record.value)
    }
    visit(record.children)
  }
  for (const doc of documents) visit((doc.content as { root?: unknown } | null | undefined)?.root)
  return [...ids]
}

/** Media by id as an anonymous reader may see them: the embargo applies (published use only). */
async function publicMedia(
  payload: Payload,
  locale: Locale,
  ids: number[],
): Promise<Record<number, Media>> {
  if (ids.length === 0) return {}
  const { docs } = await payload.find({
    collection: 'media',
    where: { id: { in: ids } },
    locale,
    depth: 0,
    limit: ids.length,
    pagination: false,
    overrideAccess: false,
    user: null,
  })
  return Object.fromEntries(docs.map((doc) => [doc.id, doc]))
}

async function loadPublishedSite(payload: Payload): Promise<PublishedSite> {
  const pairs = PAGE_COLLECTIONS.flatMap((collection) =>
    LOCALES.map((locale) => [collection, locale] as const),
  )
  const loaded = await Promise.all(
    pairs.map(async ([collection, locale]) => ({
      collection,
      locale,
      docs: await allDocuments(collection, locale),
    })),
  )
  const documents = Object.fromEntries(
    PAGE_COLLECTIONS.map((collection) => [
      collection,
      Object.fromEntries(
        loaded
          .filter((entry) => entry.collection === collection)
          .map((entry) => [entry.locale, entry.docs]),
      ),
    ]),
  ) as Record<PageCollection, Record<Locale, SiteDocument[]>>

  const media = Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (locale) => {
        const ids = unpopulatedUploadIds(
          PAGE_COLLECTIONS.flatMap((collection) => documents[collection][locale]),
        )
        return [locale, await publicMedia(payload, locale, ids)] as const
      }),
    ),
  ) as Record<Locale, Record<number, Media>>

  return { documents, media }
}

interface Snapshot {
  version: string
  site: Promise<PublishedSite>
}

let cached: Snapshot | null = null

export async function publishedSite(): Promise<PublishedSite> {
  const payload = await getPayloadClient()
  const version = await contentVersion(payload)
  if (cached?.version === version) return cached.site
  const snapshot: Snapshot = {
    version,
    site: loadPublishedSite(payload).catch((error: unknown) => {
      // A failed load is not kept: the next request tries again.
      if (cached === snapshot) cached = null
      throw error
    }),
  }
  cached = snapshot
  return snapshot.site
}
