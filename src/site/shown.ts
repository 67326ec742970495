import 'server-only'

import { categoryKey, categoryOrderKey, documentKey, orderKey } from '@/lib/content-version'
import { reportShown } from '@/lib/shown-content'
import type { Locale } from '@/i18n/locales'

import type { SiteDocument } from './content'
import { richTextReferences } from './published-view'
import { RELATED_POSTS, relatedAmong } from './related'
import type { PageCollection } from './routes'
import { PAGE_COLLECTIONS, type PublishedView } from './view'

/*
 * What a document's page and its twin report showing (src/lib/shown-content.ts), so the response
 * cache keeps them until one of those things changes rather than until anything of the collection
 * does. Their URL adds what every such page shows (settings, media: src/cache/policy.ts).
 */

const categoryIdsOf = (doc: SiteDocument): number[] =>
  (doc.categories ?? []).map((category) => (typeof category === 'object' ? category.id : category))

/**
 * What choosing a post's related posts (src/site/related.ts: the newest sharing a category, then
 * the newest others) depends on besides the posts chosen: which posts its categories hold, in
 * what order — and, when fewer than `RELATED_POSTS` share one (the others fill in), which posts
 * are published at all.
 */
function relatedSelectionKeys(post: SiteDocument, related: readonly SiteDocument[]): string[] {
  const categories = new Set(categoryIdsOf(post))
  const sharing = related.filter((other) => categoryIdsOf(other).some((id) => categories.has(id)))
  return [
    ...[...categories].map((id) => categoryOrderKey('posts', id)),
    ...(sharing.length < RELATED_POSTS ? [orderKey('posts')] : []),
  ]
}

/**
 * A document's page: the document (its languages, its slug: a rename or an unpublish advances
 * its key), the documents its rich text links to, the categories it and its cards show, and, for
 * a post, its related posts and what chose them.
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
    ...[doc, ...related].flatMap(categoryIdsOf).map(categoryKey),
    ...related.map((post) => documentKey('posts', post.id)),
    ...(collection === 'posts' ? relatedSelectionKeys(doc, related) : []),
    // Its author's name and role (the byline, the JSON-LD Person).
    ...(typeof doc.author === 'object' && doc.author !== null
      ? [documentKey('team-members', doc.author.id)]
      : []),
  ])
}

/**
 * A page that shows a selection of the published posts, newest first (the home page's latest
 * posts, a page of the blog): the posts shown, the categories their cards show, and which posts
 * are published in what order and languages (`orderKey`: a post entering, leaving or moving in
 * the list). An edit of a post it does not show leaves it as it was.
 */
export function reportPostSelection(posts: readonly SiteDocument[]): void {
  reportShown([
    orderKey('posts'),
    ...posts.map((post) => documentKey('posts', post.id)),
    ...posts.flatMap(categoryIdsOf).map(categoryKey),
  ])
}

/**
 * The home page: its latest posts (a selection, as above) and the case studies of its proof
 * section with the categories their cards show. Which case studies those are (the newest
 * featured) is not an order the listing keys follow, so the page also depends on the case
 * studies' list as a whole (src/cache/policy.ts).
 */
export function reportHomePage(
  posts: readonly SiteDocument[],
  caseStudies: readonly SiteDocument[],
): void {
  reportPostSelection(posts)
  reportShown([
    ...caseStudies.map((doc) => documentKey('case-studies', doc.id)),
    ...caseStudies.flatMap(categoryIdsOf).map(categoryKey),
  ])
}

/**
 * A document's twin: what its page shows. Its view (src/site/published-view.ts) holds the
 * candidates of its related posts too, but only those chosen are shown. The twin's route handler
 * runs in the request the response cache collects the report around: the project's server
 * rewrites a twin's URL to its route in the same request (src/server/site-routing.ts).
 */
export function reportDocumentTwin(
  collection: PageCollection,
  locale: Locale,
  doc: SiteDocument,
  view: PublishedView,
): void {
  reportDocumentPage(
    collection,
    doc,
    collection === 'posts' ? relatedAmong(view.documents.posts[locale], doc) : [],
  )
}
