/**
 * The project's HTTP server: Next.js (with Payload inside) behind a plain Node server, because
 * only here is the connecting socket visible. `createServer` builds it (src/server/start.ts is the
 * entry that listens and handles signals). It
 * - validates settings before anything else (a bad setting stops the start, naming it);
 * - answers what no route should see itself (src/http/front-door.ts): methods the path does not
 *   answer and OPTIONS (the method table, src/http/methods.ts), the asterisk target, other
 *   spellings of a path (redirected to its normal form), control characters;
 * - establishes the client's address (src/http/client-address.ts) and hands it on, signed;
 * - answers 403 to the crawlers the agent access policy refuses, before the response cache
 *   (src/agents/crawler-refusal.ts; one check per request while it refuses none);
 * - answers anonymous reads of published content from its response cache (src/cache/) before
 *   Next.js sees them, and drops what a content change PostgreSQL reports made stale;
 * - bounds how long a client may take to send a request and how many connections it may hold
 *   (src/server/limits.ts);
 * - refuses the admin's server actions to callers without a session, and any other POST to the
 *   admin (src/http/admin-actions.ts);
 * - reads a form posted back to its page (the contact form) before Next.js runs its action, and
 *   refuses what is not that form with the client's status (form-posts.ts);
 * - gives each request it hands to Next.js an id (`X-Request-Id`), logs it as one JSON line, and
 *   finalizes its response head in one place: the response pipeline (response-pipeline.ts:
 *   the page's status, repairs, security headers, the caching policy);
 * - answers the routes the application registered for it (the content API's anonymous reads,
 *   src/content/in-process.ts) without Next.js's routing around them (in-process.ts);
 * - sends the site's pages without Next.js's client runtime where nothing on them needs it
 *   (src/site/page-scripts.ts says which keep it; next-runtime.ts takes it out);
 * - closes gracefully: stops accepting, lets in-flight requests finish, then lets the app finish
 *   its jobs and close its pools (src/lib/process-singleton.ts).
 */
import { randomUUID } from 'node:crypto'
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'

import next from 'next'

import { accessPolicyChanged, startFollowingAccessPolicy } from '@/agents/access-policy-store'
import { crawlerRefusal } from '@/agents/crawler-refusal'
import { purgeTargetsOf, sharedCachePurger } from '@/cache/targeted-purge'
import { listenForContentChanges, type ContentChangeFeed } from '@/cache/invalidation'
import { replicaFreshnessOf, type ReplicaFreshness } from '@/cache/replica-freshness'
import { LargeResponseFiles } from '@/cache/large-responses'
import { responseCache } from '@/cache/response-cache'
import { ResponseStore, responseStoreSizing } from '@/cache/store'
import { env } from '@/env'
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_SIGNATURE_HEADER,
  resolveClientAddress,
  ClientAddressSigner,
} from '@/http/client-address'
import { prefersMarkdown } from '@/http/negotiation'
import { pathOf } from '@/http/request-target'
import { isAdminPostWithoutAction, refusesAnonymousAdminAction } from '@/http/admin-actions'
import {
  answerBeforeCache,
  answerFromMethodTable,
  errorAnswer,
  malformedActionAnswer,
  clientErrorAnswer,
  methodNotAllowed,
  rawResponse,
  sendAnswer,
} from '@/http/front-door'
import { REQUEST_ID_HEADER } from '@/http/request-id'
import { refuseCrossOriginAction } from '@/http/server-action-origin'
import { LOCALE_HEADER, PAGE_PATH_HEADER } from '@/i18n/locales'
import { securityHeaders } from '@/http/security-headers'
import { contentVersions, EVERYTHING, type ContentVersions } from '@/lib/content-version'
import { logger } from '@/lib/logger'
import { countVisit } from '@/audience/visits'
import { siteMetricsEndpoint } from '@/metrics/endpoint'
import { countRequest } from '@/metrics/requests'
import { tracedRequest } from '@/observability/tracing'
import { isSitePage } from '@/site/page-scripts'
import { runShutdownTasks, runStopAcceptingTasks } from '@/lib/process-singleton'

import { applyConnectionLimits, connectionLimits, connectionServerOptions } from './limits'
import { answeredInProcessOr } from './in-process'
import { pageRenders, withPageRenders } from './page-renders'
import {
  renderThroughPipeline,
  responsePipeline,
  responseSteps,
  type RenderOptions,
} from './response-pipeline'
import { withSiteRouting } from './site-routing'
import { answerFormPost, isFormPost } from './form-posts'
import { applyBuiltConfig } from './built-config'

