import { SUPPORTED_PROTOCOL_VERSIONS, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

import { AGENT_PATHS } from '@/site/agent-paths'

import {
  MCP_CAPABILITIES,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_INFO,
  MCP_SERVER_TITLE,
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

/** The server card (SEP-2127) of the server at `siteUrl`. */
export function serverCard(siteUrl: string) {
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
