/**
 * Where the metrics are served: `GET /metrics` in Prometheus's text format, on the site's own port
 * to requests carrying `Authorization: Bearer <METRICS_TOKEN>`, and/or on a port of its own
 * (METRICS_PORT), meant for a private network. With neither setting nothing is served or counted
 * and /metrics is a path like any other (a 404).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

import { collectDefaultMetrics } from 'prom-client'

import { errorAnswer, sendAnswer, type FrontAnswer } from '@/http/front-door'
import { pathOf } from '@/http/request-target'
import { logger } from '@/lib/logger'

import { siteMetrics } from './registry'
import { startCountingRequests } from './requests'

export const METRICS_PATH = '/metrics'
const METRICS_METHODS = ['GET', 'HEAD']

export interface MetricsSettings {
  METRICS_TOKEN?: string
  METRICS_PORT?: number
}

/** Metrics are collected and served only when one of the settings says where. */
export function metricsEnabled(settings: MetricsSettings): boolean {
  return settings.METRICS_TOKEN !== undefined || settings.METRICS_PORT !== undefined
}

/**
 * prom-client's defaults left out: gauges named like counters, which `promtool check metrics`
 * refuses; `nodejs_active_handles`, `nodejs_active_requests` and `nodejs_active_resources` carry
 * the same figures.
 */
const DEFAULT_METRICS_LEFT_OUT = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
]

/** Starts counting requests and collecting Node's own metrics (event loop, heap, RSS); once. */
export function startMetrics(): void {
  startCountingRequests()
  const metrics = siteMetrics()
  if (metrics.defaultsCollected) return
  metrics.defaultsCollected = true
  collectDefaultMetrics({ register: metrics.registry })
  for (const name of DEFAULT_METRICS_LEFT_OUT) metrics.registry.removeSingleMetric(name)
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether `authorization` is `Bearer <token>` for `token`. Both are compared as SHA-256 digests,
 * in constant time: neither the token's length nor how much of it a guess got right shows in how
 * long the answer takes.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const expected = digest(token)
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')
  // A missing or malformed header is compared too, so it takes as long as a wrong token.
  const given = digest(match?.[1] ?? '')
  return timingSafeEqual(given, expected) && match !== null
}

const UNAUTHORIZED = errorAnswer(
  401,
  'unauthorized',
  'The metrics need Authorization: Bearer with the metrics token (METRICS_TOKEN).',
  { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } },
)
const SCRAPE_FAILED = errorAnswer(500, 'internal_error', 'The metrics could not be collected.')
const NOT_FOUND = errorAnswer(404, 'not_found', `Only ${METRICS_PATH} is served on this port.`)
const METHOD_NOT_ALLOWED = errorAnswer(
  405,
  'method_not_allowed',
  `${METRICS_PATH} supports ${METRICS_METHODS.join(', ')}.`,
  { headers: { Allow: METRICS_METHODS.join(', ') } },
)

/** Writes the registry's text, never to be cached by anyone. */
function sendMetrics(
  request: IncomingMessage,
  response: ServerResponse,
  everyResponseHeaders: [string, string][],
): void {
  const { registry } = siteMetrics()
  registry.metrics().then(
    (text) => {
      for (const [name, value] of everyResponseHeaders) response.setHeader(name, value)
      response.writeHead(200, {
        'Content-Type': registry.contentType,
        'Content-Length': Buffer.byteLength(text),
        'Cache-Control': 'no-store',
      })
      response.end(request.method === 'HEAD' ? undefined : text)
    },
    (error: unknown) => {
      logger.error({ err: String(error) }, 'metrics scrape failed')
      if (!response.headersSent) sendAnswer(response, SCRAPE_FAILED, everyResponseHeaders)
    },
  )
}

export type MetricsAnswerer = (request: IncomingMessage, response: ServerResponse) => boolean

/**
 * The site server's answer to `GET`/`HEAD /metrics` when METRICS_TOKEN is set (and starts the
 * collection when either setting is); null when the site's port does not serve metrics. The
 * answerer returns false for every other request, which goes on as before.
 */
export function siteMetricsEndpoint(
  settings: MetricsSettings,
  everyResponseHeaders: [string, string][],
): MetricsAnswerer | null {
  if (!metricsEnabled(settings)) return null
  startMetrics()
  const token = settings.METRICS_TOKEN
  if (token === undefined) return null
  return (request, response) => {
    // Asked of every request: a prefix first, which allocates nothing.
    if (!request.url?.startsWith(METRICS_PATH)) return false
    if (pathOf(request.url) !== METRICS_PATH) return false
    if (!METRICS_METHODS.includes(request.method ?? '')) return false
    if (!bearerTokenMatches(request.headers.authorization, token))
      sendAnswer(response, UNAUTHORIZED, everyResponseHeaders)
    else sendMetrics(request, response, everyResponseHeaders)
    return true
  }
}

/** What the metrics port answers a request with, or null for the metrics themselves. */
export function metricsPortRefusal(
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  token: string | undefined,
): FrontAnswer | null {
  if (pathOf(request.url) !== METRICS_PATH) return NOT_FOUND
  if (!METRICS_METHODS.includes(request.method ?? '')) return METHOD_NOT_ALLOWED
  if (token !== undefined && !bearerTokenMatches(request.headers.authorization, token))
    return UNAUTHORIZED
  return null
}

/**
 * Serves the metrics on a port of their own (METRICS_PORT, on HOST), for a scraper on a private
 * network: the token is asked for there too when METRICS_TOKEN is set. Resolves once listening.
 */
export function listenForScrapes(
  port: number,
  host: string | undefined,
  token: string | undefined,
): Promise<Server> {
  startMetrics()
  const server = createServer((request, response) => {
    const refusal = metricsPortRefusal(request, token)
    if (refusal) sendAnswer(response, refusal, [])
    else sendMetrics(request, response, [])
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}
