import type { Metadata } from 'next'

import { AGENT_PATHS, SCHEMA_FEED_CONTENT_TYPE } from '@/site/agent-paths'
import { env } from '@/env'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import { paths } from './routes'
import { PAGE_COLLECTIONS } from './view'

/** A site path made absolute; URLs that already are (Payload's media URLs) are kept. */
export const absoluteUrl = (path: string): string =>
  /^https?:\/\//.test(path) ? path : `${env.SITE_URL}${path}`

import { DEFAULT_OG_IMAGE } from './og-image'

export { DEFAULT_OG_IMAGE }

export const OG_LOCALE: Record<Locale, string> = { en: 'en_US', es: 'es_ES' }

interface PageMetadataInput {
  locale: Locale
  /** The firm's name, from the site settings (feed titles, OpenGraph). */
  siteName: string
  /** The page's path in each locale (documents share one slug, so it is the same path shape). */
  pathFor: (locale: Locale) => string
  title: string
  description: string
  image?: string | null
  type?: 'website' | 'article'
  publishedTime?: string | null
  modifiedTime?: string | null
  /** Hidden from search engines by an editor (src/site/indexing.ts). */
  noindex?: boolean
  /** The languages the page exists in (a document lacking a translation): all by default. */
  locales?: readonly Locale[]
}

/**
 * Title, description, canonical URL, hreflang alternates (en, es, x-default), OpenGraph and
 * Twitter cards, and the page's markdown twin, RSS feeds and the site's schema.org feed as
 * alternate representations.
 */
export function pageMetadata(input: PageMetadataInput): Metadata {
  const path = input.pathFor(input.locale)
  const image = absoluteUrl(input.image ?? DEFAULT_OG_IMAGE)
  const languages = hreflangLinks(input.pathFor, input.locales ?? LOCALES)
  return {
    metadataBase: new URL(env.SITE_URL),
    title: input.title,
    description: input.description,
    ...(input.noindex ? { robots: { index: false } } : {}),
    alternates: {
      canonical: absoluteUrl(path),
      languages,
      types: {
        'text/markdown': absoluteUrl(paths.twin(path)),
        'application/rss+xml': PAGE_COLLECTIONS.map((collection) => ({
          url: absoluteUrl(paths.feed(collection, input.locale)),
          title: `${input.siteName}: ${FEED_TITLE[collection](input.locale)}`,
        })),
        [SCHEMA_FEED_CONTENT_TYPE]: [
          { url: absoluteUrl(AGENT_PATHS.schemaFeed), title: `${input.siteName}: schema.org` },
        ],
      },
    },
    openGraph: {
      type: input.type ?? 'website',
      url: absoluteUrl(path),
      siteName: input.siteName,
      title: input.title,
      description: input.description,
      locale: OG_LOCALE[input.locale],
      alternateLocale: (input.locales ?? LOCALES)
        .filter((locale) => locale !== input.locale)
        .map((locale) => OG_LOCALE[locale]),
      images: [{ url: image, width: 1200, height: 630, alt: input.title }],
      ...(input.type === 'article'
        ? {
            publishedTime: input.publishedTime ?? undefined,
            modifiedTime: input.modifiedTime ?? undefined,
          }
        : {}),
    },
    twitter: {
      card: 'summary_large_image',
      title: input.title,
      description: input.description,
      images: [image],
    },
  }
}

/**
 * hreflang links: one per language the page exists in, never one to a language it lacks, and
 * `x-default` to the default language's version (or, lacking it, the first it has).
 */
export function hreflangLinks(
  pathFor: (locale: Locale) => string,
  locales: readonly Locale[],
): Record<string, string> {
  const fallback = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locales[0]
  return Object.fromEntries([
    ...locales.map((locale) => [locale, absoluteUrl(pathFor(locale))]),
    ...(fallback ? [['x-default', absoluteUrl(pathFor(fallback))]] : []),
  ])
}

/** The blog's feed (the site footer links it). */
export const feedPath = (locale: Locale): string => paths.feed('posts', locale)

const FEED_TITLE = {
  posts: (locale: Locale) => messagesFor(locale).blog.title,
  'case-studies': (locale: Locale) => messagesFor(locale).caseStudies.title,
} as const
