import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, SelectType, Where } from 'payload'

import { LOCALES, type Locale } from '@/i18n/locales'
import { collectionTables } from '@/lib/collection-tables'
import { getPayloadClient } from '@/lib/payload'
import type { Media } from '@/payload-types'

import { CARD_FIELDS, listDocuments, type SiteDocument } from './content'
import { TRANSLATED } from './translations'
import { RELATED_POSTS } from './related'
import type { PageCollection } from './routes'
import { publishedSettings } from './settings'
import { emptyView, PAGE_COLLECTIONS, type PublishedView } from './view'

/**
 * What the agent surfaces (markdown twins of documents, MCP reads, llms files, feeds, the
 * schema.org feed, the sitemap) read: published documents only, as an anonymous reader sees them
 * (src/site/content.ts), and never the whole site at once. A document's twin reads that document
 * and what it refers to; a list reads a page; a file of every document pages through them
 * (`publishedPages`, keyset pagination) and renders each page from its own view.
 *
 * Which documents a surface lists in a locale is decided here alone (`listedWhere`), for every
 * list, page, count and lookup of these surfaces.
 */

/**
 * The condition every surface's selection of documents in `locale` adds to published-only: the
 * documents translated into it (src/site/translations.ts). What each locale reads.
 */
export function listedWhere(_collection: PageCollection, _locale: Locale): Where | undefined {
  return TRANSLATED
}

/**
 * `listedWhere` in SQL, over a document row `d` joined to its row `l` in the locale read: for the
 * reads written below the Local API (the sitemap, related posts' candidates). Published
 * (`publishedOnly`) and translated into the locale (`TRANSLATED`: its own title there is set).
 */
const LISTED_ROW_SQL = sql`d._status = 'published' and l.title is not null`

const and = (...conditions: (Where | undefined)[]): Where | undefined => {
  const present = conditions.filter((condition): condition is Where => condition !== undefined)
  return present.length === 0 ? undefined : present.length === 1 ? present[0] : { and: present }
}

/** The fields a document referred to needs: a link's title and slug; related posts' order. */
const REFERENCE_FIELDS = {
  title: true,
  slug: true,
  publishedAt: true,
  updatedAt: true,
  categories: true,
} satisfies SelectType

const published = { overrideAccess: false, user: null, draft: false } as const

/** One page of a collection's listed documents in `locale`, newest first (lists, MCP). */
export function listedPage(
  collection: PageCollection,
  locale: Locale,
  { page = 1, limit = 100, select }: { page?: number; limit?: number; select?: SelectType } = {},
) {
  return listDocuments(collection, locale, {
    page,
    limit,
    select,
    where: listedWhere(collection, locale),
  })
}

/** A listed document by slug or id, with its relations (depth 1), or null. */
export async function listedDocument(
  collection: PageCollection,
  locale: Locale,
  match: { slug: string } | { id: number },
): Promise<SiteDocument | null> {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection,
    locale,
    where: and(
      'slug' in match ? { slug: { equals: match.slug } } : { id: { equals: match.id } },
      listedWhere(collection, locale),
    ),
    limit: 1,
    pagination: false,
    depth: 1,
    ...published,
  })
  return (docs[0] as SiteDocument | undefined) ?? null
}

/** Documents of `collection` in `locale` among `ids` that are listed, narrow (REFERENCE_FIELDS). */
async function listedAmong(
  payload: Payload,
  collection: PageCollection,
  locale: Locale,
  ids: readonly number[],
): Promise<SiteDocument[]> {
  if (ids.length === 0) return []
  const { docs } = await payload.find({
    collection,
    locale,
    where: and({ id: { in: [...ids] } }, listedWhere(collection, locale)),
    select: REFERENCE_FIELDS,
    depth: 0,
    pagination: false,
    ...published,
  })
  return docs as SiteDocument[]
}

