import { readFileSync } from 'node:fs'
import path from 'node:path'

import { ToolSchema } from '@modelcontextprotocol/sdk/types.js'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'

import { asJsonFile, registryName, serverCard, serverJson } from './discovery'
import { MCP_CAPABILITIES, MCP_SERVER_INFO, TOOL_DEFINITIONS } from './tool-definitions'

const root = path.join(import.meta.dirname, '..', '..')
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(root, 'tests/fixtures/mcp', name), 'utf8')) as object

/** The vendored schemas are draft-07 and use annotation keywords ajv does not know. */
function validator(schema: object) {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  const validate = ajv.compile(schema)
  return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []))
}

const registrySchema = validator(fixture('server.schema.json'))
const cardSchema = validator(fixture('server-card.schema.json'))
const SITE = 'https://site.test'

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): never a published address. */
const PLACEHOLDER_HOST = /(^|\.)example\.(com|net|org)$|\.(example|test|invalid)$|^example$/

describe('server.json', () => {
  const committed = JSON.parse(readFileSync(path.join(root, 'server.json'), 'utf8')) as {
    websiteUrl: string
  }

  it('is committed exactly as npm run generate:server-json writes it for the URL it names', () => {
    expect(readFileSync(path.join(root, 'server.json'), 'utf8')).toBe(
      asJsonFile(serverJson(committed.websiteUrl)),
    )
  })

  it('never publishes a placeholder domain', () => {
    expect(new URL(committed.websiteUrl).hostname).not.toMatch(PLACEHOLDER_HOST)
    expect(PLACEHOLDER_HOST.test('www.example.com')).toBe(true)
    expect(PLACEHOLDER_HOST.test('site.test')).toBe(true)
  })

  it('names the site it is generated for: its URLs and its registry namespace', () => {
    const json = serverJson('https://www.meridian.consulting')
    expect(registrySchema(json)).toEqual([])
    expect(json).toMatchObject({
      name: 'consulting.meridian/meridian-consulting-site',
      version: MCP_SERVER_INFO.version,
      websiteUrl: 'https://www.meridian.consulting',
      remotes: [{ type: 'streamable-http', url: 'https://www.meridian.consulting/api/mcp' }],
    })
    expect(registryName('http://localhost:3000')).toBe('localhost/meridian-consulting-site')
    expect(registryName('https://docs.meridian.consulting')).toBe(
      'consulting.meridian.docs/meridian-consulting-site',
    )
    expect(registrySchema(serverJson(committed.websiteUrl))).toEqual([])
  })

  it('the schemas catch what the registry refuses (the validators are not vacuous)', () => {
    const json = serverJson(SITE)
    expect(registrySchema({ ...json, name: 'no-namespace' })).not.toEqual([])
    expect(registrySchema({ ...json, description: 'x'.repeat(101) })).not.toEqual([])
    const { capabilities: _capabilities, ...withoutCapabilities } = serverCard(SITE)
    expect(cardSchema(withoutCapabilities)).not.toEqual([])
  })
})

describe('server card', () => {
  const card = serverCard(SITE)

  it('validates against the proposal schema and the registry shape it extends', () => {
    expect(cardSchema(card)).toEqual([])
    expect(registrySchema(card)).toEqual([])
  })

  it('points at this site, advertises only what a stateless server honours', () => {
    expect(card.name).toBe(registryName(SITE))
    expect(card.websiteUrl).toBe(SITE)
    expect(card.remotes).toEqual([
      expect.objectContaining({ type: 'streamable-http', url: `${SITE}/api/mcp` }),
    ])
    expect(card.remotes[0]!.supportedProtocolVersions).toContain('2025-11-25')
    expect(card.capabilities).toEqual(MCP_CAPABILITIES)
    expect(JSON.stringify(card.capabilities)).not.toMatch(/listChanged|subscribe/)
  })

  it('lists every tool as MCP describes tools, read tools annotated read-only', () => {
    expect(card.tools.map((tool) => tool.name)).toEqual(TOOL_DEFINITIONS.map((tool) => tool.name))
    for (const tool of card.tools) {
      expect(ToolSchema.safeParse(tool).success, tool.name).toBe(true)
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' })
    }
    const readTools = card.tools.filter((tool) => tool.name !== 'send_inquiry')
    expect(readTools.map((tool) => tool.name).sort()).toEqual([
      'get_document',
      'list_documents',
      'search_content',
    ])
    for (const tool of readTools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true })
      expect(tool.inputSchema).toMatchObject({ additionalProperties: false })
    }
    const list = card.tools.find((tool) => tool.name === 'list_documents')!
    expect(list.inputSchema.properties?.limit).toMatchObject({ minimum: 1, maximum: 100 })
  })
})
