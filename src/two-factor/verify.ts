import type { CollectionAfterErrorHook, PayloadRequest } from 'payload'
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible'

import { AccountRequestError } from '@/collections/Users/account-error'
import { env } from '@/env'
import { processSingleton } from '@/lib/process-singleton'
import { sharedLimiter } from '@/lib/rate-limit'

import { recoveryCodeDigest, recoveryCodeShape } from './recovery-codes'
import { recoveryCodeKey } from './secret-box'
import { readTwoFactor, spendRecoveryDigest, spendStep, type TwoFactorState } from './store'
import { acceptedTotpStep, totpCodeShape } from './totp'
import { twoFactorWords } from './words'

/**
 * Wrong codes are limited per account: only someone who already has the password (or is signed
 * in) reaches a code check, so, unlike passwords, a stranger cannot use this budget up to lock an
 * editor out. Sign-ins also spend the sign-in throttle's budgets (a wrong code is a failed sign-in).
 */
export const WRONG_CODES = { points: 5, durationSeconds: 15 * 60 } as const

/** Why a second factor was refused, in the answer's `error.twoFactor`: the admin's form reads it. */
export type TwoFactorReason = 'required' | 'invalid' | 'rate_limited'

export class TwoFactorRefusal extends AccountRequestError {
  readonly reason: TwoFactorReason

  constructor(reason: TwoFactorReason, message: string) {
    super(reason === 'rate_limited' ? 'rate_limited' : 'unauthorized', message)
    this.reason = reason
    this.name = 'TwoFactorRefusal'
  }
}

/** After `inProjectShape`: the refusal's reason beside its code. */
export const twoFactorReasonInAnswer: CollectionAfterErrorHook = ({ error, result }) => {
  if (!(error instanceof TwoFactorRefusal)) return
  const response = result as { error?: Record<string, unknown> } & Record<string, unknown>
  return {
    response: { ...response, error: { ...response.error, twoFactor: error.reason } },
    status: error.status,
  }
}

async function wrongCodes(): Promise<RateLimiterAbstract> {
  const { getRedis } = await import('@/lib/redis')
  return processSingleton('two-factor-wrong-codes', () =>
    sharedLimiter(getRedis(), `${env.REDIS_KEY_PREFIX}:two-factor:wrong-codes`, WRONG_CODES),
  )
}

const isRefusal = (value: unknown): value is RateLimiterRes =>
  typeof value === 'object' && value !== null && 'msBeforeNext' in value

function tooMany(req: PayloadRequest, msBeforeNext: number): never {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('Retry-After', String(seconds))
  throw new TwoFactorRefusal(
    'rate_limited',
    twoFactorWords(req.i18n?.language).tooManyCodes(Math.ceil(seconds / 60)),
  )
}

export type SecondFactor = 'totp' | 'recovery-code'

/**
 * Checks a code for an account whose secret is `secret` (its confirmed one, or the one being
 * confirmed): an authenticator code for a step after the last one it used, or (with
 * `recoveryCodes`) one of its unused recovery codes; either is spent. A wrong code costs one of the
 * account's wrong-code budget and is refused (401); the code itself is never logged or echoed.
 */
export async function spendSecondFactor(
  req: PayloadRequest,
  userId: number | string,
  state: TwoFactorState,
  typed: unknown,
  { secret, recoveryCodes }: { secret: string | null; recoveryCodes: boolean },
): Promise<SecondFactor> {
  const words = twoFactorWords(req.i18n?.language)
  if (typeof typed !== 'string' || typed.trim() === '') {
    throw new TwoFactorRefusal('required', words.codeRequired)
  }
  const limiter = await wrongCodes()
  const key = `${userId}`
  const used = await limiter.get(key)
  if (used && used.consumedPoints >= WRONG_CODES.points) tooMany(req, used.msBeforeNext)

  let accepted: SecondFactor | null = null
  if (secret && totpCodeShape(typed)) {
    const step = await acceptedTotpStep({ secret, code: typed, lastStep: state.lastStep })
    if (step !== null && (await spendStep(req, userId, step))) accepted = 'totp'
  } else if (recoveryCodes && recoveryCodeShape(typed)) {
    const digest = recoveryCodeDigest(typed, recoveryCodeKey(env.PAYLOAD_SECRET))
    let current: TwoFactorState = state
    // One retry: the list changed under us (another code spent at the same moment).
    for (let attempt = 0; attempt < 2 && !accepted; attempt += 1) {
      if (await spendRecoveryDigest(req, userId, current, digest)) accepted = 'recovery-code'
      else if (current.recoveryDigests.includes(digest)) current = await readTwoFactor(req, userId)
      else break
    }
  }
  if (accepted) {
    await limiter.delete(key)
    return accepted
  }
  try {
    await limiter.consume(key)
  } catch (error) {
    if (!isRefusal(error)) throw error
    tooMany(req, error.msBeforeNext)
  }
  throw new TwoFactorRefusal('invalid', words.codeWrong)
}
