import 'server-only'

import type { Payload } from 'payload'

import { LOCALES, type Locale } from '@/i18n/locales'
import { contentVersions } from '@/lib/content-version'
import { getPayloadClient } from '@/lib/payload'
import { processSingleton } from '@/lib/process-singleton'
import { PAGE_COLLECTIONS, PUBLISHED_CONTENT_KEYS, type PublishedSite } from '@/site/snapshot'
import type { Media } from '@/payload-types'
import { allDocuments, type SiteDocument } from '@/site/content'
import type { PageCollection } from '@/site/routes'
import { publishedSettings } from '@/site/settings'

/**
 * The published content every agent surface renders from (twins, llms.txt, llms-full.txt, the
 * schema.org feed), read through `src/site/content.ts` (published only, as an anonymous reader
 * sees it) and kept in memory until the content changes.
 *
 * "Changes" is the content version (src/lib/content-version.ts): the snapshot depends on
 * everything published (`PUBLISHED_CONTENT_KEYS`) and is kept while none of those keys advanced
 * since the stamp taken before it was read. The change feed advances them on every instance
 * when a publish, unpublish, edit of a published document, deletion, or category or media change
 * commits; saving a draft does not (drafts live in the versions tables), and needs not. While the
 * feed is down, or a read replica has not replayed a change heard, there is no stamp and nothing
 * is kept: every request reads anew.
 */
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

  return { documents, media, settings: await publishedSettings() }
}

interface Snapshot {
  stamp: number
  site: Promise<PublishedSite>
}

/** One snapshot per process, whichever route chunk loaded it. */
const holder = () => processSingleton<{ snapshot?: Snapshot }>('published-site', () => ({}))

export async function publishedSite(): Promise<PublishedSite> {
  const payload = await getPayloadClient()
  const versions = contentVersions()
  const held = holder()
  const cached = held.snapshot
  if (cached && versions.isFresh(PUBLISHED_CONTENT_KEYS, cached.stamp)) return cached.site
  // Taken before anything is read: a change heard during the load makes the snapshot outdated.
  const stamp = versions.stamp()
  if (stamp === null) return loadPublishedSite(payload)
  const snapshot: Snapshot = {
    stamp,
    site: loadPublishedSite(payload).catch((error: unknown) => {
      // A failed load is not kept: the next request tries again.
      if (held.snapshot === snapshot) held.snapshot = undefined
      throw error
    }),
  }
  held.snapshot = snapshot
  return snapshot.site
}
