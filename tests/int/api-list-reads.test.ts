import { beforeAll, describe, expect, it } from 'vitest'

import { asAdminJson, getJson } from '../support/api'
import {
  createCategory,
  createDocument,
  saveUnpublishedEdit,
  type PublicCollection,
} from '../support/factories'

/**
 * The public lists read a page in two steps (its ids, then those documents) instead of Payload's
 * one `find`. Whatever the shape of the query, the envelope must be the one Payload's own query
 * answers: here, Payload's REST API as the signed-in admin runs that single `find`, with the
 * public rule (published only) written as a condition, and what only editors see taken out.
 */

/**
 * Fields the admin reads and anonymous callers never see, at any depth: the documents' own, the
 * storage plugin's bookkeeping on a populated file (src/media/storage-internals.ts), and a
 * populated author's place on the About page (a team member's `order`).
 */
const EDITORS_ONLY = new Set([
  '_status',
  'internalNotes',
  'updatedBy',
  'prefix',
  '_objectKey',
  'order',
])

function withoutEditorsOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEditorsOnly)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !EDITORS_ONLY.has(key))
      .map(([key, field]) => [key, withoutEditorsOnly(field)]),
  )
}

interface Shape {
  /** The public query. */
  query: string
  /** The same query in Payload's REST language (sort with the public tie-breaker). */
  payload: string
}

let category = ''
const slugs: Partial<Record<PublicCollection, string>> = {}

function shapes(collection: PublicCollection): Shape[] {
  const slug = slugs[collection] ?? ''
  return [
    { query: 'locale=en', payload: 'locale=en&depth=1&limit=10&page=1&sort=-publishedAt,-id' },
    {
      query: 'locale=es&limit=3&page=2',
      payload: 'locale=es&depth=1&limit=3&page=2&sort=-publishedAt,-id',
    },
    {
      query: 'locale=en&limit=2&page=2&sort=title',
      payload: 'locale=en&depth=1&limit=2&page=2&sort=title,id',
    },
    {
      query: 'locale=es&limit=5&page=2&sort=-slug&depth=0',
      payload: 'locale=es&depth=0&limit=5&page=2&sort=-slug,-id',
    },
    {
      query: 'locale=en&limit=2&sort=createdAt&depth=2',
      payload: 'locale=en&depth=2&limit=2&page=1&sort=createdAt,id',
    },
    {
      query: 'locale=en&limit=6&page=2&select=title,slug',
      payload:
        'locale=en&depth=1&limit=6&page=2&sort=-publishedAt,-id&select[title]=true&select[slug]=true',
    },
    {
      query: `locale=es&category=${category}`,
      payload: `locale=es&depth=1&limit=10&page=1&sort=-publishedAt,-id&where[and][1][categories.slug][equals]=${category}`,
    },
    {
      query: `locale=en&where[slug][equals]=${slug}`,
      payload: `locale=en&depth=1&limit=10&page=1&sort=-publishedAt,-id&where[and][1][slug][equals]=${slug}`,
    },
    {
      query: 'locale=en&limit=100&page=9999',
      payload: 'locale=en&depth=1&limit=100&page=9999&sort=-publishedAt,-id',
    },
  ]
}

beforeAll(async () => {
  const categoryId = await createCategory({ en: 'List reads', es: 'Lecturas de listas' })
  category = (await asAdminJson<{ slug: string }>(`/api/categories/${categoryId}?depth=0`)).slug
  for (const collection of ['posts', 'case-studies'] as const) {
    for (let index = 0; index < 4; index++) {
      const created = await createDocument(collection, {
        status: 'published',
        categories: [categoryId],
        // Equal titles: only the tie-breaker orders them.
        title: { en: 'Same title for every list read', es: 'El mismo título' },
      })
      slugs[collection] ??= created.slug
    }
    await createDocument(collection, { status: 'draft', categories: [categoryId] })
    const edited = await createDocument(collection, { status: 'published' })
    await saveUnpublishedEdit(collection, edited.id, { title: { en: 'An unpublished edit' } })
  }
}, 120_000)

describe.each(['posts', 'case-studies'] as PublicCollection[])(
  'a public list of %s is the page Payload reads',
  (collection) => {
    it.each(shapes(collection).map((_, index) => index))('shape %i', async (index) => {
      // The shapes name the fixtures, which exist once `beforeAll` has run.
      const shape = shapes(collection)[index]!
      const { status, body } = await getJson(`/api/${collection}?${shape.query}`)
      expect(status, shape.query).toBe(200)
      const reference = await asAdminJson(
        `/api/${collection}?${shape.payload}&where[and][0][_status][equals]=published`,
      )
      const {
        pagingCounter: _counter,
        prevPage: _prev,
        nextPage: _next,
        ...envelope
      } = reference as Record<string, unknown>
      // The public envelope names the page asked for; Payload says 1 when it found nothing.
      const asked = Number(new URLSearchParams(shape.query).get('page') ?? 1)
      expect(body, shape.query).toEqual(withoutEditorsOnly({ ...envelope, page: asked }))
    })
  },
)

describe('a page past the end', () => {
  it.each(['-publishedAt', 'title', '-slug', 'createdAt'])(
    'still counts every document when sorted by %s',
    async (sort) => {
      for (const locale of ['en', 'es']) {
        const first = await getJson<{ totalDocs: number; totalPages: number }>(
          `/api/posts?locale=${locale}&limit=2&sort=${sort}`,
        )
        expect(first.body.totalDocs).toBeGreaterThan(2)
        const past = await getJson(`/api/posts?locale=${locale}&limit=2&page=9999&sort=${sort}`)
        expect(past.body).toEqual({
          docs: [],
          totalDocs: first.body.totalDocs,
          limit: 2,
          page: 9999,
          totalPages: first.body.totalPages,
          hasNextPage: false,
          hasPrevPage: true,
        })
      }
    },
  )
})
