import type { CollectionBeforeLoginHook } from 'payload'

import { actorOf } from '@/audit/entry'
import { SIGN_IN_CONTEXT_KEY } from '@/audit/hooks'
import { recordAudit } from '@/audit/record'
import { forgiveSignInAttempt } from '@/collections/Users/sign-in-throttle'

import { readTwoFactor } from './store'
import { spendSecondFactor, TwoFactorRefusal } from './verify'

/** Where a sign-in brings its second factor: `code` beside `email` and `password` in the body. */
export const CODE_FIELD = 'code'

/**
 * Payload's before-login hook, which runs after the password was found right and before any
 * token is signed, for every way a session starts with a password: REST and GraphQL sign-in
 * (the admin's form posts to REST) and a password reset (which signs in). For an account with
 * two-factor sign-in on, it refuses (and Payload ends the session it had begun and rolls back the
 * reset) unless the request also brings a code that is right and unused: an authenticator code,
 * or a recovery code. A password alone never yields a token, so nothing else that checks sessions
 * (Payload's auth, /api/preview, the project server's check of admin actions) needs to know.
 */
export const requireSecondFactor: CollectionBeforeLoginHook = async ({ collection, req, user }) => {
  const state = await readTwoFactor(req, user.id)
  if (!state.enabled) return user
  const typed = (req.data as Record<string, unknown> | undefined)?.[CODE_FIELD]
  try {
    const factor = await spendSecondFactor(req, user.id, state, typed, {
      secret: state.secret,
      recoveryCodes: true,
    })
    if (factor === 'recovery-code') {
      await recordAudit(req, {
        action: 'auth.recovery_code_used',
        actor: actorOf(user),
        target: collection.slug,
        targetId: user.id,
        targetTitle: user.email,
        detail: { remaining: Math.max(0, state.recoveryDigests.length - 1) },
      })
    }
    return user
  } catch (error) {
    // The password was right and only the code is missing: that attempt was no guess.
    // Nor is it a failed sign-in for the audit log: the sign-in goes on with the code.
    if (error instanceof TwoFactorRefusal && error.reason === 'required') {
      await forgiveSignInAttempt(req, String(user.email ?? ''))
      delete req.context[SIGN_IN_CONTEXT_KEY]
    }
    throw error
  }
}
