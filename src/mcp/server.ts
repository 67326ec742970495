import 'server-only'

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js'
import type { z } from 'zod'

import { env } from '@/env'
import { parseInquiry, problemsOf, type FieldProblem, type Inquiry } from '@/inquiries/schema'
import { mcpSource } from '@/inquiries/source'
import { submitInquiry, type SubmitResult } from '@/inquiries/submit-inquiry'
import { clientBudget, spendSearchBudgetOf, type BudgetDecision } from '@/search/budget'
import { searchPublished } from '@/search/search'
import { documentsAfter } from '@/site/content'
import { listedDocumentView, listedPage, SUMMARY_FIELDS } from '@/site/published-view'
import { publishedSettings } from '@/site/settings'
import { listedServices } from '@/site/services'
import { paths } from '@/site/routes'
import { LOCALES, type Locale } from '@/i18n/locales'

import { complete, CompletionRequestError, type SlugReader } from './completions'
import {
  getPrompt,
  promptDescriptions,
  PromptRequestError,
  SUMMARISE_SERVICES_PROMPT,
  type PromptService,
} from './prompts'
import {
  getDocumentInput,
  listDocumentsInput,
  MCP_READ_BUDGET,
  MCP_READ_BUDGET_UNIDENTIFIED,
  RATE_LIMITED_ERROR_CODE,
  searchContentInput,
  type GetDocumentArgs,
  type ListDocumentsArgs,
  type SearchContentArgs,
} from './read-contract'
import { toolDescriptions } from './discovery'
import { sendPlainErrorMessages } from './error-messages'
import {
  documentResourceTemplates,
  getDocumentResult,
  InvalidCursorError,
  listDocumentResources,
  listDocumentsResult,
  readDocumentResource,
  resourceDocument,
  searchContentResult,
} from './read-tools'
import { publishedSlugsStartingWith } from './slug-completions'
import { guardToolCalls, type ToolArguments } from './tool-calls'
import {
  GET_DOCUMENT_TOOL,
  LIST_DOCUMENTS_TOOL,
  MCP_CAPABILITIES,
  MCP_INSTRUCTIONS,
  MCP_SERVER_INFO,
  SEARCH_CONTENT_TOOL,
  SEND_INQUIRY_TOOL,
  TOOL_DEFINITIONS,
  type ToolDefinition,
} from './tool-definitions'

export { MCP_SERVER_INFO, SEND_INQUIRY_TOOL }

const BUDGET_LABELS = {
  perEmail: 'per email address',
  perClient: 'per client',
  unidentified: 'for unidentified clients (shared)',
  global: 'for the whole site',
} as const

/**
 * The reads' per-client budget (`MCP_READ_BUDGET`), of the search budget's kind: the same
 * identity (the verified client address), the same shared counting (Redis).
 */
const spendReadBudgetOf = clientBudget('mcp-read', {
  perClient: MCP_READ_BUDGET,
  unidentified: MCP_READ_BUDGET_UNIDENTIFIED,
})

/** What a refusal for a budget says, for searches and reads alike. */
function rateLimitMessage(
  what: 'searches' | 'reads',
  clientAddress: string | null,
  retryAfterSeconds: number,
): string {
  const whose = clientAddress ? BUDGET_LABELS.perClient : BUDGET_LABELS.unidentified
  return `Rate limit reached (${what} ${whose}). Try again in ${retryAfterSeconds} seconds.`
}

/**
 * A read over budget outside a tool (resources/list, resources/read, completion/complete): a
 * JSON-RPC error with the tools' message, and the wait in `data`.
 */
function readRefusal(clientAddress: string | null, budget: BudgetDecision): McpError | null {
  if (budget.allowed) return null
  const { retryAfterSeconds } = budget
  return new McpError(
    RATE_LIMITED_ERROR_CODE,
    rateLimitMessage('reads', clientAddress, retryAfterSeconds),
    { retryAfterSeconds },
  )
}

function textResult(text: string, isError: boolean) {
  return { content: [{ type: 'text' as const, text }], isError }
}

const invalidArguments = (problems: FieldProblem[]) =>
  textResult(
    `Invalid arguments: ${problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')}. Fix them and call again.`,
    true,
  )

function toToolResult(result: SubmitResult, email: string) {
  switch (result.status) {
    case 'accepted':
      return {
        content: [
          {
            type: 'text' as const,
            text: `Inquiry received. The team has been notified and will reply to ${email}.`,
          },
        ],
        structuredContent: { success: true },
      }
    case 'invalid':
      return invalidArguments(result.problems)
    case 'rate_limited':
      return textResult(
        `Rate limit reached (${result.refusedBy.map((name) => BUDGET_LABELS[name]).join(', ')}). ` +
          `Try again in ${result.retryAfterSeconds} seconds.`,
        true,
      )
    case 'unavailable':
      return textResult('Inquiries cannot be accepted right now; try again in a minute.', true)
    case 'failed':
      return textResult('The inquiry could not be accepted because of a fault on our side.', true)
  }
}