/** One log line per request handed to the application; never its body, query or credentials. */
function logRequest(request: IncomingMessage, response: ServerResponse, requestId: string): void {
  const started = performance.now()
  response.once('close', () => {
    logger.info(
      {
        requestId,
        method: request.method,
        path: pathOf(request.url),
        status: response.writableFinished ? response.statusCode : null,
        aborted: !response.writableFinished,
        ms: Math.round((performance.now() - started) * 10) / 10,
        cache: response.getHeader('x-cache'),
      },
      'request',
    )
  })
}

export interface ServerOptions {
  /** Next.js's development server (hot reload); by default when NODE_ENV isn't production. */
  dev?: boolean
  /** Whether published reads are answered from the response cache; by default `env.bypasses`. */
  responseCache?: boolean
}

export interface SiteServer {
  server: Server
  /** Listens (by default on `PORT` and `HOST`); resolves with the address once it does. */
  listen(port?: number, host?: string): Promise<AddressInfo>
  /**
   * Stops accepting, lets in-flight requests finish, then stops following content changes, runs
   * the app's shutdown tasks and closes Next.js.
   */
  close(): Promise<void>
}

/**
 * The host name Next.js is told it serves under: the origin of the URLs its routes see
 * (`http://localhost:{PORT}`, as the routes answered in this process see theirs, in-process.ts),
 * never the caller's Host header. Where this server listens is `HOST`'s business
 * (src/server/start.ts).
 */
const NEXT_HOSTNAME = 'localhost'

/**
 * The response cache's files on disk, or none when their directory can't be made (a read-only
 * temporary directory): the cache then works as it does without them, and says so once.
 */
function largeResponseFiles(versions: ContentVersions): LargeResponseFiles | undefined {
  try {
    return new LargeResponseFiles({ maxBytes: env.RESPONSE_CACHE_DISK_MB * 1024 * 1024, versions })
  } catch (error) {
    logger.warn(
      { err: String(error) },
      'response cache: no directory for large responses, they are rendered per request',
    )
    return undefined
  }
}

/**
 * The read replicas' freshness (none: always current): what is derived from published content
 * is refilled only once every replica has replayed the changes heard.
 */
function followReplicas(versions: ContentVersions): ReplicaFreshness {
  const replicas = replicaFreshnessOf(env.DATABASE_URL, env.readReplicas, {
    onCurrent: (current) => versions.setReadsCurrent(current),
    onSlow: ({ behindMs, caughtUp, error }) =>
      caughtUp
        ? logger.info({ behindMs }, 'read replicas caught up: caches refilled again')
        : logger.warn({ behindMs, error }, 'read replicas behind: caches not refilled'),
  })
  versions.setReadsCurrent(replicas.current)
  return replicas
}

/**
 * PostgreSQL's change feed: each change advances the content-version keys it touches, drops what
 * it made stale (memory, disk), waits for the replicas again and purges a shared cache in front
 * of the site (Varnish, a CDN) of what it made stale, once the replicas have replayed it
 * (src/cache/targeted-purge.ts). While the feed is disconnected changes may be missed, so the
 * cache is suspended, and every key advances once it is back; the shared cache is then purged
 * of everything (not on the first connection: nothing was missed before this process started
 * listening that the other instances did not purge).
 */
function followContentChanges({
  versions,
  store,
  largeFiles,
  replicas,
  cacheResponses,
}: {
  versions: ContentVersions
  store: ResponseStore
  largeFiles: LargeResponseFiles | undefined
  replicas: ReplicaFreshness
  cacheResponses: boolean
}): ContentChangeFeed {
  const sharedCache = sharedCachePurger(purgeTargetsOf(env), {
    readsCurrent: () => replicas.current,
  })
  let listenedBefore = false
  const feed = listenForContentChanges(env.DATABASE_URL, {
    onChange: (change) => {
      versions.advance(change)
      // The agent access policy is read again at once: the per-request check follows it.
      accessPolicyChanged(change)
      store.dropStale()
      largeFiles?.dropStale()
      replicas.changeHeard()
      sharedCache.changed(change)
    },
    onConnected: (connected) => {
      versions.setFeedConnected(connected)
      if (connected) accessPolicyChanged(EVERYTHING)
      if (connected) replicas.changeHeard()
      if (connected && listenedBefore) sharedCache.changed(EVERYTHING)
      if (connected) listenedBefore = true
      if (connected && cacheResponses) store.resume()
      else store.suspend()
    },
  })
  return {
    close: async () => {
      await feed.close()
      sharedCache.close()
    },
  }
}

/**
 * Upgraded connections (in development, Next's reload socket, which Payload also opens to this
 * server) never end on their own, and server.close() waits for them: the set lets close() end them.
 */
