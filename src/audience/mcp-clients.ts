import { REQUEST_ID_HEADER } from '@/http/request-id'
import { processSingleton } from '@/lib/process-singleton'

import { cleanName } from './names'

/**
 * The MCP client names the MCP code has seen, by the id of the request that carried them, until
 * the request is counted (visits.ts). The MCP server answers in Next.js's route handler, which
 * sees the JSON-RPC body; the counting sees the Node request; the request id the server gives
 * every request it hands on (`X-Request-Id`) joins the two. Kept on `globalThis`
 * (processSingleton): the route's bundle and the server's are two copies of this module.
 */

/** Names waiting to be counted; past this the oldest go (a request that was never counted). */
export const PENDING_CLIENT_NAMES_MAX = 1_000

function pendingNames(): Map<string, string> {
  return processSingleton('audience-mcp-client-names', () => new Map<string, string>())
}

/**
 * Notes the `clientInfo.name` an MCP client sent (at `initialize`) for the request carrying it,
 * so the request is counted under that name. `name` is the client's own text: anything is
 * accepted and cleaned (names.ts); nothing is noted for a request without an id.
 */
export function noteMcpClient(
  request: { headers: { get(name: string): string | null } },
  name: unknown,
): void {
  const requestId = request.headers.get(REQUEST_ID_HEADER)
  const cleaned = cleanName(name)
  if (!requestId || !cleaned) return
  const pending = pendingNames()
  if (pending.size >= PENDING_CLIENT_NAMES_MAX) {
    const oldest = pending.keys().next()
    if (!oldest.done) pending.delete(oldest.value)
  }
  pending.set(requestId, cleaned)
}

/** The client name noted for the request `requestId`, forgotten as it is read. */
export function takeMcpClient(requestId: string | string[] | undefined): string | undefined {
  if (typeof requestId !== 'string') return undefined
  const pending = pendingNames()
  const name = pending.get(requestId)
  if (name !== undefined) pending.delete(requestId)
  return name
}
