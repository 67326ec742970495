import { beforeAll, describe, expect, it } from 'vitest'

import { CATEGORY_CONTRACT, SORTABLE_FIELDS } from '@/content/contract'
import { DEFAULT_LOCALE } from '@/i18n/locales'

import { asAdminJson, getJson } from '../support/api'
import {
  createCategory,
  createDocument,
  saveUnpublishedEdit,
  type PublicCollection,
} from '../support/factories'

/**
 * A public list's page (which ids, in which order) and its counts are read in SQL of our own,
 * below the Local API. For every collection, sortable field, direction, locale and filter they
 * must be what Payload's own query answers: here Payload's REST API as the signed-in admin, with
 * the public rule (published only) written as a condition and the public tie-breaker on `id`.
 */

type Collection = PublicCollection | 'categories'
type Envelope = {
  docs: { id: number }[]
  totalDocs: number
  limit: number
  totalPages: number
  page: number
  hasNextPage: boolean
  hasPrevPage: boolean
}

const LIMIT = 3
/** `undefined`: the caller names no locale, which is every locale. */
const LOCALES = ['en', 'es', undefined] as const

let category = ''
const slugs: Partial<Record<PublicCollection, string>> = {}

interface Filter {
  name: string
  /** The public parameter. */
  query: string
  /** The same filter in Payload's query language. */
  where: string
}

function filtersOf(collection: Collection): Filter[] {
  const none = { name: 'no filter', query: '', where: '' }
  if (collection === 'categories') {
    return [
      none,
      {
        name: 'slug',
        query: `&where[slug][equals]=${category}`,
        where: `&where[and][1][slug][equals]=${category}`,
      },
    ]
  }
  return [
    none,
    {
      name: 'category',
      query: `&category=${category}`,
      where: `&where[and][1][categories.slug][equals]=${category}`,
    },
    {
      name: 'slug',
      query: `&where[slug][equals]=${slugs[collection]}`,
      where: `&where[and][1][slug][equals]=${slugs[collection]}`,
    },
  ]
}

function sortsOf(collection: Collection): string[] {
  const fields = collection === 'categories' ? CATEGORY_CONTRACT.sortable : SORTABLE_FIELDS
  return fields.flatMap((field) => [field, `-${field}`])
}

/** What Payload's query answers, as the public envelope says it. */
async function payloadPage(
  collection: Collection,
  sort: string,
  locale: string | undefined,
  filter: Filter,
  page: number,
): Promise<Omit<Envelope, 'page'>> {
  const tieBreaker = sort === 'id' || sort === '-id' ? '' : sort.startsWith('-') ? ',-id' : ',id'
  const published = collection === 'categories' ? '' : '&where[and][0][_status][equals]=published'
  // Across every locale a list sorted by title is in the order of the default locale's titles;
  // Payload's own query there reads a row per translation and leaves documents out of pages.
  const sortedLocale = locale ?? (sort.replace(/^-/, '') === 'title' ? DEFAULT_LOCALE : 'all')
  const reference = await asAdminJson<Envelope>(
    `/api/${collection}?locale=${sortedLocale}&depth=0&select[id]=true&limit=${LIMIT}` +
      `&page=${page}&sort=${sort}${tieBreaker}${published}${filter.where}`,
  )
  return {
    docs: reference.docs.map(({ id }) => ({ id })),
    totalDocs: reference.totalDocs,
    limit: reference.limit,
    totalPages: reference.totalPages,
    hasNextPage: reference.hasNextPage,
    hasPrevPage: reference.hasPrevPage,
  }
}

async function publicPage(
  collection: Collection,
  sort: string,
  locale: string | undefined,
  filter: Filter,
  page: number,
): Promise<Envelope> {
  const language = locale ? `&locale=${locale}` : ''
  const { status, body } = await getJson<Envelope>(
    `/api/${collection}?select=id&depth=0&limit=${LIMIT}&page=${page}&sort=${sort}${language}${filter.query}`,
  )
  expect(status).toBe(200)
  return body
}

beforeAll(async () => {
  const categoryId = await createCategory({ en: 'Page ids', es: 'Ids de página' })
  category = (await asAdminJson<{ slug: string }>(`/api/categories/${categoryId}?depth=0`)).slug
  // Enough categories for two pages of them, two with one title in both languages.
  await createCategory({ en: 'Same category title', es: 'Zeta' })
  await createCategory({ en: 'Same category title', es: 'Alfa' })
  await createCategory({ en: 'Another category', es: 'Otra categoría' })
  for (const collection of ['posts', 'case-studies'] as const) {
    for (let index = 0; index < 4; index++) {
      // Equal titles and one publication time: only the tie-breaker orders them.
      const created = await createDocument(collection, {
        status: 'published',
        categories: [categoryId],
        title: { en: 'Same title for every page', es: 'El mismo título de página' },
        publishedAt: '2026-01-15T10:00:00.000Z',
      })
      slugs[collection] ??= created.slug
    }
    // No Spanish title: sorted by title in Spanish, it has none to sort by.
    await createDocument(collection, {
      status: 'published',
      categories: [categoryId],
      title: { en: 'Only in English' },
    })
    await createDocument(collection, { status: 'draft', categories: [categoryId] })
    const edited = await createDocument(collection, { status: 'published' })
    await saveUnpublishedEdit(collection, edited.id, { title: { en: 'Aaa, an unpublished edit' } })
  }
}, 120_000)

const cases = (['posts', 'case-studies', 'categories'] as const).flatMap((collection) =>
  sortsOf(collection).map((sort) => ({ collection, sort })),
)

describe('a public list’s page and counts are Payload’s', () => {
  it.each(cases)('$collection sorted by $sort', async ({ collection, sort }) => {
    for (const locale of LOCALES) {
      for (const filter of filtersOf(collection)) {
        const where = `${locale ?? 'every locale'}, ${filter.name}`
        let pages = 1
        for (const page of [1, 2]) {
          // A page past the last is checked below: there Payload counts nothing when it sorts on
          // a translation (`title`), and the public list still counts (docs/decisions.md).
          if (page > pages) break
          const expected = await payloadPage(collection, sort, locale, filter, page)
          pages = expected.totalPages
          const { page: asked, ...answered } = await publicPage(
            collection,
            sort,
            locale,
            filter,
            page,
          )
          expect(asked).toBe(page)
          expect(answered, `${where}, page ${page}`).toEqual(expected)
        }
        // Past the end: no documents, the same counts.
        const first = await publicPage(collection, sort, locale, filter, 1)
        const past = await publicPage(collection, sort, locale, filter, 9999)
        expect(past, `${where}, past the end`).toEqual({
          docs: [],
          totalDocs: first.totalDocs,
          totalPages: first.totalPages,
          limit: LIMIT,
          page: 9999,
          hasNextPage: false,
          hasPrevPage: true,
        })
      }
    }
  })

  it('the fixtures make the filters and sorts tell documents apart', async () => {
    const inCategory = await publicPage('posts', 'title', 'es', filtersOf('posts')[1]!, 1)
    expect(inCategory.totalDocs).toBe(5)
    expect(inCategory.totalPages).toBe(2)
    const bySlug = await publicPage('posts', 'title', 'en', filtersOf('posts')[2]!, 1)
    expect(bySlug.totalDocs).toBe(1)
  })
})
