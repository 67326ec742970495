/**
 * OpenTelemetry's SDK, loaded only when tracing is on: src/server/start.ts imports this module
 * dynamically when OTEL_EXPORTER_OTLP_ENDPOINT is set, and never otherwise.
 *
 * Spans are batched and sent as OTLP/HTTP JSON to `<endpoint>/v1/traces`; the exporter and the
 * batch processor read OpenTelemetry's standard settings themselves (OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_BSP_SCHEDULE_DELAY, ...), and the provider its sampler
 * (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG; every trace by default).
 */
import { ProxyTracerProvider, type Tracer, type TracerOptions } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources'
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions'

import { logger } from '@/lib/logger'

import { TRACER_NAME, setProjectTracer } from './tracing'

/**
 * A provider that never has a delegate: its tracers are OpenTelemetry's no-op tracer, whose spans
 * record nothing and carry their parent's identity, so what runs inside them stays in the trace.
 */
const PASS_THROUGH = new ProxyTracerProvider()

/**
 * Records the project's spans only. Any other tracer asked of the global provider (Next.js's
 * own: its request, render and route spans) records nothing and keeps the project's span as the
 * parent of what runs inside it: Next's spans name the raw request target, query included, and
 * would double a request's spans.
 */
class ProjectTracerProvider extends NodeTracerProvider {
  override getTracer(name: string, version?: string, options?: TracerOptions): Tracer {
    return name === TRACER_NAME
      ? super.getTracer(name, version, options)
      : PASS_THROUGH.getTracer(name, version, options)
  }
}

export interface Tracing {
  /** Stops tracing and sends what is still batched (a failure to send is logged, not thrown). */
  shutdown: () => Promise<void>
}

/**
 * Registers the provider (the global tracer provider and AsyncLocalStorage context manager) and
 * makes the project's spans real (tracing.ts). No propagator is registered: a caller's
 * `traceparent` is not followed, and none is sent to the mail server or a webhook's receiver.
 */
export function startTracing({
  serviceName,
  exporter = new OTLPTraceExporter(),
}: {
  serviceName: string
  /** Where spans go; by default OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT. */
  exporter?: SpanExporter
}): Tracing {
  // The service's name, unless OTEL_RESOURCE_ATTRIBUTES or OTEL_SERVICE_NAME says otherwise.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }))
    .merge(detectResources({ detectors: [envDetector] }))
  const provider = new ProjectTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(exporter)],
  })
  provider.register({ propagator: null })
  setProjectTracer(provider.getTracer(TRACER_NAME))
  return {
    shutdown: async () => {
      setProjectTracer(undefined)
      await provider
        .shutdown()
        .catch((error: unknown) =>
          logger.warn({ err: String(error) }, 'traces: not all were sent at shutdown'),
        )
    },
  }
}
