import { QUERY_LIMITS } from '@/content/contract'
import type { Locale } from '@/i18n/locales'
import type { ListEnvelope } from '@/content/read'
import { paths } from '@/site/routes'

/**
 * The site search's contract: its parameters and bounds (the list endpoints' paging, so a client
 * pages search results as it pages lists), the ranking weights, the snippet's shape, and the
 * per-client budget. The parser, the query, the OpenAPI fragment and the pages read these.
 */
export const SEARCH_LIMITS = {
  /** Characters (code points) of `q`: longer questions are refused, not cut. */
  queryMaxLength: 200,
  limitDefault: QUERY_LIMITS.limitDefault,
  limitMax: QUERY_LIMITS.limitMax,
  pageMax: QUERY_LIMITS.pageMax,
  /** Results per page of the site's search page. */
  pageSize: 10,
} as const

/**
 * `ts_rank` weights in PostgreSQL's order {D, C, B, A}: a hit in the title (A) outweighs two and
 * a half in the excerpt (B). The rank is divided by 1 + log(document length). It reads the index's
 * `rank_vector`, the title and the excerpt only (the site-search rank-vector migration): a common
 * query ranks every match, and the fewer bytes each row holds, the fewer pages it visits. Every
 * word of the body still matches; documents that match only in the body come after, newest first.
 * `ts_rank`, not `ts_rank_cd`: cover density cost 9 µs a row, six times as much, on the 10,000
 * matches of a common query.
 */
export const RANK_WEIGHTS = [0.05, 0.1, 0.4, 1.0] as const
export const RANK_NORMALIZATION = 1

/**
 * `ts_headline` options: up to two fragments of a few words around the hits, found in the first
 * `sourceMaxChars` characters of the excerpt and body (headlining parses all it is given, so a
 * long article would cost as much as the rest of the search; a hit further on gives the opening).
 */
export const SNIPPET = {
  maxFragments: 2,
  maxWords: 24,
  minWords: 10,
  delimiter: ' … ',
  sourceMaxChars: 8000,
} as const

/**
 * Searches a client may run per window, shared by the API, the search page and the MCP server's
 * `search_content`. Each search ranks every matching document, so distinct queries cost CPU
 * however they are spelled; a reader or an agent paging through results stays far below this.
 */
export const SEARCH_BUDGET = { points: 120, durationSeconds: 60 } as const
/** Clients whose address is unknown share one larger budget. */
export const SEARCH_BUDGET_UNIDENTIFIED = { points: 600, durationSeconds: 60 } as const

/**
 * What the index holds (the `collection` check of the site-search migrations): the one list the
 * hit's type, the OpenAPI document's `SearchHit` and the MCP search_content result read.
 */
export const SEARCH_COLLECTIONS = ['posts', 'case-studies', 'services'] as const
export type SearchCollection = (typeof SEARCH_COLLECTIONS)[number]

/** A hit's page on the site: a service's slug is its key (the search-services migration). */
export function searchHitPath(collection: SearchCollection, locale: Locale, slug: string): string {
  return collection === 'services'
    ? paths.service(locale, slug)
    : paths.document(collection, locale, slug)
}

export interface SearchOptions {
  /** `all` searches both languages, each hit in its own. */
  locale: Locale | 'all'
  limit: number
  page: number
}

export interface SearchQuery extends SearchOptions {
  q: string
}

export interface SearchHit {
  collection: SearchCollection
  id: number
  locale: Locale
  title: string
  slug: string
  excerpt: string
  publishedAt: string | null
  /** The page of the hit on the site (absolute). */
  url: string
  /** A few words around the hits, HTML-escaped, hits inside `<mark>…</mark>`. */
  snippet: string
  /** Relevance: higher is better; comparable within one result list only. */
  score: number
}

/** The list endpoints' envelope, with hits as its documents. */
export type SearchResults = ListEnvelope<SearchHit>
