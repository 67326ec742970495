import { SUPPORTED_PROTOCOL_VERSIONS, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

import { SEARCH_BUDGET, SEARCH_BUDGET_UNIDENTIFIED } from '@/search/contract'
import { AGENT_PATHS } from '@/site/agent-paths'

import { MCP_STREAM_LIMITS } from './change-stream'
import { COMPLETION_VALUES_MAX } from './completions'
import { promptDescriptions } from './prompts'
import {
  MCP_READ_BUDGET,
  MCP_READ_BUDGET_UNIDENTIFIED,
  RATE_LIMITED_ERROR_CODE,
} from './read-contract'
import { documentResourceTemplates } from './read-tools'
import {
  GET_DOCUMENT_TOOL,
  LIST_DOCUMENTS_TOOL,
  MCP_CAPABILITIES,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_INFO,
  MCP_SERVER_TITLE,
  SEARCH_CONTENT_TOOL,
  TOOL_DEFINITIONS,
} from './tool-definitions'

/**
 * What a client can learn about the MCP server before connecting, generated from the tool
 * definitions `createMcpServer` registers: the server card (`/.well-known/mcp/server-card.json`)
 * and the MCP registry's `server.json` (repository root, `npm run generate:server-json`).
 */

/** The registry schema server.json follows (vendored in tests/fixtures/mcp/). */
export const SERVER_JSON_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json'

/** The schema the server card proposal (SEP-2127) names. */
export const SERVER_CARD_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'

/** The server's own part of its registry name, after the site's domain namespace. */
export const MCP_SERVER_SLUG = 'meridian-consulting-site'

/**
 * The server's name in the MCP registry: the site's domain in reverse-DNS order (a leading `www`
 * dropped), then `MCP_SERVER_SLUG`, e.g. `com.meridian/meridian-consulting-site` for
 * https://www.meridian.com. The registry verifies that namespace by DNS or by a file on that
 * domain, so the name follows the site's public origin (`SITE_URL`) as its URLs do.
 */
export function registryName(siteUrl: string): string {
  const labels = new URL(siteUrl).hostname.split('.')
  if (labels.length > 2 && labels[0] === 'www') labels.shift()
  return `${labels.reverse().join('.')}/${MCP_SERVER_SLUG}`
}

/**
 * A tool's input or output schema as JSON Schema 2020-12, the dialect MCP (2025-11-25) takes a
 * schema without `$schema` to be in. Zod's own conversion, for the arguments as a client sends
 * them (`input`: defaults optional) or the structured result as the tool returns it (`output`).
 * The `$schema` it writes is left out: a 2020-12 validator needs none, and a client whose
 * validator defaults to draft-07 (as the SDK's does) compiles the same schema instead of
 * failing on a meta-schema it doesn't have.
 */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const json: Record<string, unknown> = z.toJSONSchema(schema, { target: 'draft-2020-12', io })
  delete json.$schema
  return json as { type: 'object'; [key: string]: unknown }
}

/**
 * Each tool as `tools/list` describes it (src/mcp/server.ts answers it with this), and as the
 * server card lists it.
 */
export function toolDescriptions(): Tool[] {
  return TOOL_DEFINITIONS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolJsonSchema(tool.inputSchema, 'input'),
    outputSchema: toolJsonSchema(tool.outputSchema, 'output'),
    annotations: tool.annotations,
    // What the SDK declares for every tool registered without task support.
    execution: { taskSupport: 'forbidden' },
  }))
}

const remote = (siteUrl: string) => ({
  type: 'streamable-http' as const,
  url: `${siteUrl}${AGENT_PATHS.mcp}`,
})

/**
 * How to use what `capabilities` announces, which the card has no field of its own for: the
 * notification stream, the completions, and the per-client budgets with what each refusal says.
 * Under `_meta`, named in the server's registry namespace, as MCP names its own extensions.
 */
