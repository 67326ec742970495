import { sameSitePath } from '@/http/same-site-path'
import { isLocale, type Locale } from '@/i18n/locales'

/** Paths a redirect can never answer for: they are not pages, and never reach the lookup. */
const NOT_PAGES = /^\/(?:api|admin|_next|markdown-twin)(?:\/|$)/

/** Any origin: only the path is kept, so which one does not matter. */
const ORIGIN = 'http://site.invalid'

/**
 * The normal form of a redirect's `from`: a path of this site (percent-encoded as a request
 * carries it), without a query, fragment or trailing slash — how the server sees the path of a
 * request it could not find a page for. Null when `given` is not such a path.
 */
export function normalRedirectSource(given: string): string | null {
  const trimmed = given.trim()
  const path = sameSitePath(trimmed, ORIGIN)
  if (path === null || path.includes('?') || path.includes('#')) return null
  const normal = path.length > 1 ? path.replace(/\/+$/, '') : path
  if (normal === '/' || NOT_PAGES.test(normal)) return null
  return normal
}

/**
 * Is `given` a safe `Location` for a redirect: a path of this site, starting with one `/`, with
 * no backslash or control character, exactly as written (so nothing a browser would read as
 * another host, `//evil.com` or `https:` included)?
 */
export function isSafeRedirectTarget(given: string): boolean {
  return sameSitePath(given, ORIGIN) === given
}

/** `/{locale}/…` without a file extension: a page of the site that has a markdown twin. */
function isLocalePage(path: string): boolean {
  const [, first, ...rest] = path.split('/')
  return isLocale(first) && !rest.some((segment) => segment.includes('.'))
}

/**
 * Where the markdown twin of a redirected page goes: the twin of the target page (`/en/blog/new`
 * → `/en/blog/new.md`, a query kept after `.md`), or the target itself when it is no site page.
 */
export function twinRedirectTarget(to: string): string {
  const queryAt = to.indexOf('?')
  const pathname = queryAt === -1 ? to : to.slice(0, queryAt)
  if (!isLocalePage(pathname)) return to
  return `${pathname}.md${queryAt === -1 ? '' : to.slice(queryAt)}`
}

export type { Locale }