function upgradedConnections(server: Server, handleUpgrade: UpgradeHandler): Set<Duplex> {
  const upgraded = new Set<Duplex>()
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
    return handleUpgrade(request, socket, head)
  })
  return upgraded
}

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => unknown

const ADMIN_ACTION_REFUSED = errorAnswer(
  401,
  'unauthorized',
  "Sign in to the admin to use the admin's server actions.",
)

const ADMIN_POST_WITHOUT_ACTION = errorAnswer(
  400,
  'invalid_body',
  "The admin's pages take their own server actions only (Next-Action), never a posted form.",
  { details: [{ field: 'Next-Action', message: 'is required on a POST to the admin' }] },
)

const FORM_POST_FAILED = errorAnswer(500, 'internal_error', 'Something went wrong on our side.')

type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void

/**
 * Next.js as the server hands it requests: the site's routing innermost; the site's pages (not
 * their twins, which read their page through this server) rendered a few at a time
 * (page-renders.ts); the routes registered to be answered in this process without Next's routing
 * (in-process.ts), unless their switch is off (env.bypasses) or in development, where Next reloads
 * a route's code as it changes and the registered handlers would go stale.
 */
function nextHandlerOf(app: ReturnType<typeof next>, dev: boolean): NodeHandler {
  const rendered = withPageRenders(
    withSiteRouting(app.getRequestHandler()),
    pageRenders(env.PAGE_RENDERS_MAX),
    (request) => isSitePage(pathOf(request.url)) && !prefersMarkdown(request.headers.accept),
  )
  return dev || !env.bypasses.inProcessRoutes ? rendered : answeredInProcessOr(rendered)
}

/**
 * Hands a request to Next.js: with an id, the client's address established, and the response's
 * one capture on it (src/http/response-capture.ts): the response pipeline finalizes its head (a
 * route may still set a security header itself), and its body is held where the response cache
 * keeps it or a page goes out without Next's client runtime (next-runtime.ts, unless its switch
 * is off), else streamed.
 */
function renderer(
  app: ReturnType<typeof next>,
  dev: boolean,
  securityHeaderValues: ReturnType<typeof securityHeaders>,
): (request: IncomingMessage, response: ServerResponse, options?: RenderOptions) => void {
  const handler = nextHandlerOf(app, dev)
  const addressSigner = new ClientAddressSigner(env.PAYLOAD_SECRET)
  const pipeline = responsePipeline(responseSteps(securityHeaderValues))
  return (request, response, { keep, written } = {}) => {
    const requestId = randomUUID()
    request.headers[REQUEST_ID_HEADER] = requestId
    response.setHeader(REQUEST_ID_HEADER, requestId)
    logRequest(request, response, requestId)
    // Whatever the caller sent under our header names is discarded, then replaced by what we saw
    // (the locale and page headers are set by site-routing.ts, for site pages only).
    delete request.headers[CLIENT_ADDRESS_HEADER]
    delete request.headers[CLIENT_SIGNATURE_HEADER]
    delete request.headers[LOCALE_HEADER]
    delete request.headers[PAGE_PATH_HEADER]
    const forwardedFor = request.headers['x-forwarded-for']
    const address = resolveClientAddress(
      request.socket.remoteAddress,
      Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
      env.trustedProxies,
    )
    if (address) {
      request.headers[CLIENT_ADDRESS_HEADER] = address
      request.headers[CLIENT_SIGNATURE_HEADER] = addressSigner.sign(address)
    }
    renderThroughPipeline(request, response, pipeline, handler, {
      keep,
      written,
      removeNextRuntime: env.bypasses.nextRuntimeRemoval,
    })
  }
}

