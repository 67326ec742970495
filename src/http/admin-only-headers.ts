import type { ServerResponse } from 'node:http'

const COLOR_SCHEME_HINT = 'sec-ch-prefers-color-scheme'

/**
 * Payload's `withPayload` asks every response for the admin's colour-scheme client hint
 * (`Accept-CH`, `Critical-CH`, `Vary: Sec-CH-Prefers-Color-Scheme`). On the public site that makes
 * Chromium repeat a first navigation to send the hint, and splits shared caches by colour
 * scheme, for pages that don't use it. Next.js also leaks its internal rewrite target
 * (`x-middleware-rewrite`, with the internal host). Outside /admin these go, just before the
 * head is written.
 */
export function dropAdminOnlyHeaders(response: ServerResponse): void {
  const writeHead = response.writeHead
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    this.removeHeader('accept-ch')
    this.removeHeader('critical-ch')
    this.removeHeader('x-middleware-rewrite')
    const vary = this.getHeader('vary')
    if (vary !== undefined) {
      const values = (Array.isArray(vary) ? vary.join(',') : String(vary))
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value && value.toLowerCase() !== COLOR_SCHEME_HINT)
      if (values.length > 0) this.setHeader('Vary', values.join(', '))
      else this.removeHeader('vary')
    }
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args)
  } as ServerResponse['writeHead']
}

export function isAdminPath(url: string | undefined): boolean {
  return (
    url === '/admin' ||
    (url?.startsWith('/admin/') ?? false) ||
    (url?.startsWith('/admin?') ?? false)
  )
}
