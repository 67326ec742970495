import { readFileSync } from 'node:fs'
import path from 'node:path'

import { ToolSchema } from '@modelcontextprotocol/sdk/types.js'
import Ajv from 'ajv'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'

import {
  asJsonFile,
  registryName,
  serverCard,
  serverJson,
  toolDescriptions,
  usageMetaKey,
} from './discovery'
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

  it('points at this site, advertises only what the server honours', () => {
    expect(card.name).toBe(registryName(SITE))
    expect(card.websiteUrl).toBe(SITE)
    expect(card.remotes).toEqual([
      expect.objectContaining({ type: 'streamable-http', url: `${SITE}/api/mcp` }),
    ])
    expect(card.remotes[0]!.supportedProtocolVersions).toContain('2025-11-25')
    expect(card.capabilities).toEqual(MCP_CAPABILITIES)
    // The resource list's changes go out on the GET stream; nothing else changes or is kept.
    expect(card.capabilities).toEqual({
      tools: {},
      resources: { listChanged: true },
      prompts: {},
      completions: {},
    })
    expect(JSON.stringify(card.capabilities)).not.toMatch(/subscribe/)
  })

  it('lists the prompts and resource templates, and says how to use each capability', () => {
    expect(card.prompts.map((prompt) => prompt.name)).toEqual([
      'summarise_services',
      'prepare_inquiry',
    ])
    for (const prompt of card.prompts) {
      expect(prompt.description).toBeTruthy()
      expect(prompt.arguments?.map((argument) => argument.name)).toContain('locale')
    }
    expect(card.resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      `${SITE}/{locale}/blog/{slug}.md`,
      `${SITE}/{locale}/case-studies/{slug}.md`,
    ])
    expect(usageMetaKey(SITE)).toBe('test.site/usage')
    const usage = card._meta[usageMetaKey(SITE)]!
    // The agent access policy is the route's to give (it reads the held policy).
    expect(usage.agentAccess).toBeUndefined()
    const agentAccess = { policy: 'The site refuses AI training.', robotsTxt: `${SITE}/robots.txt` }
    expect(serverCard(SITE, agentAccess)._meta[usageMetaKey(SITE)]!.agentAccess).toEqual(
      agentAccess,
    )
    expect(usage.notifications).toMatch(
      /^GET https:\/\/site\.test\/api\/mcp with Accept: text\/event-stream .*notifications\/resources\/list_changed/,
    )
    expect(usage.completions).toMatch(/completion\/complete/)
    expect(usage.budgets.reads.perClient).toEqual({ points: 300, durationSeconds: 60 })
    expect(usage.budgets.reads.spentBy).toEqual([
      'list_documents',
      'get_document',
      'resources/list',
      'resources/read',
      'completion/complete (slugs)',
    ])
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

describe('tool schemas', () => {
  /**
   * JSON Schema 2020-12, MCP's dialect, in Ajv's strict mode (no unknown keyword, format or
   * ambiguous type), with the formats a validating client knows (the SDK's client adds
   * ajv-formats too).
   */
  const strict2020 = () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true })
    addFormats(ajv)
    return ajv
  }

  it.each(toolDescriptions().map((tool) => [tool.name, tool] as const))(
    '%s: input and output schemas compile under Ajv 2020 strict, each an object at the root',
    (_, tool) => {
      for (const schema of [tool.inputSchema, tool.outputSchema!]) {
        expect(schema.type).toBe('object')
        expect(schema).not.toHaveProperty('$schema')
        expect(() => strict2020().compile(schema)).not.toThrow()
      }
    },
  )

  it('describe what the tools return: a result that drifts from its schema fails it', () => {
    const ajv = strict2020()
    const list = ajv.compile(
      toolDescriptions().find((tool) => tool.name === 'list_documents')!.outputSchema!,
    )
    const summary = {
      collection: 'posts',
      locale: 'en',
      id: 1,
      slug: 'a-post',
      title: 'A post',
      excerpt: null,
      publishedAt: null,
      url: `${SITE}/en/blog/a-post`,
      markdownUrl: `${SITE}/en/blog/a-post.md`,
    }
    const page = { page: 1, limit: 10, totalDocs: 1, totalPages: 1, hasNextPage: false }
    expect(list({ ...page, docs: [summary] })).toBe(true)
    expect(list({ ...page, docs: [{ ...summary, url: 'not a url' }] })).toBe(false)
    expect(list({ ...page, docs: [{ ...summary, locale: 'fr' }] })).toBe(false)
    expect(list({ ...page, docs: [summary], extra: 1 })).toBe(false)
  })

  it('are what tools/list gives and the server card lists', () => {
    expect(serverCard(SITE).tools).toEqual(toolDescriptions())
  })
})
