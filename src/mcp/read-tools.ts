import type { z } from 'zod'

import { LOCALES, type Locale } from '@/i18n/locales'
import { documentMarkdown } from '@/markdown/document'
import { parseTwinPath } from '@/markdown/twin-path'
import type { SearchHit, SearchResults } from '@/search/contract'
import type { SiteDocument } from '@/site/content'
import { paths, type PageCollection } from '@/site/routes'
import {
  absoluteUrl,
  documentDescription,
  findDocument,
  PAGE_COLLECTIONS,
  twinUrl,
  type PublishedSite,
} from '@/site/snapshot'

import {
  RESOURCES_PAGE_SIZE,
  type DocumentSummary,
  type GetDocumentArgs,
  type getDocumentOutput,
  type ListDocumentsArgs,
  type listDocumentsOutput,
  type SearchContentArgs,
  type searchContentOutput,
} from './read-contract'

/** The media type of every resource: a markdown twin. */
export const MARKDOWN_MEDIA_TYPE = 'text/markdown'

/**
 * What the read-only tools and resources answer, computed from the published snapshot (every
 * agent surface renders from it, so a tool, a twin and llms.txt never disagree). Published
 * documents only: the snapshot holds nothing else.
 */

export function documentSummary(
  collection: PageCollection,
  locale: Locale,
  doc: SiteDocument,
  siteUrl: string,
): DocumentSummary {
  const pagePath = paths.document(collection, locale, doc.slug)
  return {
    collection,
    locale,
    id: doc.id,
    slug: doc.slug,
    title: doc.title,
    excerpt: doc.excerpt?.trim() || null,
    publishedAt: doc.publishedAt ?? null,
    url: absoluteUrl(siteUrl, pagePath),
    markdownUrl: twinUrl(siteUrl, pagePath),
  }
}

const pageInfo = (page: number, limit: number, totalDocs: number) => {
  const totalPages = Math.ceil(totalDocs / limit)
  return { page, limit, totalDocs, totalPages, hasNextPage: page < totalPages }
}

export function listDocumentsResult(
  site: PublishedSite,
  { collection, locale, page, limit }: ListDocumentsArgs,
  siteUrl: string,
): z.infer<typeof listDocumentsOutput> {
  const all = site.documents[collection][locale]
  const start = (page - 1) * limit
  return {
    ...pageInfo(page, limit, all.length),
    docs: all
      .slice(start, start + limit)
      .map((doc) => documentSummary(collection, locale, doc, siteUrl)),
  }
}

/** The document with its markdown twin, or null when no published document matches. */
export function getDocumentResult(
  site: PublishedSite,
  { collection, locale, id, slug }: GetDocumentArgs,
  siteUrl: string,
): z.infer<typeof getDocumentOutput> | null {
  const doc = findDocument(site, collection, locale, slug !== undefined ? { slug } : { id: id! })
  if (!doc) return null
  return {
    ...documentSummary(collection, locale, doc, siteUrl),
    markdown: documentMarkdown({ collection, locale, doc, site, siteUrl }),
  }
}

/** A hit of the site search as a document summary (the search_content contract). */
function hitSummary(hit: SearchHit, siteUrl: string): DocumentSummary {
  const pagePath = paths.document(hit.collection, hit.locale, hit.slug)
  return {
    collection: hit.collection,
    locale: hit.locale,
    id: hit.id,
    slug: hit.slug,
    title: hit.title,
    excerpt: hit.excerpt.trim() || null,
    publishedAt: hit.publishedAt,
    url: absoluteUrl(siteUrl, pagePath),
    markdownUrl: twinUrl(siteUrl, pagePath),
  }
}

/** One page of the site search (src/search/), in search_content's shape. */
export function searchContentResult(
  found: SearchResults,
  { query, page, limit }: SearchContentArgs,
  siteUrl: string,
): z.infer<typeof searchContentOutput> {
  return {
    query,
    ...pageInfo(page, limit, found.totalDocs),
    results: found.docs.map((hit) => hitSummary(hit, siteUrl)),
  }
}

/** An MCP resource as `resources/list` describes it. */
export interface DocumentResource {
  uri: string
  name: string
  title: string
  description?: string
  mimeType: typeof MARKDOWN_MEDIA_TYPE
  annotations?: { lastModified: string }
}

/** Every published document of the snapshot, in a fixed order: posts, then case studies. */
function everyDocument(site: PublishedSite) {
  return PAGE_COLLECTIONS.flatMap((collection) =>
    LOCALES.flatMap((locale) =>
      site.documents[collection][locale].map((doc) => ({ collection, locale, doc })),
    ),
  )
}

export class InvalidCursorError extends Error {}

const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url')

function decodeCursor(cursor: string): number {
  const match = /^offset:([1-9]\d{0,8})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) throw new InvalidCursorError('Invalid cursor: pass back a nextCursor as received.')
  return Number(match[1])
}

/**
 * One page of `resources/list`: each published document's markdown twin, its URI being the
 * twin's own https URL. The cursor is an opaque offset; a stateless server keeps nothing.
 */
export function listDocumentResources(
  site: PublishedSite,
  cursor: string | undefined,
  siteUrl: string,
): { resources: DocumentResource[]; nextCursor?: string } {
  const all = everyDocument(site)
  const start = cursor === undefined ? 0 : decodeCursor(cursor)
  const end = start + RESOURCES_PAGE_SIZE
  const resources = all.slice(start, end).map(({ collection, locale, doc }): DocumentResource => {
    const description = documentDescription(doc)
    return {
      uri: twinUrl(siteUrl, paths.document(collection, locale, doc.slug)),
      name: `${collection}/${locale}/${doc.slug}`,
      title: doc.title,
      ...(description ? { description } : {}),
      mimeType: MARKDOWN_MEDIA_TYPE,
      ...(doc.updatedAt ? { annotations: { lastModified: doc.updatedAt } } : {}),
    }
  })
  return end < all.length ? { resources, nextCursor: encodeCursor(end) } : { resources }
}

/** `resources/read` of a twin URL: its markdown, or null when it names no published document. */
export function readDocumentResource(
  site: PublishedSite,
  uri: string,
  siteUrl: string,
): { uri: string; mimeType: typeof MARKDOWN_MEDIA_TYPE; text: string } | null {
  const prefix = `${siteUrl}/`
  if (!uri.startsWith(prefix) || !uri.endsWith('.md') || uri.includes('?') || uri.includes('#'))
    return null
  const page = parseTwinPath(uri.slice(siteUrl.length, -'.md'.length), new URLSearchParams())
  if (page?.kind !== 'post' && page?.kind !== 'case-study') return null
  const collection = page.kind === 'post' ? 'posts' : 'case-studies'
  const doc = findDocument(site, collection, page.locale, { slug: page.slug })
  if (!doc) return null
  return {
    uri,
    mimeType: MARKDOWN_MEDIA_TYPE,
    text: documentMarkdown({ collection, locale: page.locale, doc, site, siteUrl }),
  }
}
