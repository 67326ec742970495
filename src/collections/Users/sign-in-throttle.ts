import { APIError, type CollectionBeforeOperationHook } from 'payload'
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

import { env } from '@/env'
import { clientBucket, verifiedClientAddress } from '@/http/client-address'
import { processSingleton } from '@/lib/process-singleton'
import { sharedLimiter } from '@/lib/rate-limit'

/**
 * Password guessing is slowed twice: per account by Payload (`maxLoginAttempts`, then the
 * account is locked for `lockTime`), and per client here, so one client can't walk through many
 * accounts. Clients whose address is unknown share a larger budget.
 */
export const SIGN_IN_ATTEMPTS = {
  perClient: { points: 10, durationSeconds: 15 * 60 },
  unidentified: { points: 50, durationSeconds: 15 * 60 },
} as const

const THROTTLED_OPERATIONS = new Set(['login', 'forgotPassword'])

type Limiters = Record<keyof typeof SIGN_IN_ATTEMPTS, RateLimiterAbstract>

async function limiters(): Promise<Limiters> {
  // Imported on first use: the collection config is also loaded by scripts, outside the server.
  const { getRedis } = await import('@/lib/redis')
  return processSingleton<Limiters>('sign-in-limiters', () => ({
    perClient: sharedLimiter(
      getRedis(),
      `${env.REDIS_KEY_PREFIX}:sign-in:client`,
      SIGN_IN_ATTEMPTS.perClient,
    ),
    unidentified: sharedLimiter(
      getRedis(),
      `${env.REDIS_KEY_PREFIX}:sign-in:unidentified`,
      SIGN_IN_ATTEMPTS.unidentified,
    ),
  }))
}

export const throttleSignIn: CollectionBeforeOperationHook = async ({ operation, req }) => {
  if (!THROTTLED_OPERATIONS.has(operation)) return
  const address = verifiedClientAddress(req.headers, env.PAYLOAD_SECRET)
  const { perClient, unidentified } = await limiters()
  try {
    if (address) await perClient.consume(clientBucket(address))
    else await unidentified.consume('all')
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal
    const minutes = Math.max(1, Math.ceil(refusal.msBeforeNext / 60_000))
    const error = new APIError(
      `Too many sign-in attempts from this client. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      429,
      { retryAfterSeconds: Math.ceil(refusal.msBeforeNext / 1000) },
      true,
    )
    // Payload shows a message only for errors with a name, and minified class names are empty.
    error.name = 'SignInThrottled'
    throw error
  }
}
