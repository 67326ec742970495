import type { OutgoingHttpHeaders } from 'node:http'

import { copyHeaders, type ResponseHead } from './response-head'

/**
 * Headers every response carries (the `security-headers` step of src/server/response-pipeline.ts
 * adds them as the head is written, each one only if the application didn't set it: the media
 * server sets its own sandbox policy for SVG; the server's own early answers carry them too).
 *
 * The policy is what the pages satisfy: Next.js bootstraps a page with inline scripts whose
 * contents change per page, and cached pages can't carry per-response nonces, so scripts are
 * limited to this origin plus inline (no third-party origins, no eval outside development).
 * Framing is allowed only by the site itself (Payload's live preview frames the site).
 */
export function securityHeaders(siteUrl: string, dev: boolean): [string, string][] {
  const https = siteUrl.startsWith('https://')
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
  return [
    ['Content-Security-Policy', policy],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    ],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // Only a site served over HTTPS may pin browsers to it.
    ...(https
      ? ([['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']] as [
          string,
          string,
        ][])
      : []),
  ]
}

/** `head` with each of `headers` it doesn't already have (names compared in lower case). */
export function withSecurityHeaders(
  head: ResponseHead,
  headers: readonly (readonly [string, string])[],
): ResponseHead {
  let added: OutgoingHttpHeaders | undefined
  for (const [name, value] of headers) {
    const key = name.toLowerCase()
    if (head.headers[key] === undefined) (added ??= copyHeaders(head.headers))[key] = value
  }
  return added ? { status: head.status, headers: added } : head
}
