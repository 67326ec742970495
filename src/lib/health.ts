import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { logger } from './logger'
import { getPayloadClient } from './payload'
import { getRedis } from './redis'

const CHECK_TIMEOUT_MS = 2_000

type Check = 'ok' | 'unreachable'

export interface Readiness {
  status: 'ready' | 'unavailable'
  database: Check
  /** `not_configured` without REDIS_URL (the limiter is in-process then). */
  redis: Check | 'not_configured'
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ])
}

async function check(name: string, probe: () => Promise<unknown>): Promise<Check> {
  try {
    await withTimeout(probe(), CHECK_TIMEOUT_MS)
    return 'ok'
  } catch (error) {
    logger.warn({ dependency: name, err: (error as Error).message }, 'readiness check failed')
    return 'unreachable'
  }
}

/**
 * Can this instance serve everything? The database must answer `select 1` and, when configured,
 * Redis must answer PING: an instance without its shared limiter would enforce budgets per
 * process only, so a load balancer should prefer the others.
 */
export async function checkReadiness(): Promise<Readiness> {
  const redis = getRedis()
  const [database, redisState] = await Promise.all([
    check('database', () =>
      getPayloadClient().then((payload) => payload.db.drizzle.execute(sql`select 1`)),
    ),
    redis ? check('redis', () => redis.ping()) : Promise.resolve('not_configured' as const),
  ])
  const ready = database === 'ok' && redisState !== 'unreachable'
  return { status: ready ? 'ready' : 'unavailable', database, redis: redisState }
}
