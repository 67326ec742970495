import type { CollectionConfig } from 'payload'

import { adminsOnly, adminsOnlyField, adminsOrSelf } from '@/access/admins'

import { throttleSignIn } from './sign-in-throttle'

export const ROLES = ['admin', 'editor'] as const

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
    // Per account: after this many wrong passwords the account is locked for a while.
    maxLoginAttempts: 10,
    lockTime: 15 * 60 * 1000,
  },
  access: {
    // Private collection: nobody reads accounts without signing in.
    read: adminsOrSelf,
    create: adminsOnly,
    update: adminsOrSelf,
    delete: adminsOnly,
    admin: ({ req: { user } }) => Boolean(user),
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      required: true,
      defaultValue: ['editor'],
      options: ROLES.map((role) => ({ label: role, value: role })),
      saveToJWT: true,
      access: {
        // Only admins grant roles; an editor can't promote themselves.
        create: adminsOnlyField,
        update: adminsOnlyField,
      },
    },
  ],
  hooks: {
    beforeOperation: [throttleSignIn],
    beforeChange: [
      // The very first account (created on /admin's first-run screen) is the admin.
      async ({ req, operation, data }) => {
        if (operation !== 'create') return data
        const { totalDocs } = await req.payload.count({ collection: 'users', req })
        return totalDocs === 0 ? { ...data, roles: ['admin'] } : data
      },
    ],
  },
}
