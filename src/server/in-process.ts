import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { hasCompressibleType, withVaryAcceptEncoding } from '@/cache/entry'
import { pathOf } from '@/http/request-target'
import { carriesCredential } from '@/http/credentials'
import { inProcessHandlerFor, type InProcessHandler } from '@/lib/in-process-routes'
import { logger } from '@/lib/logger'

import { encodedAsAccepted } from './held-body'

type NodeHandler = (request: IncomingMessage, response: ServerResponse) => unknown

/**
 * Headers Next.js never copies from a route's response to the wire (`FORBIDDEN_HEADERS` in
 * next/dist/server/send-response.js): the body may have been re-encoded on its way. Dropped here
 * too, so an answer is the same whichever way it went; Node declares the length of a body sent
 * whole.
 */
const FRAMING_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding'])

/**
 * `fallback` (Next.js), except for requests a route registered to be answered in this process
 * (src/lib/in-process-routes.ts): those go to the route's handler directly, with a Web request
 * built from the Node one, and its response written back as Next.js writes a route handler's.
 * Everything around the handler (request id, log line, client address, response pipeline,
 * response cache) is the caller's, as for any request.
 */
export function answeredInProcessOr(fallback: NodeHandler): NodeHandler {
  return (request, response) => {
    const handler = inProcessHandlerFor({
      method: request.method ?? 'GET',
      pathname: pathOf(request.url),
      credentialed: carriesCredential(request.headers.authorization, request.headers.cookie),
      accept: request.headers.accept,
    })
    if (!handler) return fallback(request, response)
    return answer(handler, request, response)
  }
}

function webRequestOf(request: IncomingMessage): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    if (Array.isArray(value)) for (const one of value) headers.append(name, one)
    else headers.set(name, value)
  }
  // Only reads are registered: there is no body to hand on. The origin is fixed, as Next's own
  // (src/server/main.ts): the Host header is the caller's to choose, and no handler reads it.
  return new Request(`http://localhost${request.url ?? '/'}`, {
    method: request.method,
    headers,
  })
}

async function answer(
  handler: InProcessHandler,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  let answered: Response
  let body: Buffer | null
  try {
    answered = await handler(webRequestOf(request))
    body =
      answered.body && request.method !== 'HEAD' ? Buffer.from(await answered.arrayBuffer()) : null
  } catch (error) {
    // Registered handlers answer their own errors; this is the last resort.
    logger.error({ path: request.url, err: String(error) }, 'in-process route failed')
    answered = Response.json(
      { error: { code: 'internal_error', message: 'Something went wrong on our side.' } },
      { status: 500 },
    )
    body = Buffer.from(await answered.arrayBuffer())
  }
  const headers: OutgoingHttpHeaders = {}
  answered.headers.forEach((value, name) => {
    if (!FRAMING_HEADERS.has(name) && name !== 'set-cookie') headers[name] = value
  })
  const cookies = answered.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  // Compressed as Next.js would have (the response cache, capturing a miss, asks for none).
  if (hasCompressibleType(headers)) headers.vary = withVaryAcceptEncoding(headers.vary)
  const encoded = body
    ? encodedAsAccepted(body, headers, request.headers['accept-encoding'])
    : { body: undefined, headers }
  response.statusCode = answered.status
  if (answered.statusText) response.statusMessage = answered.statusText
  for (const [name, value] of Object.entries(encoded.headers))
    if (value !== undefined) response.setHeader(name, value)
  response.end(encoded.body)
}
