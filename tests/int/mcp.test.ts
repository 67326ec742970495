import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { baseUrl } from '../support/api'
import { APP_SETTINGS } from '../support/global-setup'
import {
  CROSS_ORIGIN_BROWSER_REQUESTS,
  postInquiry,
  resetBudgets,
  uniqueClient,
  validInquiry,
  waitForMail,
} from '../support/inquiries'
import { connectMcp } from '../support/mcp-client'

const clients: Client[] = []

/** The SDK's own client over real HTTP, as a given network client (X-Forwarded-For). */
async function connect(client = uniqueClient()): Promise<Client> {
  const mcp = await connectMcp(client, 'contract-test')
  clients.push(mcp)
  return mcp
}

type ToolResult = {
  isError?: boolean
  content: { type: string; text: string }[]
  structuredContent?: unknown
}

const send = (mcp: Client, args: Record<string, unknown>) =>
  mcp.callTool({ name: 'send_inquiry', arguments: args }) as Promise<ToolResult>

async function rawMcp(
  init: RequestInit,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl()}/api/mcp`, init)
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  }
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
})
const mcpHeaders = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
}
/** A tools/call request as a stateless client sends it (no session, no initialize first). */
const toolCall = (params: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params })

describe('MCP server at /api/mcp', () => {
  beforeEach(resetBudgets)
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
  })

  it('initializes and lists the four tools; send_inquiry takes the inquiry contract', async () => {
    const mcp = await connect()
    expect(mcp.getServerVersion()).toMatchObject({ name: 'consultancy-site', version: '1.1.0' })
    const { tools } = await mcp.listTools()
    expect(tools.map((tool) => tool.name)).toEqual([
      'search_content',
      'list_documents',
      'get_document',
      'send_inquiry',
    ])
    const tool = tools.find((candidate) => candidate.name === 'send_inquiry')!
    expect(tool.description).toMatch(/team/)
    expect(tool.description).toMatch(/3 per email address/)
    expect(tool.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    })
    const schema = tool.inputSchema as unknown as {
      properties: Record<string, { maxLength?: number; enum?: string[]; format?: string }>
      required: string[]
      additionalProperties: boolean
    }
    expect(Object.keys(schema.properties).sort()).toEqual([
      'email',
      'locale',
      'message',
      'name',
      'phone',
      'service',
    ])
    expect(schema.required.sort()).toEqual(['email', 'message', 'name'])
    expect(schema.additionalProperties).toBe(false)
    expect(schema.properties.name?.maxLength).toBe(120)
    expect(schema.properties.email).toMatchObject({ maxLength: 254, format: 'email' })
    expect(schema.properties.message?.maxLength).toBe(5000)
    expect(schema.properties.phone?.maxLength).toBe(50)
    expect(schema.properties.service?.maxLength).toBe(120)
    expect(schema.properties.locale?.enum).toEqual(['en', 'es'])
    expect(tool.outputSchema).toMatchObject({ properties: { success: { type: 'boolean' } } })
  })

  it('send_inquiry delivers the inquiry to the team', async () => {
    const mcp = await connect()
    const inquiry = validInquiry({ service: 'Agents', locale: 'es' })
    const result = await send(mcp, inquiry)
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ success: true })
    expect(result.content[0]?.text).toContain(String(inquiry.email))
    const [mail] = await waitForMail((candidate) => candidate.raw.includes(String(inquiry.email)))
    expect(mail!.envelopeTo).toEqual([APP_SETTINGS.INQUIRY_TO])
    expect(mail!.text).toContain('Agents')
  })

  it('invalid arguments are a tool error naming the field, in words', async () => {
    const mcp = await connect()
    for (const [args, field, says] of [
      [validInquiry({ email: 'nope' }), 'email', 'must be a valid email address'],
      [validInquiry({ email: 'a@b-.com' }), 'email', 'must be a valid email address'],
      [validInquiry({ name: 'x'.repeat(121) }), 'name', 'must be at most 120 characters'],
      [validInquiry({ name: 42 }), 'name', 'must be a string'],
      [validInquiry({ locale: 'fr' }), 'locale', 'must be one of "en", "es"'],
      [{ name: 'Ana', email: 'ana@example.com' }, 'message', 'is required'],
      [validInquiry({ extra: true }), 'extra', 'is not an allowed property'],
    ] as const) {
      const result = await send(mcp, args)
      expect(result.isError, field).toBe(true)
      const text = result.content[0]?.text ?? ''
      expect(text).toContain(`${field} ${says}`)
      expect(text).toMatch(/^Invalid arguments: .*Fix them and call again\.$/)
      // No validator dump: no JSON, no issue codes, one line.
      expect(text).not.toMatch(/[{}\n]|invalid_type|too_big|"code"/)
    }
    const both = await send(mcp, { name: '', email: 'x', message: 'ok' })
    expect(both.content[0]?.text).toMatch(/name must not be empty; email must be a valid email/)
  })

  it('an empty phone is accepted, as the contract allows', async () => {
    const result = await send(await connect(), validInquiry({ phone: '' }))
    expect(result.structuredContent).toEqual({ success: true })
  })

  it('an unknown tool is a JSON-RPC error -32602 saying which tools there are', async () => {
    const mcp = await connect()
    const error = await mcp.callTool({ name: 'send_inquiries', arguments: validInquiry() }).then(
      () => null,
      (caught: { code?: number; message?: string }) => caught,
    )
    expect(error).toMatchObject({ code: -32602 })
    expect(error?.message).toContain(
      'Unknown tool "send_inquiries". Available tools: search_content, list_documents, get_document, send_inquiry.',
    )
  })

  it.each<[string, unknown]>([
    ['a string', 'name=Ana'],
    ['an array', [validInquiry()]],
    ['a number', 42],
    ['null', null],
  ])('arguments that are %s are a JSON-RPC error -32602 in words', async (kind, args) => {
    const { status, body } = await rawMcp({
      method: 'POST',
      headers: mcpHeaders,
      body: toolCall({ name: 'send_inquiry', arguments: args }),
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: {
        code: -32602,
        message: `Invalid params: arguments must be an object of named arguments, not ${kind}.`,
      },
    })
  })

  it('a tools/call without a tool name is a JSON-RPC error -32602', async () => {
    for (const params of [{ arguments: validInquiry() }, { name: 7 }]) {
      const { body } = await rawMcp({
        method: 'POST',
        headers: mcpHeaders,
        body: toolCall(params),
      })
      expect(body).toMatchObject({ id: 2, error: { code: -32602 } })
      expect(String((body.error as { message: string }).message)).toMatch(
        /^Invalid params: name (is required|must be a string), the tool to call \(available: search_content, list_documents, get_document, send_inquiry\)/,
      )
    }
  })

  it('a budget spent over HTTP is spent for MCP', async () => {
    const email = String(validInquiry().email)
    for (let index = 0; index < 3; index += 1)
      expect((await postInquiry(validInquiry({ email }))).status).toBe(201)
    const result = await send(await connect(), validInquiry({ email }))
    expect(result.isError).toBe(true)
    expect(result.content[0]?.text).toMatch(/per email address.*Try again in \d+ seconds/)
  })

  it('a budget spent over MCP is spent for HTTP, for the same client', async () => {
    const client = uniqueClient()
    const mcp = await connect(client)
    for (let index = 0; index < 10; index += 1) {
      expect((await send(mcp, validInquiry())).structuredContent).toEqual({ success: true })
    }
    const refused = await postInquiry(validInquiry(), { client })
    expect(refused.status).toBe(429)
    expect((await send(mcp, validInquiry())).content[0]?.text).toMatch(/per client/)
  })

  it.each(CROSS_ORIGIN_BROWSER_REQUESTS)(
    'refuses a cross-origin browser request %j as POST /api/inquiries does: 403, JSON-RPC error',
    async (headers) => {
      const {
        status,
        headers: answer,
        body,
      } = await rawMcp({
        method: 'POST',
        headers: { ...mcpHeaders, ...headers },
        body: toolCall({ name: 'send_inquiry', arguments: validInquiry() }),
      })
      expect(status).toBe(403)
      expect(answer.get('content-type')).toMatch(/^application\/json/)
      expect(body).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Cross-origin requests are not accepted.' },
        id: null,
      })
    },
  )

  it('accepts its own origin and requests without Origin', async () => {
    for (const headers of [
      { ...mcpHeaders, Origin: new URL(baseUrl()).origin, 'Sec-Fetch-Site': 'same-origin' },
      { ...mcpHeaders, 'Sec-Fetch-Site': 'none' },
      mcpHeaders,
    ]) {
      const { status, body } = await rawMcp({ method: 'POST', headers, body: initialize })
      expect(status).toBe(200)
      expect(body).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: { serverInfo: { name: 'consultancy-site' } },
      })
    }
  })

  it.each(['DELETE', 'PUT', 'PATCH'])(
    '%s answers 405 with Allow: GET, HEAD, OPTIONS, POST',
    async (method) => {
      const { status, headers, body } = await rawMcp({
        method,
        headers: { Accept: 'text/event-stream' },
      })
      expect(status).toBe(405)
      expect(headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST')
      expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } })
    },
  )

  it('applies the 32 KiB body limit and answers malformed JSON with a parse error', async () => {
    const big = await rawMcp({
      method: 'POST',
      headers: mcpHeaders,
      body: ' '.repeat(33 * 1024) + initialize,
    })
    expect(big.status).toBe(413)
    const broken = await rawMcp({ method: 'POST', headers: mcpHeaders, body: '{"jsonrpc":' })
    expect(broken.status).toBe(400)
    expect(broken.body).toMatchObject({ error: { code: -32700 } })
  })
})
