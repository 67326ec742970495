import { crossOriginRefusal } from './cross-origin'
import { ApiError } from './errors'

/** 415 unless the body is declared `application/json` (parameters such as charset allowed). */
export function requireJsonContentType(request: Request): void {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    throw new ApiError('unsupported_media_type', 'Send the body as Content-Type: application/json.')
  }
}

/**
 * Reads the body, counting bytes as they arrive: over `maxBytes` is a 413 whatever
 * Content-Length claimed, and no more than the limit is ever held in memory.
 */
export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new ApiError('payload_too_large', `The request body must be at most ${maxBytes} bytes.`)
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** 403 for a cross-origin browser request (`crossOriginRefusal`). */
export function rejectCrossOrigin(request: Request, siteOrigin: string): void {
  const refusal = crossOriginRefusal(
    request.headers.get('sec-fetch-site'),
    request.headers.get('origin'),
    siteOrigin,
  )
  if (refusal) throw new ApiError('forbidden', refusal)
}

/** 400 unless the text is JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError('invalid_body', 'The request body is not valid JSON.', {
      details: [{ field: '(body)', message: 'must be valid JSON' }],
    })
  }
}
