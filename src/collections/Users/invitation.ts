import { randomBytes } from 'node:crypto'

import type { CollectionAfterChangeHook } from 'payload'

import { env } from '@/env'
import { enqueueMail, outboxMessageId } from '@/inquiries/mail-outbox'
import { publishedSiteName } from '@/globals/site-name'

import { ADMIN_BOOTSTRAP_CONTEXT_KEY } from './first-account'

/** How long an invitation's link sets a password (a reset link lasts Payload's default hour). */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60_000

export function composeInvitation(to: string, link: string, siteName: string) {
  return {
    from: { name: siteName, address: env.MAIL_FROM },
    to,
    subject: `You are invited to the ${siteName} admin`,
    text: [
      `An administrator created an account for you in the ${siteName} admin.`,
      '',
      'Choose your password here (the link works for 7 days, once):',
      link,
      '',
      'Then sign in with this email address. If you did not expect this, ignore this message.',
    ].join('\n'),
    messageId: outboxMessageId(),
  }
}

/**
 * An account an admin creates gets an invitation: a password-reset token (Payload's own, so the
 * admin's reset page sets the password) with a longer life, mailed through the outbox. The first
 * account (the create-admin command, the first-run screen) has no inviter and gets none.
 */
export const inviteNewAccount: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || !req.user || req.context[ADMIN_BOOTSTRAP_CONTEXT_KEY] === true) {
    return doc
  }
  const token = randomBytes(20).toString('hex')
  await req.payload.db.updateOne({
    collection: 'users',
    id: doc.id,
    data: {
      resetPasswordToken: token,
      resetPasswordExpiration: new Date(Date.now() + INVITATION_VALID_MS).toISOString(),
    },
    req,
  })
  const link = `${env.SITE_URL}${req.payload.config.routes.admin}/reset/${token}`
  await enqueueMail(
    req.payload,
    'account',
    composeInvitation(doc.email, link, await publishedSiteName(req.payload)),
  )
  return doc
}
