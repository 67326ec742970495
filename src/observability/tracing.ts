/**
 * Traces, when asked for (OTEL_EXPORTER_OTLP_ENDPOINT): a span per request, with the project's
 * PostgreSQL queries (traced-pg.ts) and outgoing calls (`withSpan`: mail, webhooks) inside it.
 *
 * Off (the default), nothing here does any work: `tracedRequest` calls straight through and
 * `withSpan` returns its work's own promise; the SDK (sdk.ts) is never imported, so no provider,
 * context manager or exporter exists in the process.
 *
 * On, the tracer lives on globalThis (process-singleton.ts), not in this module: the project's
 * server (src/server/*) and Next's route bundles each have their own copy of this module, and a
 * query span made in a route bundle must find the request span the server made. The active span
 * travels in OpenTelemetry's global context manager (AsyncLocalStorage), which every copy of the
 * API package shares.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api'
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_URL_SCHEME,
  ERROR_TYPE_VALUE_OTHER,
  HTTP_REQUEST_METHOD_VALUE_OTHER,
} from '@opentelemetry/semantic-conventions'

import { surfaceOf } from '@/http/surface'
import { processSingleton } from '@/lib/process-singleton'
import { CACHE_RESULTS, cacheResultIndex } from '@/metrics/request-tally'

/** Attribute values a span may carry. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>

/** The name of the project's tracer: only its spans are recorded (sdk.ts). */
export const TRACER_NAME = 'consultancy-site'

/**
 * The project's own attributes (no semantic convention names them): the request's surface
 * (src/http/surface.ts), the response cache's answer (HIT, MISS, STALE), and whether the client
 * left before the response was complete.
 */
export const ATTR_SURFACE = 'app.surface'
export const ATTR_CACHE_STATUS = 'app.cache_status'
export const ATTR_ABORTED = 'app.aborted'

/** The methods HTTP's semantic conventions name; any other is recorded as `_OTHER`. */
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'QUERY',
  'TRACE',
])

/** Server errors mark a request span as failed; a client's mistake (4xx) does not. */
const FIRST_SERVER_ERROR = 500

/** The process's tracer while tracing is on (set by sdk.ts), shared by every bundle. */
const tracing = processSingleton('tracing', (): { tracer?: Tracer } => ({}))

/** The project's tracer, when tracing is on. */
export function activeTracer(): Tracer | undefined {
  return tracing.tracer
}

/** Called by sdk.ts once its provider is registered, and with `undefined` when it shuts down. */
export function setProjectTracer(tracer: Tracer | undefined): void {
  tracing.tracer = tracer
}

/**
 * The open span work done now belongs to: the active span unless it has ended. Work that outlives
 * it (a background job woken by a request, still in its context after its response went) belongs
 * to no request. The spans of other libraries' tracers (sdk.ts) and of traces not sampled record
 * nothing and never end: they stand for the span they were made in.
 */
export function openParentSpan(active: Context = context.active()): Span | undefined {
  const span = trace.getSpan(active)
  return span === undefined || (span as { ended?: boolean }).ended === true ? undefined : span
}

/**
 * Handles a request inside a span of its own when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT);
 * otherwise just handles it.
 *
 * The span names the request's method and surface, never its path or query; it ends when the
 * response closes, with the status code and the cache's answer (`x-cache`). No client address,
 * header or credential is recorded, and a caller's `traceparent` is not followed: every request
 * begins a trace of its own.
 */
export function tracedRequest(
  request: IncomingMessage,
  response: ServerResponse,
  handle: () => void,
): void {
  const tracer = tracing.tracer
  if (tracer === undefined) return handle()
  const method =
    request.method !== undefined && KNOWN_METHODS.has(request.method)
      ? request.method
      : HTTP_REQUEST_METHOD_VALUE_OTHER
  const surface = surfaceOf(request.url)
  const span = tracer.startSpan(
    `${method} ${surface}`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        [ATTR_HTTP_REQUEST_METHOD]: method,
        [ATTR_URL_SCHEME]: 'http',
        [ATTR_NETWORK_PROTOCOL_VERSION]: request.httpVersion,
        [ATTR_SURFACE]: surface,
      },
    },
    ROOT_CONTEXT,
  )
  response.once('close', () => endRequestSpan(span, response))
  context.with(trace.setSpan(ROOT_CONTEXT, span), handle)
}

function endRequestSpan(span: Span, response: ServerResponse): void {
  if (response.headersSent) {
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.statusCode)
    if (response.statusCode >= FIRST_SERVER_ERROR) {
      span.setAttribute(ATTR_ERROR_TYPE, String(response.statusCode))
      span.setStatus({ code: SpanStatusCode.ERROR })
    }
  }
  if (!response.writableFinished) span.setAttribute(ATTR_ABORTED, true)
  // Read as the metrics read it: a hit's head is written by writeHead alone (request-tally.ts).
  const cacheResult = CACHE_RESULTS[cacheResultIndex(response)]
  if (cacheResult !== undefined) span.setAttribute(ATTR_CACHE_STATUS, cacheResult.toUpperCase())
  span.end()
}

/** How a span made by `withSpan` stands to the work around it. */
export interface WithSpanOptions {
  /** `client` for a call to another system (mail, a webhook); `internal` by default. */
  kind?: 'internal' | 'client'
  /**
   * Begins a trace of its own rather than joining the open span, for work done on behalf of no
   * one request (a worker sending what an outbox holds).
   */
  newTrace?: boolean
}

/**
 * Runs `work` inside a child span named `name` when tracing is on; otherwise just runs it.
 *
 * The span is a child of the open request (or other) span, or begins a trace of its own when
 * there is none or `options.newTrace`. A failure marks it with its error's type (its code or
 * class name) only: error messages may carry addresses or values, so they are not recorded.
 */
export function withSpan<T>(
  name: string,
  attributes: SpanAttributes,
  work: () => Promise<T>,
  options: WithSpanOptions = {},
): Promise<T> {
  const tracer = tracing.tracer
  if (tracer === undefined) return work()
  const parent = !options.newTrace && openParentSpan() ? context.active() : ROOT_CONTEXT
  const span = tracer.startSpan(
    name,
    {
      kind: options.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL,
      attributes: definedAttributes(attributes),
    },
    parent,
  )
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await work()
    } catch (error) {
      markFailed(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}

function definedAttributes(attributes: SpanAttributes): Record<string, string | number | boolean> {
  const defined: Record<string, string | number | boolean> = {}
  for (const [key, value] of Object.entries(attributes))
    if (value !== undefined) defined[key] = value
  return defined
}

/** Marks a span failed with `error`'s type: its code (ECONNREFUSED, a SQLSTATE) or class name. */
export function markFailed(span: Span, error: unknown): void {
  span.setAttribute(ATTR_ERROR_TYPE, errorType(error))
  span.setStatus({ code: SpanStatusCode.ERROR })
}

function errorType(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code } = error as { code?: unknown }
    if (typeof code === 'string' && code !== '') return code
    if (error instanceof Error) return error.name
  }
  return ERROR_TYPE_VALUE_OTHER
}
