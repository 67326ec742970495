import QRCode from 'qrcode'
import {
  commitTransaction,
  initTransaction,
  killTransaction,
  type Endpoint,
  type PayloadHandler,
  type PayloadRequest,
} from 'payload'

import { isAdmin } from '@/access/admins'
import { actorOf } from '@/audit/entry'
import { recordAudit } from '@/audit/record'
import { env } from '@/env'
import type { ErrorCode } from '@/http/error-codes'
import { ERROR_STATUS } from '@/http/error-codes'
import { publishedSiteName } from '@/globals/site-name'

import { newRecoveryCodes, recoveryCodeDigest } from './recovery-codes'
import { recoveryCodeKey } from './secret-box'
import { mustEnrol } from './settings'
import { CODE_FIELD } from './sign-in'
import {
  readTwoFactor,
  storeDisabled,
  storeEnabled,
  storePendingSecret,
  storeRecoveryDigests,
} from './store'
import { newTotpSecret, otpauthUri } from './totp'
import { spendSecondFactor, TwoFactorRefusal } from './verify'
import { twoFactorWords, type TwoFactorWords } from './words'

/** Where the endpoints are, under the accounts' collection: /api/users/two-factor/… */
export const TWO_FACTOR_PATH = '/two-factor'

const noStore = { 'Cache-Control': 'no-store' }

function jsonError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
  return Response.json(
    { error: { code, message, ...extra }, errors: [{ message }] },
    { status: ERROR_STATUS[code], headers: noStore },
  )
}

const json = (body: unknown) => Response.json(body, { headers: noStore })

