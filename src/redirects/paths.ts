import { classifyPath, type PathKind } from '@/http/path-kind'
import { sameSitePath } from '@/http/same-site-path'
import type { Locale } from '@/i18n/locales'
import { paths } from '@/site/routes'

/**
 * Paths a redirect can never answer for: they are not pages, and never reach the lookup (the API
 * and its media files, the admin, Next.js's files, the twin route).
 */
const NOT_PAGES: ReadonlySet<PathKind['kind']> = new Set([
  'api',
  'media-file',
  'admin',
  'next-asset',
  'twin-route',
])

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
  if (normal === '/' || NOT_PAGES.has(classifyPath(normal).kind)) return null
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

/**
 * Where the markdown twin of a redirected page goes: the twin of the target page (`/en/blog/new`
 * → `/en/blog/new.md`, `/` → `/index.md`, a query kept after `.md`, a fragment dropped: a twin has
 * no anchors), or the target itself when it is no site page.
 */
export function twinRedirectTarget(to: string): string {
  const { kind } = classifyPath(to)
  if (kind !== 'index' && kind !== 'page' && kind !== 'standalone-page') return to
  const fragmentAt = to.indexOf('#')
  const target = fragmentAt === -1 ? to : to.slice(0, fragmentAt)
  const queryAt = target.indexOf('?')
  if (queryAt === -1) return paths.twin(target)
  return `${paths.twin(target.slice(0, queryAt))}${target.slice(queryAt)}`
}

export type { Locale }
