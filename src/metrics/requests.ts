import { subscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Metric } from 'prom-client'

import { processSingleton } from '@/lib/process-singleton'

import { siteMetrics } from './registry'
import { REQUEST_DURATION_BUCKETS, RequestTally } from './request-tally'

/** The tally requests are counted into: none until metrics are switched on (`startCountingRequests`). */
let counting: RequestTally | undefined

/** Node's channel of finished responses (docs/upgrading.md). */
const RESPONSE_FINISHED = 'http.server.response.finish'

/** What countRequest marks a response with: when it began, and its surface (an index). */
const STARTED = Symbol('metrics.started')
const SURFACE = Symbol('metrics.surface')
type CountedResponse = ServerResponse & { [STARTED]?: number; [SURFACE]?: number }

/**
 * The response counted last: by the time the next request is counted (or the sweep comes, on an
 * idle server) its handler has run, so it has ended (a cached answer: the channel counts it) or it
 * is a render under way, whose client may still leave before the end: it is watched for that.
 * Every request checks the one before it, so one is all there is to hold.
 */
let lastCounted: ServerResponse | undefined
/** How often a response left unchecked by an idle server is checked. */
const SWEEP_MS = 1_000

/**
 * Counts a request and its latency, by surface and status, once its response is done, and, when
 * the response cache answered it, the cache's verdict. Called for every request, cache hits
 * included, so it does next to nothing: without metrics, nothing; with them, it marks the
 * response, and the count happens when Node reports it finished (`http.server.response.finish`,
 * a diagnostics channel: no listener per response, about a third of the cost of one on a hit).
 * A response not ended by the time the next request comes (a render) gets a `close` listener, so
 * a client leaving before the end is counted too (as aborted).
 */
export function countRequest(request: IncomingMessage, response: ServerResponse): void {
  const tally = counting
  if (tally === undefined) return
  if (lastCounted !== undefined) checkLastCounted()
  const counted = response as CountedResponse
  counted[STARTED] = performance.now()
  // The URL the client asked for: later steps rewrite request.url (a twin, the cache's key).
  counted[SURFACE] = tally.surfaceIndexOf(request.url)
  lastCounted = response
}

/** The response counted last: one that has ended is the channel's; another is watched. */
function checkLastCounted(): void {
  const response = lastCounted!
  lastCounted = undefined
  if (response.writableEnded) return
  // Gone already (an idle server's sweep comes late): its client left before the end.
  if (response.destroyed) record(response)
  else response.once('close', onClose)
}

/**
 * Counts a response done now. Each is counted once: finished (the channel), or closed before it
 * finished (its listener, or the check that found it gone), never both.
 */
function record(response: CountedResponse): void {
  const started = response[STARTED]
  // Another server of the process (the metrics port).
  if (started === undefined || counting === undefined) return
  counting.recordResponse(response[SURFACE]!, response, (performance.now() - started) / 1000)
}

/** A response closed before it finished: its client left, or its connection broke (aborted). */
function onClose(this: ServerResponse): void {
  if (!this.writableFinished) record(this)
}

/** One sample, in the shape prom-client's registry writes (`metricName`: a histogram's parts). */
interface Sample {
  value: number
  labels: Record<string, string | number>
  metricName?: string
}

/** A family of samples computed when the registry is scraped. */
interface ScrapedFamily {
  name: string
  help: string
  type: 'counter' | 'histogram'
  values: () => Sample[]
}

/**
 * A family prom-client's registry writes out like its own: it asks each registered metric for
 * `name`, `help`, `type` and `get()`'s values (the shape of prom-client 15's own metrics;
 * docs/upgrading.md). The values are read from the tally at each scrape: nothing per request.
 */
function scrapedFamily({ name, help, type, values }: ScrapedFamily): Metric {
  const family = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset: () => undefined,
  }
  return family as unknown as Metric
}

/** Registers the request families, read from `tally`, with the process's registry. */
function registerRequestFamilies(tally: RequestTally): void {
  const { registry } = siteMetrics()
  registry.registerMetric(
    scrapedFamily({
      name: 'site_http_requests_total',
      help: 'Requests answered, by surface and status class (aborted: the client left before the end).',
      type: 'counter',
      values: () =>
        tally.requestSeries().map(({ surface, status, count }) => ({
          value: count,
          labels: { surface, status },
        })),
    }),
  )
  registry.registerMetric(
    scrapedFamily({
      name: 'site_http_request_duration_seconds',
      help: 'Seconds from a request reaching the server to its response being done, by surface and status class.',
      type: 'histogram',
      values: () =>
        tally
          .requestSeries()
          .flatMap(({ surface, status, count, sumSeconds, cumulative }): Sample[] => [
            ...REQUEST_DURATION_BUCKETS.map((bound, index) => ({
              metricName: 'site_http_request_duration_seconds_bucket',
              value: cumulative[index]!,
              labels: { surface, status, le: bound },
            })),
            {
              metricName: 'site_http_request_duration_seconds_bucket',
              value: count,
              labels: { surface, status, le: '+Inf' },
            },
            {
              metricName: 'site_http_request_duration_seconds_sum',
              value: sumSeconds,
              labels: { surface, status },
            },
            {
              metricName: 'site_http_request_duration_seconds_count',
              value: count,
              labels: { surface, status },
            },
          ]),
    }),
  )
  registry.registerMetric(
    scrapedFamily({
      name: 'site_cache_responses_total',
      help: 'Responses the response cache answered, by surface and result (hit, miss: rendered and stored, stale: a superseded copy stood in).',
      type: 'counter',
      values: () =>
        tally.cacheSeries().flatMap(({ surface, counts }) =>
          Object.entries(counts).map(([result, value]) => ({
            value,
            labels: { surface, result },
          })),
        ),
    }),
  )
}

/** The tally requests are counted into, once metrics are on (the response cache counts into it). */
export function requestTally(): RequestTally | undefined {
  return counting
}

/** Starts counting requests into the process's registry (once). */
export function startCountingRequests(): void {
  if (counting) return
  counting = processSingleton('site-metrics-requests', () => {
    const tally = new RequestTally()
    registerRequestFamilies(tally)
    return tally
  })
  setInterval(() => lastCounted && checkLastCounted(), SWEEP_MS).unref()
  // Node publishes every HTTP server's finished responses here, only while someone subscribes.
  subscribe(RESPONSE_FINISHED, (message) =>
    record((message as { response: CountedResponse }).response),
  )
}
