import { env } from '@/env'
import type { Locale } from '@/i18n/locales'

import type { SiteSettings } from '@/globals/defaults'
import type { SiteDocument } from './content'
import { asMedia, ogImagePath } from './media'
import { absoluteUrl, DEFAULT_OG_IMAGE } from './metadata'
import { paths, type PageCollection } from './routes'

/** The firm's JSON-LD node id: the same on every page and in the schema.org feed. */
export const organizationId = (siteUrl: string): string => `${siteUrl}/#organization`

/**
 * The firm as a JSON-LD node (no `@context`), with the facts of the site settings (the facts an
 * editor left empty are left out). Every block that names the firm by its id also carries this
 * node, so the reference resolves within what a reader was given.
 */
export function organizationNode(siteUrl: string, locale: Locale, settings: SiteSettings) {
  const { legalName, email, logo, sameAs } = settings.organization
  return {
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: settings.siteName,
    ...(legalName ? { legalName } : {}),
    url: `${siteUrl}${paths.home(locale)}`,
    description: settings.description,
    logo: /^https?:\/\//.test(logo) ? logo : `${siteUrl}${logo || DEFAULT_OG_IMAGE}`,
    ...(email ? { email } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  }
}

/** The home page's block: the firm. */
export function organizationJsonLd(locale: Locale, settings: SiteSettings) {
  return { '@context': 'https://schema.org', ...organizationNode(env.SITE_URL, locale, settings) }
}

/**
 * A document page's block: BlogPosting for posts, Article for case studies, in one graph with
 * the firm that publishes it.
 */
export function documentJsonLd(
  collection: PageCollection,
  doc: SiteDocument,
  locale: Locale,
  settings: SiteSettings,
) {
  const url = absoluteUrl(paths.document(collection, locale, doc.slug))
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
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
        author: {
          '@type': 'Organization',
          name: settings.siteName,
          url: absoluteUrl(paths.home(locale)),
        },
        publisher: { '@id': organizationId(env.SITE_URL) },
      },
      organizationNode(env.SITE_URL, locale, settings),
    ],
  }
}
