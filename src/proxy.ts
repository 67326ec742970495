import { NextResponse, type NextRequest } from 'next/server'

import { prefersMarkdown, TWIN_FORM_PARAMETER } from '@/http/negotiation'
import { CACHING_POLICY } from '@/http/cache-control'
import { isLocale, LOCALE_HEADER, PAGE_PATH_HEADER } from '@/i18n/locales'
import { preferredLocale } from '@/http/negotiation'
import { AGENT_PATHS } from '@/site/agent-paths'

/** Where markdown twins are rendered (src/app/markdown-twin/); pages are rewritten to it. */
export const TWIN_ROUTE = '/markdown-twin'

/**
 * Pages outside the locales (English only, like the OpenAPI document they show), each with its
 * twin at a route of its own.
 */
const STANDALONE_PAGES: Readonly<Record<string, string>> = {
  [AGENT_PATHS.apiReference]: AGENT_PATHS.apiReferenceTwin,
}

/** `/`, `/en`, `/es/blog/x`…: the site's pages (not files, not the API or the admin). */
function isSitePage(pathname: string): boolean {
  if (pathname === '/') return true
  const [, first, ...rest] = pathname.split('/')
  return isLocale(first) && !rest.some((segment) => segment.includes('.'))
}

/** Search results: one per query, spending the searcher's budget, so never kept by a cache. */
const SEARCH_PAGE = /^\/[a-z]{2}\/search$/

function twinPathOf(page: string): string {
  return page === '/' ? '/index.md' : `${page.replace(/\/+$/, '')}.md`
}

function rewriteToTwin(request: NextRequest, page: string, negotiated: boolean): NextResponse {
  const url = request.nextUrl.clone()
  url.pathname = page === '/' ? TWIN_ROUTE : `${TWIN_ROUTE}${page}`
  url.searchParams.set(TWIN_FORM_PARAMETER, negotiated ? 'negotiated' : 'suffix')
  return NextResponse.rewrite(url, negotiated ? { headers: { Vary: 'Accept' } } : undefined)
}

/**
 * Every site page P has a markdown twin at `P.md` (and `/index.md` for `/`), also served at P
 * itself to clients whose `Accept` prefers text/markdown. HTML responses advertise the twin.
 * `/` sends browsers to their language.
 */
export function proxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl

  if (pathname.endsWith('.md')) {
    const page = pathname === '/index.md' ? '/' : pathname.slice(0, -'.md'.length)
    return isSitePage(page) ? rewriteToTwin(request, page, false) : NextResponse.next()
  }
  const standaloneTwin = STANDALONE_PAGES[pathname]
  if (standaloneTwin !== undefined) {
    if (prefersMarkdown(request.headers.get('accept'))) {
      const url = request.nextUrl.clone()
      url.pathname = standaloneTwin
      return NextResponse.rewrite(url, { headers: { Vary: 'Accept' } })
    }
    return pageResponse(request, 'en', standaloneTwin)
  }
  if (!isSitePage(pathname)) return NextResponse.next()

  if (prefersMarkdown(request.headers.get('accept'))) return rewriteToTwin(request, pathname, true)

  if (pathname === '/') {
    const url = request.nextUrl.clone()
    url.pathname = `/${preferredLocale(request.headers.get('accept-language'))}`
    const response = NextResponse.redirect(url, 307)
    response.headers.set('Vary', 'Accept, Accept-Language')
    response.headers.set('Link', `<${twinPathOf('/')}>; rel="alternate"; type="text/markdown"`)
    return response
  }

  return pageResponse(request, pathname.split('/')[1]!, twinPathOf(pathname))
}

/** An HTML page: its locale for the layout, and the headers every page answers with. */
function pageResponse(request: NextRequest, locale: string, twin: string): NextResponse {
  // The root layout and the not-found page read the URL's locale from this request header.
  const requestHeaders = new Headers(request.headers)
  requestHeaders.set(LOCALE_HEADER, locale)
  // …and the path and query, for the header's links (a document may lack a translation).
  requestHeaders.set(PAGE_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`)
  return NextResponse.next({
    request: { headers: requestHeaders },
    headers: {
      // Next.js marks dynamic pages private unless the response already says otherwise.
      'Cache-Control':
        CACHING_POLICY[SEARCH_PAGE.test(request.nextUrl.pathname) ? 'search' : 'pages']
          .cacheControl,
      Vary: 'Accept',
      Link: `<${twin}>; rel="alternate"; type="text/markdown"`,
    },
  })
}

export const config = {
  matcher: ['/((?!api/|admin|_next/|favicon\\.ico).*)'],
}
