import type { Access, FieldAccess } from 'payload'

import type { User } from '@/payload-types'

/**
 * The roles an account can hold. Admins manage accounts; editors run the site (publish, read the
 * inquiry inbox); authors write posts and case studies as drafts for an editor to publish.
 */
export const ROLES = ['admin', 'editor', 'author'] as const
export type Role = (typeof ROLES)[number]

const rolesOf = (user: unknown): readonly string[] =>
  (user as Pick<User, 'roles'> | null)?.roles ?? []

/** Admins and editors: everyone who may publish and read inquiries. */
export const isEditor = (user: unknown): boolean =>
  rolesOf(user).some((role) => role === 'admin' || role === 'editor')

export const editorsOrAdmins: Access = ({ req: { user } }) => isEditor(user)

export const editorsOrAdminsField: FieldAccess = ({ req: { user } }) => isEditor(user)
