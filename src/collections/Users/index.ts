import type { CollectionConfig } from 'payload'

import { adminsOnly, adminsOnlyField, adminsOrSelf } from '@/access/admins'
import { ROLES } from '@/access/roles'
import { env } from '@/env'
import { ERROR_STATUS } from '@/http/error-codes'

import { inProjectShape } from './account-error'
import { forgotPasswordMail } from './account-mail'
import { refuseControlCharacters } from './account-input'
import { firstAccountGuard, firstAccountIsAdmin } from './first-account'
import { inviteNewAccount } from './invitation'
import { generatePasswordForInvitee, refuseSpentPasswordLink } from './password-link'
import { forgiveSuccessfulSignIn, throttleSignIn } from './sign-in-throttle'
import { equaliseUnknownAccountTiming } from './sign-in-timing'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'roles'],
  },
  auth: {
    // Editors create an API key in their account and send `Authorization: users API-Key <key>`.
    useAPIKey: true,
    tokenExpiration: 60 * 60 * 8,
    // No lockout per account: anyone could use it up and lock a real editor out. Guessing is
    // throttled per client address and per account from each address (sign-in-throttle.ts).
    maxLoginAttempts: 0,
    // The session cookie goes over HTTPS only when the site is served over HTTPS.
    cookies: { secure: env.SITE_URL.startsWith('https://'), sameSite: 'Lax' },
    // The reset mail names the site and the account, in the asker's language (account-mail.ts).
    forgotPassword: forgotPasswordMail,
  },
  endpoints: [
    // Email verification is off for accounts, so its endpoint, which would look up whatever token
    // the path carries, is not served.
    {
      path: '/verify/:id',
      method: 'post',
      handler: () =>
        Response.json(
          { error: { code: 'not_found', message: 'Accounts have no email verification.' } },
          { status: ERROR_STATUS.not_found },
        ),
    },
  ],
  access: {
    // Private collection: nobody reads accounts without signing in.
    read: adminsOrSelf,
    create: adminsOnly,
    update: adminsOrSelf,
    delete: adminsOnly,
    admin: ({ req: { user } }) => Boolean(user),
  },
  fields: [
    {
      // Creating an account: no password (an invitation lets the person choose theirs), and the
      // words saying so (src/components/admin/InvitationNotice.tsx).
      name: 'invitationNotice',
      type: 'ui',
      admin: {
        components: { Field: '/src/components/admin/InvitationNotice#InvitationNotice' },
        disableListColumn: true,
      },
    },
    { name: 'name', type: 'text' },
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      required: true,
      defaultValue: ['editor'],
      admin: {
        description:
          'admin: everything, accounts included; editor: content, publishing, the inquiry inbox; ' +
          'author: writes posts and case studies as drafts (cannot publish, delete or read inquiries).',
      },
      options: ROLES.map((role) => ({ label: role, value: role })),
      saveToJWT: true,
      access: {
        // Only admins grant roles; an editor can't promote themselves.
        create: adminsOnlyField,
        update: adminsOnlyField,
      },
    },
    {
      // Payload's API key field, merged with its own: an account gets a key once it exists, from
      // its own account page, never while an admin creates it (the create form hides the key).
      name: 'apiKey',
      type: 'text',
      access: { create: () => false },
    },
  ],
  hooks: {
    // In order: bad input is refused before it costs any budget, and budgets before any work.
    beforeOperation: [
      refuseControlCharacters,
      throttleSignIn,
      equaliseUnknownAccountTiming,
      refuseSpentPasswordLink,
      firstAccountGuard({ production: env.NODE_ENV === 'production' }),
    ],
    beforeChange: [firstAccountIsAdmin, generatePasswordForInvitee],
    afterChange: [inviteNewAccount],
    afterLogin: [forgiveSuccessfulSignIn],
    afterError: [inProjectShape],
  },
}