/**
 * The newest `limit` listed posts in `locale`, of all posts and of each category of
 * `categoryIds` (card fields): one list each, which related posts are chosen from. Their ids are
 * one SQL statement (the `listedWhere` rule written out: published, with a title in the locale),
 * and their documents one `find` with their relations: Payload's own read, one `find` per list,
 * populated each list's cards on its own and, with a condition on categories, named its join
 * with a random alias, so PostgreSQL planned it anew every time. Not a page of a list: nothing is
 * counted.
 */
async function newestPostsOf(
  payload: Payload,
  locale: Locale,
  limit: number,
  categoryIds: readonly number[],
): Promise<SiteDocument[][]> {
  const { table, locales, rels } = collectionTables('posts')
  const newest = (categoryId: number | undefined, index: number) => sql`array(
      select d.id from ${table} d
      join ${locales} l on l._parent_id = d.id and l._locale = ${locale}
      where ${LISTED_ROW_SQL} ${
        categoryId === undefined
          ? sql``
          : sql`and exists (select 1 from ${rels} r
              where r.parent_id = d.id and r.path = 'categories' and r.categories_id = ${categoryId})`
      }
      order by d.published_at desc, d.id desc
      limit ${limit}) as ${sql.identifier(`list_${index}`)}`
  const lists = [undefined, ...categoryIds]
  const { rows } = await payload.db.drizzle.execute<Record<string, number[]>>(
    sql`select ${sql.join(lists.map(newest), sql`, `)}`,
  )
  const idLists = lists.map((_, index) => rows[0]?.[`list_${index}`] ?? [])
  const ids = [...new Set(idLists.flat())]
  if (ids.length === 0) return idLists.map(() => [])
  const { docs } = await payload.find({
    collection: 'posts',
    locale,
    where: { id: { in: ids } },
    limit: ids.length,
    pagination: false,
    depth: 1,
    // Related posts are shown as cards (cover, category, excerpt), on the page and in its twin.
    select: { ...REFERENCE_FIELDS, ...CARD_FIELDS },
    ...published,
  })
  const byId = new Map((docs as SiteDocument[]).map((doc) => [doc.id, doc]))
  return idLists.map((list) => list.flatMap((id) => byId.get(id) ?? []))
}

const categoryIdsOf = (doc: SiteDocument): number[] =>
  (doc.categories ?? []).map((category) => (typeof category === 'object' ? category.id : category))

/** Ids of documents (per collection) and media that rich text refers to by id. */
export function richTextReferences(documents: readonly SiteDocument[]) {
  const documentIds: Record<PageCollection, Set<number>> = {
    posts: new Set(),
    'case-studies': new Set(),
  }
  const mediaIds = new Set<number>()
  const idOf = (value: unknown) =>
    typeof value === 'number' ? value : (value as { id?: unknown } | null | undefined)?.id
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== 'object' || node === null) return
    const record = node as Record<string, unknown>
    if (record.type === 'upload' && record.relationTo === 'media') {
      if (typeof record.value === 'number') mediaIds.add(record.value)
    }
    const fields = record.fields as { doc?: { relationTo?: unknown; value?: unknown } } | undefined
    const linked = fields?.doc
    // Links (internal) and relationship nodes both name a document by collection and id.
    for (const target of [linked, record.type === 'relationship' ? record : undefined]) {
      const collection = target?.relationTo
      const id = idOf(target?.value)
      if ((collection === 'posts' || collection === 'case-studies') && typeof id === 'number') {
        documentIds[collection].add(id)
      }
    }
    visit(record.children)
  }
  for (const doc of documents) visit((doc.content as { root?: unknown } | null | undefined)?.root)
  return { documentIds, mediaIds: [...mediaIds] }
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
    locale,
    where: { id: { in: ids } },
    depth: 0,
    pagination: false,
    overrideAccess: false,
    user: null,
  })
  return Object.fromEntries(docs.map((doc) => [doc.id, doc]))
}

