/**
 * What `npm start` (as .next/server.mjs) and `npm run dev` run: the project's server
 * (src/server/main.ts), listening on `PORT`/`HOST`, shut down gracefully on SIGTERM/SIGINT.
 */
import { env } from '@/env'
import { logger } from '@/lib/logger'
import { listenForScrapes } from '@/metrics/endpoint'

import { createServer } from './main'

const SHUTDOWN_GRACE_MS = 10_000

// Traces when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK is loaded then, and only then, before
// anything is served (src/observability/).
const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? (await import('@/observability/sdk')).startTracing({ serviceName: env.OTEL_SERVICE_NAME })
  : undefined
const site = await createServer()
await site.listen()
// The metrics on a port of their own, when METRICS_PORT names one (src/metrics/endpoint.ts).
const scrapes = env.METRICS_PORT
  ? await listenForScrapes(env.METRICS_PORT, env.HOST, env.METRICS_TOKEN)
  : undefined
logger.info(
  {
    url: env.SITE_URL,
    host: env.HOST ?? '*',
    port: env.PORT,
    mode: process.env.NODE_ENV === 'production' ? 'production' : 'development',
  },
  `Ready on ${env.SITE_URL}`,
)

let closing = false
function shutdown(signal: string): void {
  if (closing) return
  closing = true
  scrapes?.close()
  logger.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => {
    logger.error('shutdown took too long: exiting')
    process.exit(1)
  }, SHUTDOWN_GRACE_MS)
  force.unref()
  void site.close().then(async () => {
    // What is still batched is sent before the process exits.
    await tracing?.shutdown()
    logger.info('stopped')
    process.exit(0)
  })
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
