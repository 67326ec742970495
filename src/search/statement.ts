import {
  RANK_NORMALIZATION,
  RANK_WEIGHTS,
  SNIPPET,
  type SearchCollection,
  type SearchOptions,
} from './contract'
import { HIT_END, HIT_START } from './snippet'

/*
 * The search as SQL over `search_documents` (the index the site-search migration keeps in step
 * with publishing), with positional parameters: the service runs it on Payload's pool, the
 * benchmark (scripts/bench/search.ts) on its own connection, so both measure the same statement.
 */

const HEADLINE_OPTIONS = [
  `StartSel=${HIT_START}`,
  `StopSel=${HIT_END}`,
  `MaxFragments=${SNIPPET.maxFragments}`,
  `MaxWords=${SNIPPET.maxWords}`,
  `MinWords=${SNIPPET.minWords}`,
  `FragmentDelimiter="${SNIPPET.delimiter}"`,
].join(', ')

const WEIGHTS = `{${RANK_WEIGHTS.join(',')}}`

/**
 * The matches of `q` in one language, with their score: `q` as plain words (`plainto_tsquery`:
 * operators, quotes and SQL mean nothing; every word must match) in that language's
 * configuration. Matching is the GIN index over the whole text (`search_vector`), exact for such
 * a query, so no row's vector is read; the score reads only the small, in-row `rank_vector`
 * (title and excerpt). $1 q, $2 the locale or null for both, $5 weights,
 * $6 normalization.
 */
const matchesIn = (locale: 'en' | 'es', columns: 'ranked' | 'none') => `
    SELECT ${
      columns === 'none'
        ? '1'
        : `d.collection, d.document_id, d.locale, d.published_at,
           ts_rank($5::float4[], d.rank_vector, plainto_tsquery(search_config('${locale}'), $1),
                      $6::integer) AS score`
    }
    FROM search_documents d
    WHERE ($2::text IS NULL OR $2::text = '${locale}') AND d.locale = '${locale}'
      AND d.search_vector @@ plainto_tsquery(search_config('${locale}'), $1)`

/** Every match in both languages (a language not asked for is pruned when planned). */
const matches = (columns: 'ranked' | 'none') => `${matchesIn('en', columns)}
    UNION ALL${matchesIn('es', columns)}`

/**
 * One page of hits, best first: `ts_rank` with the title and excerpt weights, then
 * newest. The ranked rows are narrow (keys and score), so counting them all in a window is cheap;
 * only the page's rows are joined back for their text, and only they get a snippet
 * (`ts_headline`, the costly part, over at most `SNIPPET.sourceMaxChars` of excerpt and body),
 * marking any of the words: with every word required, a document whose words are only together
 * in its title would get no mark in its excerpt and body. Each row carries the total number of
 * matches. $3 limit, $4 offset, $7 headline options, $8 snippet source length.
 */
export const SEARCH_STATEMENT = `
  WITH matches AS (${matches('ranked')}
  ),
  page AS (
    SELECT m.*, count(*) OVER () AS total
    FROM matches m
    ORDER BY score DESC, published_at DESC NULLS LAST, collection, document_id, locale
    LIMIT $3 OFFSET $4
  )
  SELECT p.collection, p.document_id, p.locale, d.title, d.slug, d.excerpt, p.published_at,
         p.score, p.total,
         ts_headline(search_config(p.locale),
                     left(concat_ws(' ', nullif(d.excerpt, ''), d.body), $8::integer),
                     replace(plainto_tsquery(search_config(p.locale), $1)::text, ' & ', ' | ')::tsquery,
                     $7) AS headline
  FROM page p
  JOIN search_documents d
    ON d.collection = p.collection AND d.document_id = p.document_id AND d.locale = p.locale
  ORDER BY p.score DESC, p.published_at DESC NULLS LAST, p.collection, p.document_id, p.locale`

/** How many documents match (for a page past the last, which has no row to carry it). */
export const COUNT_STATEMENT = `
  SELECT count(*) AS total FROM (${matches('none')}
  ) AS matches`

export function searchStatementParams(q: string, { locale, limit, page }: SearchOptions) {
  return [
    q,
    locale === 'all' ? null : locale,
    limit,
    (page - 1) * limit,
    WEIGHTS,
    RANK_NORMALIZATION,
    HEADLINE_OPTIONS,
    SNIPPET.sourceMaxChars,
  ]
}

export function countStatementParams(q: string, locale: SearchOptions['locale']) {
  return [q, locale === 'all' ? null : locale]
}

export interface HitRow {
  collection: SearchCollection
  document_id: number
  locale: 'en' | 'es'
  title: string
  slug: string
  excerpt: string
  published_at: Date | string | null
  score: number
  total: string | number
  headline: string | null
}