/** Newest first, as the site lists documents (publishedAt, then id, descending). */
const newestFirst = (a: SiteDocument, b: SiteDocument) =>
  (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.id - a.id

/** How much of what documents refer to a view reads (`viewFor`). */
export interface ViewScope {
  /**
   * False for a surface that shows documents' own fields and their translations only (the
   * schema.org feed): no linked documents, related posts or rich text's media are read.
   */
  references?: boolean
}

/** What a file of every document reads of each page: its fields (`select`) and its view. */
export interface DocumentPagesReads extends ViewScope {
  select?: SelectType
}

/**
 * What rendering `docs` (of one collection, in one locale) needs, and nothing more: the documents
 * themselves; the documents their rich text links to; whether each is listed in the other
 * locales (the alternates); for posts, the candidates of their related posts (the newest
 * `RELATED_POSTS + 1` of each of their categories and of all posts, which hold the first
 * `RELATED_POSTS` of `relatedAmong` over the whole list, since that picks the newest of each
 * group); the media rich text refers to by id; the site settings. Its lists are sorted newest
 * first like the whole lists they stand for.
 */
export async function viewFor(
  collection: PageCollection,
  locale: Locale,
  docs: readonly SiteDocument[],
  { references = true }: ViewScope = {},
): Promise<PublishedView> {
  const payload = await getPayloadClient()
  const view = emptyView()
  const { documentIds, mediaIds } = references
    ? richTextReferences(docs)
    : { documentIds: { posts: new Set<number>(), 'case-studies': new Set<number>() }, mediaIds: [] }
  const ids = docs.map((doc) => doc.id)
  const categories = [...new Set(docs.flatMap(categoryIdsOf))]
  const [settings, media, linked, alternates, related] = await Promise.all([
    publishedSettings(),
    publicMedia(payload, locale, mediaIds),
    Promise.all(
      PAGE_COLLECTIONS.map(async (target) => ({
        target,
        docs: await listedAmong(payload, target, locale, [...documentIds[target]]),
      })),
    ),
    Promise.all(
      LOCALES.filter((other) => other !== locale).map(async (other) => ({
        other,
        docs: await listedAmong(payload, collection, other, ids),
      })),
    ),
    collection === 'posts' && references
      ? newestPostsOf(payload, locale, RELATED_POSTS + 1, categories)
      : Promise.resolve([]),
  ])
  const add = (target: PageCollection, targetLocale: Locale, more: readonly SiteDocument[]) => {
    const list = view.documents[target][targetLocale] as SiteDocument[]
    const known = new Set(list.map((doc) => doc.id))
    for (const doc of more) {
      if (known.has(doc.id)) continue
      known.add(doc.id)
      list.push(doc)
    }
  }
  add(collection, locale, docs)
  for (const entry of linked) add(entry.target, locale, entry.docs)
  for (const entry of alternates) add(collection, entry.other, entry.docs)
  for (const posts of related) add('posts', locale, posts)
  for (const target of PAGE_COLLECTIONS) {
    for (const each of LOCALES) (view.documents[target][each] as SiteDocument[]).sort(newestFirst)
  }
  return { ...view, media: { ...view.media, [locale]: media }, settings }
}

/** How many documents each page of `publishedPages` reads. */
export const PUBLISHED_PAGE_SIZE = 100

/**
 * Up to `limit` listed documents of a collection in `locale`, newest first, starting after the
 * document `after` (keyset pagination on publishedAt and id, which the list index serves, so a
 * late page costs what the first does). A published document always has a publishedAt (the
 * publish stamps it, src/fields/publishable.ts).
 */
export async function listedAfter(
  collection: PageCollection,
  locale: Locale,
  after: { publishedAt: string; id: number } | undefined,
  limit: number,
  { depth = 1, select }: { depth?: number; select?: SelectType } = {},
): Promise<SiteDocument[]> {
  const keyset: Where | undefined = after
    ? {
        or: [
          { publishedAt: { less_than: after.publishedAt } },
          {
            and: [{ publishedAt: { equals: after.publishedAt } }, { id: { less_than: after.id } }],
          },
        ],
      }
    : undefined
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection,
    locale,
    where: and(keyset, listedWhere(collection, locale)),
    sort: ['-publishedAt', '-id'],
    limit,
    pagination: false,
    depth,
    select,
    ...published,
  })
  return docs as SiteDocument[]
}

