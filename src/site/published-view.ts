import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import type { Payload, SelectType } from 'payload'
import { z } from 'zod'

import { readPublicMedia } from '@/content/published-documents'
import { publishedList } from '@/content/read'
import { LOCALES, type Locale } from '@/i18n/locales'
import { collectionTables } from '@/lib/collection-tables'
import { getPayloadClient } from '@/lib/payload'
import { integerLiteral } from '@/lib/sql-literals'
import type { Media } from '@/payload-types'

import {
  CARD_FIELDS,
  documentPickedBy,
  documentsAfter,
  documentsByIds,
  listDocuments,
  type ListedKey,
  type SiteDocument,
} from './content'
import { LISTED_ROW_SQL, titledRow } from './listed'
import { RELATED_POSTS, relatedAmong } from './related'
import type { PageCollection } from './routes'
import { caseStudyQuotes } from './people'
import { publishedSettings } from './settings'
import { emptyView, PAGE_COLLECTIONS, type PublishedView } from './view'

/**
 * What the agent surfaces (markdown twins of documents, MCP reads, llms files, feeds, the
 * schema.org feed, the sitemap) read: published documents only, as an anonymous reader sees them
 * (src/site/content.ts), and never the whole site at once. A document's twin reads that document
 * and what it refers to; a list reads a page; a file of every document pages through them
 * (`publishedPages`, keyset pagination) and renders each page from its own view.
 *
 * Which documents a surface lists in a locale is the listed rule (listed.ts), applied in SQL to
 * every list, page, count and lookup of these surfaces.
 */

/** The fields a document referred to needs: a link's title and slug; related posts' order. */
const REFERENCE_FIELDS = {
  title: true,
  slug: true,
  publishedAt: true,
  updatedAt: true,
  categories: true,
} satisfies SelectType

/** One page of a collection's listed documents in `locale`, newest first (lists, MCP). */
export function listedPage(
  collection: PageCollection,
  locale: Locale,
  { page = 1, limit = 100, select }: { page?: number; limit?: number; select?: SelectType } = {},
) {
  return listDocuments(collection, locale, { page, limit, select })
}

/** The largest id of a document (PostgreSQL's `integer`). */
const MAX_ID = 2_147_483_647

/**
 * Documents of `collection` in `locale` among `ids` that are listed, narrow (REFERENCE_FIELDS):
 * their ids picked by the listed rule (`LISTED_ROW_SQL`), their documents read with them in one
 * statement (`publishedList`).
 */
async function listedAmong(
  payload: Payload,
  collection: PageCollection,
  locale: Locale,
  ids: readonly number[],
): Promise<SiteDocument[]> {
  // Ids come from rich text too, which could name anything: only what an id can be is asked for.
  const wanted = ids.filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID)
  if (wanted.length === 0) return []
  const { table, locales } = collectionTables(collection)
  // One id as an integer, so that PostgreSQL keeps the statement's plan (as published-documents.ts
  // reads one document); more as one array, so that the text is the same whatever their number.
  const among =
    wanted.length === 1
      ? sql`d.id = ${wanted[0]}`
      : sql`d.id = any(${`{${wanted.join(',')}}`}::int[])`
  const { docs } = await publishedList(
    payload,
    collection,
    sql`select null::bigint as total, array(select d.id from ${table} d
      join ${locales} l on l._parent_id = d.id and l._locale = ${locale}
      where ${LISTED_ROW_SQL} and ${among}) as ids`,
    { locale, depth: 0, select: REFERENCE_FIELDS },
  )
  return docs as unknown as SiteDocument[]
}

/**
 * The ids of the newest `limit` listed posts in `locale` (the listed rule, `LISTED_ROW_SQL`), of
 * all posts or, given `category` (an SQL expression), of that category's: an array, newest first.
 *
 * `limit` is written into the text, not sent as a value, so that the statement's plan is kept
 * (`integerLiteral`).
 */
