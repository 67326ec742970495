import type { ServerResponse } from 'node:http'

/**
 * Headers every response carries (src/server/main.ts adds them as the head is written, each one
 * only if the application didn't set it: the media server sets its own sandbox policy for SVG).
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

/** Adds `headers` to the response just before its head is written, keeping any it already has. */
export function addSecurityHeaders(response: ServerResponse, headers: [string, string][]): void {
  const writeHead = response.writeHead
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    for (const [name, value] of headers) if (!this.hasHeader(name)) this.setHeader(name, value)
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args)
  } as ServerResponse['writeHead']
}
