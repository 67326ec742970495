import { z } from 'zod'

import { QUERY_LIMITS } from '@/content/contract'
import { SLUG_PATTERN } from '@/fields/slug'
import { DEFAULT_LOCALE, LOCALES } from '@/i18n/locales'
import { SEARCH_COLLECTIONS, SEARCH_LIMITS } from '@/search/contract'
import { hasControlCharacters } from '@/search/query'
import { PAGE_COLLECTIONS } from '@/site/view'

/**
 * The read-only MCP tools' arguments and results: one zod schema each, which checks the
 * arguments (src/mcp/tool-calls.ts), becomes the tool's input and output schema in `tools/list`,
 * the server card and server.json, and types the handlers. Bounds are the public REST API's
 * (`QUERY_LIMITS`), and the search query's are the site search's (`SEARCH_LIMITS`).
 */

export const SEARCH_QUERY_MAX_LENGTH = SEARCH_LIMITS.queryMaxLength

/** How many resources one `resources/list` page holds: the REST API's largest page. */
export const RESOURCES_PAGE_SIZE = QUERY_LIMITS.limitMax

/**
 * Reads a client may make per window, shared by list_documents, get_document, resources/list,
 * resources/read and the completion of a slug: each reads published documents in PostgreSQL.
 * Cheaper than a search (no ranking), so larger than `SEARCH_BUDGET`; an agent reading a site
 * through stays below it. The search_content tool spends the search budget instead.
 */
export const MCP_READ_BUDGET = { points: 300, durationSeconds: 60 } as const
/** Clients whose address is unknown share one larger budget. */
export const MCP_READ_BUDGET_UNIDENTIFIED = { points: 1500, durationSeconds: 60 } as const

/**
 * The JSON-RPC error code of a request refused for a budget outside a tool (a tool's refusal is
 * its result): implementation-defined (-32000 to -32099), "429" in it; `data.retryAfterSeconds`
 * says how long to wait.
 */
export const RATE_LIMITED_ERROR_CODE = -32029

const collection = z
  .enum(PAGE_COLLECTIONS, { error: `must be one of ${PAGE_COLLECTIONS.join(', ')}` })
  .meta({ description: 'posts (the blog) or case-studies' })

const locale = z
  .enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` })
  .meta({ description: 'Language of the documents' })

const page = z
  .int({ error: 'must be an integer' })
  .min(1, { error: 'must be at least 1' })
  .max(QUERY_LIMITS.pageMax, { error: `must be at most ${QUERY_LIMITS.pageMax}` })
  .default(1)
  .meta({ description: 'Page number, from 1' })

const limit = z
  .int({ error: 'must be an integer' })
  .min(1, { error: 'must be at least 1' })
  .max(QUERY_LIMITS.limitMax, { error: `must be at most ${QUERY_LIMITS.limitMax}` })
  .default(QUERY_LIMITS.limitDefault)
  .meta({ description: `Documents per page (1–${QUERY_LIMITS.limitMax})` })

/** A document as a list or search result shows it: enough to choose, and where to read it. */
export const documentSummary = z.object({
  collection,
  locale,
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  publishedAt: z.string().nullable().meta({ description: 'ISO 8601' }),
  url: z.url().meta({ description: 'The HTML page' }),
  markdownUrl: z.url().meta({ description: 'Its markdown twin (what get_document returns)' }),
})
export type DocumentSummary = z.infer<typeof documentSummary>

const pageInfo = {
  page: z.int(),
  limit: z.int(),
  totalDocs: z.int(),
  totalPages: z.int(),
  hasNextPage: z.boolean(),
}

export const listDocumentsInput = z.strictObject({
  collection,
  locale: locale.default(DEFAULT_LOCALE),
  page,
  limit,
})
export const listDocumentsOutput = z.object({ ...pageInfo, docs: z.array(documentSummary) })

export const getDocumentInput = z
  .strictObject({
    collection,
    locale: locale.default(DEFAULT_LOCALE),
    id: z
      .int({ error: 'must be an integer' })
      .min(1, { error: 'must be at least 1' })
      .optional()
      .meta({ description: 'The document id (give id or slug)' }),
    slug: z
      .string({ error: 'must be a string' })
      .max(QUERY_LIMITS.slugMaxLength, {
        error: `must be at most ${QUERY_LIMITS.slugMaxLength} characters`,
      })
      .regex(SLUG_PATTERN, { error: 'must be lower-case words joined by hyphens' })
      .optional()
      .meta({ description: 'The document slug (give id or slug)' }),
  })
  .refine((args) => (args.id === undefined) !== (args.slug === undefined), {
    error: 'or slug must be given, not both',
    path: ['id'],
  })
export const getDocumentOutput = documentSummary.extend({
  markdown: z.string().meta({ description: 'The markdown twin: frontmatter, title, body' }),
})

export const searchContentInput = z.strictObject({
  query: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(SEARCH_QUERY_MAX_LENGTH, {
      error: `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
    })
    // What GET /api/search refuses in `q` (control characters, which PostgreSQL can't hold).
    .refine((query) => !hasControlCharacters(query), {
      error: 'must not contain control characters',
    })
    .meta({
      description:
        'Words to look for in titles, excerpts and bodies (every word must match; word endings and accents are ignored; a title hit ranks first)',
    }),
  locale: locale.optional().meta({ description: 'Only this language (default: every language)' }),
  page,
  limit,
})
/**
 * A search result: a document summary whose collection is any the site search holds
 * (`SEARCH_COLLECTIONS`), services too; a service's slug is its key and its page's twin is its
 * markdown URL (get_document reads posts and case studies only).
 */
export const searchResultSummary = documentSummary.extend({
  collection: z
    .enum(SEARCH_COLLECTIONS)
    .meta({ description: 'posts (the blog), case-studies or services' }),
})
export type SearchResultSummary = z.infer<typeof searchResultSummary>

export const searchContentOutput = z.object({
  query: z.string(),
  ...pageInfo,
  results: z.array(searchResultSummary),
})

export type ListDocumentsArgs = z.output<typeof listDocumentsInput>
export type GetDocumentArgs = z.output<typeof getDocumentInput>
export type SearchContentArgs = z.output<typeof searchContentInput>
