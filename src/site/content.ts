import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import type { SelectType } from 'payload'
import type { z } from 'zod'

import type { Locale } from '@/i18n/locales'
import { signedInUser } from '@/lib/auth'
import { collectionTables } from '@/lib/collection-tables'
import { getPayloadClient } from '@/lib/payload'
import { integerLiteral } from '@/lib/sql-literals'
import { publishedByIds, publishedList } from '@/content/read'
import type { CaseStudy, Category, Media, Post } from '@/payload-types'

import type { PageCollection } from './routes'
import { LISTED_ROW_SQL } from './listed'

/**
 * What the site's pages, markdown twins and feeds read: published documents only, exactly as an
 * anonymous caller of the public API sees them (access control applies; no user; no drafts).
 * A document with a newer unpublished edit shows its published version. Unlike the API, a
 * locale shows only the documents translated into it (the listed rule, src/site/listed.ts).
 */
export type SiteDocument = (Post | CaseStudy) & {
  coverImage?: Media | number | null
  categories?: (Category | number)[] | null
}

export interface DocumentPage {
  docs: SiteDocument[]
  page: number
  totalPages: number
  totalDocs: number
}

/**
 * What a card in a list shows (src/components/DocumentCard.tsx, src/site/card.ts): reading the
 * body too would cost most of a list page's render. `industry` exists on case studies only. What
 * the site reads is narrowed to the public fields (src/content/read.ts), so a selection here
 * never reads a private one.
 */
export const CARD_FIELDS = {
  title: true,
  slug: true,
  excerpt: true,
  publishedAt: true,
  coverImage: true,
  categories: true,
} satisfies SelectType

export const CASE_STUDY_CARD_FIELDS = { ...CARD_FIELDS, industry: true } satisfies SelectType

/** What a site list may narrow the listed documents to. */
export interface ListFilter {
  /** Posts in any of these categories. */
  categories?: readonly number[]
  /** Case studies put forward on the home page. */
  featured?: boolean
  /** Documents left out (a post's related posts leave the post out). */
  excluding?: readonly number[]
}

interface ListedRead {
  filter?: ListFilter
  select?: SelectType
}

/**
 * Where a keyset page of a list starts: after the document with this date and id, in the lists'
 * order (newest first, the id breaking a tie). A published document always has a date (the
 * publish stamps it, src/fields/publishable.ts).
 */
export interface ListedKey {
  publishedAt: string
  id: number
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )

/**
 * The statement that picks a page of a list in `locale`: `limit` listed documents from `offset`
 * (or after `after`), newest first, as one row of their ids (`ids`) and, with `count`, how many
 * the list has (`total`) — the listed rule written out (`LISTED_ROW_SQL`) with the list's filter.
 * Payload read a list with the rule's condition on a translated field as two statements (the
 * page's distinct ids, then their rows) and a third to count; the documents' read joins this one
 * (`publishedList`), so a list is one statement. The limit and offset are written into the text,
 * so that the statement's plan can be kept (`integerLiteral`). Null when the filter leaves nothing
 * to list.
 */
export function listedPageStatement(
  collection: PageCollection,
  locale: Locale,
  filter: ListFilter,
  {
    limit,
    offset,
    count,
    after,
  }: { limit: number; offset: number; count: boolean; after?: ListedKey },
): SQL | null {
  const { table, locales, rels } = collectionTables(collection)
  const conditions = [LISTED_ROW_SQL]
  if (filter.categories !== undefined) {
    if (filter.categories.length === 0) return null
    conditions.push(sql`exists (select 1 from ${rels} r
      where r.parent_id = d.id and r.path = 'categories'
        and r.categories_id in (${idList(filter.categories)}))`)
  }
  if (filter.featured !== undefined) conditions.push(sql`d.featured = ${filter.featured}`)
  if (filter.excluding !== undefined && filter.excluding.length > 0) {
    conditions.push(sql`d.id not in (${idList(filter.excluding)})`)
  }
  const listed = sql`from ${table} d
    join ${locales} l on l._parent_id = d.id and l._locale = ${locale}
    where ${sql.join(conditions, sql` and `)}`
  // The count is of the whole list; the page starts after `after`, where there is one. Its date
  // goes as the instant JavaScript reads (a client's cursor may name a 30th of February, which
  // JavaScript rolls over and PostgreSQL would refuse to parse), its id as a bigint (a cursor's
  // id may be past the ids' integer range).
  const afterMs = after === undefined ? undefined : Date.parse(after.publishedAt)
  if (afterMs !== undefined && !Number.isFinite(afterMs)) return null
  const from =
    after === undefined
      ? listed
      : sql`${listed} and (d.published_at, d.id) < (to_timestamp(${afterMs! / 1000}), ${after.id}::bigint)`
  return sql`
    select ${count ? sql`(select count(*) ${listed})` : sql`null::bigint`} as total,
      array(select d.id ${from}
        order by d.published_at desc, d.id desc
        limit ${integerLiteral(limit)} offset ${integerLiteral(offset)}) as ids`
}

