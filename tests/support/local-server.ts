import { request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Unit tests that put a handler behind a real `node:http` server (the response pipeline, the
 * response cache, the runtime rewrite): listen on a free local port, ask it, close it. Tests of a
 * started app ask it the same way when they need its bytes as sent.
 */

export function listenLocally(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

export interface LocalAnswer {
  status: number
  headers: IncomingHttpHeaders
  /** The body exactly as sent (still compressed, if it was). */
  bytes: Buffer
}

/** One request to `server`, its answer read to the end. */
export function askServer(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<LocalAnswer> {
  const { port } = server.address() as AddressInfo
  return askUrl(`http://127.0.0.1:${port}${path}`, headers, method)
}

/** One request to `url`, its answer read to the end and left as sent (fetch would decode it). */
export function askUrl(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<LocalAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers, method }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}
