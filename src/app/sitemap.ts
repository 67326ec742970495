// GET /sitemap.xml – every published page in both locales, with hreflang alternates and lastmod
import type { MetadataRoute } from 'next'

import { AGENT_PATHS } from '@/site/agent-paths'
import { LOCALES, type Locale } from '@/i18n/locales'
import { allCategories } from '@/site/categories'
import { allDocuments, type SiteDocument } from '@/site/content'
import { isIndexable } from '@/site/indexing'
import { absoluteUrl, hreflangLinks } from '@/site/metadata'
import { paths, type PageCollection } from '@/site/routes'

export const dynamic = 'force-dynamic'

function entry(
  pathFor: (locale: Locale) => string,
  locale: Locale,
  lastModified?: string,
  locales: readonly Locale[] = LOCALES,
): MetadataRoute.Sitemap[number] {
  return {
    url: absoluteUrl(pathFor(locale)),
    lastModified,
    alternates: { languages: hreflangLinks(pathFor, locales) },
  }
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const entries: MetadataRoute.Sitemap = []
  const staticPages = [
    paths.home,
    (locale: Locale) => paths.blog(locale),
    paths.caseStudies,
    paths.contact,
  ]
  const documents = Object.fromEntries(
    await Promise.all(
      (['posts', 'case-studies'] as PageCollection[]).map(
        async (collection) =>
          [
            collection,
            Object.fromEntries(
              await Promise.all(
                LOCALES.map(async (locale) => [locale, await allDocuments(collection, locale)]),
              ),
            ),
          ] as const,
      ),
    ),
  ) as Record<PageCollection, Record<Locale, SiteDocument[]>>
  for (const locale of LOCALES) {
    for (const pathFor of staticPages) entries.push(entry(pathFor, locale))
    for (const collection of ['posts', 'case-studies'] as PageCollection[]) {
      // Each language lists only its translated documents; their alternates, only the
      // languages they have.
      for (const doc of documents[collection][locale].filter(isIndexable)) {
        const translatedInto = LOCALES.filter((other) =>
          documents[collection][other].some((candidate) => candidate.id === doc.id),
        )
        entries.push(
          entry(
            (target) => paths.document(collection, target, doc.slug),
            locale,
            doc.updatedAt,
            translatedInto,
          ),
        )
      }
    }
    for (const category of await allCategories(locale)) {
      entries.push(
        entry((target) => paths.category(target, category.slug), locale, category.updatedAt),
      )
    }
  }
  // The API reference: one page, in English (as the OpenAPI document it shows).
  entries.push({ url: absoluteUrl(AGENT_PATHS.apiReference) })
  return entries
}
