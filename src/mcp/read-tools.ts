import type { z } from 'zod'

import { LOCALES, type Locale } from '@/i18n/locales'
import { documentMarkdown } from '@/markdown/document'
import { parseTwinPath } from '@/markdown/twin-path'
import { searchHitPath, type SearchHit, type SearchResults } from '@/search/contract'
import type { ListedKey, SiteDocument } from '@/site/content'
import { paths, type PageCollection } from '@/site/routes'
import {
  absoluteUrl,
  documentDescription,
  findDocument,
  PAGE_COLLECTIONS,
  twinUrl,
  type PublishedView,
} from '@/site/view'

import {
  RESOURCES_PAGE_SIZE,
  type DocumentSummary,
  type GetDocumentArgs,
  type getDocumentOutput,
  type ListDocumentsArgs,
  type listDocumentsOutput,
  type SearchContentArgs,
  type searchContentOutput,
  type SearchResultSummary,
} from './read-contract'

/** The media type of every resource: a markdown twin. */
export const MARKDOWN_MEDIA_TYPE = 'text/markdown'

/**
 * What the read-only tools and resources answer, from what src/mcp/server.ts read through
 * src/site/published-view.ts (as every agent surface does, so a tool, a twin and llms.txt never
 * disagree): a page of a list, or one document and the view it renders from. Published
 * documents only.
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

/** One page of list_documents, from that page of the collection's listed documents. */
export function listDocumentsResult(
  found: { docs: readonly SiteDocument[]; totalDocs: number },
  { collection, locale, page, limit }: ListDocumentsArgs,
  siteUrl: string,
): z.infer<typeof listDocumentsOutput> {
  return {
    ...pageInfo(page, limit, found.totalDocs),
    docs: found.docs.map((doc) => documentSummary(collection, locale, doc, siteUrl)),
  }
}

