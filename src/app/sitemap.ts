// GET /sitemap.xml – every published page in both locales, with hreflang alternates and lastmod
import type { MetadataRoute } from 'next'

import { AGENT_PATHS } from '@/site/agent-paths'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'
import { allCategories } from '@/site/categories'
import { allDocuments } from '@/site/content'
import { absoluteUrl } from '@/site/metadata'
import { paths, type PageCollection } from '@/site/routes'

export const dynamic = 'force-dynamic'

function entry(
  pathFor: (locale: Locale) => string,
  locale: Locale,
  lastModified?: string,
): MetadataRoute.Sitemap[number] {
  return {
    url: absoluteUrl(pathFor(locale)),
    lastModified,
    alternates: {
      languages: {
        ...Object.fromEntries(LOCALES.map((other) => [other, absoluteUrl(pathFor(other))])),
        'x-default': absoluteUrl(pathFor(DEFAULT_LOCALE)),
      },
    },
  }
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const entries: MetadataRoute.Sitemap = []
  const staticPages = [
    paths.home,
    (locale: Locale) => paths.blog(locale),
    paths.caseStudies,
    paths.contact,
    paths.privacy,
  ]
  for (const locale of LOCALES) {
    for (const pathFor of staticPages) entries.push(entry(pathFor, locale))
    for (const collection of ['posts', 'case-studies'] as PageCollection[]) {
      for (const doc of await allDocuments(collection, locale)) {
        entries.push(
          entry((target) => paths.document(collection, target, doc.slug), locale, doc.updatedAt),
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