/** Prepares Next.js and builds the server around it, not yet listening. */
export async function createServer(options: ServerOptions = {}): Promise<SiteServer> {
  const dev = options.dev ?? process.env.NODE_ENV !== 'production'
  if (!dev && env.bypasses.builtConfig) applyBuiltConfig()
  const app = next({ dev, hostname: NEXT_HOSTNAME, port: env.PORT })
  await app.prepare()

  // What is derived from published content (the response cache, the site settings, the embargo
  // list) is kept while the content-version keys it depends on are unchanged, and only read while
  // the change feed is connected and every read replica has replayed the changes heard: without
  // the feed a publish could go unnoticed, and a lagging replica would refill the caches with
  // what the change replaced.
  const versions = contentVersions()
  const store = new ResponseStore({ ...responseStoreSizing(env), versions })
  const cacheResponses = options.responseCache ?? env.bypasses.responseCache
  const largeFiles =
    cacheResponses && env.RESPONSE_CACHE_DISK_MB > 0 ? largeResponseFiles(versions) : undefined
  const replicas = followReplicas(versions)
  const contentChanges = followContentChanges({
    versions,
    store,
    largeFiles,
    replicas,
    cacheResponses,
  })

  const SECURITY_HEADERS = securityHeaders(env.SITE_URL, dev)
  // GET /metrics with the metrics token (METRICS_TOKEN); null when the site's port has none.
  const metrics = siteMetricsEndpoint(env, SECURITY_HEADERS)
  const render = renderer(app, dev, SECURITY_HEADERS)
  const cache = cacheResponses
    ? responseCache(store, render, { onEditorWrite: () => replicas.changeHeard(), largeFiles })
    : null

  // Crawlers the agent access policy refuses (403), before any cache; the policy read once now,
  // then on every change of it the feed hears.
  const refuseCrawler = crawlerRefusal()
  await startFollowingAccessPolicy()

  const adminActionPolicy = { payloadSecret: env.PAYLOAD_SECRET, allowFirstUserScreen: dev }
  const limits = connectionLimits(env)
  const handle: NodeHandler = (request, response) => {
    // Unknown methods, and paths not in their normal form, before any route or cache sees them.
    const early =
      answerBeforeCache(request.method, request.url, request.headers) ??
      malformedActionAnswer(request.headers['next-action'])
    if (early) return sendAnswer(response, early, SECURITY_HEADERS)
    if (metrics?.(request, response)) return
    const refusal = refuseCrawler(request)
    if (refusal) return sendAnswer(response, refusal, SECURITY_HEADERS)
    if (cache?.serve(request, response)) return
    // The method table: OPTIONS, and methods the path does not answer (nothing the cache serves).
    const refused = answerFromMethodTable(request.method, request.url, request.headers)
    if (refused) return sendAnswer(response, refused, SECURITY_HEADERS)
    if (refuseCrossOriginAction(request, response, env.SITE_URL, SECURITY_HEADERS)) return
    if (refusesAnonymousAdminAction(request, adminActionPolicy))
      return sendAnswer(response, ADMIN_ACTION_REFUSED, SECURITY_HEADERS)
    if (isAdminPostWithoutAction(request.method, request.url, request.headers)) {
      request.resume()
      return sendAnswer(response, ADMIN_POST_WITHOUT_ACTION, SECURITY_HEADERS)
    }
    const renderRequest = (handed: IncomingMessage) =>
      render(handed, response, { written: (head) => cache?.headWritten(handed, head.status) })
    // A form posted back to its page: read and checked here, then replayed to Next.js.
    if (isFormPost(request)) {
      return void answerFormPost(request, response, SECURITY_HEADERS, renderRequest, {
        dev,
      }).catch((error: unknown) => {
        logger.error({ path: pathOf(request.url), err: String(error) }, 'form post failed')
        if (!response.headersSent) sendAnswer(response, FORM_POST_FAILED, SECURITY_HEADERS)
        else response.destroy()
      })
    }
    renderRequest(request)
  }
  // Every request is counted (src/metrics/: operators' figures; src/audience/: visits by channel)
  // and, when tracing is on, traced (src/observability/), cache hits and the front door's answers
  // included.
  const server = createHttpServer(connectionServerOptions(limits), (request, response) =>
    tracedRequest(request, response, () => {
      countRequest(request, response)
      countVisit(request, response)
      handle(request, response)
    }),
  )
  applyConnectionLimits(server, limits)
  // Requests Node's parser refuses (`TRACK`, `get`), timeouts and CONNECT get the JSON error shape too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (socket.writable) socket.end(rawResponse(clientErrorAnswer(error.code), SECURITY_HEADERS))
    else socket.destroy()
  })
  server.on('connect', (_request, socket) => {
    socket.end(rawResponse(methodNotAllowed('CONNECT'), SECURITY_HEADERS))
  })
  const upgraded = dev ? upgradedConnections(server, app.getUpgradeHandler()) : new Set<Duplex>()

  return {
    server,
    listen: (port = env.PORT, host = env.HOST) =>
      new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => {
          server.off('error', reject)
          resolve(server.address() as AddressInfo)
        })
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          void (async () => {
            await contentChanges.close()
            await replicas.close()
            largeFiles?.close()
            await runShutdownTasks((name, error) =>
              error
                ? logger.error({ task: name, err: String(error) }, 'shutdown task failed')
                : logger.info({ task: name }, 'shutdown task done'),
            )
            await app.close()
            resolve()
          })()
        })
        server.closeIdleConnections()
        // Responses that never end on their own (event streams) would hold server.close() open.
        runStopAcceptingTasks((name, error) =>
          error
            ? logger.error({ task: name, err: String(error) }, 'stop-accepting task failed')
            : logger.info({ task: name }, 'stop-accepting task done'),
        )
        for (const socket of upgraded) socket.destroy()
      }),
  }
}
