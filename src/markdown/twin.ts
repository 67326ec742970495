import 'server-only'

import { CACHING_POLICY, NEVER_STORED } from '@/http/cache-control'
import { TWIN_FORM_PARAMETER } from '@/http/negotiation'
import { TWIN_ROUTE } from '@/site/routing'
import { MOVED_PERMANENTLY } from '@/http/response-status'
import { isSafeRedirectTarget, twinRedirectTarget } from '@/redirects/paths'
import { estimateTokens, textResponse, type TextStatus } from '@/http/text-response'
import { listedDocumentView } from '@/site/published-view'
import { publishedSettings } from '@/site/settings'
import { env } from '@/env'
import { ApiError, withErrorHandling } from '@/http/errors'
import type { Locale } from '@/i18n/locales'
import { logger } from '@/lib/logger'
import { SEARCH_OUTCOME_STATUS, searchOutcomeHeaders, searchPage } from '@/search/page'
import { isIndexable, NOINDEX } from '@/site/indexing'
import { paths } from '@/site/routes'
import { caseStudyQuote } from '@/site/people'
import { reportDocumentTwin } from '@/site/shown'
import { absoluteUrl } from '@/site/view'

import { documentMarkdown } from './document'
import { indexMarkdown } from './index-twin'
import { isSitePagePath, pageTwin } from './page-twin'
import { renderPage, type RenderedPage } from './rendered-page'
import { searchMarkdown } from './search-pages'
import { parseTwinPath } from './twin-path'

export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8'

/** A twin whose page an editor's redirect moved: the route answers 301 (in the form asked). */
export interface MovedTwin {
  status: typeof MOVED_PERMANENTLY
  /** Where the page moved: a same-site path. */
  movedTo: string
}

export interface TwinResult {
  /** 400 and 429 for a search its page refuses too (src/search/page.ts). */
  status: TextStatus
  markdown: string
  /** The page's language (absent for `/`, which has both). */
  locale?: Locale
  /** The HTML page this is the twin of (absolute). */
  canonical?: string
  /** When the twin must not be kept like published content (search results). */
  cacheControl?: string
  /** Hidden from search engines (src/site/indexing.ts). */
  noindex?: boolean
  /** Headers of its own (`Retry-After` of a search over its budget). */
  headers?: Record<string, string>
}

/** How a twin gets the HTML of its page (`/en/blog?page=2`…). */
export type PageRenderer = (pathAndQuery: string) => Promise<RenderedPage>

/**
 * A post or case study rendered from its rich text and what it refers to (src/site/
 * published-view.ts: one document's reads, whatever the size of the site), without rendering
 * its page; null when the path names no published document (its page then says what there is).
 */
async function documentTwin(
  pagePath: string,
  search: URLSearchParams,
  siteUrl: string,
): Promise<TwinResult | null> {
  const page = parseTwinPath(pagePath, search)
  if (page?.kind !== 'post' && page?.kind !== 'case-study') return null
  const collection = page.kind === 'post' ? 'posts' : 'case-studies'
  const found = await listedDocumentView(collection, page.locale, { slug: page.slug })
  if (!found) return null
  const { doc, view: site } = found
  reportDocumentTwin(collection, page.locale, doc, site)
  const quote = collection === 'case-studies' ? await caseStudyQuote(page.locale, doc.id) : null
  return {
    status: 200,
    markdown: documentMarkdown({ collection, locale: page.locale, doc, site, siteUrl, quote }),
    locale: page.locale,
    canonical: absoluteUrl(siteUrl, paths.document(collection, page.locale, doc.slug)),
    noindex: !isIndexable(doc),
  }
}

/**
 * The twin of a search page, from the search itself rather than its rendered page: a search spends
 * the caller's search budget, which a request of the server to itself would spend in its own name.
 */
async function searchTwin(
  pagePath: string,
  search: URLSearchParams,
  siteUrl: string,
  requestHeaders: Headers,
): Promise<TwinResult | null> {
  const page = parseTwinPath(pagePath, search)
  if (page?.kind !== 'search') return null
  const { locale } = page
  const single = (values: string[]) =>
    values.length === 1 ? values[0] : values.length === 0 ? undefined : values
  const outcome = await searchPage(
    locale,
    { q: single(search.getAll('q')), page: single(search.getAll('page')) },
    requestHeaders,
  )
  // Not a search page after all (a bad `page`): its rendered not-found page says so.
  if (outcome.kind === 'not-found') return null
  // The page's status, and the API's: a search over budget is a 429 however it is asked for.
  return {
    status: SEARCH_OUTCOME_STATUS[outcome.kind],
    markdown: searchMarkdown({ siteUrl, locale, outcome }),
    locale,
    canonical: absoluteUrl(siteUrl, paths.search(locale)),
    cacheControl: NEVER_STORED,
    headers: searchOutcomeHeaders(outcome),
  }
}

