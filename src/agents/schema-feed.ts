import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'
import {
  absoluteUrl,
  categoryTitles,
  documentDate,
  documentDescription,
  documentImage,
  findDocument,
  mediaFileUrl,
  PAGE_COLLECTIONS,
  twinUrl,
  type PublishedView,
} from '@/site/view'
import type { SiteDocument } from '@/site/content'
import { isIndexable } from '@/site/indexing'
import { organizationNode } from '@/site/json-ld'
import { serviceJsonLd } from '@/site/service-json-ld'
import type { SiteService } from '@/site/services'
import type { SiteSettings } from '@/globals/defaults'
import type { DocumentPagesReads } from '@/site/published-view'
import { paths, type PageCollection } from '@/site/routes'

/**
 * `/feeds/schema.jsonl`: one schema.org JSON-LD object per line, one line per published document
 * per locale: `BlogPosting` for posts, `Article` for case studies, then one per service listed in
 * each language: `Service`, the same object as the service's page carries. The default locale's version
 * is the original; the other languages are its translations (`workTranslation` on the original,
 * `translationOfWork` on each translation). Each line stands alone: the firm that publishes the
 * document is given whole; the only ids it leaves to other lines are those of its translations,
 * each the URL of a page whose own line defines it.
 */

const TYPES: Record<PageCollection, string> = { posts: 'BlogPosting', 'case-studies': 'Article' }

/**
 * What a page of the feed reads (src/agents/resources.ts): the fields `schemaEntry` and
 * `isIndexable` show, not the documents' rich text, which is most of what a document weighs to
 * read, and of what documents refer to only their translations (no links, related posts or
 * media of their bodies).
 */
export const SCHEMA_FEED_READS = {
  select: {
    title: true,
    slug: true,
    excerpt: true,
    publishedAt: true,
    createdAt: true,
    updatedAt: true,
    coverImage: true,
    categories: true,
    meta: true,
  },
  references: false,
} satisfies DocumentPagesReads

/** The JSON-LD node id of a document in a locale (its page URL, as on the page itself). */
export function schemaId(
  siteUrl: string,
  collection: PageCollection,
  locale: Locale,
  slug: string,
) {
  return absoluteUrl(siteUrl, paths.document(collection, locale, slug))
}

export function schemaEntry(input: {
  site: PublishedView
  siteUrl: string
  collection: PageCollection
  locale: Locale
  doc: SiteDocument
}): Record<string, unknown> {
  const { site, siteUrl, collection, locale, doc } = input
  const url = schemaId(siteUrl, collection, locale, doc.slug)
  const translations = LOCALES.filter(
    (other) => other !== locale && findDocument(site, collection, other, { id: doc.id }),
  )
  const image = documentImage(doc)
  const keywords = categoryTitles(doc)
  const description = documentDescription(doc)
  const translationLinks =
    locale === DEFAULT_LOCALE
      ? translations.length > 0
        ? {
            workTranslation: translations.map((other) => ({
              '@id': schemaId(siteUrl, collection, other, doc.slug),
            })),
          }
        : {}
      : translations.includes(DEFAULT_LOCALE)
        ? { translationOfWork: { '@id': schemaId(siteUrl, collection, DEFAULT_LOCALE, doc.slug) } }
        : {}
  return {
    '@context': 'https://schema.org',
    '@type': TYPES[collection],
    '@id': url,
    url,
    headline: doc.title,
    ...(description ? { description } : {}),
    inLanguage: locale,
    datePublished: documentDate(doc),
    dateModified: doc.updatedAt,
    ...(image?.filename ? { image: mediaFileUrl(siteUrl, image.filename) } : {}),
    author: {
      '@type': 'Organization',
      name: site.settings[locale].siteName,
      url: absoluteUrl(siteUrl, paths.home(locale)),
    },
    // The whole node, not only its id: each line is read on its own.
    publisher: organizationNode(siteUrl, locale, site.settings[locale]),
    ...(keywords.length > 0 ? { keywords } : {}),
    ...translationLinks,
    encoding: {
      '@type': 'MediaObject',
      contentUrl: twinUrl(siteUrl, paths.document(collection, locale, doc.slug)),
      encodingFormat: 'text/markdown',
    },
  }
}

/** One line: the object as JSON, `<` written as `\u003c` (the same JSON), then `\n`. */
const line = (entry: Record<string, unknown>) =>
  `${JSON.stringify(entry).replace(/</g, '\\u003c')}\n`

/** The lines of `docs` (of one collection and locale, in `site`). */
export function schemaFeedPart(
  site: PublishedView,
  collection: PageCollection,
  locale: Locale,
  docs: readonly SiteDocument[],
  siteUrl: string,
): string {
  return docs
    .filter(isIndexable)
    .map((doc) => line(schemaEntry({ site, siteUrl, collection, locale, doc })))
    .join('')
}

/**
 * The lines of the services listed in `locale` (src/site/services.ts: published and translated
 * into it): each the JSON-LD `Service` of its page (src/site/service-json-ld.ts), which names the
 * firm whole as its provider, so it stands alone as the documents' lines do. A service is not a
 * creative work: it has no translation links or markdown encoding, only its page's URL.
 */
export function schemaFeedServicesPart(
  locale: Locale,
  services: readonly SiteService[],
  settings: SiteSettings,
  siteUrl: string,
): string {
  return services.map((service) => line(serviceJsonLd(locale, service, settings, siteUrl))).join('')
}

/**
 * The whole feed for the documents `site` holds and the services listed in each language: one
 * JSON object per line, each line ending with `\n`. `<` is written as `\u003c`, so a line can
 * also be embedded in an HTML `<script>` as it is. The route streams it a page at a time
 * (src/agents/resources.ts), with the same parts in the same order.
 */
export function schemaFeed(
  site: PublishedView,
  siteUrl: string,
  services?: Readonly<Record<Locale, readonly SiteService[]>>,
): string {
  return [
    ...PAGE_COLLECTIONS.flatMap((collection) =>
      LOCALES.map((locale) =>
        schemaFeedPart(site, collection, locale, site.documents[collection][locale], siteUrl),
      ),
    ),
    ...LOCALES.map((locale) =>
      schemaFeedServicesPart(locale, services?.[locale] ?? [], site.settings[locale], siteUrl),
    ),
  ].join('')
}