/** The checks of a read tool's arguments: its zod schema, with every field at fault in words. */
function schemaCheck(schema: z.ZodType): ToolArguments {
  return {
    check(args) {
      const parsed = schema.safeParse(args, { reportInput: true })
      return parsed.success ? null : invalidArguments(problemsOf(parsed.error))
    },
  }
}

/**
 * How each tool's arguments are checked before it runs. Every tool `createMcpServer` registers is
 * listed here; any other name is an unknown tool (-32602).
 */
const TOOL_ARGUMENTS: Record<string, ToolArguments> = {
  [SEARCH_CONTENT_TOOL]: schemaCheck(searchContentInput),
  [LIST_DOCUMENTS_TOOL]: schemaCheck(listDocumentsInput),
  [GET_DOCUMENT_TOOL]: schemaCheck(getDocumentInput),
  [SEND_INQUIRY_TOOL]: {
    check(args) {
      const parsed = parseInquiry(args)
      return parsed.success ? null : invalidArguments(parsed.problems)
    },
  },
}

/** A result with its structured content, and the same JSON as text for clients without it. */
function structured<T extends Record<string, unknown>>(value: T): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value,
  }
}

/** What a tool's handler knows of the call besides its arguments (the SDK's `extra`). */
interface ToolCall {
  /** The headers of the HTTP request that carried the call, when the transport gives them. */
  requestInfo?: { headers: Record<string, string | string[] | undefined> }
}

type Handler = (args: never, call: ToolCall) => Promise<CallToolResult>

/** The header's one value, or undefined. */
const headerOf = (call: ToolCall, name: string): string | undefined => {
  const value = call.requestInfo?.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * `clientName`: the `clientInfo.name` of the client this server was initialized by, when it was
 * (a stateless server's `tools/call` comes without it: its User-Agent names the client then).
 */
function handlers(
  clientAddress: string | null,
  clientName: () => string | undefined,
): Record<string, Handler> {
  const siteUrl = env.SITE_URL
  return {
    // The site search itself (src/search/), as GET /api/search runs it, spending the same
    // per-client search budget.
    [SEARCH_CONTENT_TOOL]: async (args: SearchContentArgs) => {
      const budget = await spendSearchBudgetOf(clientAddress)
      if (!budget.allowed) {
        return textResult(
          rateLimitMessage('searches', clientAddress, budget.retryAfterSeconds),
          true,
        )
      }
      const found = await searchPublished(args.query, {
        locale: args.locale ?? 'all',
        limit: args.limit,
        page: args.page,
      })
      return structured(searchContentResult(found, args, siteUrl))
    },
    [LIST_DOCUMENTS_TOOL]: async (args: ListDocumentsArgs) => {
      const budget = await spendReadBudgetOf(clientAddress)
      if (!budget.allowed) {
        return textResult(rateLimitMessage('reads', clientAddress, budget.retryAfterSeconds), true)
      }
      const { collection, locale, page, limit } = args
      const found = await listedPage(collection, locale, { page, limit, select: SUMMARY_FIELDS })
      return structured(listDocumentsResult(found, args, siteUrl))
    },
    [GET_DOCUMENT_TOOL]: async (args: GetDocumentArgs) => {
      const budget = await spendReadBudgetOf(clientAddress)
      if (!budget.allowed) {
        return textResult(rateLimitMessage('reads', clientAddress, budget.retryAfterSeconds), true)
      }
      const { collection, locale, id, slug } = args
      const listed = await listedDocumentView(
        collection,
        locale,
        slug !== undefined ? { slug } : { id: id! },
      )
      const found = listed && getDocumentResult(listed.view, args, siteUrl)
      if (!found) {
        const which = args.slug !== undefined ? `slug "${args.slug}"` : `id ${args.id}`
        return textResult(
          `No published document in ${args.collection} (${args.locale}) has ${which}. ` +
            'Find one with search_content or list_documents.',
          true,
        )
      }
      return {
        content: [{ type: 'text', text: found.markdown }],
        structuredContent: found,
      }
    },
    [SEND_INQUIRY_TOOL]: async (args: Inquiry, call: ToolCall) => {
      const source = mcpSource({
        clientName: clientName(),
        userAgent: headerOf(call, 'user-agent'),
        tool: SEND_INQUIRY_TOOL,
      })
      const result = await submitInquiry(args, { clientAddress, channel: 'mcp', source })
      return toToolResult(result, args.email)
    },
  }
}

function register(server: McpServer, tool: ToolDefinition, handler: Handler): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
    },
    (args: unknown, call: ToolCall) => handler(args as never, call),
  )
}

