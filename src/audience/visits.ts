import type { IncomingMessage, ServerResponse } from 'node:http'

import pg from 'pg'

import { env } from '@/env'
import { carriesCredential } from '@/http/credentials'
import { REQUEST_ID_HEADER } from '@/http/request-id'
import { logger } from '@/lib/logger'
import { onShutdown, processSingleton } from '@/lib/process-singleton'

import { agentTable } from './agents'
import type { AudienceSurface } from './channels'
import { CallerClassifier } from './classify'
import { VisitCounter } from './counter'
import { parseExtraAgents } from './extra-agents'
import { takeMcpClient } from './mcp-clients'
import { sqlCountStore } from './store'
import { audienceSurfaceOf } from './surfaces'

/**
 * Who is reading: every request the server answers passes here (src/server/main.ts), response
 * cache hits included, and a request to a public surface (surfaces.ts) read with GET or HEAD (an
 * MCP call: POST) without a credential (the team signed in is not the audience) is counted once
 * its response has gone out with a 2xx or 304: by UTC day, channel (classify.ts), surface, agent
 * and path. In memory first (counter.ts); every AUDIENCE_FLUSH_MS each instance adds its counts
 * to PostgreSQL (store.ts). No address, User-Agent, Referer, query or cookie is kept, and nothing
 * is set in the browser.
 *
 * The cost on the request: a cached path classification and a listener; at the response's end, a
 * cached User-Agent lookup and a map update, about 1.5 µs of CPU a hit in all, 2–3% of a cached
 * hit's (scripts/bench/audience.ts).
 */

/** Statuses that mean the caller got what it asked for (or had it already: 304). */
function isCountedStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 304
}

const COUNTING = env.AUDIENCE_COUNTING === 'on'
/** This module's handle on the process's counter (one per process: processSingleton). */
let counter: VisitCounter | undefined
const MARKDOWN = 'text/markdown'

/**
 * Counts a request to a public surface by day, channel, surface and path once its response is
 * done: no address, user agent, cookie or anything personal is kept.
 */
export function countVisit(request: IncomingMessage, response: ServerResponse): void {
  if (!COUNTING) return
  // Made by the first request of any kind (a readiness probe's), so that flushing and the
  // retention's pruning start with the server.
  counter ??= visitCounter()
  countVisitIn(counter, request, response)
}

/** Counts `request` in `visits` once `response` has gone out (countVisit; a benchmark's counter). */
export function countVisitIn(
  visits: VisitCounter,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const surface = surfaceCounted(request)
  if (surface === null) return
  const { headers } = request
  const target = request.url ?? ''
  // `on`, not `once`: the event comes once, and `once` wraps the listener on every request.
  response.on('finish', () => {
    // Read on every MCP call, so that a name noted for a refused call is not left behind.
    const mcpClientName = surface === 'mcp' ? takeMcpClient(headers[REQUEST_ID_HEADER]) : undefined
    if (!isCountedStatus(response.statusCode)) return
    // A page asked for as markdown (`Accept: text/markdown`) is answered with its twin.
    const answered =
      surface === 'page' && String(response.getHeader('content-type') ?? '').startsWith(MARKDOWN)
        ? 'twin'
        : surface
    visits.record({
      surface: answered,
      target,
      userAgent: headers['user-agent'],
      referer: headers.referer,
      mcpClientName,
    })
  })
}

/**
 * The surface `request` is counted under, or null when it is not counted: a method that does not
 * read (only MCP calls are POSTs), a path that is no public surface, or a credential (an editor).
 */
export function surfaceCounted(
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
): AudienceSurface | null {
  const method = request.method
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return null
  const surface = audienceSurfaceOf(request.url ?? '')
  if (surface === null || (method === 'POST') !== (surface === 'mcp')) return null
  const { authorization, cookie } = request.headers
  return carriesCredential(authorization, cookie) ? null : surface
}

/** The process's counter, made (and its flushing started) by the first request counted. */
function visitCounter(): VisitCounter {
  return processSingleton('audience-visit-counter', () => {
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 1,
      application_name: 'audience-counts',
      connectionTimeoutMillis: 5_000,
    })
    // An idle connection the server closed must not take the process down; the next flush
    // reconnects (and keeps its rows if it cannot).
    pool.on('error', (error) =>
      logger.warn({ err: String(error) }, 'audience counts: connection lost'),
    )
    const extra = parseExtraAgents(env.AUDIENCE_EXTRA_AGENTS)
    const counter = new VisitCounter({
      classifier: new CallerClassifier(agentTable('agents' in extra ? extra.agents : [])),
      store: sqlCountStore(pool),
      flushMs: env.AUDIENCE_FLUSH_MS,
      retentionDays: env.AUDIENCE_RETENTION_DAYS,
      warn: (details, message) => logger.warn(details, message),
    })
    counter.start()
    onShutdown('audience counts', async () => {
      await counter.stop()
      await pool.end()
    })
    return counter
  })
}
