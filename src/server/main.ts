/**
 * The project's HTTP server: Next.js (with Payload inside) behind a plain Node server, because
 * only here is the connecting socket visible. It
 * - validates settings before anything else (a bad setting stops the start, naming it);
 * - establishes the client's address (src/http/client-address.ts) and hands it on, signed;
 * - answers anonymous reads of published content from its response cache (src/cache/) before
 *   Next.js sees them, and drops that cache whenever PostgreSQL reports a content change;
 * - sets the security headers every response carries, gives each request it hands to Next.js an
 *   id (`X-Request-Id`) and logs it as one JSON line;
 * - shuts down gracefully on SIGTERM/SIGINT: stops accepting, lets in-flight requests finish,
 *   then lets the app finish its jobs and close its pools (src/lib/process-singleton.ts).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

import next from 'next'

import { cdnPurger } from '@/cache/cdn-purge'
import { listenForContentChanges } from '@/cache/invalidation'
import { responseCache } from '@/cache/response-cache'
import { ResponseStore } from '@/cache/store'
import { env } from '@/env'
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_SIGNATURE_HEADER,
  resolveClientAddress,
  signClientAddress,
} from '@/http/client-address'
import { REQUEST_ID_HEADER } from '@/http/request-id'
import { withResponseStatus } from '@/http/response-status'
import { LOCALE_HEADER } from '@/i18n/locales'
import { dropAdminOnlyHeaders, isAdminPath } from '@/http/admin-only-headers'
import { addSecurityHeaders, securityHeaders } from '@/http/security-headers'
import { contentChanged, setContentFeedLive } from '@/lib/content-version'
import { logger } from '@/lib/logger'
import { runShutdownTasks } from '@/lib/process-singleton'
import { keepVaryAccept } from '@/markdown/vary'
import { restoreDeclaredLength } from '@/media/declared-length'

import { applyStandaloneConfig } from './standalone'

const SHUTDOWN_GRACE_MS = 10_000

const dev = process.env.NODE_ENV !== 'production'
if (!dev) applyStandaloneConfig()
const app = next({ dev, hostname: env.HOST ?? 'localhost', port: env.PORT })
await app.prepare()
const handle = app.getRequestHandler()

const SECURITY_HEADERS = securityHeaders(env.SITE_URL, dev)

/** One log line per request handed to the application; never its body, query or credentials. */
function logRequest(request: IncomingMessage, response: ServerResponse, requestId: string): void {
  const started = performance.now()
  response.once('close', () => {
    const url = request.url ?? '/'
    const queryAt = url.indexOf('?')
    logger.info(
      {
        requestId,
        method: request.method,
        path: queryAt === -1 ? url : url.slice(0, queryAt),
        status: response.writableFinished ? response.statusCode : null,
        aborted: !response.writableFinished,
        ms: Math.round((performance.now() - started) * 10) / 10,
        cache: response.getHeader('x-cache'),
      },
      'request',
    )
  })
}

/**
 * Hands a request to Next.js: with an id, the client's address established, the security
 * headers set (a route may still override one) and the response fixups installed.
 */
function render(request: IncomingMessage, response: ServerResponse): void {
  const requestId = randomUUID()
  request.headers[REQUEST_ID_HEADER] = requestId
  response.setHeader(REQUEST_ID_HEADER, requestId)
  addSecurityHeaders(response, SECURITY_HEADERS)
  if (!isAdminPath(request.url)) dropAdminOnlyHeaders(response)
  logRequest(request, response, requestId)
  // Whatever the caller sent under our header names is discarded, then replaced by what we saw
  // (the locale header is set by src/proxy.ts, for site pages only).
  delete request.headers[CLIENT_ADDRESS_HEADER]
  delete request.headers[CLIENT_SIGNATURE_HEADER]
  delete request.headers[LOCALE_HEADER]
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
  // A page that finds nothing asks for its 404 through this slot (src/http/response-status.ts).
  void withResponseStatus(request, response, () => handle(request, response))
}

function isValidPath(url: string | undefined): boolean {
  try {
    decodeURIComponent((url ?? '/').split('?', 1)[0]!)
    return true
  } catch {
    return false
  }
}

const store = new ResponseStore({
  maxBytes: env.RESPONSE_CACHE_MAX_MB * 1024 * 1024,
  maxEntryBytes: Math.min(8 * 1024 * 1024, env.RESPONSE_CACHE_MAX_MB * 1024 * 256),
})
const cacheResponses = env.RESPONSE_CACHE === 'on'
const serveCached = cacheResponses
  ? responseCache(store, render, {
      admits: (request) => isValidPath(request.url),
      onEditorWrite: contentChanged,
    })
  : () => false
const purgeCdn = cdnPurger(env.CDN_PURGE_URL, env.CDN_PURGE_TOKEN)
// What is derived from published content (this cache, the app's content version) is kept only
// while this feed is connected: without it a publish could go unnoticed.
const contentChanges = listenForContentChanges(env.DATABASE_URL, {
  onChange: () => {
    contentChanged()
    store.invalidate()
    purgeCdn()
  },
  onConnected: (connected) => {
    setContentFeedLive(connected)
    if (connected && cacheResponses) store.resume()
    else store.suspend()
  },
})

const server = createServer((request, response) => {
  if (serveCached(request, response)) return
  // Next.js answers 500 for a path that isn't valid percent-encoding; it is the caller's error.
  if (!isValidPath(request.url)) {
    for (const [name, value] of SECURITY_HEADERS) response.setHeader(name, value)
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
  render(request, response)
})

if (dev) server.on('upgrade', app.getUpgradeHandler())

server.listen(env.PORT, env.HOST, () => {
  logger.info(
    {
      url: env.SITE_URL,
      host: env.HOST ?? '*',
      port: env.PORT,
      mode: dev ? 'development' : 'production',
    },
    `Ready on ${env.SITE_URL}`,
  )
})

let closing = false
function shutdown(signal: string): void {
  if (closing) return
  closing = true
  logger.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => {
    logger.error('shutdown took too long: exiting')
    process.exit(1)
  }, SHUTDOWN_GRACE_MS)
  force.unref()
  server.close(() => {
    void (async () => {
      await contentChanges.close()
      await runShutdownTasks((name, error) =>
        error
          ? logger.error({ task: name, err: String(error) }, 'shutdown task failed')
          : logger.info({ task: name }, 'shutdown task done'),
      )
      await app.close()
      logger.info('stopped')
      process.exit(0)
    })()
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
