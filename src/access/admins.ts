import type { Access, FieldAccess } from 'payload'

import type { User } from '@/payload-types'

export const isAdmin = (user: unknown): boolean =>
  Boolean((user as Pick<User, 'roles'> | null)?.roles?.includes('admin'))

export const adminsOnly: Access = ({ req: { user } }) => isAdmin(user)

export const adminsOnlyField: FieldAccess = ({ req: { user } }) => isAdmin(user)

/** Admins manage every account; an editor manages only their own (e.g. their API key). */
export const adminsOrSelf: Access = ({ req: { user } }) => {
  if (!user) return false
  if (isAdmin(user)) return true
  return { id: { equals: user.id } }
}
