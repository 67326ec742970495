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

/**
 * Published documents as an anonymous caller sees them. Access control (`publishedOnly`) and
 * field access (editors-only fields) are applied by Payload because `overrideAccess` is false and
 * there is no user; `draft` is pinned to false so no version table is ever consulted.
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
  const result = await payload.find({
    collection,
    where,
    limit: query.limit,
    page: query.page,
    sort: query.sort,
    depth: query.depth,
    locale: query.locale,
    select: toSelect(query.select),
    pagination: true,
    draft: false,
    overrideAccess: false,
    user: null,
  })
  return {
    docs: result.docs as unknown as Record<string, unknown>[],
    totalDocs: result.totalDocs,
    limit: query.limit,
    page: query.page,
    totalPages: result.totalPages,
    hasNextPage: result.hasNextPage,
    hasPrevPage: result.hasPrevPage,
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
    draft: false,
    overrideAccess: false,
    user: null,
    disableErrors: true,
  })
  return (doc as unknown as Record<string, unknown> | null) ?? null
}