function newestPostIdsSql(locale: Locale, limit: number, category?: SQL) {
  const { table, locales, rels } = collectionTables('posts')
  const inCategory =
    category === undefined
      ? sql``
      : sql`and exists (select 1 from ${rels} r
          where r.parent_id = d.id and r.path = 'categories' and r.categories_id = ${category})`
  return sql`array(
      select d.id from ${table} d
      join ${locales} l on l._parent_id = d.id and l._locale = ${locale}
      where ${LISTED_ROW_SQL} ${inCategory}
      order by d.published_at desc, d.id desc
      limit ${integerLiteral(limit)})`
}

/**
 * The posts of `idLists` (ids of listed posts in `locale`) with their card fields and relations,
 * list by list in the lists' order: one `find`. What related posts are chosen from.
 */
async function postsOfLists(
  locale: Locale,
  idLists: readonly number[][],
): Promise<SiteDocument[][]> {
  const docs = await documentsByIds('posts', locale, [...new Set(idLists.flat())], {
    ...REFERENCE_FIELDS,
    ...CARD_FIELDS,
  })
  const byId = new Map(docs.map((doc) => [doc.id, doc]))
  return idLists.map((list) => list.flatMap((id) => byId.get(id) ?? []))
}

/**
 * The newest `limit` listed posts in `locale`, of all posts and of each category of
 * `categoryIds` (card fields): one list each, which related posts are chosen from. Their ids are
 * one SQL statement and their documents one `find` with their relations: Payload's own read, one
 * `find` per list, populated each list's cards on its own and, with a condition on categories,
 * named its join with a random alias, so PostgreSQL planned it anew every time. Not a page of a
 * list: nothing is counted.
 */
