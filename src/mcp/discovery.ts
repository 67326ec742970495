import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js'
import { SUPPORTED_PROTOCOL_VERSIONS, type Tool } from '@modelcontextprotocol/sdk/types.js'

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

/** Each tool as `tools/list` describes it: the SDK's own conversion of the same zod schemas. */
export function toolDescriptions(): Tool[] {
  return TOOL_DEFINITIONS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toJsonSchemaCompat(tool.inputSchema, {
      strictUnions: true,
      pipeStrategy: 'input',
    }) as Tool['inputSchema'],
    outputSchema: toJsonSchemaCompat(tool.outputSchema, {
      strictUnions: true,
      pipeStrategy: 'output',
    }) as Tool['outputSchema'],
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
