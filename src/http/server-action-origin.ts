import type { IncomingMessage, ServerResponse } from 'node:http'

import { crossOriginRefusal } from './cross-origin'

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * Could Next.js take this request for a server action? Its own test
 * (`getServerActionRequestMetadata`): a POST with a `Next-Action` header (the script's fetch), or
 * a multipart or URL-encoded form POST (a form posted without JavaScript). Route handlers under
 * /api/ never run actions.
 */
export function mayBeServerAction(request: IncomingMessage): boolean {
  if (request.method !== 'POST') return false
  if ((request.url ?? '/').startsWith('/api/')) return false
  if (header(request, 'next-action') !== undefined) return true
  const type = (header(request, 'content-type') ?? '').toLowerCase()
  return (
    type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')
  )
}

/**
 * Why a possible server action must be refused as cross-origin, or null. Two rules: the site's
 * own (`crossOriginRefusal`, as for POST /api/inquiries and /api/mcp), and Next's: an `Origin`
 * whose host is not the `X-Forwarded-Host` (else `Host`) the request came to. Next 16 aborts
 * such an action by throwing, which its server answers with an HTML 500 (a fetch action gets a
 * 500 RSC payload), so it must never get that far.
 */
export function serverActionRefusal(request: IncomingMessage, siteOrigin: string): string | null {
  const origin = header(request, 'origin')
  const refusal = crossOriginRefusal(header(request, 'sec-fetch-site'), origin, siteOrigin)
  if (refusal) return refusal
  if (origin === undefined) return null
  const forwardedHost = header(request, 'x-forwarded-host')?.split(',')[0]?.trim()
  const host = forwardedHost || header(request, 'host')
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    return 'Cross-origin requests are not accepted.'
  }
  return originHost === host ? null : 'Cross-origin requests are not accepted.'
}

/**
 * For the project's server, before Next.js: a cross-origin POST that Next could take for a server
 * action (the contact form, the admin's actions) is answered here with a JSON 403, and true is
 * returned; anything else is left alone (false).
 */
export function refuseCrossOriginAction(
  request: IncomingMessage,
  response: ServerResponse,
  siteOrigin: string,
  headers: Iterable<[string, string]>,
): boolean {
  if (!mayBeServerAction(request)) return false
  const refusal = serverActionRefusal(request, siteOrigin)
  if (!refusal) return false
  for (const [name, value] of headers) response.setHeader(name, value)
  // The body is not wanted: let it drain, so the client sees the answer, not a reset.
  request.resume()
  response.writeHead(403, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
  response.end(JSON.stringify({ error: { code: 'forbidden', message: refusal } }))
  return true
}