/** The fields a list of documents shows (MCP list_documents, resources/list). */
export const SUMMARY_FIELDS = {
  title: true,
  slug: true,
  excerpt: true,
  publishedAt: true,
  updatedAt: true,
  meta: { description: true },
} satisfies SelectType

/**
 * Every listed document of a collection in `locale`, newest first, a page at a time
 * (`listedAfter`), with the fields `select` names (all by default): llms-full.txt and the
 * schema.org feed stream through these.
 */
export async function* publishedPages(
  collection: PageCollection,
  locale: Locale,
  { size = PUBLISHED_PAGE_SIZE, select }: { size?: number; select?: SelectType } = {},
): AsyncGenerator<SiteDocument[]> {
  let after: { publishedAt: string; id: number } | undefined
  for (;;) {
    const docs = await listedAfter(collection, locale, after, size, { select })
    if (docs.length === 0) return
    yield docs
    const last = docs.at(-1)!
    if (docs.length < size || !last.publishedAt) return
    after = { publishedAt: last.publishedAt, id: last.id }
  }
}

/**
 * The newest `limit` listed documents and how many there are in all (llms.txt sections, feeds).
 */
export async function newestListed(collection: PageCollection, locale: Locale, limit: number) {
  const { docs, totalDocs } = await listedPage(collection, locale, { limit })
  return { docs, totalDocs }
}

/**
 * The slug and last change of every document a locale lists and search engines may index, newest
 * first (the sitemap). Read in SQL, below the Local API: at ten thousand documents Payload's `find`
 * without pagination takes seconds to build documents the sitemap reads two fields of. The rule
 * is the Local API's for an anonymous reader — published (`publishedOnly`), translated into the
 * locale (`TRANSLATED`: its title there is set), not hidden from search engines (`isIndexable`),
 * in its order — and `tests/int/sitemap-reads.test.ts` holds the two to the same answer.
 */
export async function listedSlugs(
  collection: PageCollection,
  locale: Locale,
): Promise<{ slug: string; updatedAt: string }[]> {
  const payload = await getPayloadClient()
  const { table, locales } = collectionTables(collection)
  const { rows } = await payload.db.drizzle.execute<{ slug: string; updatedAt: string }>(sql`
    select d.slug,
      to_char(d.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
    from ${table} d
    join ${locales} l on l._parent_id = d.id and l._locale = ${locale}
    where ${LISTED_ROW_SQL} and d.meta_noindex is not true
    order by d.published_at desc nulls first, d.id desc`)
  return rows
}

/**
 * A fingerprint of everything published the files of every document show (each collection's
 * count and newest change, categories, media, the settings): the same fingerprint, the same
 * bytes. It validates those files (ETag) without rendering them.
 */
export async function publishedFingerprint(): Promise<string> {
  const payload = await getPayloadClient()
  const newest = async (collection: PageCollection | 'categories' | 'media') => {
    const { docs, totalDocs } = await payload.find({
      collection,
      sort: '-updatedAt',
      limit: 1,
      depth: 0,
      select: { updatedAt: true },
      overrideAccess: false,
      user: null,
    })
    return `${collection}:${totalDocs}:${docs[0]?.updatedAt ?? ''}`
  }
  const parts = await Promise.all([
    ...PAGE_COLLECTIONS.map(newest),
    newest('categories'),
    newest('media'),
    publishedSettings().then((settings) => JSON.stringify(settings)),
  ])
  return parts.join('\n')
}
