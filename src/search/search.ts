import 'server-only'

import { env } from '@/env'
import { getPayloadClient } from '@/lib/payload'

import { searchHitPath, type SearchHit, type SearchOptions, type SearchResults } from './contract'
import { markHits } from './snippet'
import {
  COUNT_STATEMENT,
  countStatementParams,
  SEARCH_STATEMENT,
  searchStatementParams,
  type HitRow,
} from './statement'

/**
 * Published posts, case studies and services matching `q`, best first (title hits above excerpt
 * hits above body hits; then newest), in the list endpoints' envelope. `q` is read as plain words
 * with `plainto_tsquery`: operators, quotes and SQL mean nothing, and every word must match (after
 * stemming and accent folding in the hit's language). With `locale: 'all'` each language's
 * documents are matched with that language's stemming, and each hit comes in its own locale.
 * Reads the search index the migrations keep in step with publishing (published rows only).
 */
export async function searchPublished(q: string, options: SearchOptions): Promise<SearchResults> {
  const { locale, limit, page } = options
  const payload = await getPayloadClient()
  // Payload's pool is the primary: results are never older than the publish that was confirmed.
  const result = await payload.db.pool.query<HitRow>(
    SEARCH_STATEMENT,
    searchStatementParams(q, options),
  )
  const rows = result.rows
  // Past the last page there is no row to carry the count.
  const totalDocs =
    rows.length > 0 ? Number(rows[0]!.total) : page > 1 ? await countMatches(q, locale) : 0
  const totalPages = Math.ceil(totalDocs / limit)
  return {
    docs: rows.map(toHit),
    totalDocs,
    limit,
    page,
    totalPages,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  }
}

async function countMatches(q: string, locale: SearchOptions['locale']): Promise<number> {
  const payload = await getPayloadClient()
  const result = await payload.db.pool.query<{ total: string }>(
    COUNT_STATEMENT,
    countStatementParams(q, locale),
  )
  return Number(result.rows[0]?.total ?? 0)
}

function toHit(row: HitRow): SearchHit {
  const publishedAt =
    row.published_at instanceof Date
      ? row.published_at.toISOString()
      : row.published_at === null
        ? null
        : new Date(row.published_at).toISOString()
  return {
    collection: row.collection,
    id: row.document_id,
    locale: row.locale,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    publishedAt,
    url: `${env.SITE_URL}${searchHitPath(row.collection, row.locale, row.slug)}`,
    snippet: markHits(row.headline ?? ''),
    score: Number(row.score),
  }
}
