import { createHmac } from 'node:crypto'

import type {
  CollectionAfterLoginHook,
  CollectionBeforeOperationHook,
  PayloadRequest,
} from 'payload'
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible'

import { env } from '@/env'
import { clientBucket, verifiedClientAddress } from '@/http/client-address'
import { processSingleton } from '@/lib/process-singleton'
import { sharedLimiter } from '@/lib/rate-limit'

import { AccountRequestError } from './account-error'

/**
 * Password guessing is slowed per client address, and per account from each address; never per
 * account alone, because a limit any stranger can use up would let them lock a real editor out.
 * A client walking through many accounts meets `perClient`; a client guessing one password meets
 * `perAccountAndClient` first. Clients whose address is unknown share one larger budget. A
 * successful sign-in gives its attempt back and clears that account's count from that address.
 */
export const SIGN_IN_ATTEMPTS = {
  perClient: { points: 10, durationSeconds: 15 * 60 },
  perAccountAndClient: { points: 5, durationSeconds: 15 * 60 },
  unidentified: { points: 50, durationSeconds: 15 * 60 },
} as const

const THROTTLED_OPERATIONS = new Set(['login', 'forgotPassword'])

/** Where the request context remembers what a sign-in spent, for `forgiveSuccessfulSignIn`. */
const SPENT_CONTEXT_KEY = 'signInAttemptSpent'

type Limiters = Record<keyof typeof SIGN_IN_ATTEMPTS, RateLimiterAbstract>

async function limiters(): Promise<Limiters> {
  // Imported on first use: the collection config is also loaded by scripts, outside the server.
  const { getRedis } = await import('@/lib/redis')
  const limiter = (name: keyof typeof SIGN_IN_ATTEMPTS) =>
    sharedLimiter(getRedis(), `${env.REDIS_KEY_PREFIX}:sign-in:${name}`, SIGN_IN_ATTEMPTS[name])
  return processSingleton<Limiters>('sign-in-limiters', () => ({
    perClient: limiter('perClient'),
    perAccountAndClient: limiter('perAccountAndClient'),
    unidentified: limiter('unidentified'),
  }))
}

/** An account's key in the limiter: a keyed digest, so Redis never holds an email address. */
function accountKey(email: string): string {
  return createHmac('sha256', env.PAYLOAD_SECRET)
    .update(`sign-in-account:${email.trim().toLowerCase()}`)
    .digest('base64url')
}

interface Spend {
  limiter: RateLimiterAbstract
  key: string
  points: number
}

async function spendsFor(req: PayloadRequest, email: string): Promise<Spend[]> {
  const address = verifiedClientAddress(req.headers, env.PAYLOAD_SECRET)
  const all = await limiters()
  const client = address ? clientBucket(address) : 'unidentified'
  return [
    address
      ? { limiter: all.perClient, key: client, points: SIGN_IN_ATTEMPTS.perClient.points }
      : { limiter: all.unidentified, key: 'all', points: SIGN_IN_ATTEMPTS.unidentified.points },
    {
      limiter: all.perAccountAndClient,
      key: `${accountKey(email)}:${client}`,
      points: SIGN_IN_ATTEMPTS.perAccountAndClient.points,
    },
  ]
}

function refuse(req: PayloadRequest, msBeforeNext: number): never {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  const minutes = Math.ceil(seconds / 60)
  // Payload merges these into the error response it sends.
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('Retry-After', String(seconds))
  throw new AccountRequestError(
    'rate_limited',
    `Too many sign-in attempts from this client. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  )
}

const isRefusal = (value: unknown): value is RateLimiterRes =>
  typeof value === 'object' && value !== null && 'msBeforeNext' in value

/**
 * Every budget is checked before any is spent, so a refused attempt costs nothing; a budget taken
 * by a concurrent attempt in between still refuses.
 */
export const throttleSignIn: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (!THROTTLED_OPERATIONS.has(operation)) return
  const email = (args as { data?: { email?: unknown } }).data?.email
  const spends = await spendsFor(req, typeof email === 'string' ? email : '')
  const states = await Promise.all(spends.map(({ limiter, key }) => limiter.get(key)))
  const exhausted = states.filter(
    (state, index): state is RateLimiterRes =>
      state !== null && state.consumedPoints >= spends[index]!.points,
  )
  if (exhausted.length > 0) refuse(req, Math.max(...exhausted.map((s) => s.msBeforeNext)))
  const spent = await Promise.allSettled(spends.map(({ limiter, key }) => limiter.consume(key)))
  const refusals = spent.flatMap((result) =>
    result.status === 'rejected' && isRefusal(result.reason) ? [result.reason] : [],
  )
  const failure = spent.find(
    (result): result is PromiseRejectedResult =>
      result.status === 'rejected' && !isRefusal(result.reason),
  )
  if (failure) throw failure.reason
  if (refusals.length > 0) refuse(req, Math.max(...refusals.map((r) => r.msBeforeNext)))
  if (operation === 'login') req.context[SPENT_CONTEXT_KEY] = true
}

/**
 * Gives a sign-in's attempt back, once: its password was right (a sign-in that succeeds, or one
 * that goes on to ask for its second factor, src/two-factor/sign-in.ts).
 */
export async function forgiveSignInAttempt(req: PayloadRequest, email: string): Promise<void> {
  if (req.context[SPENT_CONTEXT_KEY] !== true) return
  delete req.context[SPENT_CONTEXT_KEY]
  const [client, account] = await spendsFor(req, email)
  await Promise.all([client!.limiter.reward(client!.key, 1), account!.limiter.delete(account!.key)])
}

/** A sign-in that succeeds was not a guess: its attempt is given back. */
export const forgiveSuccessfulSignIn: CollectionAfterLoginHook = async ({ req, user }) => {
  await forgiveSignInAttempt(req, String(user.email ?? ''))
}
