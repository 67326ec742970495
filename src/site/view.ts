import { LOCALES, type Locale } from '@/i18n/locales'
import { CATEGORIES_KEY, listKey, MEDIA_KEY, SETTINGS_KEY } from '@/lib/content-version'
import type { Category, Media, Testimonial } from '@/payload-types'
import { SETTINGS_DEFAULTS, type SiteSettings } from '@/globals/defaults'
import type { SiteDocument } from '@/site/content'
import { paths, type PageCollection } from '@/site/routes'

/** The page collections, in the order the agent resources list them. */
export const PAGE_COLLECTIONS = [
  'posts',
  'case-studies',
] as const satisfies readonly PageCollection[]

/**
 * The content-version keys of everything published (src/lib/content-version.ts): what
 * whatever lists the whole site (feeds, llms.txt, the sitemap, the home page) depends on.
 * Every change to published content advances one of them.
 */
export const PUBLISHED_CONTENT_KEYS: readonly string[] = [
  ...PAGE_COLLECTIONS.map(listKey),
  // The services' pages (src/site/services.ts): listed on the home page, the sitemap, llms.txt.
  listKey('services'),
  // People and proof (src/site/people.ts): the About page's team (documents' authors), the home
  // page's quotes and logos, a case study's quote.
  listKey('team-members'),
  listKey('testimonials'),
  listKey('client-logos'),
  CATEGORIES_KEY,
  MEDIA_KEY,
  SETTINGS_KEY,
]

/**
 * The published content one rendering of an agent surface sees (src/site/published-view.ts):
 * the documents it renders and those they refer to (links, alternates, related posts), never the
 * whole site. Every surface renders a document from one of these through the same functions, so
 * a twin, llms-full.txt and an MCP read agree with each other.
 */
export interface PublishedView {
  /**
   * Published documents per collection and locale, newest first (as the site lists them): those
   * rendered and those they refer to. A referred-to document may hold only its title, slug,
   * dates and categories.
   */
  documents: Readonly<Record<PageCollection, Readonly<Record<Locale, readonly SiteDocument[]>>>>
  /** Media that rich text refers to by id only, per locale (alt texts are localized). */
  media: Readonly<Record<Locale, Readonly<Record<number, Media>>>>
  /** The published site settings per locale (tagline, summary, contact copy, JSON-LD facts). */
  settings: Readonly<Record<Locale, SiteSettings>>
  /** The client quote each case study of the view shows under its summary, by its id, per locale. */
  quotes: Readonly<Record<Locale, Readonly<Record<number, Testimonial>>>>
}

export function emptyView(): PublishedView {
  const perLocale = <T>(make: () => T) =>
    Object.fromEntries(LOCALES.map((locale) => [locale, make()])) as Record<Locale, T>
  return {
    documents: { posts: perLocale(() => []), 'case-studies': perLocale(() => []) },
    media: perLocale(() => ({})),
    settings: SETTINGS_DEFAULTS,
    quotes: perLocale(() => ({})),
  }
}

/** `${siteUrl}${path}`: every URL in the agent resources is absolute. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path}`
}

/** The absolute URL of a page's markdown twin (`/` → `/index.md`; a query stays after `.md`). */
export function twinUrl(siteUrl: string, pagePath: string): string {
  return absoluteUrl(siteUrl, paths.twin(pagePath))
}

/** A media file as the public file server serves it. */
export function mediaFileUrl(siteUrl: string, filename: string): string {
  return absoluteUrl(siteUrl, `/api/media/file/${encodeURIComponent(filename)}`)
}

export function findDocument(
  site: PublishedView,
  collection: PageCollection,
  locale: Locale,
  match: { slug: string } | { id: number },
): SiteDocument | undefined {
  return site.documents[collection][locale].find((doc) =>
    'slug' in match ? doc.slug === match.slug : doc.id === match.id,
  )
}

/** Other locales in which the same document is published. */
export function otherLocales(
  site: PublishedView,
  collection: PageCollection,
  locale: Locale,
  id: number,
): Locale[] {
  return LOCALES.filter(
    (other) => other !== locale && findDocument(site, collection, other, { id }) !== undefined,
  )
}

/** A populated upload (cover, SEO image), or null when it is only an id or not public. */
export function populatedMedia(value: unknown): Media | null {
  return typeof value === 'object' && value !== null && 'filename' in value
    ? (value as Media)
    : null
}

/** Titles of populated categories. */
export function categoryTitles(doc: SiteDocument): string[] {
  return (doc.categories ?? [])
    .filter((category): category is Category => typeof category === 'object' && category !== null)
    .map((category) => category.title)
    .filter((title) => typeof title === 'string' && title.trim() !== '')
}

/** What a document says about itself in one line: SEO description, else its excerpt. */
export function documentDescription(doc: SiteDocument): string {
  return (doc.meta?.description || doc.excerpt || '').replace(/\s+/g, ' ').trim()
}

/** The document's date: first publication, else creation. */
export function documentDate(doc: SiteDocument): string {
  return doc.publishedAt ?? doc.createdAt
}

/** Its cover image, else its SEO image. */
export function documentImage(doc: SiteDocument): Media | null {
  return populatedMedia(doc.coverImage) ?? populatedMedia(doc.meta?.image)
}
