import 'server-only'

import type { SQL } from '@payloadcms/db-postgres/drizzle'
import type { Payload, SelectType } from 'payload'
import type { z } from 'zod'

import { narrowSelect } from '@/fields/public'

import {
  AUTHOR_SELECT,
  PUBLIC_COLLECTIONS,
  PUBLIC_SELECT,
  type ReadableCollection,
} from './contract'
import {
  type PublishedDocuments,
  type PublishedRead,
  readPublishedDocuments,
  readPublishedList,
  readPublishedPage,
} from './published-documents'
import type { DocumentQuery, ListQuery } from './query'

/**
 * The paginated envelope of every list endpoint (docs/api.md), exactly these fields; the site
 * search (src/search/) answers in it too.
 */
export interface ListEnvelope<Doc = Record<string, unknown>> {
  docs: Doc[]
  totalDocs: number
  limit: number
  page: number
  totalPages: number
  hasNextPage: boolean
  hasPrevPage: boolean
}

/** Payload's `select` of public fields the query names (each all of it, or its public parts). */
function toSelect(collection: ReadableCollection, fields: readonly string[]): SelectType {
  // Payload always returns `id`; asking for it alone must not fall back to "every field".
  if (fields.length === 0) return { id: true }
  const shown = PUBLIC_SELECT[collection]
  return Object.fromEntries(fields.map((field) => [field, shown[field] ?? true]))
}

/**
 * What a read of the site selects: what it asks for, narrowed to the public fields; asking for
 * nothing in particular, every public field and the drafts' `_status` (always "published" here).
 * A field not marked public is never read for anonymous callers, whatever its access rules.
 */
function siteSelect(collection: ReadableCollection, select: SelectType | undefined): SelectType {
  const shown = PUBLIC_SELECT[collection]
  if (select === undefined) return collection === 'categories' ? shown : { ...shown, _status: true }
  // `id` always comes; asked for alone, it must stay the only field asked for.
  const narrowed = narrowSelect(select, shown)
  return Object.keys(narrowed).length > 0 ? narrowed : { id: true }
}

/**
 * Documents that a read populates (relationships, rich text's links) show their public fields
 * only, as they would read on their own.
 */
const POPULATE = {
  ...Object.fromEntries(
    [...PUBLIC_COLLECTIONS, 'categories' as const].map((collection) => [
      collection,
      PUBLIC_SELECT[collection],
    ]),
  ),
  // A document's author: the team member's public fields.
  'team-members': AUTHOR_SELECT,
}

/** How every public read is asked: no user, access rules applied, never a draft. */
const ANONYMOUS = { draft: false, overrideAccess: false, user: null, populate: POPULATE } as const

/**
 * Published documents as an anonymous caller sees them: in SQL of our own where it covers them
 * (published-documents.ts, held to the Local API's answers), else through the Local API, where
 * access control (`publishedOnly`) and field access (editors-only fields) apply because
 * `overrideAccess` is false and there is no user, and `draft` is pinned to false so no version
 * table is ever consulted.
 *
 * The page's ids (with the envelope's counts) are read first and its documents joined to them.
 * Payload reads a page as one statement that joins every row to its localized fields and
 * relations before the OFFSET skips it, so page 500 built and threw away 4,990 documents' rich
 * text (10× page 1's time at 11,000 posts); the ids are one narrow read (page-ids.ts), and the
 * documents' only the page's rows.
 */
export async function listPublished(
  payload: Payload,
  collection: ReadableCollection,
  query: ListQuery,
): Promise<ListEnvelope> {
  const { ids, totalDocs, ...read } = await readPublishedPage(payload, collection, query)
  const docs = await withDeclined(payload, collection, read, {
    locale: query.locale,
    depth: query.depth,
    select: toSelect(collection, query.select),
  })
  const totalPages = Math.ceil(totalDocs / query.limit)
  return {
    docs: inPageOrder(ids, docs),
    totalDocs,
    limit: query.limit,
    page: query.page,
    totalPages,
    hasNextPage: query.page < totalPages,
    hasPrevPage: query.page > 1,
  }
}