/**
 * A fresh MCP server for one request (stateless transport): the read-only tools over published
 * content (search_content, list_documents, get_document), each published document as a
 * resource (its markdown twin; a resource template per collection names them by language and
 * slug), send_inquiry (the same operation and budgets as POST /api/inquiries for the same client
 * identity), the prompts (src/mcp/prompts.ts) and the completion of their arguments and of the
 * templates' variables (src/mcp/completions.ts). Reads of documents spend the client's read
 * budget, search_content its search budget. `notifications/resources/list_changed` goes out on
 * the GET stream (src/mcp/change-stream.ts), not from here: a POST's server lives for one request.
 */
export function createMcpServer(clientAddress: string | null): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_INSTRUCTIONS })
  const run = handlers(clientAddress, () => server.server.getClientVersion()?.name)
  for (const tool of TOOL_DEFINITIONS) register(server, tool, run[tool.name]!)
  // The SDK announces `tools.listChanged` as it registers tools, and the tools never change, so
  // only what the server honours is advertised (the other handlers are this server's own: the
  // SDK's would announce their own capabilities).
  server.server.registerCapabilities({
    ...MCP_CAPABILITIES,
    tools: { ...MCP_CAPABILITIES.tools, listChanged: undefined },
  })
  // The tools as the server card describes them (src/mcp/discovery.ts): JSON Schema 2020-12,
  // which the SDK's own listing (draft-07, `$schema` and all) is not.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolDescriptions() }))

  const spendRead = async () => {
    const refused = readRefusal(clientAddress, await spendReadBudgetOf(clientAddress))
    if (refused) throw refused
  }

  server.server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    await spendRead()
    try {
      return await listDocumentResources(
        (collection, locale, after, limit) =>
          documentsAfter(collection, locale, after, { limit, depth: 0, select: SUMMARY_FIELDS }),
        request.params?.cursor,
        env.SITE_URL,
      )
    } catch (error) {
      if (error instanceof InvalidCursorError) {
        throw new McpError(ErrorCode.InvalidParams, error.message)
      }
      throw error
    }
  })
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: documentResourceTemplates(env.SITE_URL),
  }))
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params
    const named = resourceDocument(uri, env.SITE_URL)
    if (named) await spendRead()
    const listed =
      named && (await listedDocumentView(named.collection, named.locale, { slug: named.slug }))
    const contents = listed ? readDocumentResource(listed.view, uri, env.SITE_URL) : null
    if (!contents) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Resource not found: ${uri.length > 200 ? `${uri.slice(0, 200)}…` : uri} is not a published document; resources/list names them.`,
        { uri },
      )
    }
    return { contents: [contents] }
  })

  server.server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: promptDescriptions(),
  }))
  server.server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const { name, arguments: args } = request.params
    try {
      const [settings, services] = await Promise.all([
        publishedSettings(),
        name === SUMMARISE_SERVICES_PROMPT ? promptServices() : undefined,
      ])
      return getPrompt(name, args, settings, services)
    } catch (error) {
      if (error instanceof PromptRequestError) {
        throw new McpError(ErrorCode.InvalidParams, error.message)
      }
      throw error
    }
  })

  // A slug's completion reads the documents: it spends a read, as the reads above do.
  const readSlugs: SlugReader = async (...args) => {
    await spendRead()
    return publishedSlugsStartingWith(...args)
  }
  server.server.setRequestHandler(CompleteRequestSchema, async (request) => {
    try {
      return { completion: await complete(request.params, { siteUrl: env.SITE_URL, readSlugs }) }
    } catch (error) {
      if (error instanceof CompletionRequestError) {
        throw new McpError(ErrorCode.InvalidParams, error.message)
      }
      throw error
    }
  })
  return server
}

/**
 * Connects a server from `createMcpServer` to its transport, with every `tools/call` checked
 * first (src/mcp/tool-calls.ts): unknown tools and malformed params are JSON-RPC errors -32602,
 * arguments the tool's schema refuses are a tool result naming the fields. Error messages leave
 * without the SDK's `MCP error <code>: ` prefix, which the client's SDK adds (src/mcp/error-messages.ts).
 */
export async function connectMcpServer(server: McpServer, transport: Transport): Promise<void> {
  await server.connect(transport)
  guardToolCalls(transport, TOOL_ARGUMENTS)
  sendPlainErrorMessages(transport)
}

/**
 * The services listed in each language (published, translated: src/site/services.ts), as the
 * services prompt names them, with their pages' URLs.
 */
async function promptServices(): Promise<Record<Locale, PromptService[]>> {
  return Object.fromEntries(
    await Promise.all(
      LOCALES.map(
        async (locale) =>
          [
            locale,
            (await listedServices(locale)).map((service) => ({
              title: service.title,
              summary: service.summary,
              url: `${env.SITE_URL}${paths.service(locale, service.key)}`,
            })),
          ] as const,
      ),
    ),
  ) as Record<Locale, PromptService[]>
}
