import { LOCALES } from '@/i18n/locales'

import {
  SEARCH_BUDGET,
  SEARCH_BUDGET_UNIDENTIFIED,
  SEARCH_COLLECTIONS,
  SEARCH_LIMITS,
} from '@/search/contract'

import { publicOperation } from './components'

/*
 * `GET /api/search` in the OpenAPI document: index.ts spreads `searchPaths()` into
 * its `paths` and `searchSchemas()` into `components.schemas`. Besides its own two schemas, the
 * fragment uses the components every operation shares: the `Limit` and `Page` parameters, the
 * error schemas and the `Retry-After` header.
 */

const jsonContent = (schema: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schema}` } },
})

const searchHitSchema = {
  type: 'object',
  description: 'One published document that matches, in the language it matched in.',
  required: [
    'collection',
    'id',
    'locale',
    'title',
    'slug',
    'excerpt',
    'publishedAt',
    'url',
    'snippet',
    'score',
  ],
  additionalProperties: false,
  properties: {
    collection: { type: 'string', enum: [...SEARCH_COLLECTIONS] },
    id: { type: 'integer', minimum: 1 },
    locale: { type: 'string', enum: [...LOCALES] },
    title: { type: 'string' },
    slug: { type: 'string', description: 'The document’s slug; a service’s key.' },
    excerpt: { type: 'string', description: 'The excerpt; a service’s summary.' },
    publishedAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'Null for a service, which has no date.',
    },
    url: { type: 'string', format: 'uri', description: 'The page of the document on the site.' },
    snippet: {
      type: 'string',
      description:
        'A few words around the hits as HTML: text escaped, hits inside `<mark>…</mark>`, no other markup.',
    },
    score: {
      type: 'number',
      minimum: 0,
      description: 'Relevance; higher is better. Comparable within one result list only.',
    },
  },
}

const searchResultsSchema = {
  type: 'object',
  description: 'One page of search results, in the envelope of the document lists.',
  required: ['docs', 'totalDocs', 'limit', 'page', 'totalPages', 'hasNextPage', 'hasPrevPage'],
  additionalProperties: false,
  properties: {
    docs: { type: 'array', items: { $ref: '#/components/schemas/SearchHit' } },
    totalDocs: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1, maximum: SEARCH_LIMITS.limitMax },
    page: { type: 'integer', minimum: 1, maximum: SEARCH_LIMITS.pageMax },
    totalPages: { type: 'integer', minimum: 0 },
    hasNextPage: { type: 'boolean' },
    hasPrevPage: { type: 'boolean' },
  },
}

/** The schemas the path item refers to, for the document's `components.schemas`. */
export function searchSchemas() {
  return { SearchHit: searchHitSchema, SearchResults: searchResultsSchema }
}

export function searchPaths() {
  return {
    '/api/search': {
      get: {
        operationId: 'searchContent',
        tags: ['posts', 'case-studies'],
        summary: 'Search published posts, case studies and services',
        description: [
          'Full-text search over the title, excerpt and body of published posts, case studies and services (a service’s summary is its excerpt, its other texts its body), in English and Spanish: words are matched after stemming in the document’s language and with accents folded ("migración" finds "migraciones" and "migracion").',
          'Every word must match; the text is read as plain words (quotes, operators and punctuation have no meaning). Ranked by relevance (a title hit counts most, then the excerpt, then the body), then newest first.',
          `Searches per client: ${SEARCH_BUDGET.points} per ${SEARCH_BUDGET.durationSeconds} s (${SEARCH_BUDGET_UNIDENTIFIED.points} shared by unidentified clients). Responses are not cacheable.`,
        ].join(' '),
        ...publicOperation(),
        parameters: [
          {
            name: 'q',
            in: 'query',
            required: true,
            description: 'The words to search for.',
            schema: { type: 'string', minLength: 1, maxLength: SEARCH_LIMITS.queryMaxLength },
          },
          {
            name: 'locale',
            in: 'query',
            required: false,
            description:
              'Search one language; omitted, both are searched and each hit comes in its own.',
            schema: { type: 'string', enum: [...LOCALES] },
          },
          { $ref: '#/components/parameters/Limit' },
          { $ref: '#/components/parameters/Page' },
        ],
        responses: {
          '200': {
            description: 'A page of results, best first (`docs` is empty when nothing matches).',
            content: jsonContent('SearchResults'),
          },
          '400': {
            description:
              'A missing or empty `q`, one over the limit or holding control characters, or a malformed `locale`, `limit` or `page`; `details` names each one.',
            content: jsonContent('InvalidParameterError'),
          },
          '429': {
            description: 'The client’s search budget is spent.',
            headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
            content: jsonContent('RateLimitedError'),
          },
        },
      },
    },
  }
}
