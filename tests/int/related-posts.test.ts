import { beforeAll, describe, expect, it } from 'vitest'

import { LOCALES, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import { RELATED_POSTS } from '@/site/related'

import { asAdminJson, get } from '../support/api'
import {
  createCategory,
  createDocument,
  saveUnpublishedEdit,
  type CreatedDocument,
} from '../support/factories'

/**
 * A post's related posts, on its page and in its twin: the newest others sharing a category with
 * it, then the newest others, three in all. Both read the posts they are chosen from in one SQL
 * statement of their own, with the post (src/site/published-view.ts). Both must be what Payload's queries find for that rule
 * (its REST API as the signed-in admin, the public rule written as conditions: published, with a
 * title in the page's language), whatever the categories hold: drafts, posts not translated into
 * the page's language, an unpublished edit, a category with too few posts, a post in two
 * categories, a post in none.
 */

type Slugs = { docs: { slug: string }[] }

/** The related posts by Payload's own queries: the same rule, asked as it is written. */
async function expectedRelated(
  locale: Locale,
  post: CreatedDocument & { categories: number[] },
): Promise<string[]> {
  const rule =
    `locale=${locale}&fallback-locale=none&depth=0&select[slug]=true&sort=-publishedAt,-id` +
    `&where[and][0][_status][equals]=published&where[and][1][title][exists]=true` +
    `&where[and][2][id][not_equals]=${post.id}`
  const shared =
    post.categories.length === 0
      ? []
      : (
          await asAdminJson<Slugs>(
            `/api/posts?${rule}&limit=${RELATED_POSTS}&where[and][3][categories][in]=${post.categories.join(',')}`,
          )
        ).docs.map((doc) => doc.slug)
  const others = (await asAdminJson<Slugs>(`/api/posts?${rule}&limit=${RELATED_POSTS * 2}`)).docs
    .map((doc) => doc.slug)
    .filter((slug) => !shared.includes(slug))
  return [...shared, ...others].slice(0, RELATED_POSTS)
}

/** The related posts' slugs a post page links to, in order. */
async function pageRelated(locale: Locale, slug: string): Promise<string[]> {
  const response = await get(`/${locale}/blog/${slug}`)
  expect(response.status).toBe(200)
  const html = await response.text()
  const section = html.match(/<section class="related"[\s\S]*?<\/section>/)?.[0] ?? ''
  return [...section.matchAll(new RegExp(`href="/${locale}/blog/([^"/?#]+)"`, 'g'))].map(
    (match) => match[1]!,
  )
}

/** The related posts' slugs a post twin links to, in order. */
async function twinRelated(locale: Locale, slug: string): Promise<string[]> {
  const response = await get(`/${locale}/blog/${slug}.md`)
  expect(response.status).toBe(200)
  const markdown = await response.text()
  const heading = `## ${messagesFor(locale).document.related}\n`
  const start = markdown.indexOf(heading)
  if (start === -1) return []
  const section = markdown.slice(start + heading.length).split(/^## /m)[0]!
  return [...section.matchAll(new RegExp(`/${locale}/blog/([^/?#)]+)\\.md\\)`, 'g'))].map(
    (match) => match[1]!,
  )
}

const day = (n: number) => new Date(Date.UTC(2021, 0, n)).toISOString()

type Post = CreatedDocument & { categories: number[] }
let inBoth: Post
let sparseOnly: Post
let uncategorised: Post
let englishOnly: Post

beforeAll(async () => {
  const sparse = await createCategory({ en: 'Sparse related', es: 'Relacionados escasos' })
  const busy = await createCategory({ en: 'Busy related', es: 'Relacionados frecuentes' })
  // The busy category: newer posts than anything else, some not in Spanish, a draft newest.
  for (let n = 1; n <= 6; n++) {
    await createDocument('posts', {
      status: 'published',
      categories: [busy],
      publishedAt: day(10 + n),
      title: n % 2 === 0 ? { en: `Busy ${n}` } : { en: `Busy ${n}`, es: `Frecuente ${n}` },
    })
  }
  await createDocument('posts', { status: 'draft', categories: [busy], publishedAt: day(30) })
  const edited = await createDocument('posts', {
    status: 'published',
    categories: [busy],
    publishedAt: day(9),
  })
  await saveUnpublishedEdit('posts', edited.id, { categories: [sparse] })
  const post = async (categories: number[], publishedAt: string, title?: { en: string }) => ({
    ...(await createDocument('posts', { status: 'published', categories, publishedAt, title })),
    categories,
  })
  inBoth = await post([sparse, busy], day(5))
  sparseOnly = await post([sparse], day(4))
  uncategorised = await post([], day(3))
  englishOnly = await post([busy, sparse], day(2), { en: 'English only, related' })
}, 120_000)

describe('a post’s related posts, on its page and in its twin, are those Payload finds', () => {
  const cases = () => [
    { name: 'in two categories', post: inBoth, locales: LOCALES },
    { name: 'in a category with too few posts', post: sparseOnly, locales: LOCALES },
    { name: 'in no category', post: uncategorised, locales: LOCALES },
    { name: 'in English only', post: englishOnly, locales: ['en'] as const },
  ]
  it.each([0, 1, 2, 3])('case %i', async (index) => {
    const { name, post, locales } = cases()[index]!
    for (const locale of locales) {
      const expected = await expectedRelated(locale, post)
      expect(expected, `${name}, ${locale}`).toHaveLength(RELATED_POSTS)
      expect(await pageRelated(locale, post.slug), `${name}, ${locale}, page`).toEqual(expected)
      expect(await twinRelated(locale, post.slug), `${name}, ${locale}, twin`).toEqual(expected)
    }
  })
})
