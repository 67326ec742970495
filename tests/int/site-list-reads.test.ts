import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LOCALES, type Locale } from '@/i18n/locales'
import { BLOG_PAGE_SIZE } from '@/site/routes'

import { asAdminJson, get } from '../support/api'
import {
  createCategory,
  createDocument,
  saveUnpublishedEdit,
  type CreatedDocument,
} from '../support/factories'
import { connectMcp } from '../support/mcp-client'

/**
 * The site's lists (the blog and its category pages, MCP's list_documents, the home page's
 * sections) read a page's ids in one SQL statement of their own, then the documents by id. What
 * they list must be what Payload's own query finds for the rule every site list applies:
 * published, with a title in the page's language, newest first (its REST API as the signed-in
 * admin, the rule written as conditions), whatever the list holds: drafts, posts not translated
 * into the language, an unpublished edit, a post in two categories, more than a page.
 */

type Slugs = { docs: { slug: string }[]; totalDocs: number; totalPages: number }

const RULE =
  'fallback-locale=none&depth=0&select[slug]=true&sort=-publishedAt,-id' +
  '&where[and][0][_status][equals]=published&where[and][1][title][exists]=true'

/** A page of a category's posts by Payload's own query of the rule. */
function expectedCategoryPage(locale: Locale, categoryId: number, page: number) {
  return asAdminJson<Slugs>(
    `/api/posts?locale=${locale}&${RULE}&where[and][2][categories][in]=${categoryId}` +
      `&limit=${BLOG_PAGE_SIZE}&page=${page}`,
  )
}

/** The posts a page of the site links to in its main content, in order, once each. */
async function listedOnPage(locale: Locale, path: string): Promise<string[] | null> {
  const response = await get(path)
  if (response.status === 404) return null
  expect(response.status).toBe(200)
  const main = (await response.text()).match(/<main[\s\S]*?<\/main>/)?.[0] ?? ''
  const slugs = [...main.matchAll(new RegExp(`href="/${locale}/blog/([^"/?#]+)"`, 'g'))].map(
    (match) => match[1]!,
  )
  return [...new Set(slugs)]
}

const day = (n: number) => new Date(Date.UTC(2019, 0, n)).toISOString()

let mcp: Client
let categoryId: number
let categorySlug: string
const posts: CreatedDocument[] = []

beforeAll(async () => {
  mcp = await connectMcp()
  categoryId = await createCategory({ en: 'Listed rule', es: 'Regla de listas' })
  const other = await createCategory({ en: 'Listed rule, other', es: 'Regla de listas, otra' })
  categorySlug = (await asAdminJson<{ slug: string }>(`/api/categories/${categoryId}`)).slug
  const inCategory = (input: Parameters<typeof createDocument>[1]) =>
    createDocument('posts', { categories: [categoryId], ...input })
  // More than a page of posts in both languages, one of them in a second category too.
  for (let index = 0; index < BLOG_PAGE_SIZE + 1; index += 1) {
    posts.push(
      await inCategory({
        status: 'published',
        publishedAt: day(10 + index),
        ...(index === 3 ? { categories: [other, categoryId] } : {}),
      }),
    )
  }
  await inCategory({ status: 'draft', publishedAt: day(30) })
  await inCategory({ status: 'published', title: { en: 'English only' }, publishedAt: day(31) })
  const edited = await inCategory({ status: 'published', publishedAt: day(32) })
  await saveUnpublishedEdit('posts', edited.id, { categories: [other] })
  // Same date as another: the id breaks the tie, as in Payload's order.
  await inCategory({ status: 'published', publishedAt: day(12) })
}, 120_000)

describe("a category page lists what Payload's query of the listed rule finds", () => {
  it.each(LOCALES)('%s: every page, then a 404 past the last', async (locale) => {
    const first = await expectedCategoryPage(locale, categoryId, 1)
    expect(first.totalPages).toBe(2)
    for (let page = 1; page <= first.totalPages + 1; page += 1) {
      const listed = await listedOnPage(
        locale,
        `/${locale}/blog/category/${categorySlug}${page > 1 ? `?page=${page}` : ''}`,
      )
      if (page > first.totalPages) {
        expect(listed).toBeNull()
        continue
      }
      const expected = await expectedCategoryPage(locale, categoryId, page)
      expect(listed).toEqual(expected.docs.map((doc) => doc.slug))
    }
  })
})

afterAll(async () => {
  await mcp?.close()
})

describe("MCP's resources, page after page, are what Payload's query of the listed rule finds", () => {
  it('every listed post and case study in each language, in order, once', async () => {
    const everyResource = async () => {
      const names: string[] = []
      let cursor: string | undefined
      do {
        const page = await mcp.listResources(cursor ? { cursor } : {})
        names.push(...page.resources.map((resource) => resource.name))
        cursor = page.nextCursor
      } while (cursor)
      return names
    }
    const expectedNames = async () => {
      const names: string[] = []
      for (const collection of ['posts', 'case-studies'] as const) {
        for (const locale of LOCALES) {
          const { docs } = await asAdminJson<Slugs>(
            `/api/${collection}?locale=${locale}&${RULE}&pagination=false`,
          )
          names.push(...docs.map((doc) => `${collection}/${locale}/${doc.slug}`))
        }
      }
      return names
    }
    // More than a page of 100, the page ending among posts of one date (the id breaks the tie).
    for (let count = (await everyResource()).length; count < 101; count += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, 101 - count) }, () =>
          createDocument('posts', { status: 'published', publishedAt: '2001-01-01T00:00:00.000Z' }),
        ),
      )
    }
    // Other suites publish meanwhile: compared when nothing changed between the two reads.
    let listed: string[] = []
    let expected: string[] = []
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = await expectedNames()
      listed = await everyResource()
      expected = await expectedNames()
      if (JSON.stringify(before) === JSON.stringify(expected)) break
    }
    expect(expected.length).toBeGreaterThan(100)
    expect(listed).toEqual(expected)
  }, 120_000)
})

describe("MCP's list_documents pages as Payload's query of the listed rule does", () => {
  it.each(LOCALES)('%s: the ids and counts of a page', async (locale) => {
    // Other suites publish meanwhile: the two reads are compared when nothing changed between.
    let listed: Slugs | undefined
    let expected: Slugs | undefined
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = await asAdminJson<Slugs>(`/api/posts?locale=${locale}&${RULE}&limit=3&page=2`)
      const result = await mcp.callTool({
        name: 'list_documents',
        arguments: { collection: 'posts', locale, limit: 3, page: 2 },
      })
      listed = result.structuredContent as Slugs
      expected = await asAdminJson<Slugs>(`/api/posts?locale=${locale}&${RULE}&limit=3&page=2`)
      if (JSON.stringify(before) === JSON.stringify(expected)) break
    }
    expect(listed!.docs.map((doc) => doc.slug)).toEqual(expected!.docs.map((doc) => doc.slug))
    expect(listed).toMatchObject({
      totalDocs: expected!.totalDocs,
      totalPages: expected!.totalPages,
    })
  })
})
