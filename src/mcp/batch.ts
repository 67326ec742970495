import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js'

/**
 * JSON-RPC batches over Streamable HTTP, as each protocol version has them. 2025-03-26 allowed a
 * POST body to be an array of messages (a batch of N requests is answered by an array of N
 * responses); 2025-06-18 removed batching, and every version since says a body is one message.
 * A request without `MCP-Protocol-Version` is taken to speak 2025-03-26, as the transport
 * specification tells servers to assume (the SDK's `DEFAULT_NEGOTIATED_PROTOCOL_VERSION`).
 */

/** The header a client sends its negotiated protocol version in (lower case, as Headers has it). */
export const PROTOCOL_VERSION_HEADER = 'mcp-protocol-version'

/** The first protocol version without JSON-RPC batching. Versions are dates: they sort as text. */
export const BATCHING_REMOVED_IN = '2025-06-18'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A member of a batch that asks for an answer (a request has an `id`; a notification has none). */
const requestId = (message: unknown): string | number | undefined =>
  isObject(message) &&
  typeof message.method === 'string' &&
  (typeof message.id === 'string' || typeof message.id === 'number')
    ? message.id
    : undefined

/**
 * Why a POST body that is a batch can't be taken (the message of a JSON-RPC error -32600,
 * Invalid Request, answered with 400), or null when it can, or when it is not a batch.
 * - From 2025-06-18 on there are no batches.
 * - An empty batch is an invalid request (JSON-RPC 2.0 §6).
 * - Two requests with one id could not each get their answer: responses are matched by id.
 */
export function batchRefusal(body: unknown, protocolVersion: string | null): string | null {
  if (!Array.isArray(body)) return null
  const version = protocolVersion ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION
  if (version >= BATCHING_REMOVED_IN) {
    return (
      `Invalid Request: protocol version ${version} has no JSON-RPC batches (they ended with ` +
      `${BATCHING_REMOVED_IN}); send one message per request.`
    )
  }
  if (body.length === 0) return 'Invalid Request: the batch is empty.'
  const ids = body.map(requestId).filter((id) => id !== undefined)
  if (new Set(ids).size !== ids.length) {
    return 'Invalid Request: the requests of a batch must have distinct ids.'
  }
  return null
}

/**
 * The answer to a batch: always an array of responses. The SDK answers a batch whose requests
 * got one response with that response alone, as it answers a single request; a batch is
 * answered with an array whatever its length (JSON-RPC 2.0 §6). Anything else (a refusal of the
 * whole request, 202 for a batch of notifications only) passes as it is.
 */
export async function asBatchAnswer(response: Response): Promise<Response> {
  if (response.status !== 200 || !response.headers.get('content-type')?.includes('json')) {
    return response
  }
  const answer = (await response.json()) as unknown
  return new Response(JSON.stringify(Array.isArray(answer) ? answer : [answer]), {
    status: response.status,
    headers: response.headers,
  })
}

/**
 * The `clientInfo.name` of an `initialize` request in a POST body (one message or a batch), if
 * any: the only message in which a client names itself, a server without sessions being told it
 * once (src/audience/ counts the request under it).
 */
export function initializeClientName(body: unknown): unknown {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isObject(message) || message.method !== 'initialize' || !isObject(message.params)) continue
    const { clientInfo } = message.params
    return isObject(clientInfo) ? clientInfo.name : undefined
  }
  return undefined
}