async function newestPostsOf(
  payload: Payload,
  locale: Locale,
  limit: number,
  categoryIds: readonly number[],
): Promise<SiteDocument[][]> {
  const lists = [undefined, ...categoryIds]
  const { rows } = await payload.db.drizzle.execute<Record<string, number[]>>(
    sql`select ${sql.join(
      lists.map(
        (categoryId, index) =>
          sql`${newestPostIdsSql(locale, limit, categoryId === undefined ? undefined : sql`${categoryId}`)} as ${sql.identifier(`list_${index}`)}`,
      ),
      sql`, `,
    )}`,
  )
  return postsOfLists(
    locale,
    lists.map((_, index) => rows[0]?.[`list_${index}`] ?? []),
  )
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

/**
 * Media by id as an anonymous reader may see them: the embargo applies (published use only). Read
 * in SQL of our own where that covers files (src/content/published-documents.ts), else by the
 * Local API.
 */
async function publicMedia(
  payload: Payload,
  locale: Locale,
  ids: number[],
): Promise<Record<number, Media>> {
  if (ids.length === 0) return {}
  const read = await readPublicMedia(payload, ids, locale)
  if (read !== null) return Object.fromEntries(read)
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
  const ids = docs.map((doc) => doc.id)
  const categories = [...new Set(docs.flatMap(categoryIdsOf))]
  return assembledView(payload, collection, locale, docs, {
    references,
    alternates: Promise.all(
      LOCALES.filter((other) => other !== locale).map(async (other) => ({
        other,
        docs: await listedAmong(payload, collection, other, ids),
      })),
    ),
    related:
      collection === 'posts' && references
        ? newestPostsOf(payload, locale, RELATED_POSTS + 1, categories)
        : Promise.resolve([]),
  })
}

/** The reads of a view that depend on how its documents were found (`viewFor`). */
interface ViewReads {
  references: boolean
  /** The documents as read in each other locale they are listed in. */
  alternates: Promise<{ other: Locale; docs: SiteDocument[] }[]>
  /** Lists of posts related posts are chosen from. */
  related: Promise<SiteDocument[][]>
}

/** `viewFor`'s view of `docs`, with `reads` under way: the rest is read alongside them. */
async function assembledView(
  payload: Payload,
  collection: PageCollection,
  locale: Locale,
  docs: readonly SiteDocument[],
  reads: ViewReads,
): Promise<PublishedView> {
  const view = emptyView()
  const { documentIds, mediaIds } = reads.references
    ? richTextReferences(docs)
    : { documentIds: { posts: new Set<number>(), 'case-studies': new Set<number>() }, mediaIds: [] }
  const [settings, media, linked, alternates, related, quotes] = await Promise.all([
    publishedSettings(),
    publicMedia(payload, locale, mediaIds),
    Promise.all(
      PAGE_COLLECTIONS.map(async (target) => ({
        target,
        docs: await listedAmong(payload, target, locale, [...documentIds[target]]),
      })),
    ),
    reads.alternates,
    reads.related,
    // A case study's twin carries its client's quote, as its page does.
    collection === 'case-studies' && reads.references
      ? caseStudyQuotes(
          locale,
          docs.map((doc) => doc.id),
        )
      : {},
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
  return {
    ...view,
    media: { ...view.media, [locale]: media },
    settings,
    quotes: { ...view.quotes, [locale]: quotes },
  }
}

/**
 * What a listed document's read returns besides the document (`listedDocumentStatement`'s
 * `extra` column): the other locales it is listed in and, for a post, the ids its related posts
 * are chosen from (null for a case study; `byCategory` null for a post without categories).
 */
export const documentPlan = z.object({
  otherLocales: z.array(z.enum(LOCALES)),
  newest: z.array(z.int()).nullable(),
  byCategory: z.array(z.array(z.int())).nullable(),
})
export type DocumentPlan = z.infer<typeof documentPlan>

/**
 * The statement that picks a listed document by slug or id in `locale` (the listed rule,
 * `LISTED_ROW_SQL`), as a page of one (`documentPickedBy`), and reads in it what comes next
 * (`DocumentPlan`, its `extra` column, with the schema that checks it): the other locales the
 * document is listed in (the same rule's title condition, `titledRow`) and, for a post, the ids
 * its related posts are chosen from (the newest listed posts, of all and of each of its
 * categories, in the editor's order). Its only value is the slug or id, so PostgreSQL keeps one
 * plan for it.
 */
export function listedDocumentStatement(
  collection: PageCollection,
  locale: Locale,
  match: { slug: string } | { id: number },
): { statement: SQL; extra: typeof documentPlan } {
  const { table, locales, rels } = collectionTables(collection)
  const limit = RELATED_POSTS + 1
  const relatedIds =
    collection === 'posts'
      ? sql`'newest', ${newestPostIdsSql(locale, limit)},
          'byCategory', (select json_agg(${newestPostIdsSql(locale, limit, sql`c.categories_id`)} order by c."order")
            from ${rels} c where c.parent_id = d.id and c.path = 'categories')`
      : sql`'newest', null, 'byCategory', null`
  const statement = sql`
    select null::bigint as total, array[d.id] as ids,
      json_build_object(
        'otherLocales', array(select o._locale::text from ${locales} o
          where o._parent_id = d.id and o._locale <> ${locale} and ${titledRow('o')}
          order by o._locale),
        ${relatedIds}) as extra
    from ${table} d
    join ${locales} l on l._parent_id = d.id and l._locale = ${locale}
    where ${LISTED_ROW_SQL}
      and ${'slug' in match ? sql`d.slug = ${match.slug}` : sql`d.id = ${match.id}`}
    limit 1`
  return { statement, extra: documentPlan }
}

/**
 * A listed document's reads: the document by slug or id, with its relations (depth 1), in
 * `locale`; unless `alternates` is false, it in each other locale it is listed in
 * (REFERENCE_FIELDS); for a post, the posts its related posts are chosen from (`relatedAmong`),
 * in lists. Null when no such document is listed.
 *
 * Three statements, where finding the document through Payload and then what it refers to took
 * six to ten: the document with what comes next (`listedDocumentStatement`), then, at once, one
 * `find` each for it in each other locale and for those posts, by id: Payload's own reads,
 * without the condition on a translated field that Payload reads in two statements. A post
 * unpublished between the two steps is not found, as it would not be a moment later.
 */
async function listedDocumentReads(
  collection: PageCollection,
  locale: Locale,
  match: { slug: string } | { id: number },
  { alternates = true }: { alternates?: boolean } = {},
) {
  const { doc, extra: plan } = await documentPickedBy(
    collection,
    locale,
    listedDocumentStatement(collection, locale, match),
  )
  if (!doc || !plan) return null
  const reads = {
    doc,
    alternates: Promise.all(
      (alternates ? plan.otherLocales : []).map(async (other) => ({
        other,
        docs: await documentsByIds(collection, other, [doc.id], REFERENCE_FIELDS, 0),
      })),
    ),
    related: postsOfLists(locale, [plan.newest ?? [], ...(plan.byCategory ?? [])]),
  }
  // Not all awaited when the view's other reads fail: their failures are not to go unhandled then.
  for (const read of [reads.alternates, reads.related]) void read.catch(() => {})
  return reads
}

/**
 * A listed document by slug or id, with its relations (depth 1), and its view (`viewFor`'s): what
 * a document's twin and MCP's reads show, or null. Read by `listedDocumentReads`; what its rich
 * text refers to is read as `viewFor` reads it.
 */
export async function listedDocumentView(
  collection: PageCollection,
  locale: Locale,
  match: { slug: string } | { id: number },
): Promise<{ doc: SiteDocument; view: PublishedView } | null> {
  const payload = await getPayloadClient()
  const reads = await listedDocumentReads(collection, locale, match)
  if (!reads) return null
  const { doc } = reads
  const view = await assembledView(payload, collection, locale, [doc], {
    references: true,
    alternates: reads.alternates,
    related: reads.related,
  })
  return { doc, view }
}

/**
 * A listed document by slug, with its relations (depth 1), and for a post the posts its page
 * suggests (`relatedAmong`): what its page shows, or null. Read by `listedDocumentReads`, as its
 * twin is, so the two suggest the same posts.
 */
export async function listedDocumentPage(
  collection: PageCollection,
  locale: Locale,
  slug: string,
): Promise<{ doc: SiteDocument; related: SiteDocument[] } | null> {
  const reads = await listedDocumentReads(collection, locale, { slug }, { alternates: false })
  if (!reads) return null
  const { doc } = reads
  const candidates = new Map((await reads.related).flat().map((post) => [post.id, post]))
  return { doc, related: relatedAmong([...candidates.values()].sort(newestFirst), doc) }
}

/** How many documents each page of `publishedPages` reads. */
export const PUBLISHED_PAGE_SIZE = 100

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
 * (`documentsAfter`), with the fields `select` names (all by default): llms-full.txt and the
 * schema.org feed stream through these.
 */
export async function* publishedPages(
  collection: PageCollection,
  locale: Locale,
  { size = PUBLISHED_PAGE_SIZE, select }: { size?: number; select?: SelectType } = {},
): AsyncGenerator<SiteDocument[]> {
  let after: ListedKey | undefined
  for (;;) {
    const docs = await documentsAfter(collection, locale, after, { limit: size, select })
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
 * locale (`LISTED_ROW_SQL`: its title there is not blank), not hidden from search engines
 * (`isIndexable`), in its order — and `tests/int/sitemap-reads.test.ts` holds the two to the
 * same answer.
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
 * count and newest change, the services', categories, media, the authors (team members), the
 * case studies' quotes (testimonials), the settings): the same fingerprint, the same bytes. It
 * validates those files (ETag) without rendering them.
 */
export async function publishedFingerprint(): Promise<string> {
  const payload = await getPayloadClient()
  const newest = async (
    collection:
      PageCollection | 'services' | 'categories' | 'media' | 'team-members' | 'testimonials',
  ) => {
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
    // The services listed in each language follow the documents in both files.
    newest('services'),
    newest('categories'),
    newest('media'),
    newest('team-members'),
    newest('testimonials'),
    publishedSettings().then((settings) => JSON.stringify(settings)),
  ])
  return parts.join('\n')
}
