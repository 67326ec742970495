import 'server-only'

import { estimateTokens, textResponse } from '@/agents/http'
import { publishedSite } from '@/agents/published-site'
import { env } from '@/env'
import { withErrorHandling } from '@/http/errors'
import { DEFAULT_LOCALE, type Locale } from '@/i18n/locales'
import { BLOG_PAGE_SIZE, paths } from '@/site/routes'

import { documentMarkdown } from './document'
import {
  blogMarkdown,
  blogPageCount,
  caseStudiesMarkdown,
  contactMarkdown,
  homeMarkdown,
  indexMarkdown,
  notFoundMarkdown,
} from './pages'
import { absoluteUrl, findDocument, type PublishedSite } from './site'
import { parseTwinPath, type TwinPage } from './twin-path'

export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8'

export interface TwinResult {
  status: 200 | 404
  markdown: string
  /** The page's language (absent for `/`, which has both). */
  locale?: Locale
  /** The HTML page this is the twin of (absolute). */
  canonical?: string
}

function render(page: TwinPage, site: PublishedSite, siteUrl: string): TwinResult | null {
  if (page.kind === 'index') {
    return {
      status: 200,
      markdown: indexMarkdown({ siteUrl }),
      canonical: absoluteUrl(siteUrl, '/'),
    }
  }
  const { locale } = page
  const posts = site.documents.posts[locale]
  const caseStudies = site.documents['case-studies'][locale]
  const found = (markdown: string, path: string): TwinResult => ({
    status: 200,
    markdown,
    locale,
    canonical: absoluteUrl(siteUrl, path),
  })
  switch (page.kind) {
    case 'home':
      return found(homeMarkdown({ siteUrl, locale, posts, caseStudies }), paths.home(locale))
    case 'blog': {
      const totalPages = blogPageCount(posts.length)
      if (page.page > totalPages) return null
      const start = (page.page - 1) * BLOG_PAGE_SIZE
      return found(
        blogMarkdown({
          siteUrl,
          locale,
          posts: posts.slice(start, start + BLOG_PAGE_SIZE),
          page: page.page,
          totalPages,
        }),
        paths.blog(locale, page.page),
      )
    }
    case 'case-studies':
      return found(caseStudiesMarkdown({ siteUrl, locale, caseStudies }), paths.caseStudies(locale))
    case 'contact':
      return found(contactMarkdown({ siteUrl, locale }), paths.contact(locale))
    case 'post':
    case 'case-study': {
      const collection = page.kind === 'post' ? 'posts' : 'case-studies'
      const doc = findDocument(site, collection, locale, { slug: page.slug })
      if (!doc) return null
      return found(
        documentMarkdown({ collection, locale, doc, site, siteUrl }),
        paths.document(collection, locale, doc.slug),
      )
    }
  }
}

/**
 * The markdown twin of the site page at `pagePath` (`/`, `/en/blog`, `/es/case-studies/x`…)
 * with its query (`?page=2` on the blog), rendered from the published content; a 404 twin for
 * anything that is not a published page.
 */
export async function markdownTwin(
  pagePath: string,
  search: URLSearchParams,
  siteUrl: string = env.SITE_URL,
): Promise<TwinResult> {
  const page = parseTwinPath(pagePath, search)
  const locale = page && page.kind !== 'index' ? page.locale : DEFAULT_LOCALE
  const result = page && render(page, await publishedSite(), siteUrl)
  return result ?? { status: 404, markdown: notFoundMarkdown({ siteUrl, locale }), locale }
}

type TwinContext = { params: Promise<{ path?: string[] }> }

/** GET and HEAD of `/markdown-twin/{page}`, where `src/proxy.ts` rewrites `P.md` and P. */
export function markdownTwinRoute() {
  return withErrorHandling(async (request: Request, context: TwinContext) => {
    const { path = [] } = await context.params
    const twin = await markdownTwin(`/${path.join('/')}`, new URL(request.url).searchParams)
    return textResponse(request, {
      body: twin.markdown,
      contentType: MARKDOWN_CONTENT_TYPE,
      status: twin.status,
      headers: {
        Vary: 'Accept',
        'X-Markdown-Tokens': String(estimateTokens(twin.markdown)),
        ...(twin.locale && twin.status === 200 ? { 'Content-Language': twin.locale } : {}),
        ...(twin.canonical ? { Link: `<${twin.canonical}>; rel="canonical"` } : {}),
      },
    })
  })
}