async function bodyOf(req: PayloadRequest): Promise<Record<string, unknown>> {
  try {
    const body: unknown = typeof req.json === 'function' ? await req.json() : null
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

interface Account {
  id: number | string
  email?: unknown
  _strategy?: unknown
}

/**
 * An action on the caller's own two-factor sign-in: for a password session only (an API key,
 * which never asks for a code, must not turn the account's codes on or off).
 */
function ownAccount(
  action: (req: PayloadRequest, user: Account, words: TwoFactorWords) => Promise<Response>,
  { sessionOnly }: { sessionOnly: boolean },
): PayloadHandler {
  return async (req) => {
    const words = twoFactorWords(req.i18n?.language)
    const user = req.user as Account | null
    if (!user) return jsonError('unauthorized', words.signedInOnly)
    if (sessionOnly && user._strategy !== 'local-jwt')
      return jsonError('forbidden', words.signedInOnly)
    try {
      return await action(req, user, words)
    } catch (error) {
      if (error instanceof TwoFactorRefusal) {
        return new Response(
          JSON.stringify({
            error: { code: error.code, message: error.message, twoFactor: error.reason },
            errors: [{ message: error.message }],
          }),
          {
            status: error.status,
            headers: { ...noStore, 'Content-Type': 'application/json', ...retryAfter(req) },
          },
        )
      }
      throw error
    }
  }
}

/**
 * The refusal's Retry-After, moved from the request's response headers onto the answer: Payload
 * appends those headers to an endpoint's answer, and a copy left there made it "900, 900".
 */
function retryAfter(req: PayloadRequest): Record<string, string> {
  const value = req.responseHeaders?.get('Retry-After')
  if (!value) return {}
  req.responseHeaders?.delete('Retry-After')
  return { 'Retry-After': value }
}

/** In one transaction: the account's change and its audit entry commit together. */
async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const shouldCommit = await initTransaction(req)
  try {
    const result = await work()
    if (shouldCommit) await commitTransaction(req)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

/** Whether it is on, how many recovery codes are left, whether the admins require it of this account. */
const status = ownAccount(
  async (req, user) => {
    const state = await readTwoFactor(req, user.id)
    return json({
      enabled: state.enabled,
      recoveryCodesLeft: state.enabled ? state.recoveryDigests.length : 0,
      required: !state.enabled && (await mustEnrol(req)),
    })
  },
  { sessionOnly: false },
)

/** A new secret, waiting for its first code: the QR code (SVG) and the key to type by hand. */
const setup = ownAccount(
  async (req, user, words) => {
    const state = await readTwoFactor(req, user.id)
    if (state.enabled) return jsonError('invalid_body', words.alreadyOn)
    const secret = newTotpSecret()
    await storePendingSecret(req, user.id, secret)
    const uri = otpauthUri(await publishedSiteName(req.payload), String(user.email ?? ''), secret)
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
    return json({ secret, uri, qrSvg })
  },
  { sessionOnly: true },
)

/** The first code confirms the new secret: two-factor sign-in is on; the recovery codes, once. */
const enable = ownAccount(
  async (req, user, words) => {
    const state = await readTwoFactor(req, user.id)
    if (state.enabled) return jsonError('invalid_body', words.alreadyOn)
    if (!state.pendingSecret) return jsonError('invalid_body', words.noSetup)
    const secret = state.pendingSecret
    const code = (await bodyOf(req))[CODE_FIELD]
    const recoveryCodes = newRecoveryCodes()
    await inTransaction(req, async () => {
      await spendSecondFactor(req, user.id, state, code, { secret, recoveryCodes: false })
      const fresh = await readTwoFactor(req, user.id)
      const key = recoveryCodeKey(env.PAYLOAD_SECRET)
      await storeEnabled(req, user.id, {
        secret,
        step: fresh?.lastStep ?? 0,
        digests: recoveryCodes.map((each) => recoveryCodeDigest(each, key)),
      })
      await recordAudit(req, {
        action: 'user.two_factor_enable',
        actor: actorOf(req.user),
        target: 'users',
        targetId: user.id,
        targetTitle: user.email,
      })
    })
    return json({ enabled: true, recoveryCodes })
  },
  { sessionOnly: true },
)

/** Off, with a current code (or a recovery code) from the account's own holder. */
const disable = ownAccount(
  async (req, user, words) => {
    const state = await readTwoFactor(req, user.id)
    if (!state.enabled) return jsonError('invalid_body', words.notOn)
    const code = (await bodyOf(req))[CODE_FIELD]
    await inTransaction(req, async () => {
      await spendSecondFactor(req, user.id, state, code, {
        secret: state.secret,
        recoveryCodes: true,
      })
      await storeDisabled(req, user.id)
      await recordAudit(req, {
        action: 'user.two_factor_disable',
        actor: actorOf(req.user),
        target: 'users',
        targetId: user.id,
        targetTitle: user.email,
      })
    })
    return json({ enabled: false })
  },
  { sessionOnly: true },
)

/**
 * Ten new recovery codes in place of all the old ones (which stop working in the same
 * transaction), shown once. It takes a current code from the authenticator app, not a recovery
 * code: the new codes are for someone who still holds the phone; without it, turning two-factor
 * off (which a recovery code allows) and on again is the way. A wrong code counts toward the
 * account's wrong-code budget like any other.
 */
const regenerateRecoveryCodes = ownAccount(
  async (req, user, words) => {
    const state = await readTwoFactor(req, user.id)
    if (!state.enabled) return jsonError('invalid_body', words.notOn)
    const code = (await bodyOf(req))[CODE_FIELD]
    const recoveryCodes = newRecoveryCodes()
    const renewed = await inTransaction(req, async () => {
      await spendSecondFactor(req, user.id, state, code, {
        secret: state.secret,
        recoveryCodes: false,
      })
      const key = recoveryCodeKey(env.PAYLOAD_SECRET)
      const digests = recoveryCodes.map((each) => recoveryCodeDigest(each, key))
      // Turned off since it was read (by the holder or an admin): nothing to renew.
      if (!(await storeRecoveryDigests(req, user.id, digests))) return false
      // The audit log's actions are a database enum; renewed codes are recorded as a
      // turning-on whose detail says what was renewed.
      await recordAudit(req, {
        action: 'user.recovery_codes_renew',
        actor: actorOf(req.user),
        target: 'users',
        targetId: user.id,
        targetTitle: user.email,
      })
      return true
    })
    if (!renewed) return jsonError('invalid_body', words.notOn)
    return json({ enabled: true, recoveryCodes })
  },
  { sessionOnly: true },
)

/**
 * An admin turns off another account's two-factor sign-in (a lost phone and lost recovery
 * codes); the account sets it up again at its next sign-in if the admins require it.
 */
const resetByAdmin: PayloadHandler = async (req) => {
  const words = twoFactorWords(req.i18n?.language)
  const admin = req.user as Account | null
  if (!admin) return jsonError('unauthorized', words.signedInOnly)
  if (!isAdmin(admin) || admin._strategy !== 'local-jwt')
    return jsonError('forbidden', words.adminsOnly)
  const id = Number(req.routeParams?.id)
  const target =
    Number.isSafeInteger(id) && id > 0
      ? await req.payload.db.findOne<{ id: number; email?: unknown }>({
          collection: 'users',
          where: { id: { equals: id } },
          select: { email: true },
          req,
        })
      : null
  if (!target) return jsonError('not_found', 'No account has this id.')
  if (!(await readTwoFactor(req, id)).enabled) return jsonError('invalid_body', words.notOn)
  await inTransaction(req, async () => {
    await storeDisabled(req, id)
    await recordAudit(req, {
      action: 'user.two_factor_disable',
      actor: actorOf(req.user),
      target: 'users',
      targetId: id,
      targetTitle: target?.email,
      detail: { byAdmin: true },
    })
  })
  return json({ enabled: false })
}

export const TWO_FACTOR_ENDPOINTS: Endpoint[] = [
  { path: TWO_FACTOR_PATH, method: 'get', handler: status },
  { path: `${TWO_FACTOR_PATH}/setup`, method: 'post', handler: setup },
  { path: `${TWO_FACTOR_PATH}/enable`, method: 'post', handler: enable },
  { path: `${TWO_FACTOR_PATH}/disable`, method: 'post', handler: disable },
  {
    path: `${TWO_FACTOR_PATH}/recovery-codes`,
    method: 'post',
    handler: regenerateRecoveryCodes,
  },
  { path: `/:id${TWO_FACTOR_PATH}/reset`, method: 'post', handler: resetByAdmin },
]
