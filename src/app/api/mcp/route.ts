// POST /api/mcp – the MCP server (Streamable HTTP, stateless, JSON responses): tool send_inquiry
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'

import { env } from '@/env'
import { verifiedClientAddress } from '@/http/client-address'
import { ApiError } from '@/http/errors'
import { readBodyWithLimit } from '@/http/request'
import { INQUIRY_BODY_MAX_BYTES } from '@/inquiries/schema'
import { createMcpServer } from '@/mcp/server'

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
  // Against DNS rebinding (the transport spec's MUST): a browser page on any other origin is
  // refused. Agents and CLIs send no Origin and pass.
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== new URL(env.SITE_URL).origin) {
    return jsonRpcError(403, -32000, `Forbidden: origin ${origin} is not allowed.`)
  }
  let body: unknown
  try {
    const text = await readBodyWithLimit(request, INQUIRY_BODY_MAX_BYTES)
    body = JSON.parse(text)
  } catch (error) {
    if (error instanceof ApiError) return jsonRpcError(error.status, -32600, error.message)
    return jsonRpcError(400, -32700, 'Parse error: the body is not valid JSON.')
  }
  const server = createMcpServer(verifiedClientAddress(request.headers, env.PAYLOAD_SECRET))
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  try {
    await server.connect(transport)
    const response = await transport.handleRequest(request, { parsedBody: body })
    return response
  } finally {
    void server.close()
  }
}

function methodNotAllowed(): Response {
  return jsonRpcError(405, -32000, 'Method not allowed: this stateless server accepts POST only.', {
    Allow: 'POST',
  })
}

export const GET = methodNotAllowed
export const DELETE = methodNotAllowed
