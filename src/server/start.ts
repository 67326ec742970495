/**
 * What `npm start` (as .next/server.mjs) and `npm run dev` run: the project's server
 * (src/server/main.ts), listening on `PORT`/`HOST`, shut down gracefully on SIGTERM/SIGINT.
 */
import { env } from '@/env'
import { logger } from '@/lib/logger'

import { createServer } from './main'

const SHUTDOWN_GRACE_MS = 10_000

const site = await createServer()
await site.listen()
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
  logger.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => {
    logger.error('shutdown took too long: exiting')
    process.exit(1)
  }, SHUTDOWN_GRACE_MS)
  force.unref()
  void site.close().then(() => {
    logger.info('stopped')
    process.exit(0)
  })
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
