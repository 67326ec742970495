import type { ServerResponse } from 'node:http'

/**
 * For the one capture of a response (response-capture.ts), which takes over its head and body
 * before they go out: `write`/`end` and `writeHead` as Node accepts them, taken apart.
 */

/** A chunk as `write` and `end` accept it (a string in an encoding, a Buffer, bytes), as bytes. */
export function chunkBytes(chunk: unknown, encoding?: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
  return Buffer.from(chunk as Uint8Array)
}

/** Whether `end`'s first argument is a body to send: not absent, null (a HEAD) or the callback. */
export function isBodyChunk(value: unknown): boolean {
  return value !== undefined && value !== null && typeof value !== 'function'
}

/**
 * Sets on `response` what `writeHead(status, [reason], [headers])` would (status and headers,
 * given as an object or a flat array) without writing the head; returns the reason phrase given.
 */
export function setHeadFrom(response: ServerResponse, args: unknown[]): string | undefined {
  const [status, second, third] = args
  response.statusCode = status as number
  const headers = typeof second === 'string' ? third : second
  if (Array.isArray(headers)) {
    for (let index = 0; index < headers.length; index += 2)
      response.setHeader(String(headers[index]), headers[index + 1] as string)
  } else if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) response.setHeader(name, value as string)
  }
  return typeof second === 'string' ? second : undefined
}
