import 'server-only'

import { env } from '@/env'

/** How long a page may take to render for its twin before the twin gives up (503). */
export const PAGE_RENDER_TIMEOUT_MS = 15_000

/**
 * Where this instance's own server answers: the address it listens on (`HOST`, `PORT`), or the
 * loopback address when it listens on every interface.
 */
export function ownOrigin(host: string | undefined = env.HOST, port: number = env.PORT): string {
  if (host === undefined || host === '0.0.0.0' || host === '::') return `http://127.0.0.1:${port}`
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`
}

export interface RenderedPage {
  status: number
  html: string
  /** A redirect's `Location` (a page an editor's redirect moved answers 301). */
  location?: string
}

/**
 * A page of the site as this instance's server answers an anonymous browser: through the
 * project's server (src/server/main.ts), so its response cache answers a page it already holds
 * and stores one it renders; no cookie or credential is sent, so it is the published page.
 * Redirects are not followed (the caller decides what one means).
 */
export async function renderPage(pathAndQuery: string): Promise<RenderedPage> {
  const response = await fetch(`${ownOrigin()}${pathAndQuery}`, {
    // Never the stale page the response cache may show readers while the page re-renders: the
    // twin made from it would be kept as current.
    headers: { Accept: 'text/html', 'Accept-Encoding': 'identity', 'Cache-Control': 'no-cache' },
    redirect: 'manual',
    cache: 'no-store',
    signal: AbortSignal.timeout(PAGE_RENDER_TIMEOUT_MS),
  })
  const location = response.headers.get('location')
  return {
    status: response.status,
    html: await response.text(),
    ...(location === null ? {} : { location }),
  }
}
