// POST /api/mcp – the MCP server (Streamable HTTP, stateless, JSON responses): published content
// (search_content, list_documents, get_document, resources), send_inquiry, prompts, completions.
// GET /api/mcp – its notification stream (notifications/resources/list_changed), src/mcp/change-stream.ts
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'

import { noteMcpClient } from '@/audience/mcp-clients'
import { env } from '@/env'
import { verifiedClientAddress } from '@/http/client-address'
import { ApiError } from '@/http/errors'
import { allowOf } from '@/http/methods'
import { readBodyWithLimit, rejectCrossOrigin } from '@/http/request'
import { INQUIRY_BODY_MAX_BYTES } from '@/inquiries/schema'
import {
  asBatchAnswer,
  batchRefusal,
  initializeClientName,
  PROTOCOL_VERSION_HEADER,
} from '@/mcp/batch'
import { openChangeStream } from '@/mcp/change-stream'
import { connectMcpServer, createMcpServer } from '@/mcp/server'

export const dynamic = 'force-dynamic'
export const runtime = 'nodejs'

/** Transport-level failures answer as JSON-RPC errors, as MCP clients expect. */
function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
) {
  return Response.json(
    { jsonrpc: '2.0', error: { code, message }, id: null },
    { status, headers: { 'Cache-Control': 'no-store', ...headers } },
  )
}

/**
 * The inquiry endpoint's cross-origin rule (a cross-site Sec-Fetch-Site, a foreign or `null`
 * Origin: 403), which is also the transport spec's MUST against DNS rebinding. Agents and CLIs
 * send neither header and pass. Answered as a JSON-RPC error, as every refusal here is.
 */
function crossOriginRefusal(request: Request): Response | null {
  try {
    rejectCrossOrigin(request, env.SITE_URL)
    return null
  } catch (error) {
    if (error instanceof ApiError) return jsonRpcError(error.status, -32000, error.message)
    throw error
  }
}

export async function POST(request: Request): Promise<Response> {
  const refused = crossOriginRefusal(request)
  if (refused) return refused
  let body: unknown
  try {
    const text = await readBodyWithLimit(request, INQUIRY_BODY_MAX_BYTES)
    body = JSON.parse(text)
  } catch (error) {
    if (error instanceof ApiError) return jsonRpcError(error.status, -32600, error.message)
    return jsonRpcError(400, -32700, 'Parse error: the body is not valid JSON.')
  }
  // A JSON-RPC batch, as the protocol version the client speaks has it (src/mcp/batch.ts).
  const refusal = batchRefusal(body, request.headers.get(PROTOCOL_VERSION_HEADER))
  if (refusal) return jsonRpcError(400, -32600, refusal)
  // The client names itself at `initialize` only: without sessions, later calls are known by
  // their User-Agent (src/audience/classify.ts).
  const clientName = initializeClientName(body)
  if (clientName !== undefined) noteMcpClient(request, clientName)
  const server = createMcpServer(verifiedClientAddress(request.headers, env.PAYLOAD_SECRET))
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  try {
    await connectMcpServer(server, transport)
    const response = await transport.handleRequest(request, { parsedBody: body })
    return Array.isArray(body) ? await asBatchAnswer(response) : response
  } finally {
    void server.close()
  }
}

/** The notification stream (GET), or what a GET would answer without opening it (HEAD). */
function streamAnswer(request: Request, head: boolean): Response {
  const refused = crossOriginRefusal(request)
  if (refused) return refused
  const clientAddress = verifiedClientAddress(request.headers, env.PAYLOAD_SECRET)
  const answer = openChangeStream(request.headers, clientAddress, { head })
  if ('response' in answer) return answer.response
  const { status, message, headers } = answer.refusal
  return jsonRpcError(status, -32000, message, headers)
}

export async function GET(request: Request): Promise<Response> {
  return streamAnswer(request, false)
}

export async function HEAD(request: Request): Promise<Response> {
  return streamAnswer(request, true)
}

/** The methods this path answers, from the one method table (OPTIONS is the front door's). */
const ALLOW = allowOf('/api/mcp')

function methodNotAllowed(): Response {
  return jsonRpcError(
    405,
    -32000,
    'Method not allowed: POST takes requests and GET opens the notification stream; this server keeps no session to DELETE.',
    { Allow: ALLOW },
  )
}

export const DELETE = methodNotAllowed
export const PUT = methodNotAllowed
export const PATCH = methodNotAllowed
