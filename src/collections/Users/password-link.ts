import { randomBytes } from 'node:crypto'

import type {
  CollectionBeforeChangeHook,
  CollectionBeforeOperationHook,
  Payload,
  PayloadRequest,
} from 'payload'

import { messagesFor } from '@/i18n/messages'

import { AccountRequestError } from './account-error'
import { accountLanguage } from './account-language'
import { INVITATION_PASSWORD_PLACEHOLDER } from './invitation-form'

/**
 * An account an admin creates without a password (the admin's form, or the API without one) gets
 * a random one that is never stored or shown anywhere: Payload requires a password, and nobody can
 * sign in with this one. The invitee sets theirs from the invitation (invitation.ts).
 */
export const generatePasswordForInvitee: CollectionBeforeChangeHook = ({
  data,
  operation,
  req,
}) => {
  // Only an admin's new account is invited; the first account must come with its password.
  if (operation !== 'create' || !req.user) return data
  const given: unknown = data.password
  if (typeof given === 'string' && given !== '' && given !== INVITATION_PASSWORD_PLACEHOLDER) {
    return data
  }
  return { ...data, password: randomBytes(32).toString('base64url') }
}

/** What a mailed link's token can say of its account. */
export interface PasswordLinkHolder {
  email: string
  /** False once the link was used (Payload ends its life then) or its time is up. */
  usable: boolean
  /** The account has two-factor sign-in: a reset signs in, so it asks for a code too. */
  twoFactor: boolean
}

/** Tokens are 40 hexadecimal characters (Payload's and the invitation's); nothing else is looked up. */
const TOKEN = /^[0-9a-f]{16,128}$/i

/** The account a password link belongs to, or null for a token no account holds. */
export async function passwordLinkHolder(
  payload: Payload,
  token: unknown,
  req?: PayloadRequest,
): Promise<PasswordLinkHolder | null> {
  if (typeof token !== 'string' || !TOKEN.test(token)) return null
  const user = (await payload.db.findOne({
    collection: 'users',
    where: { resetPasswordToken: { equals: token } },
    ...(req ? { req } : {}),
  })) as {
    email?: string
    resetPasswordExpiration?: string | null
    twoFactorEnabled?: boolean | null
  } | null
  if (!user?.email) return null
  const expiration = user.resetPasswordExpiration ? Date.parse(user.resetPasswordExpiration) : NaN
  return {
    email: user.email,
    usable: Number.isFinite(expiration) && expiration > Date.now(),
    twoFactor: user.twoFactorEnabled === true,
  }
}

/** The message for a link that no longer sets a password, in the asker's admin language. */
export function spentLinkMessage(language: unknown): string {
  return messagesFor(accountLanguage(language)).account.linkSpent
}

/**
 * A reset with a token that no longer works (used, expired, or never issued) is refused with a
 * message saying so and what to do, instead of Payload's "Token is either invalid or has expired",
 * which its admin shows as "An unknown error occurred".
 */
export const refuseSpentPasswordLink: CollectionBeforeOperationHook = async ({
  args,
  operation,
  req,
}) => {
  if (operation !== 'resetPassword') return
  const token = (args as { data?: { token?: unknown } }).data?.token
  // A missing token or password is Payload's own 400.
  if (token === undefined) return
  const holder = await passwordLinkHolder(req.payload, token, req)
  if (holder?.usable) return
  throw new AccountRequestError('forbidden', spentLinkMessage(req.i18n?.language))
}
