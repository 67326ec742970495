import { NextResponse, type NextRequest } from 'next/server'

import { prefersMarkdown } from '@/agents/accept'
import { isLocale, LOCALE_HEADER } from '@/i18n/locales'
import { preferredLocale } from '@/i18n/negotiate'

/** Where markdown twins are rendered (src/app/markdown-twin/); pages are rewritten to it. */
export const TWIN_ROUTE = '/markdown-twin'

/** `/`, `/en`, `/es/blog/x`…: the site's pages (not files, not the API or the admin). */
function isSitePage(pathname: string): boolean {
  if (pathname === '/') return true
  const [, first, ...rest] = pathname.split('/')
  return isLocale(first) && !rest.some((segment) => segment.includes('.'))
}

function twinPathOf(page: string): string {
  return page === '/' ? '/index.md' : `${page.replace(/\/+$/, '')}.md`
}

function rewriteToTwin(request: NextRequest, page: string, negotiated: boolean): NextResponse {
  const url = request.nextUrl.clone()
  url.pathname = page === '/' ? TWIN_ROUTE : `${TWIN_ROUTE}${page}`
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

  // The root layout and the not-found page read the URL's locale from this request header.
  const requestHeaders = new Headers(request.headers)
  requestHeaders.set(LOCALE_HEADER, pathname.split('/')[1]!)
  return NextResponse.next({
    request: { headers: requestHeaders },
    headers: {
      Vary: 'Accept',
      Link: `<${twinPathOf(pathname)}>; rel="alternate"; type="text/markdown"`,
    },
  })
}

export const config = {
  matcher: ['/((?!api/|admin|_next/|favicon\\.ico).*)'],
}
