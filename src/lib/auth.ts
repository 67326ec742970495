import 'server-only'

import type { Payload, TypedUser } from 'payload'

import { carriesCredential } from '@/http/credentials'

/**
 * The signed-in user behind a request (session cookie or `users API-Key`), or null. Requests with
 * neither credential skip Payload's auth entirely: anonymous reads are the hot path.
 */
export async function signedInUser(
  payload: Payload,
  request: { headers: Headers },
): Promise<TypedUser | null> {
  if (!carriesCredential(request.headers.get('authorization'), request.headers.get('cookie')))
    return null
  const { user } = await payload.auth({ headers: request.headers })
  return user ?? null
}
