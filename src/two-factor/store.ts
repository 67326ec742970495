import type { CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { env } from '@/env'

import { TWO_FACTOR_CREDENTIALS } from './credentials'
import { parseDigests, serialiseDigests } from './recovery-codes'
import { openSecret, sealSecret } from './secret-box'

/*
 * An account's two-factor credential (credentials.ts), read and written through Payload's
 * database adapter in the request's transaction (no Local API: nobody has access, by design). The
 * two writes a concurrent request could race, spending a time step and spending a recovery code,
 * are compare-and-set updates (the drizzle adapter's `atomic` update: one UPDATE … WHERE …
 * RETURNING), so a code is accepted once even when two requests bring it at the same moment.
 * The account's own `twoFactorEnabled` is a mirror for the admins' list; this row decides.
 */

const USERS = 'users' as const

export interface TwoFactorState {
  enabled: boolean
  secret: string | null
  pendingSecret: string | null
  lastStep: number | null
  recoveryDigests: string[]
  /** The stored list as read, for the compare-and-set of a recovery code. */
  storedRecovery: string | null
}

type Row = {
  id: number | string
  account?: unknown
  secret?: unknown
  pendingSecret?: unknown
  lastStep?: unknown
  recoveryCodes?: unknown
}

const NONE: TwoFactorState = {
  enabled: false,
  secret: null,
  pendingSecret: null,
  lastStep: null,
  recoveryDigests: [],
  storedRecovery: null,
}

const ofAccount = (userId: number | string) => ({ account: { equals: Number(userId) } })

export async function readTwoFactor(
  req: PayloadRequest,
  userId: number | string,
): Promise<TwoFactorState> {
  const row = await req.payload.db.findOne<Row>({
    collection: TWO_FACTOR_CREDENTIALS,
    where: ofAccount(userId),
    req,
  })
  if (!row) return NONE
  const secret = openSecret(row.secret, env.PAYLOAD_SECRET)
  const lastStep = Number(row.lastStep)
  return {
    // On once a secret was confirmed (stored), even if it no longer opens (PAYLOAD_SECRET rotated):
    // such an account is refused until an admin resets it, never let in on its password alone.
    enabled: typeof row.secret === 'string' && row.secret !== '',
    secret,
    pendingSecret: openSecret(row.pendingSecret, env.PAYLOAD_SECRET),
    lastStep:
      row.lastStep === null || row.lastStep === undefined || !Number.isFinite(lastStep)
        ? null
        : lastStep,
    recoveryDigests: parseDigests(row.recoveryCodes),
    storedRecovery: typeof row.recoveryCodes === 'string' ? row.recoveryCodes : null,
  }
}

async function upsert(
  req: PayloadRequest,
  userId: number | string,
  data: Omit<Row, 'id' | 'account'>,
): Promise<void> {
  const updated = await req.payload.db.updateOne({
    collection: TWO_FACTOR_CREDENTIALS,
    where: ofAccount(userId),
    data,
    req,
    returning: false,
  })
  if (updated === null) {
    const exists = await req.payload.db.findOne<Row>({
      collection: TWO_FACTOR_CREDENTIALS,
      where: ofAccount(userId),
      req,
    })
    if (exists) return
    await req.payload.db.create({
      collection: TWO_FACTOR_CREDENTIALS,
      data: { account: Number(userId), ...data },
      req,
      returning: false,
    })
  }
}

/** The account's mirror of whether it is on (the admins' list, the account page's sidebar). */
const mirror = (req: PayloadRequest, userId: number | string, enabled: boolean) =>
  req.payload.db.updateOne({
    collection: USERS,
    id: userId,
    data: { twoFactorEnabled: enabled, updatedAt: null },
    req,
    returning: false,
  })

/** A new secret waiting for its first code (enrolment started). */
export const storePendingSecret = (req: PayloadRequest, userId: number | string, secret: string) =>
  upsert(req, userId, { pendingSecret: sealSecret(secret, env.PAYLOAD_SECRET) })

/** Two-factor sign-in on: the confirmed secret, the step its first code used, the codes' digests. */
export async function storeEnabled(
  req: PayloadRequest,
  userId: number | string,
  { secret, step, digests }: { secret: string; step: number; digests: string[] },
): Promise<void> {
  await upsert(req, userId, {
    secret: sealSecret(secret, env.PAYLOAD_SECRET),
    pendingSecret: null,
    lastStep: step,
    recoveryCodes: serialiseDigests(digests),
  })
  await mirror(req, userId, true)
}

/**
 * The account's recovery codes replaced by `digests` (every old code gone). Only a row with a
 * confirmed secret is changed: false when two-factor sign-in went off meanwhile.
 */
export async function storeRecoveryDigests(
  req: PayloadRequest,
  userId: number | string,
  digests: string[],
): Promise<boolean> {
  const updated = await req.payload.db.updateOne({
    collection: TWO_FACTOR_CREDENTIALS,
    where: { and: [ofAccount(userId), { secret: { exists: true } }] },
    data: { recoveryCodes: serialiseDigests(digests) },
    options: { atomic: true },
    req,
  })
  return updated !== null
}

/** Two-factor sign-in off: nothing of it kept. */
export async function storeDisabled(req: PayloadRequest, userId: number | string): Promise<void> {
  await forgetCredential(req, userId)
  await mirror(req, userId, false)
}

export const forgetCredential = (req: PayloadRequest, userId: number | string) =>
  req.payload.db.deleteMany({ collection: TWO_FACTOR_CREDENTIALS, where: ofAccount(userId), req })

/** An account deleted: its credential goes with it. */
export const forgetDeletedAccount: CollectionAfterDeleteHook = async ({ id, req }) => {
  await forgetCredential(req, id)
}

/** Spends time step `step` unless this account already used it or a later one. */
export async function spendStep(
  req: PayloadRequest,
  userId: number | string,
  step: number,
): Promise<boolean> {
  const updated = await req.payload.db.updateOne({
    collection: TWO_FACTOR_CREDENTIALS,
    where: {
      and: [
        ofAccount(userId),
        { or: [{ lastStep: { exists: false } }, { lastStep: { less_than: step } }] },
      ],
    },
    data: { lastStep: step },
    options: { atomic: true },
    req,
  })
  return updated !== null
}

/** Spends one recovery code (its digest) unless the stored list changed since it was read. */
export async function spendRecoveryDigest(
  req: PayloadRequest,
  userId: number | string,
  state: TwoFactorState,
  digest: string,
): Promise<boolean> {
  if (state.storedRecovery === null || !state.recoveryDigests.includes(digest)) return false
  const updated = await req.payload.db.updateOne({
    collection: TWO_FACTOR_CREDENTIALS,
    where: { and: [ofAccount(userId), { recoveryCodes: { equals: state.storedRecovery } }] },
    data: {
      recoveryCodes: serialiseDigests(state.recoveryDigests.filter((d) => d !== digest)),
    },
    options: { atomic: true },
    req,
  })
  return updated !== null
}
