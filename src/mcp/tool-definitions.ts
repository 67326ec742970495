import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

import { QUERY_LIMITS } from '@/content/contract'
import { BUDGETS } from '@/inquiries/budgets'
import { INQUIRY_FIELD_MAX, inquirySchema } from '@/inquiries/schema'
import { SEND_INQUIRY_TOOL } from '@/site/agent-paths'

import {
  getDocumentInput,
  getDocumentOutput,
  listDocumentsInput,
  listDocumentsOutput,
  SEARCH_QUERY_MAX_LENGTH,
  searchContentInput,
  searchContentOutput,
} from './read-contract'

/**
 * Every tool of the MCP server, as data: name, title, description, input and output schemas
 * (zod) and annotations. `createMcpServer` registers these, and the server card and server.json
 * are generated from them, so what a client is told before connecting is what `tools/list` says.
 */
export const MCP_SERVER_INFO = { name: 'consultancy-site', version: '1.1.0' } as const

export const MCP_SERVER_TITLE = 'Meridian Consulting website'

/** At most 100 characters: the MCP registry's limit for a server's description. */
export const MCP_SERVER_DESCRIPTION =
  "Read the consultancy's published articles and case studies, and send the team an inquiry."

export const MCP_INSTRUCTIONS = [
  "Tools of the consultancy's website. search_content finds published articles, case studies and services,",
  'list_documents pages through them newest first, and get_document returns one as markdown;',
  'each published document is also a resource (its markdown twin), and a resource template per',
  'collection names the twins by locale and slug. Use send_inquiry to contact the team about a',
  'project. Prompts: summarise_services summarises the services that fit a client need,',
  'prepare_inquiry guides collecting an inquiry and sending it with send_inquiry (English or',
  'Spanish). completion/complete offers the values of prompt arguments (locale, service) and of',
  "the templates' {locale} and {slug} (published documents only). A GET of this endpoint with",
  'Accept: text/event-stream opens a stream that receives notifications/resources/list_changed',
  'when published content changes. Reads and searches have per-client budgets; a refusal says',
  'how many seconds to wait.',
].join(' ')

/**
 * What the server offers, and nothing it cannot honour. `resources.listChanged`: announced on the
 * GET stream (src/mcp/change-stream.ts). The tools and prompts never change while it runs, and
 * a server without sessions has no subscriptions to keep.
 */
export const MCP_CAPABILITIES = {
  tools: {},
  resources: { listChanged: true },
  prompts: {},
  completions: {},
} as const

export { SEND_INQUIRY_TOOL }
export const SEARCH_CONTENT_TOOL = 'search_content'
export const LIST_DOCUMENTS_TOOL = 'list_documents'
export const GET_DOCUMENT_TOOL = 'get_document'

export interface ToolDefinition {
  name: string
  title: string
  description: string
  inputSchema: z.ZodObject
  outputSchema: z.ZodObject
  annotations: ToolAnnotations
}

export const SEND_INQUIRY_DESCRIPTION = [
  "Send a project inquiry to the consultancy's team, the same as the site's contact form.",
  'The team receives an email with every field you send and replies to `email` (in `locale`,',
  `"en" or "es"). Required: name (≤ ${INQUIRY_FIELD_MAX.name} characters), email`,
  `(≤ ${INQUIRY_FIELD_MAX.email}) and message (≤ ${INQUIRY_FIELD_MAX.message}); optional: phone with`,
  `country code (≤ ${INQUIRY_FIELD_MAX.phone}) and service, a short category label`,
  `(≤ ${INQUIRY_FIELD_MAX.service}). Limits per hour: ${BUDGETS.perEmail.points} per email address,`,
  `${BUDGETS.perClient.points} per client, ${BUDGETS.global.points} for the whole site; when one is`,
  'reached the result says how many seconds to wait. Send each inquiry once: it is not idempotent.',
].join(' ')

/** Reading published content: no side effects, same answer until something is published. */
const READ_ONLY: Omit<ToolAnnotations, 'title'> = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
}

const paging = `page from 1 and limit from 1 to ${QUERY_LIMITS.limitMax} (default ${QUERY_LIMITS.limitDefault}), as the REST API pages`

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: SEARCH_CONTENT_TOOL,
    title: 'Search articles, case studies and services',
    description:
      'Find published articles (posts), case studies and services containing every word of ' +
      `\`query\` in their title, excerpt (a service's summary) or body (≤ ${SEARCH_QUERY_MAX_LENGTH} characters; case, accents and ` +
      'word endings do not matter: "migración" finds "migraciones"), best match first (a title ' +
      "hit above body hits), the same search as the site's search page and GET /api/search, in " +
      `one language (\`locale\` "en" or "es") or both; ${paging}. Each result has its id, slug, ` +
      'page URL and markdown URL; read a post or case study with get_document, a service at its ' +
      'markdown URL.',
    inputSchema: searchContentInput,
    outputSchema: searchContentOutput,
    annotations: { title: 'Search articles, case studies and services', ...READ_ONLY },
  },
  {
    name: LIST_DOCUMENTS_TOOL,
    title: 'List articles or case studies',
    description:
      'List the published documents of one collection ("posts", the blog, or "case-studies") in ' +
      `one language (\`locale\` "en" or "es", default "en"), newest first; ${paging}. The ` +
      'result says how many documents and pages there are.',
    inputSchema: listDocumentsInput,
    outputSchema: listDocumentsOutput,
    annotations: { title: 'List articles or case studies', ...READ_ONLY },
  },
  {
    name: GET_DOCUMENT_TOOL,
    title: 'Read an article or case study',
    description:
      'Return one published post or case study as markdown (YAML frontmatter, title, excerpt, ' +
      'body, links made absolute), found by `id` or by `slug` (give one) in `collection` and ' +
      '`locale`, with the URL of its page and of its markdown twin. An unknown or unpublished ' +
      'document is an error result.',
    inputSchema: getDocumentInput,
    outputSchema: getDocumentOutput,
    annotations: { title: 'Read an article or case study', ...READ_ONLY },
  },
  {
    name: SEND_INQUIRY_TOOL,
    title: 'Send an inquiry to the team',
    description: SEND_INQUIRY_DESCRIPTION,
    inputSchema: inquirySchema,
    outputSchema: z.object({
      success: z.boolean().describe('True when the inquiry was received and queued for the team.'),
    }),
    annotations: {
      title: 'Send an inquiry to the team',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
  },
]
