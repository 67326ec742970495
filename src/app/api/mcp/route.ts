// POST /api/mcp – the MCP server (Streamable HTTP, stateless, JSON responses): published content
// (search_content, list_documents, get_document, resources) and send_inquiry
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'

import { env } from '@/env'
import { verifiedClientAddress } from '@/http/client-address'
import { ApiError } from '@/http/errors'
import { allowOf } from '@/http/methods'
import { readBodyWithLimit, rejectCrossOrigin } from '@/http/request'
import { INQUIRY_BODY_MAX_BYTES } from '@/inquiries/schema'
import { asBatchAnswer, batchRefusal, PROTOCOL_VERSION_HEADER } from '@/mcp/batch'
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

export async function POST(request: Request): Promise<Response> {
  // The inquiry endpoint's cross-origin rule (a cross-site Sec-Fetch-Site, a foreign or `null`
  // Origin: 403), which is also the transport spec's MUST against DNS rebinding. Agents and CLIs
  // send neither header and pass. Answered as a JSON-RPC error, as every refusal here is.
  try {
    rejectCrossOrigin(request, env.SITE_URL)
  } catch (error) {
    if (error instanceof ApiError) return jsonRpcError(error.status, -32000, error.message)
    throw error
  }
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

/** The methods this path answers, from the one method table (OPTIONS is the front door's). */
const ALLOW = allowOf('/api/mcp')

function methodNotAllowed(): Response {
  return jsonRpcError(405, -32000, 'Method not allowed: this stateless server accepts POST only.', {
    Allow: ALLOW,
  })
}

export const GET = methodNotAllowed
export const DELETE = methodNotAllowed
export const PUT = methodNotAllowed
export const PATCH = methodNotAllowed
