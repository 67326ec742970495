import 'server-only'

import { LOCALES } from '@/i18n/locales'
import { documentKey, orderKey } from '@/lib/content-version'
import { reportShown } from '@/lib/shown-content'

import type { SiteDocument } from './content'
import { richTextReferences } from './published-view'
import type { PageCollection } from './routes'
import { PAGE_COLLECTIONS, type PublishedView } from './view'

/*
 * What a document's page and its twin report showing (src/lib/shown-content.ts), so the response
 * cache keeps them until one of those documents changes rather than until anything of the
 * collection does. Their URL adds what every such page shows (settings, categories, media: see
 * src/cache/policy.ts).
 */

/**
 * A document's page: the document (its languages, its slug: a rename or an unpublish advances
 * its key), the documents its rich text links to, and, for a post, its related posts and the
 * posts' order (a newly published or re-dated post may become one of them).
 */
export function reportDocumentPage(
  collection: PageCollection,
  doc: SiteDocument,
  related: readonly SiteDocument[],
): void {
  const { documentIds } = richTextReferences([doc])
  reportShown([
    documentKey(collection, doc.id),
    ...PAGE_COLLECTIONS.flatMap((target) =>
      [...documentIds[target]].map((id) => documentKey(target, id)),
    ),
    ...related.map((post) => documentKey('posts', post.id)),
    ...(collection === 'posts' ? [orderKey('posts')] : []),
  ])
}

/**
 * A document's twin: every document its view holds (the document, its alternates, linked
 * documents, the candidates of its related posts), and the posts' order for a post.
 */
export function reportDocumentTwin(collection: PageCollection, view: PublishedView): void {
  reportShown([
    ...PAGE_COLLECTIONS.flatMap((target) =>
      LOCALES.flatMap((locale) =>
        view.documents[target][locale].map((doc) => documentKey(target, doc.id)),
      ),
    ),
    ...(collection === 'posts' ? [orderKey('posts')] : []),
  ])
}
