import { CACHING_POLICY } from '@/http/cache-control'
import {
  preferredLocale,
  prefersMarkdown,
  TWIN_FORM_PARAMETER,
  type TwinForm,
} from '@/http/negotiation'
import { isLocale, type Locale } from '@/i18n/locales'
import { AGENT_PATHS } from '@/site/agent-paths'

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
export const TWIN_ROUTE = '/markdown-twin'

/**
 * Pages outside the locales (English only, like the OpenAPI document they show), each with its
 * twin at a route of its own.
 */
const STANDALONE_PAGES: Readonly<Record<string, string>> = {
  [AGENT_PATHS.apiReference]: AGENT_PATHS.apiReferenceTwin,
}

/** Search results: one per query, spending the searcher's budget, so never kept by a cache. */
const SEARCH_PAGE = /^\/[a-z]{2}\/search$/

export type SiteRouting =
  /** Not a site page, nor a twin of one: Next.js routes it as it is. */
  | { kind: 'as-is' }
  /** A twin: the request goes on to `url` (path and query), a route of its own. */
  | { kind: 'rewrite'; url: string; form: TwinForm }
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

/**
 * `/`, `/en`, `/es/blog/x`…: the site's pages with a twin at `P.md` (not files, not the API or
 * the admin; the API reference is a standalone page).
 */
function isPageWithTwin(pathname: string): boolean {
  if (pathname === '/') return true
  const [, first, ...rest] = pathname.split('/')
  return isLocale(first) && !rest.some((segment) => segment.includes('.'))
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

function pageOf(url: URL, locale: Locale, twin: string): SiteRouting {
  return {
    kind: 'page',
    locale,
    pagePath: `${url.pathname}${url.search}`,
    headers: {
      // Next.js marks dynamic pages private unless the response already says otherwise.
      'Cache-Control':
        CACHING_POLICY[SEARCH_PAGE.test(url.pathname) ? 'search' : 'pages'].cacheControl,
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
  const { pathname } = url

  if (pathname.endsWith('.md')) {
    const page = pathname === '/index.md' ? '/' : pathname.slice(0, -'.md'.length)
    return isPageWithTwin(page) ? twinOf(url, page, 'suffix') : { kind: 'as-is' }
  }
  const standaloneTwin = STANDALONE_PAGES[pathname]
  if (standaloneTwin !== undefined) {
    return prefersMarkdown(accept)
      ? { kind: 'rewrite', url: twinTarget(url, standaloneTwin), form: 'negotiated' }
      : pageOf(url, 'en', standaloneTwin)
  }
  if (!isPageWithTwin(pathname)) return { kind: 'as-is' }

  if (prefersMarkdown(accept)) return twinOf(url, pathname, 'negotiated')

  if (pathname === '/') {
    return {
      kind: 'redirect',
      location: `/${preferredLocale(acceptLanguage)}${url.search}`,
      headers: {
        Vary: 'Accept, Accept-Language',
        Link: `<${paths.twin('/')}>; rel="alternate"; type="text/markdown"`,
      },
    }
  }
  return pageOf(url, pathname.split('/')[1] as Locale, paths.twin(pathname))
}