/** A page of a list with its documents (depth 1 unless said), in one statement. */
async function listedDocuments(
  collection: PageCollection,
  locale: Locale,
  filter: ListFilter,
  page: { limit: number; offset: number; count: boolean; after?: ListedKey },
  { select, depth = 1 }: { select?: SelectType; depth?: number },
): Promise<{ docs: SiteDocument[]; totalDocs: number }> {
  const statement = listedPageStatement(collection, locale, filter, page)
  if (statement === null) return { docs: [], totalDocs: 0 }
  const payload = await getPayloadClient()
  const { docs, totalDocs } = await publishedList(payload, collection, statement, {
    locale,
    depth,
    select,
  })
  return { docs: docs as unknown as SiteDocument[], totalDocs }
}

/**
 * The documents of `ids` in `locale` as an anonymous reader sees them, with their relations
 * (depth 1), in the order of `ids`: one `find`, by id. The ids come from reads that applied the
 * listed rule; one unpublished since is left out, as it would be a moment later.
 */
export async function documentsByIds(
  collection: PageCollection,
  locale: Locale,
  ids: readonly number[],
  select?: SelectType,
  depth = 1,
): Promise<SiteDocument[]> {
  if (ids.length === 0) return []
  const payload = await getPayloadClient()
  const docs = await publishedByIds(payload, collection, [...ids], { locale, depth, select })
  const byId = new Map((docs as unknown as SiteDocument[]).map((doc) => [doc.id, doc]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * The document `statement` picks — one row of `ids` (one id, or none) and `extra`, what else the
 * caller reads in the same statement, which `extra`'s schema checks — in `locale`, with its
 * relations (depth 1): one statement where the document is read in SQL of our own. The document
 * is null when none is picked, or when it was unpublished since; `extra` is null when no row is.
 */
export async function documentPickedBy<Extra>(
  collection: PageCollection,
  locale: Locale,
  { statement, extra: schema }: { statement: SQL; extra: z.ZodType<Extra> },
): Promise<{ doc: SiteDocument | null; extra: Extra | null }> {
  const payload = await getPayloadClient()
  const { docs, extra } = await publishedList(payload, collection, statement, {
    locale,
    depth: 1,
    extra: schema,
  })
  return { doc: (docs[0] as unknown as SiteDocument | undefined) ?? null, extra: extra ?? null }
}

/** One page of a list (translated documents, newest first), with the counts its pagination shows. */
export async function listDocuments(
  collection: PageCollection,
  locale: Locale,
  {
    page = 1,
    limit = 100,
    filter = {},
    select,
  }: { page?: number; limit?: number } & ListedRead = {},
): Promise<DocumentPage> {
  const { docs, totalDocs } = await listedDocuments(
    collection,
    locale,
    filter,
    { limit, offset: (page - 1) * limit, count: true },
    { select },
  )
  return { docs, page, totalPages: Math.ceil(totalDocs / limit), totalDocs }
}

/**
 * The newest `limit` documents of a list, for what shows a few and no pagination (the home page's
 * sections, related posts, the case studies): without the count of every match a page reads.
 */
export async function newestDocuments(
  collection: PageCollection,
  locale: Locale,
  { limit, filter = {}, select }: { limit: number } & ListedRead,
): Promise<SiteDocument[]> {
  const page = { limit, offset: 0, count: false }
  return (await listedDocuments(collection, locale, filter, page, { select })).docs
}

/**
 * Up to `limit` documents of a list after `after` (from its newest without one), newest first:
 * a keyset page, which the list index serves, so a late page costs what the first does (the
 * whole-site files, MCP's resources).
 */
export async function documentsAfter(
  collection: PageCollection,
  locale: Locale,
  after: ListedKey | undefined,
  { limit, select, depth = 1 }: { limit: number; select?: SelectType; depth?: number },
): Promise<SiteDocument[]> {
  const page = { limit, offset: 0, count: false, after }
  return (await listedDocuments(collection, locale, {}, page, { select, depth })).docs
}

/**
 * Draft preview for a signed-in editor (Next draft mode, entered through /api/preview): the
 * latest version, drafts included. Anyone else gets null and sees published pages.
 */
export async function findDocumentForPreview(
  collection: PageCollection,
  locale: Locale,
  slug: string,
  requestHeaders: Headers,
): Promise<SiteDocument | null> {
  const payload = await getPayloadClient()
  const user = await signedInUser(payload, { headers: requestHeaders })
  if (!user) return null
  const { docs } = await payload.find({
    collection,
    locale,
    // The draft shows whatever the editor is writing, translated or not.
    where: { slug: { equals: slug } },
    limit: 1,
    // A slug names one document: nothing to count.
    pagination: false,
    depth: 1,
    overrideAccess: false,
    user,
    draft: true,
  })
  return (docs[0] as SiteDocument | undefined) ?? null
}