/** The document with its markdown twin, or null when no published document matches. */
export function getDocumentResult(
  site: PublishedView,
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
function hitSummary(hit: SearchHit, siteUrl: string): SearchResultSummary {
  const pagePath = searchHitPath(hit.collection, hit.locale, hit.slug)
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

export class InvalidCursorError extends Error {}

/** Where `resources/list` goes on: a collection and language (their index in the order), after a document. */
interface ResourceCursor extends ListedKey {
  part: number
}

const encodeCursor = ({ part, publishedAt, id }: ResourceCursor) =>
  Buffer.from(`after:${part}:${id}:${publishedAt}`).toString('base64url')

function decodeCursor(cursor: string, parts: number): ResourceCursor {
  const match = /^after:(\d{1,2}):([1-9]\d{0,9}):(\d{4}-\d{2}-\d{2}T[\d:.]+Z)$/.exec(
    Buffer.from(cursor, 'base64url').toString(),
  )
  if (!match || Number(match[1]) >= parts || Number.isNaN(Date.parse(match[3]!))) {
    throw new InvalidCursorError('Invalid cursor: pass back a nextCursor as received.')
  }
  return { part: Number(match[1]), id: Number(match[2]), publishedAt: match[3]! }
}

/** Up to `limit` listed documents of a collection in a language, newest first, after a document. */
export type ListedReader = (
  collection: PageCollection,
  locale: Locale,
  after: ListedKey | undefined,
  limit: number,
) => Promise<readonly SiteDocument[]>

/** The order `resources/list` goes through the documents in: posts, then case studies; English first. */
const RESOURCE_PARTS = PAGE_COLLECTIONS.flatMap((collection) =>
  LOCALES.map((locale) => ({ collection, locale })),
)

/**
 * One page of `resources/list`: each published document's markdown twin, its URI being the
 * twin's own https URL. The cursor is opaque: it names the last document listed (keyset), so
 * a stateless server keeps nothing and a late page costs what the first does.
 */
export async function listDocumentResources(
  read: ListedReader,
  cursor: string | undefined,
  siteUrl: string,
): Promise<{ resources: DocumentResource[]; nextCursor?: string }> {
  const from = cursor === undefined ? undefined : decodeCursor(cursor, RESOURCE_PARTS.length)
  const resources: DocumentResource[] = []
  let last: ResourceCursor | undefined
  for (let part = from?.part ?? 0; part < RESOURCE_PARTS.length; part += 1) {
    const { collection, locale } = RESOURCE_PARTS[part]!
    const wanted = RESOURCES_PAGE_SIZE - resources.length
    // One more than fits: whether anything follows decides whether there is a next page.
    const docs = await read(collection, locale, part === from?.part ? from : undefined, wanted + 1)
    for (const doc of docs.slice(0, wanted)) {
      const description = documentDescription(doc)
      resources.push({
        uri: twinUrl(siteUrl, paths.document(collection, locale, doc.slug)),
        name: `${collection}/${locale}/${doc.slug}`,
        title: doc.title,
        ...(description ? { description } : {}),
        mimeType: MARKDOWN_MEDIA_TYPE,
        ...(doc.updatedAt ? { annotations: { lastModified: doc.updatedAt } } : {}),
      })
      last = { part, id: doc.id, publishedAt: doc.publishedAt ?? '' }
    }
    if (docs.length > wanted) return { resources, nextCursor: encodeCursor(last!) }
    if (resources.length === RESOURCES_PAGE_SIZE) {
      // Full exactly at the end of this part: a next page only if a later part has documents.
      for (let later = part + 1; later < RESOURCE_PARTS.length; later += 1) {
        const next = RESOURCE_PARTS[later]!
        if ((await read(next.collection, next.locale, undefined, 1)).length > 0) {
          return { resources, nextCursor: encodeCursor(last!) }
        }
      }
      return { resources }
    }
  }
  return { resources }
}

/** An MCP resource template as `resources/templates/list` describes it (RFC 6570, level 1). */
export interface DocumentResourceTemplate {
  uriTemplate: string
  name: string
  title: string
  description: string
  mimeType: typeof MARKDOWN_MEDIA_TYPE
}

const TEMPLATE_NAMES: Record<PageCollection, { name: string; title: string; what: string }> = {
  posts: { name: 'post', title: 'Article (markdown)', what: 'article (post)' },
  'case-studies': { name: 'case-study', title: 'Case study (markdown)', what: 'case study' },
}

/**
 * `resources/templates/list`: one template per collection, the markdown twin of a document by
 * language and slug. Expanded, a template is a resource URI `resources/read` takes (the twin's
 * own URL, as `resources/list` gives it), built from the site's routes with the variables in
 * place of the locale and the slug.
 */
export function documentResourceTemplates(siteUrl: string): DocumentResourceTemplate[] {
  return PAGE_COLLECTIONS.map((collection) => {
    const { name, title, what } = TEMPLATE_NAMES[collection]
    return {
      uriTemplate: documentTemplateUri(siteUrl, collection),
      name,
      title,
      description:
        `The markdown twin of a published ${what}: {locale} is ${LOCALES.join(' or ')}, {slug} ` +
        'its slug in that language (resources/list, search_content and list_documents give them; ' +
        'completion/complete completes both, the slug once the locale is chosen).',
      mimeType: MARKDOWN_MEDIA_TYPE,
    }
  })
}

/** The variables of every document template, in the order they appear. */
export const TEMPLATE_VARIABLES = ['locale', 'slug'] as const

/** The URI template of a collection's documents: its twin URL, the variables in place. */
export const documentTemplateUri = (siteUrl: string, collection: PageCollection) =>
  twinUrl(siteUrl, paths.document(collection, '{locale}' as Locale, '{slug}'))

/** The document a twin URL names (a post or case study), or null. */
export function resourceDocument(
  uri: string,
  siteUrl: string,
): { collection: PageCollection; locale: Locale; slug: string } | null {
  const prefix = `${siteUrl}/`
  if (!uri.startsWith(prefix) || !uri.endsWith('.md') || uri.includes('?') || uri.includes('#'))
    return null
  const page = parseTwinPath(uri.slice(siteUrl.length, -'.md'.length), new URLSearchParams())
  if (page?.kind !== 'post' && page?.kind !== 'case-study') return null
  return {
    collection: page.kind === 'post' ? 'posts' : 'case-studies',
    locale: page.locale,
    slug: page.slug,
  }
}

/** `resources/read` of a twin URL: its markdown, or null when it names no document of `site`. */
export function readDocumentResource(
  site: PublishedView,
  uri: string,
  siteUrl: string,
): { uri: string; mimeType: typeof MARKDOWN_MEDIA_TYPE; text: string } | null {
  const named = resourceDocument(uri, siteUrl)
  if (!named) return null
  const { collection, locale, slug } = named
  const doc = findDocument(site, collection, locale, { slug })
  if (!doc) return null
  return {
    uri,
    mimeType: MARKDOWN_MEDIA_TYPE,
    text: documentMarkdown({ collection, locale, doc, site, siteUrl }),
  }
}
