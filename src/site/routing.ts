import { CACHING_POLICY } from '@/http/cache-control'
import {
  preferredLocale,
  prefersMarkdown,
  TWIN_FORM_PARAMETER,
  type TwinForm,
} from '@/http/negotiation'
import { classifyPath, isSearchPage, TWIN_ROUTE, type SitePage } from '@/http/path-kind'
import type { Locale } from '@/i18n/locales'

import { paths } from './routes'

/**
 * What the project's server (src/server/site-routing.ts applies it) does with a request before
 * Next.js routes it: every site page P has a markdown twin at `P.md` (`/index.md` for `/`), also
 * served at P itself to clients whose `Accept` prefers text/markdown; HTML pages advertise their
 * twin and learn their locale from a request header; `/` sends browsers to their language.
 *
 * This was Next.js's proxy (middleware). Next runs a proxy in a web-request sandbox of its own
 * (a request object and headers built, a response merged back), which cost a page's miss 14–21%
 * of its CPU (docs/benchmarks.md); a plain function of the path and two headers costs nothing.
 */

/** Where markdown twins are rendered (src/app/markdown-twin/); twin requests are rewritten to it. */
export { TWIN_ROUTE }

export type SiteRouting =
  /** Not a site page, nor a twin of one: Next.js routes it as it is. */
  | { kind: 'as-is' }
  /** A twin: the request goes on to `url` (path and query), a route of its own. */
  | { kind: 'rewrite'; url: string; form: TwinForm }
  /**
   * The twin route asked for by its own path: only this routing's rewrites may reach it, so a
   * client naming it directly is answered 404 here, as a path that names nothing.
   */
  | { kind: 'not-found' }
  /** `/`: answered here, a temporary redirect to the visitor's language. */
  | { kind: 'redirect'; location: string; headers: Readonly<Record<string, string>> }
  /**
   * An HTML page: its locale and its path and query (with `?`) for the request's headers, and
   * what its response says before the page adds its own.
   */
  | {
      kind: 'page'
      locale: Locale
      pagePath: string
      headers: Readonly<Record<string, string>>
    }

/** `url`'s path and query, the query's twin form set (whatever the caller sent under its name). */
function twinTarget(url: URL, pathname: string, form?: TwinForm): string {
  const search = new URLSearchParams(url.search)
  if (form !== undefined) search.set(TWIN_FORM_PARAMETER, form)
  const query = search.toString()
  return query ? `${pathname}?${query}` : pathname
}

function twinOf(url: URL, page: string, form: TwinForm): SiteRouting {
  const pathname = page === '/' ? TWIN_ROUTE : `${TWIN_ROUTE}${page}`
  return { kind: 'rewrite', url: twinTarget(url, pathname, form), form }
}

function pageOf(url: URL, page: SitePage, locale: Locale, twin: string): SiteRouting {
  return {
    kind: 'page',
    locale,
    pagePath: `${url.pathname}${url.search}`,
    headers: {
      // Next.js marks dynamic pages private unless the response already says otherwise. Search
      // results are one per query, spending the searcher's budget: never kept by a cache.
      'Cache-Control': CACHING_POLICY[isSearchPage(page) ? 'search' : 'pages'].cacheControl,
      Vary: 'Accept',
      Link: `<${twin}>; rel="alternate"; type="text/markdown"`,
    },
  }
}

/**
 * `target` read as a path and query, never as a host (`//host/en` is a path here, as the front
 * door sees it); null for what is not one (`*`), which Next.js answers as it is.
 */
function originFormUrl(target: string): URL | null {
  if (!target.startsWith('/')) return null
  try {
    return new URL(`http://localhost${target}`)
  } catch {
    return null
  }
}

/** What becomes of a request for `target` (its path and query) with these headers. */
export function siteRoutingOf(
  target: string,
  accept: string | undefined,
  acceptLanguage: string | undefined,
): SiteRouting {
  const url = originFormUrl(target)
  if (url === null) return { kind: 'as-is' }
  const path = classifyPath(url.pathname)
  switch (path.kind) {
    case 'twin':
      // A standalone page's twin is a route of its own, not the twin route.
      return path.page.kind === 'standalone-page'
        ? { kind: 'as-is' }
        : twinOf(url, path.page.path, 'suffix')
    case 'standalone-page': {
      // In English only, like the OpenAPI document it shows; its twin is a route of its own.
      const twin = paths.twin(path.path)
      return prefersMarkdown(accept)
        ? { kind: 'rewrite', url: twinTarget(url, twin), form: 'negotiated' }
        : pageOf(url, path, 'en', twin)
    }
    case 'index':
      if (prefersMarkdown(accept)) return twinOf(url, path.path, 'negotiated')
      return {
        kind: 'redirect',
        location: `/${preferredLocale(acceptLanguage)}${url.search}`,
        headers: {
          Vary: 'Accept, Accept-Language',
          Link: `<${paths.twin('/')}>; rel="alternate"; type="text/markdown"`,
        },
      }
    case 'page':
      if (prefersMarkdown(accept)) return twinOf(url, path.path, 'negotiated')
      return pageOf(url, path, path.locale, paths.twin(path.path))
    case 'twin-route':
      // `target` is what the client sent: this routing runs once, before its own rewrite, so the
      // twin route here is a client's request for it, never a rewritten twin.
      return { kind: 'not-found' }
    default:
      return { kind: 'as-is' }
  }
}
