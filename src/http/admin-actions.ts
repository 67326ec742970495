import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

import { SESSION_COOKIE } from './credentials'
import type { ResponseHead } from './response-head'

/**
 * The admin's server actions (Next.js server functions posted to `/admin/…` with a `Next-Action`
 * header) are for signed-in editors. Anonymous calls are refused by the project's server before
 * Next.js sees them: Next answers 500 for much of what a stranger can send (a real action id with
 * arguments it can't decode, a closure action without its bound values, Payload's functions
 * refusing an anonymous caller), and none of that is the server's fault.
 */

const SERVER_ACTION_HEADER = 'next-action'
/** On an empty database in development, the first-run screen is used before anyone can sign in. */
export const FIRST_USER_SCREEN = '/admin/create-first-user'

/** Is `url` a page of the admin (`/admin` or under it)? */
function isAdminPath(url: string | undefined): boolean {
  const path = (url ?? '/').split('?', 1)[0]!
  return path === '/admin' || path.startsWith('/admin/')
}

/**
 * A POST to the admin that is not a server action call: the admin's pages post nothing but
 * their actions, by fetch with `Next-Action` (a form posted without JavaScript is not something
 * Payload's admin has). Next.js would take a multipart body for an action posted without
 * JavaScript and answer 500 to one that does not parse; anything else it would render as a read.
 */
export function isAdminPostWithoutAction(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  return method === 'POST' && headers[SERVER_ACTION_HEADER] === undefined && isAdminPath(url)
}

export function isAdminServerAction(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  return method === 'POST' && headers[SERVER_ACTION_HEADER] !== undefined && isAdminPath(url)
}

function sessionToken(headers: Record<string, string | string[] | undefined>): string | null {
  const authorization = headers.authorization
  if (typeof authorization === 'string' && authorization.startsWith('JWT ')) {
    return authorization.slice(4).trim()
  }
  const cookie = typeof headers.cookie === 'string' ? headers.cookie : ''
  for (const pair of cookie.split(';')) {
    const at = pair.indexOf('=')
    if (at !== -1 && pair.slice(0, at).trim() === SESSION_COOKIE) return pair.slice(at + 1).trim()
  }
  return null
}

function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * Whether `token` is a session token this site issued and that has not expired: an HS256 JWT
 * signed with the key Payload derives from its secret (the first 32 hex digits of its SHA-256).
 * Whether the session was since ended is Payload's to check; this only tells strangers apart.
 */
export function isIssuedSessionToken(
  token: string,
  payloadSecret: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  const parts = token.split('.')
  if (parts.length !== 3) return false
  const [header, claims, signature] = parts as [string, string, string]
  const key = createHash('sha256').update(payloadSecret).digest('hex').slice(0, 32)
  const expected = createHmac('sha256', key).update(`${header}.${claims}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  if (jsonPart(header)?.alg !== 'HS256') return false
  const expires = jsonPart(claims)?.exp
  return typeof expires === 'number' && expires > nowSeconds
}

/**
 * Whether the project's server refuses this request (401) before Next.js: an admin server action
 * without a valid session, except on the first-run screen where the deployment allows it.
 */
export function refusesAnonymousAdminAction(
  request: {
    method?: string
    url?: string
    headers: Record<string, string | string[] | undefined>
  },
  { payloadSecret, allowFirstUserScreen }: { payloadSecret: string; allowFirstUserScreen: boolean },
): boolean {
  if (!isAdminServerAction(request.method, request.url, request.headers)) return false
  if (allowFirstUserScreen && (request.url ?? '').split('?', 1)[0] === FIRST_USER_SCREEN) {
    return false
  }
  const token = sessionToken(request.headers)
  return token === null || !isIssuedSessionToken(token, payloadSecret)
}

/**
 * The status of an admin server action that Payload refused a signed-in user (src/lib/server-functions.ts):
 * the action records 401 or 403 as its status (src/http/response-status.ts) and ends with
 * Next.js's `notFound()`, the one interrupt Next.js answers without `experimental.authInterrupts`
 * (a 404, nothing logged; any other error is a logged 500). The project's server then answers it
 * with the status recorded (the `action-refusal` step of src/server/response-pipeline.ts).
 * A server function may also answer its refusal itself, returning the failure Payload's admin
 * shows (`{ error }`) with 403 recorded (src/scheduling/schedule-guard.ts): its 200 becomes that
 * status, the body still the action's result, which Next.js's client reads whatever the status.
 */
export function withRefusedActionStatus(
  head: ResponseHead,
  asked: number | undefined,
): ResponseHead {
  if ((head.status !== 404 && head.status !== 200) || (asked !== 401 && asked !== 403)) return head
  return { status: asked, headers: head.headers }
}
