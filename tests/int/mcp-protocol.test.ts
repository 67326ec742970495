import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { baseUrl, get } from '../support/api'
import { createDocument, type CreatedDocument } from '../support/factories'
import { resetBudgets, uniqueClient, validInquiry } from '../support/inquiries'
import { connectMcp } from '../support/mcp-client'

/**
 * The MCP server's protocol surface as the 2025-11-25 specification (and the versions before it
 * that a client may still speak) has it: JSON-RPC batches by protocol version, error messages,
 * resource templates, and tool schemas a strict JSON Schema 2020-12 validator takes.
 */

let mcp: Client
let post: CreatedDocument

beforeAll(async () => {
  await resetBudgets()
  mcp = await connectMcp(uniqueClient(), 'protocol-test')
  post = await createDocument('posts', {
    status: 'published',
    title: { en: 'Protocol batch notes', es: 'Notas de protocolo' },
  })
}, 120_000)

afterAll(async () => {
  await mcp?.close()
})

type RpcAnswer = { jsonrpc: string; id: unknown; result?: unknown; error?: Record<string, unknown> }

async function postMcp(
  body: unknown,
  protocolVersion?: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl()}/api/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(protocolVersion ? { 'MCP-Protocol-Version': protocolVersion } : {}),
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
}

const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' })
const listTools = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' })
const notification = { jsonrpc: '2.0', method: 'notifications/initialized' }

describe('JSON-RPC batches', () => {
  it.each([undefined, '2025-03-26'])(
    'with protocol version %s, a batch of N requests gets an array of N responses',
    async (version) => {
      const many = await postMcp([ping(1), notification, listTools(2), ping('three')], version)
      expect(many.status).toBe(200)
      const answers = many.body as RpcAnswer[]
      expect(Array.isArray(answers)).toBe(true)
      expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2, 'three'].sort())
      expect(answers.find((answer) => answer.id === 1)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {},
      })
      expect(answers.find((answer) => answer.id === 2)?.result).toHaveProperty('tools')

      const one = await postMcp([ping(7)], version)
      expect(one).toEqual({ status: 200, body: [{ jsonrpc: '2.0', id: 7, result: {} }] })
    },
  )

  it('a request that is not a batch is answered alone', async () => {
    expect(await postMcp(ping(8))).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 8, result: {} },
    })
  })

  it.each(['2025-06-18', '2025-11-25'])(
    'with protocol version %s, a batch is a 400 with JSON-RPC error -32600',
    async (version) => {
      for (const batch of [[ping(1), ping(2)], [ping(1)]]) {
        const refused = await postMcp(batch, version)
        expect(refused.status).toBe(400)
        expect(refused.body).toEqual({
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32600,
            message: expect.stringMatching(new RegExp(`^Invalid Request: .*${version}`)) as string,
          },
        })
      }
      // One message at a time is how these versions talk.
      expect((await postMcp(ping(3), version)).status).toBe(200)
    },
  )

  it('an empty batch, or one whose requests repeat an id, is an invalid request', async () => {
    for (const batch of [[], [ping(1), ping(1)]]) {
      const refused = await postMcp(batch)
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ error: { code: -32600 } })
    }
  })
})

describe('error messages', () => {
  const unknownUri = () => `${baseUrl()}/en/blog/no-such-post.md`

  it('leave the server without the SDK prefix, so a client shows it once', async () => {
    const raw = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: { uri: unknownUri() },
    })
    const error = (raw.body as RpcAnswer).error as { code: number; message: string }
    expect(error.code).toBe(-32602)
    expect(error.message).toMatch(/^Resource not found: /)

    const caught = await mcp.readResource({ uri: unknownUri() }).then(
      () => null,
      (thrown: { code?: number; message?: string }) => thrown,
    )
    expect(caught?.code).toBe(-32602)
    expect(caught?.message).toBe(`MCP error -32602: ${error.message}`)
  })

  it('an invalid cursor reads once too', async () => {
    const caught = await mcp.listResources({ cursor: 'not-a-cursor' }).then(
      () => null,
      (thrown: { message?: string }) => thrown,
    )
    expect(caught?.message).toBe(
      'MCP error -32602: Invalid cursor: pass back a nextCursor as received.',
    )
  })
})

describe('resources/templates/list', () => {
  it('names the markdown twin of a post or case study by locale and slug', async () => {
    expect(mcp.getInstructions()).toMatch(/resource template/)
    const { resourceTemplates } = await mcp.listResourceTemplates()
    expect(resourceTemplates).toEqual([
      expect.objectContaining({
        uriTemplate: `${baseUrl()}/{locale}/blog/{slug}.md`,
        name: 'post',
        mimeType: 'text/markdown',
      }),
      expect.objectContaining({
        uriTemplate: `${baseUrl()}/{locale}/case-studies/{slug}.md`,
        name: 'case-study',
        mimeType: 'text/markdown',
      }),
    ])
  })

  it('a template expanded is a resource resources/read answers with the twin', async () => {
    const { resourceTemplates } = await mcp.listResourceTemplates()
    const uri = resourceTemplates[0]!.uriTemplate
      .replace('{locale}', 'es')
      .replace('{slug}', post.slug)
    const { contents } = await mcp.readResource({ uri })
    const twin = await (await get(paths.twin(paths.post('es', post.slug)))).text()
    expect(contents).toEqual([{ uri, mimeType: 'text/markdown', text: twin }])
  })
})

describe('tool schemas', () => {
  const strict2020 = () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true })
    addFormats(ajv)
    return ajv
  }

  it('every input and output schema compiles under Ajv 2020 strict, an object at the root', async () => {
    const { tools } = await mcp.listTools()
    expect(tools.length).toBe(4)
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect(schema?.type, tool.name).toBe('object')
        expect(() => strict2020().compile(schema!), tool.name).not.toThrow()
      }
    }
  })

  it("each tool's structuredContent validates against its outputSchema", async () => {
    const { tools } = await mcp.listTools()
    const validators = Object.fromEntries(
      tools.map((tool) => [tool.name, strict2020().compile(tool.outputSchema!)]),
    )
    const calls: [string, Record<string, unknown>][] = [
      ['search_content', { query: 'Protocol batch notes', locale: 'en' }],
      ['list_documents', { collection: 'posts', locale: 'es', limit: 3 }],
      ['get_document', { collection: 'posts', locale: 'en', slug: post.slug }],
      ['send_inquiry', validInquiry()],
    ]
    expect(calls.map(([name]) => name).sort()).toEqual(tools.map((tool) => tool.name).sort())
    for (const [name, args] of calls) {
      const result = await mcp.callTool({ name, arguments: args })
      expect(result.isError, name).toBeFalsy()
      const validate = validators[name]!
      expect(validate(result.structuredContent) ? [] : validate.errors, name).toEqual([])
    }
  })
})