/** Any other page: its rendered `<main>`, converted (page-twin.ts). */
async function renderedPageTwin(
  pathAndQuery: string,
  siteUrl: string,
  render: PageRenderer,
): Promise<TwinResult | MovedTwin> {
  let page: RenderedPage
  try {
    page = await render(pathAndQuery)
  } catch (error) {
    logger.warn({ path: pathAndQuery, err: String(error) }, 'page for a markdown twin not rendered')
    throw new ApiError('unavailable', 'The page could not be rendered. Try again shortly.', {
      headers: { 'Retry-After': '5' },
    })
  }
  // The page was moved by an editor's redirect (src/redirects/): so is its twin.
  if (page.status === MOVED_PERMANENTLY && page.location && isSafeRedirectTarget(page.location)) {
    return { status: MOVED_PERMANENTLY, movedTo: page.location }
  }
  if (page.status === 200 || page.status === 404) {
    const twin = pageTwin(page.html, {
      pagePath: pathAndQuery,
      siteUrl,
      // A not-found page is no page: its twin says so, without a page's frontmatter.
      frontmatter: page.status === 200,
    })
    return { status: page.status, ...twin }
  }
  if (page.status === 503) {
    throw new ApiError('unavailable', 'The service is briefly unavailable. Try again shortly.', {
      headers: { 'Retry-After': '5' },
    })
  }
  throw new Error(`the page answered ${page.status}`)
}

/**
 * The markdown twin of the site page at `pagePath` (`/`, `/en/blog`, `/es/case-studies/x`…)
 * with its query (`?page=2` on the blog): a published post or case study from its rich text,
 * `/` from the locales, and every other page from its rendered HTML (a not-found page is a 404).
 */
export async function markdownTwin(
  pagePath: string,
  search: URLSearchParams,
  {
    siteUrl = env.SITE_URL,
    render = renderPage,
    requestHeaders = new Headers(),
  }: { siteUrl?: string; render?: PageRenderer; requestHeaders?: Headers } = {},
): Promise<TwinResult | MovedTwin> {
  if (pagePath === '/' || pagePath === '') {
    return {
      status: 200,
      markdown: indexMarkdown({ siteUrl, settings: await publishedSettings() }),
      canonical: absoluteUrl(siteUrl, '/'),
    }
  }
  if (!isSitePagePath(pagePath)) throw new ApiError('not_found', 'There is no such page.')
  const document = await documentTwin(pagePath, search, siteUrl)
  if (document) return document
  const searched = await searchTwin(pagePath, search, siteUrl, requestHeaders)
  if (searched) return searched
  const query = search.toString()
  return renderedPageTwin(query ? `${pagePath}?${query}` : pagePath, siteUrl, render)
}

type TwinContext = { params: Promise<{ path?: string[] }> }

/** GET and HEAD of `/markdown-twin/{page}`, where the project's server rewrites `P.md` and
 * P (src/site/routing.ts). */
export function markdownTwinRoute() {
  return withErrorHandling(async (request: Request, context: TwinContext) => {
    const { path = [] } = await context.params
    const url = new URL(request.url)
    const search = url.searchParams
    // Answered in this process (src/markdown/in-process.ts), the handler sees the URL as it was
    // asked for, `P.md` or P itself; through Next.js, the twin route the project's server
    // rewrote it to, with the form in a parameter (src/site/routing.ts).
    const rewritten = url.pathname === TWIN_ROUTE || url.pathname.startsWith(`${TWIN_ROUTE}/`)
    const negotiated = rewritten
      ? search.get(TWIN_FORM_PARAMETER) === 'negotiated'
      : !url.pathname.endsWith('.md')
    search.delete(TWIN_FORM_PARAMETER)
    const twin = await markdownTwin(`/${path.map(encodeURIComponent).join('/')}`, search, {
      requestHeaders: request.headers,
    })
    if (twin.status === MOVED_PERMANENTLY) {
      // `P.md` moves to the new page's twin; P asked for as markdown, to the new page itself.
      return new Response(null, {
        status: MOVED_PERMANENTLY,
        headers: {
          Location: negotiated ? twin.movedTo : twinRedirectTarget(twin.movedTo),
          Vary: 'Accept',
          'Cache-Control': CACHING_POLICY.moved.cacheControl,
        },
      })
    }
    return textResponse(request, {
      body: twin.markdown,
      contentType: MARKDOWN_CONTENT_TYPE,
      status: twin.status,
      headers: {
        Vary: 'Accept',
        'X-Markdown-Tokens': String(estimateTokens(twin.markdown)),
        ...(twin.locale && twin.status === 200 ? { 'Content-Language': twin.locale } : {}),
        ...(twin.canonical && twin.status === 200
          ? { Link: `<${twin.canonical}>; rel="canonical"` }
          : {}),
        ...(twin.cacheControl ? { 'Cache-Control': twin.cacheControl } : {}),
        // Hidden from search engines by an editor, as its page is (src/site/indexing.ts).
        ...(twin.noindex ? { 'X-Robots-Tag': NOINDEX } : {}),
        ...twin.headers,
      },
    })
  })
}
