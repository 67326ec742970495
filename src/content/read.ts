import 'server-only'

import type { Payload, SelectType, Where } from 'payload'

import type { ReadableCollection } from './contract'
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

function toSelect(fields: string[]): SelectType {
  // Payload always returns `id`; asking for it alone must not fall back to "every field".
  if (fields.length === 0) return { id: true }
  return Object.fromEntries(fields.map((field) => [field, true]))
}

/** How every public read is asked: no user, access rules applied, never a draft. */
const ANONYMOUS = { draft: false, overrideAccess: false, user: null } as const

/**
 * Published documents as an anonymous caller sees them. Access control (`publishedOnly`) and
 * field access (editors-only fields) are applied by Payload because `overrideAccess` is false and
 * there is no user; `draft` is pinned to false so no version table is ever consulted.
 *
 * Read in two steps: the page's ids (with the envelope's counts), then those documents. Payload
 * reads a page as one statement that joins every row to its localized fields and relations
 * before the OFFSET skips it, so page 500 built and threw away 4,990 documents' rich text (10×
 * page 1's time at 11,000 posts); asked for ids alone, it reads one narrow column instead, and
 * the second read joins only the page's rows.
 */
export async function listPublished(
  payload: Payload,
  collection: ReadableCollection,
  query: ListQuery,
): Promise<ListEnvelope> {
  const filters: Where[] = []
  if (query.slug !== undefined) filters.push({ slug: { equals: query.slug } })
  if (query.category !== undefined) filters.push({ 'categories.slug': { equals: query.category } })
  const where: Where | undefined = filters.length > 0 ? { and: filters } : undefined
  const page = await payload.find({
    collection,
    where,
    limit: query.limit,
    page: query.page,
    sort: query.sort,
    depth: 0,
    locale: query.locale,
    select: toSelect([]),
    pagination: true,
    ...ANONYMOUS,
  })
  const ids = page.docs.map((doc) => doc.id)
  // Past the last page, Payload counts nothing when the sort is on a localized field (`title`):
  // the envelope still says how many there are, as it does for every other sort.
  const counted =
    ids.length === 0 && page.totalDocs === 0 && query.page > 1
      ? (
          await payload.count({
            collection,
            where,
            // A count reads no localized value: any one locale counts the same documents.
            locale: query.locale === 'all' ? undefined : query.locale,
            ...ANONYMOUS,
          })
        ).totalDocs
      : page.totalDocs
  const totalPages = counted === page.totalDocs ? page.totalPages : Math.ceil(counted / query.limit)
  const docs =
    ids.length === 0
      ? []
      : (
          await payload.find({
            collection,
            where: { id: { in: ids } },
            limit: ids.length,
            sort: query.sort,
            depth: query.depth,
            locale: query.locale,
            select: toSelect(query.select),
            pagination: false,
            ...ANONYMOUS,
          })
        ).docs
  // In the page's order (the same sort decides both reads; a document unpublished between them
  // is left out, as it would be a moment later).
  const byId = new Map(docs.map((doc) => [doc.id, doc]))
  return {
    docs: ids.flatMap((id) => byId.get(id) ?? []) as unknown as Record<string, unknown>[],
    totalDocs: counted,
    limit: query.limit,
    page: query.page,
    totalPages,
    hasNextPage: page.hasNextPage,
    hasPrevPage: counted === page.totalDocs ? page.hasPrevPage : true,
  }
}

/** One published document, or `null` when it doesn't exist or isn't published. */
export async function getPublished(
  payload: Payload,
  collection: ReadableCollection,
  id: number,
  query: DocumentQuery,
): Promise<Record<string, unknown> | null> {
  const doc = await payload.findByID({
    collection,
    id,
    depth: query.depth,
    locale: query.locale,
    select: toSelect(query.select),
    ...ANONYMOUS,
    disableErrors: true,
  })
  return (doc as unknown as Record<string, unknown> | null) ?? null
}
