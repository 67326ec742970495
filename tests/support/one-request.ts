import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Serves exactly one request with `handler` on a throwaway local server and returns what the
 * client received: for unit tests of code that wraps a Node response (headers, status).
 */
export function answerOne(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  requestHeaders: Record<string, string> = {},
): Promise<{ status: number | undefined; headers: IncomingHttpHeaders }> {
  const server = createServer(handler)
  return new Promise((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      request({ port, path: '/', headers: requestHeaders }, (res) => {
        res.resume()
        res.on('end', () =>
          server.close(() => resolve({ status: res.statusCode, headers: res.headers })),
        )
      })
        .on('error', reject)
        .end()
    })
  })
}
