import type { SiteDocument } from './content'

/** How many posts a post's page suggests next. */
export const RELATED_POSTS = 3

const categoryIdsOf = (doc: SiteDocument): number[] =>
  (doc.categories ?? []).map((category) => (typeof category === 'object' ? category.id : category))

/**
 * The posts suggested after `post`, among `posts` (published, newest first): those sharing a
 * category with it, newest first, then the newest others. Pure, so the page (over its query's
 * results) and the markdown twins (over their view, src/site/published-view.ts) suggest the same posts.
 */
export function relatedAmong(posts: readonly SiteDocument[], post: SiteDocument): SiteDocument[] {
  const ids = new Set(categoryIdsOf(post))
  const others = posts.filter((candidate) => candidate.id !== post.id)
  const shared = others.filter((candidate) => categoryIdsOf(candidate).some((id) => ids.has(id)))
  const rest = others.filter((candidate) => !shared.includes(candidate))
  return [...shared, ...rest].slice(0, RELATED_POSTS)
}
