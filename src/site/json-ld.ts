import type { Locale } from '@/i18n/locales'

import { SITE } from './config'
import type { SiteDocument } from './content'
import { asMedia, ogImagePath } from './media'
import { absoluteUrl, DEFAULT_OG_IMAGE } from './metadata'
import { paths, type PageCollection } from './routes'

export function organizationJsonLd(locale: Locale) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${absoluteUrl('/')}#organization`,
    name: SITE.name,
    url: absoluteUrl(paths.home(locale)),
    description: SITE.description[locale],
    logo: absoluteUrl(DEFAULT_OG_IMAGE),
  }
}

/** BlogPosting for posts, Article for case studies. */
export function documentJsonLd(collection: PageCollection, doc: SiteDocument, locale: Locale) {
  const url = absoluteUrl(paths.document(collection, locale, doc.slug))
  return {
    '@context': 'https://schema.org',
    '@type': collection === 'posts' ? 'BlogPosting' : 'Article',
    '@id': url,
    url,
    mainEntityOfPage: url,
    headline: doc.title,
    description: doc.excerpt ?? undefined,
    inLanguage: locale,
    datePublished: doc.publishedAt ?? undefined,
    dateModified: doc.updatedAt,
    image: absoluteUrl(ogImagePath(asMedia(doc.coverImage)) ?? DEFAULT_OG_IMAGE),
    author: { '@type': 'Organization', name: SITE.name, url: absoluteUrl(paths.home(locale)) },
    publisher: { '@id': `${absoluteUrl('/')}#organization` },
  }
}
