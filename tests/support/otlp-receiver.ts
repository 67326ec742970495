import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

/** A span as an OTLP/HTTP JSON export carries it, its attributes as plain values. */
export interface ReceivedSpan {
  traceId: string
  spanId: string
  /** Absent for the root of a trace. */
  parentSpanId?: string
  name: string
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number
  attributes: Record<string, string | number | boolean>
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number
  /** The name of the tracer (instrumentation scope) that made it. */
  scope: string
  /** The resource's `service.name`. */
  serviceName?: string
}

export interface OtlpReceiver {
  /** The endpoint to give as OTEL_EXPORTER_OTLP_ENDPOINT (spans are POSTed to /v1/traces). */
  url: string
  /** Every span received, in order of arrival. */
  spans: ReceivedSpan[]
  /** What was received other than a JSON export to /v1/traces (path and content type). */
  refused: string[]
  stop: () => Promise<void>
}

/** OTLP's JSON encoding of an attribute's value (int64s arrive as strings). */
interface AnyValue {
  stringValue?: string
  intValue?: string | number
  doubleValue?: number
  boolValue?: boolean
}

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: AnyValue }[] }
    scopeSpans?: {
      scope?: { name?: string }
      spans?: {
        traceId: string
        spanId: string
        parentSpanId?: string
        name: string
        kind: number
        attributes?: { key: string; value: AnyValue }[]
        status?: { code?: number }
      }[]
    }[]
  }[]
}

function plainValue(value: AnyValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue
  if (value.intValue !== undefined) return Number(value.intValue)
  if (value.doubleValue !== undefined) return value.doubleValue
  if (value.boolValue !== undefined) return value.boolValue
  return JSON.stringify(value)
}

function plainAttributes(
  attributes: { key: string; value: AnyValue }[] = [],
): Record<string, string | number | boolean> {
  return Object.fromEntries(attributes.map(({ key, value }) => [key, plainValue(value)]))
}

/** The spans of one OTLP/HTTP JSON export request. */
export function spansOfExport(body: ExportRequest): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const serviceName = plainAttributes(resourceSpans.resource?.attributes)['service.name']
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
        name: span.name,
        kind: span.kind,
        attributes: plainAttributes(span.attributes),
        statusCode: span.status?.code ?? 0,
        scope: scopeSpans.scope?.name ?? '',
        serviceName: typeof serviceName === 'string' ? serviceName : undefined,
      })),
    )
  })
}

/**
 * A local OTLP/HTTP trace receiver, as a collector would be: it takes JSON exports POSTed to
 * /v1/traces (gzip or not), keeps their spans, and answers as OTLP asks (200, an empty
 * partial-success object).
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = []
  const refused: string[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const type = request.headers['content-type'] ?? ''
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !type.includes('json')) {
        refused.push(`${request.method} ${request.url} ${type}`)
        return void response.writeHead(404).end()
      }
      const raw = Buffer.concat(chunks)
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
      spans.push(...spansOfExport(JSON.parse(body.toString('utf8')) as ExportRequest))
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    refused,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
