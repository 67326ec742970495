import { classifyPath, type PathKind } from '@/http/path-kind'
import { checkParsedTarget, normalisePath, pathOf } from '@/http/request-target'
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

/**
 * Paths a redirect never sends visitors to: the API (draft preview and its exit redirect again),
 * the admin (which redirects to its sign-in), Next.js's files and the internal twin route. A
 * media file (`/api/media/file/…`) is a file a visitor reads, and may be a target.
 */
const NOT_TARGETS: ReadonlySet<PathKind['kind']> = new Set([
  'api',
  'admin',
  'next-asset',
  'twin-route',
])

/** The most redirects a target is followed through before it is saved (chains are one hop). */
export const REDIRECT_HOPS_MAX = 16

/** Any origin: only the path is kept, so which one does not matter. */
const ORIGIN = 'http://site.invalid'

/** Why a redirect's `to` is not a path of this site, and what to use. */
export const REDIRECT_TARGET_MESSAGE =
  'Use a path of this site, starting with one "/", e.g. /en/blog/new-slug (no other site, no "//", backslash or control character).'

/**
 * The path a request for `path` is answered by, as redirects are matched: its normal form (what
 * the front door redirects every other spelling to: unreserved characters decoded, escapes in
 * upper case, no dot, empty or trailing segments), and a page's markdown twin as the page itself
 * (the twin follows its page's redirect). Null when the front door refuses the path.
 */
export function redirectKey(path: string): string | null {
  const normal = normalisePath(path)
  if (normal.kind === 'refuse') return null
  const kind = classifyPath(normal.path)
  return kind.kind === 'twin' ? kind.page.path : normal.path
}

/**
 * The normal form of a redirect's `from`: a path of this site (percent-encoded as a request
 * carries it), without a query or fragment, in the form the lookup is asked with (`redirectKey`:
 * `/%61/` is `/a`, `/en/blog/old.md` is `/en/blog/old`). Null when `given` is not such a path.
 */
export function normalRedirectSource(given: string): string | null {
  const path = sameSitePath(given.trim(), ORIGIN)
  if (path === null || path.includes('?') || path.includes('#')) return null
  const key = redirectKey(path)
  if (key === null || key === '/' || NOT_PAGES.has(classifyPath(key).kind)) return null
  return key
}

/** What a redirect's `to` is, read as the site's routing will read it. */
export type RedirectTargetReading =
  | {
      kind: 'path'
      /** The target in normal form, query and fragment kept: the `Location` to send. */
      to: string
      /** The page it names (`redirectKey`), to match other redirects' `from` with. */
      key: string
      /** Whether it is a page's markdown twin. */
      twin: boolean
    }
  | { kind: 'refused'; message: string }

/**
 * Reads `given` as a redirect's target: a path of this site (`sameSitePath`), which the front
 * door would pass or redirect to its normal form (that form is the target: no 308 after the
 * 301), and which names something a visitor reads rather than a route that redirects again.
 */
export function readRedirectTarget(given: string): RedirectTargetReading {
  const path = sameSitePath(given.trim(), ORIGIN)
  if (path === null) return { kind: 'refused', message: REDIRECT_TARGET_MESSAGE }
  const fragmentAt = path.indexOf('#')
  const target = fragmentAt === -1 ? path : path.slice(0, fragmentAt)
  const fragment = fragmentAt === -1 ? '' : path.slice(fragmentAt)
  const verdict = checkParsedTarget(target)
  if (verdict.kind === 'refuse') {
    return {
      kind: 'refused',
      message: `${given} is not a valid address on this site: ${verdict.message}`,
    }
  }
  const normal = verdict.kind === 'redirect' ? verdict.location : target
  const kind = classifyPath(normal)
  if (NOT_TARGETS.has(kind.kind)) {
    return {
      kind: 'refused',
      message: `${given} is not a page: the API (leaving draft preview included), the admin and the site's internal routes redirect on their own or show no page. Use the path of a page, e.g. /en/blog/new-slug.`,
    }
  }
  const key = kind.kind === 'twin' ? kind.page.path : pathOf(normal)
  return { kind: 'path', to: `${normal}${fragment}`, key, twin: kind.kind === 'twin' }
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
