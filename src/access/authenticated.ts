import type { Access, FieldAccess } from 'payload'

/** Any signed-in user (admin or editor). */
export const authenticated: Access = ({ req: { user } }) => Boolean(user)

/** Field-level twin of `authenticated`: internal fields are for editors' eyes only. */
export const editorsOnly: FieldAccess = ({ req: { user } }) => Boolean(user)
