import type { CollectionBeforeChangeHook, CollectionBeforeOperationHook } from 'payload'

import { AccountRequestError } from './account-error'

/**
 * Set in the request context by the command that creates an admin (scripts/create-admin.ts); a
 * request over HTTP can't set it.
 */
export const ADMIN_BOOTSTRAP_CONTEXT_KEY = 'adminBootstrap'

export const FIRST_ACCOUNT_REFUSED_MESSAGE =
  'This site has no accounts yet. In production the first admin is created from the command line: npm run create-admin -- --email you@example.com'

/**
 * Who may create the first account. In development the admin's first-run screen (and
 * `POST /api/users/first-register`) does; in production an empty database must not make whoever
 * finds it first an admin, so only the create-admin command may.
 */
export function firstAccountGuard({
  production,
}: {
  production: boolean
}): CollectionBeforeOperationHook {
  return async ({ collection, operation, req }) => {
    if (operation !== 'create' || !production) return
    if (req.context[ADMIN_BOOTSTRAP_CONTEXT_KEY] === true) return
    const { totalDocs } = await req.payload.db.count({ collection: collection.slug, req })
    if (totalDocs === 0) throw new AccountRequestError('forbidden', FIRST_ACCOUNT_REFUSED_MESSAGE)
  }
}

/** The very first account is the admin. */
export const firstAccountIsAdmin: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  req,
}) => {
  if (operation !== 'create') return data
  const { totalDocs } = await req.payload.count({ collection: collection.slug, req })
  return totalDocs === 0 ? { ...data, roles: ['admin'] } : data
}
