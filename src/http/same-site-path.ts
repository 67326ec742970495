/**
 * Where a redirect may send a visitor when the target comes from the request (`?path=`): only to
 * a path of this site. The target is parsed as a URL against the site's origin and must keep that
 * origin, so whatever a browser would read as another host (`//host`, `/\host`, `https://host`,
 * a tab or newline the URL parser drops) is refused rather than recognised by pattern.
 */
import { ApiError } from './api-error'

/** C0 controls, DEL and C1 controls: URL parsers drop or rewrite them, browsers differ on which. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/

/**
 * The same-origin path (pathname, query and fragment) that `candidate` names, or null when it is
 * not one. The candidate must start with a single `/`, hold no backslash or control character,
 * and resolve to `siteOrigin` itself; and so must the path returned, which is what a browser will
 * read: resolving dot segments can leave an empty first segment (`/.//host`, `/%2e//host`,
 * `/a/../..//host` all resolve to `//host`), another host once it is a `Location`.
 */
export function sameSitePath(candidate: string, siteOrigin: string): string | null {
  const origin = new URL(siteOrigin).origin
  if (!isSameSiteReference(candidate, origin)) return null
  const target = new URL(candidate, origin)
  const path = `${target.pathname}${target.search}${target.hash}`
  return isSameSiteReference(path, origin) ? path : null
}

/**
 * Does `reference`, read by a browser on `origin`, stay there: one leading `/` (not `//`), no
 * backslash (a browser reads `/\host` as `//host`) or control character, and the origin kept?
 */
export function isSameSiteReference(reference: string, origin: string): boolean {
  if (!reference.startsWith('/') || reference.startsWith('//')) return false
  if (reference.includes('\\') || CONTROL_CHARACTER.test(reference)) return false
  try {
    return new URL(reference, origin).origin === new URL(origin).origin
  } catch {
    return false
  }
}

/**
 * The `path` query parameter of a redirecting route, checked by `sameSitePath`; `fallback` when
 * the parameter is absent. Anything else is a 400.
 */
export function redirectPathParameter(
  request: Request,
  siteOrigin: string,
  fallback?: string,
): string {
  const given = new URL(request.url).searchParams.get('path')
  if (given === null && fallback !== undefined) return fallback
  const path = sameSitePath(given ?? '', siteOrigin)
  if (path === null) {
    throw new ApiError(
      'invalid_parameter',
      'path must be a path of this site, e.g. /en/blog/slug.',
      {
        details: [{ field: 'path', message: 'must be a path of this site, starting with one /' }],
      },
    )
  }
  return path
}
