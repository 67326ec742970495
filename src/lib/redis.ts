import 'server-only'

import { Redis } from 'ioredis'

import { env } from '@/env'

import { logger } from './logger'
import { onShutdown, processSingleton } from './process-singleton'

/**
 * The process's shared Redis connection, or null when REDIS_URL is unset. Commands fail fast while
 * Redis is unreachable (no offline queue), so callers can fall back instead of hanging; ioredis
 * keeps reconnecting in the background.
 */
export function getRedis(): Redis | null {
  return processSingleton('redis', connect)
}

function connect(): Redis | null {
  if (!env.REDIS_URL) return null
  let healthy = true
  const client = new Redis(env.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  })
  client.on('ready', () => {
    if (!healthy) logger.warn('redis reconnected: shared state restored')
    healthy = true
  })
  client.on('error', (error: Error) => {
    if (healthy)
      logger.error({ err: error.message }, 'redis unavailable: using in-process fallbacks')
    healthy = false
  })
  onShutdown('redis', async () => {
    await client.quit().catch(() => client.disconnect())
  })
  return client
}

const FIRST_CONNECT_WAIT_MS = 1_500

/**
 * Resolves once a freshly created connection is ready (or the wait is over), so the first
 * requests after a start use Redis rather than a fallback. A connection that was up and dropped
 * doesn't wait: callers fall back at once.
 */
export async function untilFirstConnected(client: Redis): Promise<void> {
  if (!['wait', 'connecting', 'connect'].includes(client.status)) return
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      client.off('ready', done)
      client.off('error', done)
      resolve()
    }
    const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS)
    client.once('ready', done)
    client.once('error', done)
  })
}
