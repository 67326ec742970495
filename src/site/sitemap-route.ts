import 'server-only'

import { env } from '@/env'
import { ApiError, withErrorHandling } from '@/http/errors'
import { partedTextResponse, textResponse } from '@/http/text-response'
import { LOCALES, type Locale } from '@/i18n/locales'
import { AGENT_PATHS } from '@/site/agent-paths'

import { allCategories } from './categories'
import { absoluteUrl } from './metadata'
import { publishedAboutLocales } from './people'
import { listedSlugs } from './published-view'
import { paths } from './routes'
import {
  SITEMAP_CONTENT_TYPE,
  SITEMAP_LIMITS,
  sitemapFiles,
  sitemapIndex,
  urlElements,
  urlsetParts,
  type SitemapFile,
  type SitemapPage,
} from './sitemap'
import { listedServices } from './services'
import { PAGE_COLLECTIONS } from './view'

/**
 * Every published page in both locales, split into sitemap files: the static pages, each listed
 * document (its slug and last change only, one narrow query per collection and locale), each
 * category, the API reference. A document listed in one locale only is in that locale only.
 *
 * What is kept is the pages (a slug and a date each); their `<url>` elements, 9 MB at 11,000
 * documents, are made as they are needed (`elements`), never all at once: a pass to plan the files
 * and name each, another to send one.
 */
async function sitemapOfSite(): Promise<{
  elements: () => Generator<string>
  files: SitemapFile[]
}> {
  const pages: SitemapPage[] = [
    paths.home,
    paths.blog,
    paths.caseStudies,
    paths.contact,
    paths.privacy,
    paths.developers,
  ].map((pathFor) => ({ urlFor: (locale: Locale) => absoluteUrl(pathFor(locale)) }))
  // The About page in the languages it is written in (src/site/people.ts).
  const aboutLocales = await publishedAboutLocales()
  if (aboutLocales.length > 0)
    pages.push({ urlFor: (locale) => absoluteUrl(paths.about(locale)), locales: aboutLocales })
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
  // Each service in the languages it is translated into, as one page with alternates.
  const servicesPerLocale = await Promise.all(
    LOCALES.map(async (locale) => ({ locale, services: await listedServices(locale) })),
  )
  const byKey = new Map<string, { locales: Locale[]; lastModified: string }>()
  for (const { locale, services } of servicesPerLocale) {
    for (const service of services) {
      const seen = byKey.get(service.key)
      if (seen) {
        seen.locales.push(locale)
        if (service.updatedAt > seen.lastModified) seen.lastModified = service.updatedAt
      } else byKey.set(service.key, { locales: [locale], lastModified: service.updatedAt })
    }
  }
  for (const [key, { locales, lastModified }] of byKey) {
    pages.push({
      urlFor: (locale) => absoluteUrl(paths.service(locale, key)),
      lastModified,
      locales,
    })
  }
  const categories = await Promise.all(LOCALES.map((locale) => allCategories(locale)))
  for (const category of categories[0] ?? []) {
    pages.push({
      urlFor: (locale) => absoluteUrl(paths.category(locale, category.slug)),
      lastModified: category.updatedAt,
    })
  }
  const elements = function* () {
    for (const page of pages) yield* urlElements(page)
    // The API reference: one page, in English (as the OpenAPI document it shows).
    yield `<url>\n<loc>${absoluteUrl(AGENT_PATHS.apiReference)}</loc>\n</url>\n`
  }
  const limits = { urls: env.SITEMAP_URLS_MAX, bytes: SITEMAP_LIMITS.bytes }
  return { elements, files: sitemapFiles(elements(), limits) }
}

/** One file of the sitemap, streamed (`partedTextResponse`). */
function sitemapFileResponse(
  request: Request,
  { elements, file }: { elements: () => Generator<string>; file: SitemapFile },
): Response {
  return partedTextResponse(request, {
    parts: () => urlsetParts(elements(), file),
    validators: file.validators,
    contentType: SITEMAP_CONTENT_TYPE,
  })
}

/** GET and HEAD of `/sitemap.xml`: the sitemap, or the index of its files. */
export function sitemapRoute() {
  return withErrorHandling(async (request: Request) => {
    const { elements, files } = await sitemapOfSite()
    if (files.length === 1) return sitemapFileResponse(request, { elements, file: files[0]! })
    const body = sitemapIndex(env.SITE_URL, files.length)
    return textResponse(request, { body, contentType: SITEMAP_CONTENT_TYPE })
  })
}

/** GET and HEAD of `/sitemap/{n}.xml`: a file of the index (404 past the last). */
export function sitemapPartRoute() {
  return withErrorHandling(
    async (request: Request, context: { params: Promise<{ part: string }> }) => {
      const match = /^([1-9]\d{0,5})\.xml$/.exec((await context.params).part)
      const sitemap = match ? await sitemapOfSite() : undefined
      const files = sitemap?.files ?? []
      const file = match && files.length > 1 ? files[Number(match[1]) - 1] : undefined
      if (!sitemap || !file) throw new ApiError('not_found', 'There is no such sitemap file.')
      return sitemapFileResponse(request, { elements: sitemap.elements, file })
    },
  )
}
