import { randomBytes } from 'node:crypto'

import type { CollectionAfterChangeHook } from 'payload'

import { enqueueMail } from '@/inquiries/mail-outbox'
import { publishedSiteName } from '@/globals/site-name'

import { accountLanguage } from './account-language'
import { accountLink, composeInvitation, INVITATION_VALID_MS } from './account-mail'
import { ADMIN_BOOTSTRAP_CONTEXT_KEY } from './first-account'

/**
 * An account an admin creates gets an invitation: a password-reset token (Payload's own, so its
 * reset endpoint sets the password) with a longer life, mailed through the outbox, opening the
 * admin's invitation page (src/components/admin/InvitationView.tsx). It is written in the language
 * the inviting admin works in, the only one known for an account nobody has used yet. The first
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
  await enqueueMail(
    req.payload,
    'account',
    composeInvitation({
      to: doc.email,
      link: accountLink('invitation', token, req.payload.config.routes.admin),
      siteName: await publishedSiteName(req.payload),
      language: accountLanguage(req.i18n?.language),
    }),
  )
  return doc
}