export function serverUsage(siteUrl: string) {
  const endpoint = `${siteUrl}${AGENT_PATHS.mcp}`
  return {
    transport:
      `POST ${endpoint} takes every request (Streamable HTTP, JSON responses, no session: ` +
      'there is no Mcp-Session-Id and nothing to DELETE).',
    notifications:
      `GET ${endpoint} with Accept: text/event-stream opens a stream of server-sent events on which ` +
      'notifications/resources/list_changed arrives when published articles or case studies change ' +
      `(at most ${MCP_STREAM_LIMITS.perClient} streams per client; reconnect when one ends).`,
    completions:
      "completion/complete offers the values of the prompts' arguments locale and service, and of " +
      "the resource templates' {locale} and {slug}: slugs of published documents in the locale " +
      `chosen (context.arguments.locale, else en) that start with what is typed, at most ${COMPLETION_VALUES_MAX}.`,
    budgets: {
      searches: {
        spentBy: [SEARCH_CONTENT_TOOL, 'GET /api/search'],
        perClient: SEARCH_BUDGET,
        unidentifiedClients: SEARCH_BUDGET_UNIDENTIFIED,
      },
      reads: {
        spentBy: [
          LIST_DOCUMENTS_TOOL,
          GET_DOCUMENT_TOOL,
          'resources/list',
          'resources/read',
          'completion/complete (slugs)',
        ],
        perClient: MCP_READ_BUDGET,
        unidentifiedClients: MCP_READ_BUDGET_UNIDENTIFIED,
      },
      refusal:
        'A tool over budget returns an error result "Rate limit reached (… per client). Try again ' +
        `in N seconds."; any other request a JSON-RPC error ${RATE_LIMITED_ERROR_CODE} with that ` +
        'message and data.retryAfterSeconds.',
    },
  }
}

/** The `_meta` key of `serverUsage` in the card: the registry namespace's, `…/usage`. */
export const usageMetaKey = (siteUrl: string) => `${registryName(siteUrl).split('/')[0]}/usage`

/** The site's agent access policy as the card states it: in words, and where robots.txt has it. */
export interface AgentAccessStatement {
  /** What the site allows and refuses (src/agents/usage-preferences.ts, `policyInWords`). */
  policy: string
  /** robots.txt, which states it for crawlers (Content-Signal, Content-Usage). */
  robotsTxt: string
}

/**
 * The server card (SEP-2127) of the server at `siteUrl`, with the site's agent access policy
 * (what its content may be used for) beside the usage under `_meta` when it is given: the card's
 * route reads it; the card has no field of its own for it.
 */
export function serverCard(siteUrl: string, agentAccess?: AgentAccessStatement) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: registryName(siteUrl),
    version: MCP_SERVER_INFO.version,
    title: MCP_SERVER_TITLE,
    description: MCP_SERVER_DESCRIPTION,
    websiteUrl: siteUrl,
    remotes: [{ ...remote(siteUrl), supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS] }],
    capabilities: MCP_CAPABILITIES,
    tools: toolDescriptions(),
    prompts: promptDescriptions(),
    // As resources/templates/list gives them; the resources themselves are the published
    // documents, listed by resources/list.
    resourceTemplates: documentResourceTemplates(siteUrl),
    _meta: {
      [usageMetaKey(siteUrl)]: { ...serverUsage(siteUrl), ...(agentAccess ? { agentAccess } : {}) },
    },
  }
}

/**
 * The MCP registry's description of the server at `siteUrl` (a remote: nothing to install).
 * `npm run generate:server-json` writes it for the configured `SITE_URL`.
 */
export function serverJson(siteUrl: string) {
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: registryName(siteUrl),
    title: MCP_SERVER_TITLE,
    description: MCP_SERVER_DESCRIPTION,
    version: MCP_SERVER_INFO.version,
    websiteUrl: siteUrl,
    remotes: [remote(siteUrl)],
  }
}

/** A JSON document as the repository and the site keep it: two-space indent, final newline. */
export const asJsonFile = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`
