import 'server-only'

import { env } from '@/env'
import { ApiError, withErrorHandling } from '@/http/errors'
import { textResponse } from '@/http/text-response'
import { LOCALES, type Locale } from '@/i18n/locales'
import { AGENT_PATHS } from '@/site/agent-paths'

import { allCategories } from './categories'
import { absoluteUrl } from './metadata'
import { listedSlugs } from './published-view'
import { paths } from './routes'
import {
  SITEMAP_CONTENT_TYPE,
  SITEMAP_LIMITS,
  sitemapFiles,
  sitemapIndex,
  urlElements,
  urlset,
  type SitemapPage,
} from './sitemap'
import { PAGE_COLLECTIONS } from './view'

/**
 * Every published page in both locales, split into sitemap files: the static pages, each listed
 * document (its slug and last change only, one narrow query per collection and locale), each
 * category, the API reference. A document listed in one locale only is in that locale only.
 */
async function sitemapFilesOfSite(): Promise<string[][]> {
  const pages: SitemapPage[] = [
    paths.home,
    paths.blog,
    paths.caseStudies,
    paths.contact,
    paths.privacy,
  ].map((pathFor) => ({ urlFor: (locale: Locale) => absoluteUrl(pathFor(locale)) }))
  for (const collection of PAGE_COLLECTIONS) {
    const perLocale = await Promise.all(
      LOCALES.map(async (locale) => ({ locale, docs: await listedSlugs(collection, locale) })),
    )
    // The same document (slug) in every locale it is listed in, as one page with alternates.
    const bySlug = new Map<string, { locales: Locale[]; lastModified: string }>()
    for (const { locale, docs } of perLocale) {
      for (const doc of docs) {
        const seen = bySlug.get(doc.slug)
        if (seen) {
          seen.locales.push(locale)
          if (doc.updatedAt > seen.lastModified) seen.lastModified = doc.updatedAt
        } else bySlug.set(doc.slug, { locales: [locale], lastModified: doc.updatedAt })
      }
    }
    for (const [slug, { locales, lastModified }] of bySlug) {
      pages.push({
        urlFor: (locale) => absoluteUrl(paths.document(collection, locale, slug)),
        lastModified,
        locales,
      })
    }
  }
  const categories = await Promise.all(LOCALES.map((locale) => allCategories(locale)))
  for (const category of categories[0] ?? []) {
    pages.push({
      urlFor: (locale) => absoluteUrl(paths.category(locale, category.slug)),
      lastModified: category.updatedAt,
    })
  }
  const elements = pages.flatMap(urlElements)
  // The API reference: one page, in English (as the OpenAPI document it shows).
  elements.push(`<url>\n<loc>${absoluteUrl(AGENT_PATHS.apiReference)}</loc>\n</url>\n`)
  return sitemapFiles(elements, { urls: env.SITEMAP_URLS_MAX, bytes: SITEMAP_LIMITS.bytes })
}

/** GET and HEAD of `/sitemap.xml`: the sitemap, or the index of its files. */
export function sitemapRoute() {
  return withErrorHandling(async (request: Request) => {
    const files = await sitemapFilesOfSite()
    const body = files.length === 1 ? urlset(files[0]!) : sitemapIndex(env.SITE_URL, files.length)
    return textResponse(request, { body, contentType: SITEMAP_CONTENT_TYPE })
  })
}

/** GET and HEAD of `/sitemap/{n}.xml`: a file of the index (404 past the last). */
export function sitemapPartRoute() {
  return withErrorHandling(
    async (request: Request, context: { params: Promise<{ part: string }> }) => {
      const match = /^([1-9]\d{0,5})\.xml$/.exec((await context.params).part)
      const files = match ? await sitemapFilesOfSite() : []
      const file = match && files.length > 1 ? files[Number(match[1]) - 1] : undefined
      if (!file) throw new ApiError('not_found', 'There is no such sitemap file.')
      return textResponse(request, { body: urlset(file), contentType: SITEMAP_CONTENT_TYPE })
    },
  )
}
