import type { CollectionConfig } from 'payload'

import { adminsOnly, adminsOnlyField, adminsOrSelf } from '@/access/admins'
import { ROLES } from '@/access/roles'
import { env } from '@/env'
import { ERROR_STATUS } from '@/http/error-codes'
import { ADMIN_WORDS, type AdminText } from '@/i18n/admin-text'

import { inProjectShape } from './account-error'
import { forgotPasswordMail } from './account-mail'
import { refuseControlCharacters } from './account-input'
import { firstAccountGuard, firstAccountIsAdmin } from './first-account'
import { inviteNewAccount } from './invitation'
import { generatePasswordForInvitee, refuseSpentPasswordLink } from './password-link'
import { forgiveSuccessfulSignIn, throttleSignIn } from './sign-in-throttle'
import { equaliseUnknownAccountTiming } from './sign-in-timing'
import { TWO_FACTOR_ENDPOINTS } from '@/two-factor/endpoints'
import { TWO_FACTOR_FIELDS } from '@/two-factor/fields'
import { requireSecondFactor } from '@/two-factor/sign-in'
import { forgetDeletedAccount } from '@/two-factor/store'
import { twoFactorReasonInAnswer } from '@/two-factor/verify'

/** The roles as the admin names them (the stored values stay `admin`, `editor`, `author`). */
const ROLE_LABELS: Record<(typeof ROLES)[number], AdminText> = {
  admin: { en: 'Admin', es: 'Administrador' },
  editor: { en: 'Editor', es: 'Editor' },
  author: { en: 'Author', es: 'Autor' },
}

export const Users: CollectionConfig = {
  slug: 'users',
  labels: {
    singular: { en: 'User', es: 'Usuario' },
    plural: { en: 'Users', es: 'Usuarios' },
  },
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
    // Two-factor sign-in: status, set up, turn on and off (src/two-factor/endpoints.ts).
    ...TWO_FACTOR_ENDPOINTS,
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
      label: { en: 'Invitation', es: 'Invitación' },
      type: 'ui',
      admin: {
        components: { Field: '/src/components/admin/InvitationNotice#InvitationNotice' },
        disableListColumn: true,
      },
    },
    { name: 'name', label: ADMIN_WORDS.name, type: 'text' },
    {
      name: 'roles',
      label: { en: 'Roles', es: 'Roles' },
      type: 'select',
      hasMany: true,
      required: true,
      defaultValue: ['editor'],
      admin: {
        description: {
          en:
            'Admin: everything, accounts included; Editor: content, publishing, the inquiry inbox; ' +
            'Author: writes posts and case studies as drafts (cannot publish, delete or read inquiries).',
          es:
            'Administrador: todo, cuentas incluidas; Editor: contenido, publicación, la bandeja de ' +
            'consultas; Autor: escribe entradas y casos de estudio como borradores (no puede ' +
            'publicar, borrar ni leer consultas).',
        },
      },
      options: ROLES.map((role) => ({ label: ROLE_LABELS[role], value: role })),
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
      label: { en: 'API key', es: 'Clave de API' },
      type: 'text',
      access: { create: () => false },
    },
    // Two-factor sign-in (src/two-factor/fields.ts): the account page's panel, and its state.
    ...TWO_FACTOR_FIELDS,
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
    afterDelete: [forgetDeletedAccount],
    // An account with two-factor sign-in gets no token without its code (src/two-factor/sign-in.ts).
    beforeLogin: [requireSecondFactor],
    afterLogin: [forgiveSuccessfulSignIn],
    afterError: [inProjectShape, twoFactorReasonInAnswer],
  },
}
