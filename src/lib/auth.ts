import 'server-only'

import type { Payload, TypedUser } from 'payload'

const SESSION_COOKIE = /(?:^|;\s*)payload-token=/

/**
 * The signed-in user behind a request (session cookie or `users API-Key`), or null. Requests with
 * neither credential skip Payload's auth entirely: anonymous reads are the hot path.
 */
export async function signedInUser(
  payload: Payload,
  request: { headers: Headers },
): Promise<TypedUser | null> {
  const hasCredential =
    request.headers.has('authorization') || SESSION_COOKIE.test(request.headers.get('cookie') ?? '')
  if (!hasCredential) return null
  const { user } = await payload.auth({ headers: request.headers })
  return user ?? null
}
