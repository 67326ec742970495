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
 * not one: it must start with a single `/`, hold no backslash or control character, and resolve
 * to `siteOrigin` itself.
 */
export function sameSitePath(candidate: string, siteOrigin: string): string | null {
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null
  if (candidate.includes('\\') || CONTROL_CHARACTER.test(candidate)) return null
  const origin = new URL(siteOrigin).origin
  let target: URL
  try {
    target = new URL(candidate, origin)
  } catch {
    return null
  }
  if (target.origin !== origin) return null
  return `${target.pathname}${target.search}${target.hash}`
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
