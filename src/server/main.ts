/**
 * The project's HTTP server: Next.js (with Payload inside) behind a plain Node server, because
 * only here is the connecting socket visible. It
 * - validates settings before anything else (a bad setting stops the start, naming it);
 * - establishes the client's address (src/http/client-address.ts) and hands it on, signed;
 * - shuts down gracefully on SIGTERM/SIGINT: stops accepting, lets in-flight requests finish.
 */
import { createServer } from 'node:http'

import next from 'next'

import { env } from '@/env'
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_SIGNATURE_HEADER,
  resolveClientAddress,
  signClientAddress,
} from '@/http/client-address'
import { keepVaryAccept } from '@/markdown/vary'
import { restoreDeclaredLength } from '@/media/declared-length'

const SHUTDOWN_GRACE_MS = 10_000

const dev = process.env.NODE_ENV !== 'production'
const app = next({ dev, hostname: env.HOST ?? 'localhost', port: env.PORT })
await app.prepare()
const handle = app.getRequestHandler()

const server = createServer((request, response) => {
  // Next.js answers 500 for a path that isn't valid percent-encoding; it is the caller's error.
  try {
    decodeURIComponent((request.url ?? '/').split('?', 1)[0]!)
  } catch {
    response.writeHead(400, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
    response.end(
      JSON.stringify({
        error: {
          code: 'invalid_parameter',
          message: 'The URL path is not valid percent-encoding.',
        },
      }),
    )
    return
  }
  // Whatever the caller sent under our header names is discarded, then replaced by what we saw.
  delete request.headers[CLIENT_ADDRESS_HEADER]
  delete request.headers[CLIENT_SIGNATURE_HEADER]
  const forwardedFor = request.headers['x-forwarded-for']
  const address = resolveClientAddress(
    request.socket.remoteAddress,
    Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
    env.trustedProxies,
  )
  if (address) {
    request.headers[CLIENT_ADDRESS_HEADER] = address
    request.headers[CLIENT_SIGNATURE_HEADER] = signClientAddress(address, env.PAYLOAD_SECRET)
  }
  // Next.js drops Content-Length from route handlers' responses; the media file server declares it.
  restoreDeclaredLength(response)
  // Next.js replaces a page's Vary; pages that answer markdown to Accept must keep `Accept` in it.
  keepVaryAccept(response)
  void handle(request, response)
})

if (dev) server.on('upgrade', app.getUpgradeHandler())

server.listen(env.PORT, env.HOST, () => {
  console.log(
    `> Ready on ${env.SITE_URL} (listening on ${env.HOST ?? '*'}:${env.PORT}, ${dev ? 'development' : 'production'})`,
  )
})

let closing = false
function shutdown(signal: string): void {
  if (closing) return
  closing = true
  console.log(`> ${signal}: finishing in-flight requests`)
  const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS)
  force.unref()
  server.close(() => {
    void app.close().finally(() => process.exit(0))
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
