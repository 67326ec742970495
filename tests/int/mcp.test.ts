import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { baseUrl } from '../support/api'
import { APP_SETTINGS } from '../support/global-setup'
import {
  postInquiry,
  resetBudgets,
  uniqueClient,
  validInquiry,
  waitForMail,
} from '../support/inquiries'

const clients: Client[] = []

/** The SDK's own client over real HTTP, as a given network client (X-Forwarded-For). */
async function connect(client = uniqueClient()): Promise<Client> {
  const mcp = new Client({ name: 'contract-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
    requestInit: { headers: { 'X-Forwarded-For': client } },
  })
  await mcp.connect(transport)
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

describe('MCP server at /api/mcp', () => {
  beforeEach(resetBudgets)
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
  })

  it('initializes and lists exactly one tool, send_inquiry, with the inquiry contract as its schema', async () => {
    const mcp = await connect()
    expect(mcp.getServerVersion()).toMatchObject({ name: 'consultancy-site', version: '1.0.0' })
    const { tools } = await mcp.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['send_inquiry'])
    const tool = tools[0]!
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

  it('invalid arguments are a tool error naming the field', async () => {
    const mcp = await connect()
    for (const [args, field] of [
      [validInquiry({ email: 'nope' }), 'email'],
      [validInquiry({ name: 'x'.repeat(121) }), 'name'],
      [validInquiry({ locale: 'fr' }), 'locale'],
      [{ name: 'Ana', email: 'ana@example.com' }, 'message'],
      [validInquiry({ extra: true }), 'extra'],
    ] as const) {
      const result = await send(mcp, args)
      expect(result.isError).toBe(true)
      expect(result.content[0]?.text).toContain(field)
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

  it('refuses a foreign Origin with 403 and a JSON-RPC error', async () => {
    const { status, body } = await rawMcp({
      method: 'POST',
      headers: { ...mcpHeaders, Origin: 'https://evil.example' },
      body: initialize,
    })
    expect(status).toBe(403)
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null })
  })

  it('accepts its own origin and requests without Origin', async () => {
    for (const headers of [{ ...mcpHeaders, Origin: new URL(baseUrl()).origin }, mcpHeaders]) {
      const { status, body } = await rawMcp({ method: 'POST', headers, body: initialize })
      expect(status).toBe(200)
      expect(body).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: { serverInfo: { name: 'consultancy-site' } },
      })
    }
  })

  it.each(['GET', 'DELETE'])('%s answers 405 with Allow: POST', async (method) => {
    const { status, headers, body } = await rawMcp({
      method,
      headers: { Accept: 'text/event-stream' },
    })
    expect(status).toBe(405)
    expect(headers.get('allow')).toBe('POST')
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } })
  })

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
