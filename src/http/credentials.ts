/** Payload's session cookie (`cookiePrefix` "payload"). */
export const SESSION_COOKIE = 'payload-token'

const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`)

/**
 * Whether a request carries something that may sign someone in: an `Authorization` header (an
 * API key or a session token) or Payload's session cookie. Requests with neither are anonymous
 * without asking Payload, which keeps anonymous reads off its auth.
 */
export function carriesCredential(
  authorization: string | null | undefined,
  cookie: string | null | undefined,
): boolean {
  return (authorization ?? null) !== null || SESSION_COOKIE_PAIR.test(cookie ?? '')
}
