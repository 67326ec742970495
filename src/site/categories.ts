import 'server-only'

import { PUBLIC_SELECT } from '@/content/contract'
import type { Locale } from '@/i18n/locales'
import { getPayloadClient } from '@/lib/payload'
import type { Category } from '@/payload-types'

import {
  CARD_FIELDS,
  listDocuments,
  newestDocuments,
  type DocumentPage,
  type SiteDocument,
} from './content'
import { BLOG_PAGE_SIZE } from './routes'

/** How many related posts a post page shows. */
import { RELATED_POSTS } from './related'

export { RELATED_POSTS }

/** A category by its slug (shared by both locales), its title in `locale`; null when none. */
export async function findCategoryBySlug(locale: Locale, slug: string): Promise<Category | null> {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection: 'categories',
    locale,
    where: { slug: { equals: slug } },
    limit: 1,
    depth: 0,
    // Its public fields only, as every anonymous read (src/content/contract.ts).
    select: PUBLIC_SELECT.categories,
    overrideAccess: false,
    user: null,
  })
  return (docs[0] as Category | undefined) ?? null
}

/** Every category (the sitemap lists their pages), by slug. */
export async function allCategories(locale: Locale): Promise<Category[]> {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection: 'categories',
    locale,
    sort: 'slug',
    depth: 0,
    pagination: false,
    select: PUBLIC_SELECT.categories,
    overrideAccess: false,
    user: null,
  })
  return docs as Category[]
}

/** One page of a category's published posts, newest first, as the blog pages them. */
export function categoryPosts(
  locale: Locale,
  categoryId: number,
  page: number,
): Promise<DocumentPage> {
  return listDocuments('posts', locale, {
    page,
    limit: BLOG_PAGE_SIZE,
    filter: { categories: [categoryId] },
    select: CARD_FIELDS,
  })
}

const categoryIdsOf = (doc: SiteDocument): number[] =>
  (doc.categories ?? []).map((category) => (typeof category === 'object' ? category.id : category))

/**
 * Up to `RELATED_POSTS` other published posts: those sharing a category with `post` first, then
 * the most recent others, each group newest first. For a draft preview, whose post may not be
 * published yet; a published post's page reads them with the post (`listedDocumentPage`).
 */
export async function relatedPosts(locale: Locale, post: SiteDocument): Promise<SiteDocument[]> {
  const categoryIds = categoryIdsOf(post)
  const sameCategory =
    categoryIds.length > 0
      ? await newestDocuments('posts', locale, {
          limit: RELATED_POSTS,
          filter: { categories: categoryIds, excluding: [post.id] },
          select: CARD_FIELDS,
        })
      : []
  if (sameCategory.length >= RELATED_POSTS) return sameCategory
  const recent = await newestDocuments('posts', locale, {
    limit: RELATED_POSTS,
    filter: { excluding: [post.id, ...sameCategory.map((doc) => doc.id)] },
    select: CARD_FIELDS,
  })
  return [...sameCategory, ...recent].slice(0, RELATED_POSTS)
}
