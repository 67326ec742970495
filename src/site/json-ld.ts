import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import type { SiteSettings } from '@/globals/defaults'
import type { DocumentPage, SiteDocument } from './content'
import { asMedia, ogImagePath } from './media'
import { authorNode } from './people-json-ld'
import { absoluteUrl, DEFAULT_OG_IMAGE } from './metadata'
import { BLOG_PAGE_SIZE, paths, type PageCollection } from './routes'

/** The firm's JSON-LD node id: the same on every page and in the schema.org feed. */
export const organizationId = (siteUrl: string): string => `${siteUrl}/#organization`

/** The site's JSON-LD node id in one language (its home page's URL, then `#website`). */
export const websiteId = (siteUrl: string, locale: Locale): string =>
  `${siteUrl}${paths.home(locale)}#website`

/**
 * The name of the search term in the site search's URL template: what `query-input` declares
 * (`required name=…`) and the template's `{…}` stands for.
 */
export const SEARCH_TERM = 'search_term_string'

/**
 * How the firm takes inquiries: the contact page (its form) and, when the settings give one, the
 * email address. `contactType` is free text in schema.org; this is what the form is for.
 */
const CONTACT_TYPE = 'sales inquiries'

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

/** How to reach the firm: its contact page (the inquiry form), and its email address if set. */
export function contactPointNode(siteUrl: string, locale: Locale, settings: SiteSettings) {
  const { email } = settings.organization
  return {
    '@type': 'ContactPoint',
    contactType: CONTACT_TYPE,
    url: `${siteUrl}${paths.contact(locale)}`,
    ...(email ? { email } : {}),
  }
}

/**
 * The home page's first block: the firm in full, with its contact point (the pages and the feed
 * that name it as a publisher carry the shorter `organizationNode`).
 */
export function organizationJsonLd(locale: Locale, settings: SiteSettings) {
  const siteUrl = env.SITE_URL
  return {
    '@context': 'https://schema.org',
    ...organizationNode(siteUrl, locale, settings),
    contactPoint: contactPointNode(siteUrl, locale, settings),
  }
}

/**
 * The home page's second block: the site in one language, published by the firm (defined in the
 * first block), and how to search it: the search page's URL with the term in `q`, as a
 * SearchAction whose `query-input` names the template's one variable.
 */
export function websiteJsonLd(locale: Locale, settings: SiteSettings) {
  const siteUrl = env.SITE_URL
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': websiteId(siteUrl, locale),
    url: `${siteUrl}${paths.home(locale)}`,
    name: settings.siteName,
    description: settings.description,
    inLanguage: locale,
    publisher: { '@id': organizationId(siteUrl) },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        // Built by hand: paths.search would percent-encode the template's braces.
        urlTemplate: `${siteUrl}${paths.search(locale)}?q={${SEARCH_TERM}}`,
      },
      'query-input': `required name=${SEARCH_TERM}`,
    },
  }
}

/** A position in a breadcrumb trail: its name and the page it names. */
interface Crumb {
  name: string
  path: string
}

/** A BreadcrumbList of `crumbs`, from the home page down to the page itself. */
function breadcrumbNode(pageUrl: string, crumbs: readonly Crumb[]) {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${pageUrl}#breadcrumb`,
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  }
}

/** The list a document belongs to: its title and path, in `locale`. */
function listOf(collection: PageCollection, locale: Locale): Crumb {
  const t = messagesFor(locale)
  return collection === 'posts'
    ? { name: t.blog.title, path: paths.blog(locale) }
    : { name: t.caseStudies.title, path: paths.caseStudies(locale) }
}

/**
 * A document page's block: BlogPosting for posts, Article for case studies, in one graph with
 * the firm that publishes it and the page's breadcrumb trail (home, the list, the document).
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
        // Its author, a member of the team (src/collections/TeamMembers.ts); else the firm.
        author: authorNode(doc.author, locale) ?? {
          '@type': 'Organization',
          name: settings.siteName,
          url: absoluteUrl(paths.home(locale)),
        },
        publisher: { '@id': organizationId(env.SITE_URL) },
      },
      organizationNode(env.SITE_URL, locale, settings),
      breadcrumbNode(url, [
        { name: messagesFor(locale).nav.home, path: paths.home(locale) },
        listOf(collection, locale),
        { name: doc.title, path: paths.document(collection, locale, doc.slug) },
      ]),
    ],
  }
}

/** A list page as `collectionPageJsonLd` describes it. */
export interface ListPage {
  /** The page's own path (with `?page=` past the first). */
  path: string
  name: string
  description: string
}

/** What a list page shows: its documents, and where they stand in the whole list. */
export interface ListedDocuments {
  docs: readonly SiteDocument[]
  /** The page number, from 1, and how many documents a page holds (positions go on across pages). */
  page?: number
  pageSize?: number
  /** How many documents the whole list holds, when the page knows. */
  totalDocs?: number
}

/**
 * A list page's block (the blog, a category, the case studies): a CollectionPage whose main
 * entity is the ItemList of the documents it shows, in order, each a ListItem with its position
 * in the whole list, its URL and title. `numberOfItems` counts the whole list, as schema.org has
 * it for a list paginated over several pages.
 */
export function collectionPageJsonLd(
  collection: PageCollection,
  locale: Locale,
  page: ListPage,
  { docs, page: pageNumber = 1, pageSize = docs.length, totalDocs }: ListedDocuments,
) {
  const url = absoluteUrl(page.path)
  const first = (pageNumber - 1) * pageSize + 1
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    '@id': url,
    url,
    name: page.name,
    description: page.description,
    inLanguage: locale,
    mainEntity: {
      '@type': 'ItemList',
      ...(totalDocs !== undefined ? { numberOfItems: totalDocs } : {}),
      itemListElement: docs.map((doc, index) => ({
        '@type': 'ListItem',
        position: first + index,
        url: absoluteUrl(paths.document(collection, locale, doc.slug)),
        name: doc.title,
      })),
    },
  }
}

/** The blog's block: one page of it (`page` from 1), the whole list counted. */
export function blogJsonLd(locale: Locale, page: number, list: DocumentPage) {
  const t = messagesFor(locale).blog
  return collectionPageJsonLd(
    'posts',
    locale,
    { path: paths.blog(locale, page), name: t.title, description: t.description },
    { ...list, pageSize: BLOG_PAGE_SIZE },
  )
}

/** A category's block: one page of its posts, paged as the blog is. */
export function categoryJsonLd(
  locale: Locale,
  category: { slug: string; title: string },
  page: number,
  list: DocumentPage,
) {
  const t = messagesFor(locale).category
  return collectionPageJsonLd(
    'posts',
    locale,
    {
      path: paths.category(locale, category.slug, page),
      name: t.title(category.title),
      description: t.description(category.title),
    },
    { ...list, pageSize: BLOG_PAGE_SIZE },
  )
}

/** The case studies' block: the newest ones the page shows (it has no pages, nor a count). */
export function caseStudiesJsonLd(locale: Locale, docs: readonly SiteDocument[]) {
  const t = messagesFor(locale).caseStudies
  return collectionPageJsonLd(
    'case-studies',
    locale,
    { path: paths.caseStudies(locale), name: t.title, description: t.description },
    { docs },
  )
}
