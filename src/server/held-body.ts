import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { compressedBody, encodedHeaders } from '@/cache/entry'
import { negotiateEncoding } from '@/cache/policy'

/**
 * `body` compressed as the client's `acceptEncoding` allows, when that is worth it, with the
 * headers that say so (`Content-Encoding`, its length, `Vary`, the validator of that encoding);
 * else `body` and `headers` as they are. For bodies written whole in this server: a route
 * answered in this process, a body the response's capture held.
 */
export function encodedAsAccepted(
  body: Buffer,
  headers: OutgoingHttpHeaders,
  acceptEncoding: string | undefined,
): { body: Buffer; headers: OutgoingHttpHeaders } {
  const encoding = negotiateEncoding(acceptEncoding)
  if (encoding === 'identity') return { body, headers }
  const compressed = compressedBody(body, headers, encoding)
  if (!compressed) return { body, headers }
  return { body: compressed, headers: encodedHeaders(headers, encoding, compressed.length) }
}

/**
 * Sends a body the response's capture held and nobody else sent (a page rewritten without Next's
 * runtime, a render the response cache could not keep): compressed as the client accepts (it was
 * rendered uncompressed, to be read here), with its length declared. `body` undefined: a HEAD,
 * the head alone.
 */
export function sendHeldBody(
  response: ServerResponse,
  status: number,
  body: Buffer | undefined,
  acceptEncoding: string | undefined,
): void {
  let sent = body
  if (body !== undefined) {
    const encoded = encodedAsAccepted(body, response.getHeaders(), acceptEncoding)
    for (const [name, value] of Object.entries(encoded.headers))
      if (value !== undefined) response.setHeader(name, value)
    response.setHeader('content-length', encoded.body.length)
    sent = encoded.body
  }
  response.writeHead(status)
  response.end(sent)
}