/** One published document, or `null` when it doesn't exist or isn't published. */
export async function getPublished(
  payload: Payload,
  collection: ReadableCollection,
  id: number,
  query: DocumentQuery,
): Promise<Record<string, unknown> | null> {
  const { locale, depth, select } = query
  const [doc] = await publishedByIds(payload, collection, [id], {
    locale,
    depth,
    select: toSelect(collection, select),
  })
  return doc ?? null
}

/**
 * A read by ids: its locale and depth, and Payload's `select` (omitted: every public field),
 * narrowed to the public fields.
 */
export interface ReadByIds {
  locale: PublishedRead['locale']
  depth: number
  select?: SelectType
}

/** The documents of a page in the order of its ids (one unpublished since is left out). */
function inPageOrder(ids: readonly number[], docs: readonly { id?: unknown }[]) {
  const byId = new Map(docs.map((doc) => [doc.id, doc]))
  return ids.flatMap((id) => byId.get(id) ?? []) as unknown as Record<string, unknown>[]
}

/**
 * The fields of Payload's `select` that published-documents.ts reads (every field when it names
 * none), or null for a selection inside a group (MCP's `meta.description`), which it does not
 * write out: Payload reads those.
 */
function fieldsWrittenOut(select: SelectType | undefined): string[] | undefined | null {
  const fields = select && Object.keys(select)
  return !fields || fields.every((field) => select[field] === true) ? fields : null
}

const INSIDE_A_GROUP = 'a selection inside a group'

/**
 * Published documents among `ids` as an anonymous caller reads them, in no particular order:
 * what a document's read and the site's pages read.
 */
export async function publishedByIds(
  payload: Payload,
  collection: ReadableCollection,
  ids: number[],
  read: ReadByIds,
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return []
  const narrowed = { ...read, select: siteSelect(collection, read.select) }
  const fields = fieldsWrittenOut(narrowed.select)
  const documents =
    fields === null
      ? { docs: [], declined: [{ ids, reason: INSIDE_A_GROUP }] }
      : await readPublishedDocuments(payload, collection, ids, { ...read, select: fields })
  return withDeclined(payload, collection, documents, narrowed)
}

/**
 * A page of a list that `pageStatement` picks (its ids in order, and its count where it counts:
 * see `readPublishedList`) with its documents as an anonymous caller reads them, in the page's
 * order: one statement where the documents are read in SQL of our own. The site's lists, and a
 * document's twin, whose statement picks one document and reads what comes next (`extra`, parsed
 * with the statement's schema of it).
 */
export async function publishedList<Extra = never>(
  payload: Payload,
  collection: ReadableCollection,
  pageStatement: SQL,
  read: ReadByIds & { extra?: z.ZodType<Extra> },
): Promise<{ docs: Record<string, unknown>[]; totalDocs: number; extra?: Extra | null }> {
  const narrowed = { ...read, select: siteSelect(collection, read.select) }
  const fields = fieldsWrittenOut(narrowed.select)
  const { ids, totalDocs, extra, ...documents } =
    fields === null
      ? await readPublishedList(payload, collection, pageStatement, {
          ...read,
          select: undefined,
          declineAll: INSIDE_A_GROUP,
        })
      : await readPublishedList(payload, collection, pageStatement, { ...read, select: fields })
  const docs = await withDeclined(payload, collection, documents, narrowed)
  return { docs: inPageOrder(ids, docs), totalDocs, ...(read.extra ? { extra } : {}) }
}

/**
 * The documents read in SQL of our own (published-documents.ts) and those that read left to the
 * Local API, read by it (why is logged at debug level); in no particular order.
 */
async function withDeclined(
  payload: Payload,
  collection: ReadableCollection,
  { docs, declined }: PublishedDocuments,
  query: ReadByIds,
): Promise<Record<string, unknown>[]> {
  if (declined.length === 0) return docs
  for (const { ids, reason } of declined) {
    payload.logger.debug({ collection, ids, reason }, 'published read by the Local API')
  }
  const left = declined.flatMap(({ ids }) => ids)
  const read = await payload.find({
    collection,
    where: { id: { in: left } },
    limit: left.length,
    // Put in the caller's order. (Payload's own sort on a translation across every locale reads
    // a row per translation, and could leave documents out.)
    sort: 'id',
    depth: query.depth,
    locale: query.locale,
    select: query.select,
    pagination: false,
    ...ANONYMOUS,
  })
  return [...docs, ...(read.docs as unknown as Record<string, unknown>[])]
}
