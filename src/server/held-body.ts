import type { ServerResponse } from 'node:http'

import { compressedBody, encodedHeaders } from '@/cache/entry'
import { negotiateEncoding } from '@/cache/policy'

/**
 * Sends a body the response's capture held and nobody else sent (a page rewritten without Next's
 * runtime, a render the response cache could not keep): compressed as the client's
 * `acceptEncoding` allows when that is worth it (it was rendered uncompressed, to be read here),
 * with its length declared. `body` undefined: a HEAD, the head alone.
 */
export function sendHeldBody(
  response: ServerResponse,
  status: number,
  body: Buffer | undefined,
  acceptEncoding: string | undefined,
): void {
  let sent = body
  if (body !== undefined) {
    const encoding = negotiateEncoding(acceptEncoding)
    const compressed =
      encoding === 'identity' ? null : compressedBody(body, response.getHeaders(), encoding)
    if (compressed && encoding !== 'identity') {
      const headers = encodedHeaders(response.getHeaders(), encoding, compressed.length)
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) response.setHeader(name, value)
      sent = compressed
    } else {
      response.setHeader('content-length', body.length)
    }
  }
  response.writeHead(status)
  response.end(sent)
}
