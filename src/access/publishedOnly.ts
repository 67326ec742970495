import type { Access } from 'payload'

/**
 * Anonymous callers read published documents only; signed-in editors read everything.
 * Enforced as a query constraint, so lists, single documents and populated relationships all
 * obey it, whatever `draft` flag or `where` a caller sends.
 */
export const publishedOnly: Access = ({ req: { user } }) => {
  if (user) return true
  return { _status: { equals: 'published' } }
}
