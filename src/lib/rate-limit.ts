import type { Redis } from 'ioredis'
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'

/**
 * A fixed-window limiter shared by every instance through Redis. While Redis is unreachable each
 * instance keeps counting in memory (a per-process limit beats refusing everyone or counting
 * nothing); without REDIS_URL the in-memory one is all there is.
 */
export function sharedLimiter(
  redis: Redis | null,
  keyPrefix: string,
  { points, durationSeconds }: { points: number; durationSeconds: number },
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix })
  if (!redis) return memory
  return new RateLimiterRedis({
    storeClient: redis,
    points,
    duration: durationSeconds,
    keyPrefix,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  })
}
