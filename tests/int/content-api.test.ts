import { beforeAll, describe, expect, it } from 'vitest'

import { getJson } from '../support/api'
import {
  createCategory,
  createDocument,
  createImage,
  saveUnpublishedEdit,
  uniqueSlug,
  type CreatedDocument,
  type PublicCollection,
} from '../support/factories'

const ENVELOPE_KEYS = [
  'docs',
  'hasNextPage',
  'hasPrevPage',
  'limit',
  'page',
  'totalDocs',
  'totalPages',
]
const INTERNAL = 'INTERNAL-NOTE-MARKER'

type Doc = Record<string, unknown> & { id: number }
type Envelope = {
  docs: Doc[]
  totalDocs: number
  limit: number
  page: number
  totalPages: number
  hasNextPage: boolean
  hasPrevPage: boolean
}
type ErrorBody = { error: { code: string; message: string; details?: { field: string }[] } }

describe.each<PublicCollection>(['posts', 'case-studies'])('GET /api/%s', (collection) => {
  const published: CreatedDocument[] = []
  let draft: CreatedDocument
  let edited: CreatedDocument
  let imageId: number
  let categoryId: number

  beforeAll(async () => {
    imageId = (await createImage('A cover')).id
    categoryId = await createCategory({ en: 'Strategy', es: 'Estrategia' })
    for (let index = 0; index < 12; index += 1) {
      published.push(
        await createDocument(collection, {
          status: 'published',
          publishedAt: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
          internalNotes: `${INTERNAL} ${index}`,
          coverImage: imageId,
          categories: [categoryId],
        }),
      )
    }
    draft = await createDocument(collection, {
      status: 'draft',
      title: { en: 'DRAFT-MARKER secret launch', es: 'DRAFT-MARKER lanzamiento' },
      internalNotes: INTERNAL,
    })
    edited = await createDocument(collection, {
      status: 'published',
      title: { en: 'Published title', es: 'Título publicado' },
      internalNotes: INTERNAL,
    })
    await saveUnpublishedEdit(collection, edited.id, {
      title: 'UNPUBLISHED-EDIT-MARKER',
      internalNotes: `${INTERNAL} edited`,
    })
  })

  describe('category filter', () => {
    it('lists only the published documents in the category named by its slug', async () => {
      const { body: category } = await getJson<{ slug: string }>(`/api/categories/${categoryId}`)
      const { status, body } = await getJson<Envelope>(
        `/api/${collection}?category=${category.slug}&limit=100&select=id`,
      )
      expect(status).toBe(200)
      expect(body.docs.map((doc) => doc.id).sort((a, b) => a - b)).toEqual(
        published.map((doc) => doc.id).sort((a, b) => a - b),
      )
      expect(body.totalDocs).toBe(published.length)
    })

    it('gives an empty list for a category no document is in', async () => {
      const { status, body } = await getJson<Envelope>(`/api/${collection}?category=no-such-topic`)
      expect(status).toBe(200)
      expect(body.docs).toEqual([])
      expect(body.totalDocs).toBe(0)
    })

    it('refuses what cannot be a category slug, naming the parameter', async () => {
      for (const bad of ['Not A Slug', '%00', 'a'.repeat(201)]) {
        const { status, body } = await getJson<ErrorBody>(`/api/${collection}?category=${bad}`)
        expect(status).toBe(400)
        expect(body.error.details?.map((detail) => detail.field)).toEqual(['category'])
      }
    })
  })

  describe('list envelope and bounds', () => {
    it('answers the paginated envelope with defaults limit 10, page 1', async () => {
      const { status, body } = await getJson<Envelope>(`/api/${collection}`)
      expect(status).toBe(200)
      expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS)
      expect(body.limit).toBe(10)
      expect(body.page).toBe(1)
      expect(body.docs).toHaveLength(10)
      expect(body.totalDocs).toBeGreaterThanOrEqual(13)
      expect(body.totalPages).toBe(Math.ceil(body.totalDocs / 10))
      expect(body.hasNextPage).toBe(true)
      expect(body.hasPrevPage).toBe(false)
    })

    it('pages through with page and limit', async () => {
      const first = await getJson<Envelope>(`/api/${collection}?limit=5&page=1`)
      const second = await getJson<Envelope>(`/api/${collection}?limit=5&page=2`)
      expect(second.body.page).toBe(2)
      expect(second.body.hasPrevPage).toBe(true)
      const firstIds = first.body.docs.map((doc) => doc.id)
      const secondIds = second.body.docs.map((doc) => doc.id)
      expect(secondIds).toHaveLength(5)
      expect(firstIds.filter((id) => secondIds.includes(id))).toEqual([])
    })

    it('clamps limit above 100 to 100', async () => {
      const { status, body } = await getJson<Envelope>(`/api/${collection}?limit=1000`)
      expect(status).toBe(200)
      expect(body.limit).toBe(100)
      expect(body.docs.length).toBe(Math.min(body.totalDocs, 100))
    })

    it('refuses limit=0 (Payload would return everything)', async () => {
      const { status, body } = await getJson<ErrorBody>(`/api/${collection}?limit=0`)
      expect(status).toBe(400)
      expect(body.error.code).toBe('invalid_parameter')
      expect(body.error.details?.map((detail) => detail.field)).toEqual(['limit'])
    })

    it('ignores pagination=false: the page size still applies', async () => {
      const { status, body } = await getJson<Envelope>(`/api/${collection}?pagination=false`)
      expect(status).toBe(200)
      expect(body.limit).toBe(10)
      expect(body.docs).toHaveLength(10)
    })

    it.each([
      'limit=abc',
      'limit=-1',
      'limit=1.5',
      'page=0',
      'page=x',
      'depth=-1',
      'depth=one',
      'locale=fr',
      'sort=nope',
      'select=nope',
    ])('answers 400 with a JSON error for %s', async (query) => {
      const { status, body } = await getJson<ErrorBody>(`/api/${collection}?${query}`)
      expect(status).toBe(400)
      expect(body.error.code).toBe('invalid_parameter')
      expect(body.error.details?.[0]?.field).toBe(query.split('=')[0])
    })
  })

  describe('depth', () => {
    const find = async (query: string) => {
      const { status, body } = await getJson<Envelope>(
        `/api/${collection}?where[slug][equals]=${published[0]!.slug}&${query}`,
      )
      expect(status).toBe(200)
      return body.docs[0]!
    }

    it('defaults to 1: relationships are populated one level', async () => {
      const doc = await find('')
      expect(doc.coverImage).toMatchObject({ id: imageId, alt: expect.any(Object) })
      expect((doc.categories as Doc[])[0]).toMatchObject({ id: categoryId })
    })

    it('depth=0 leaves ids', async () => {
      const doc = await find('depth=0')
      expect(doc.coverImage).toBe(imageId)
      expect(doc.categories).toEqual([categoryId])
    })

    it('clamps depth=9 to 3 instead of failing', async () => {
      const doc = await find('depth=9')
      expect(doc.coverImage).toMatchObject({ id: imageId })
    })
  })

  describe('select, sort, slug filter, locale', () => {
    it('select takes the comma-separated form', async () => {
      const { body } = await getJson<Envelope>(`/api/${collection}?select=title,slug&locale=en`)
      for (const doc of body.docs) expect(Object.keys(doc).sort()).toEqual(['id', 'slug', 'title'])
    })

    it('select=id returns ids only', async () => {
      const { body } = await getJson<Envelope>(`/api/${collection}?select=id`)
      for (const doc of body.docs) expect(Object.keys(doc)).toEqual(['id'])
    })

    it.each(['internalNotes', '_status', 'title,internalNotes'])(
      'select refuses non-public %s',
      async (select) => {
        const { status, body } = await getJson<ErrorBody>(`/api/${collection}?select=${select}`)
        expect(status).toBe(400)
        expect(JSON.stringify(body)).not.toContain(INTERNAL)
      },
    )

    it('sorts by publishedAt both ways, newest first by default', async () => {
      const dates = async (query: string) =>
        (
          await getJson<Envelope>(`/api/${collection}?limit=100&select=publishedAt${query}`)
        ).body.docs.map((doc) => Date.parse(String(doc.publishedAt)))
      const ascending = await dates('&sort=publishedAt')
      const descending = await dates('&sort=-publishedAt')
      const byDefault = await dates('')
      // Other suites publish into the same database, so there may be more than one page:
      // each order is checked on its own, and each page must start at its end of the range.
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
      expect(descending).toEqual([...descending].sort((a, b) => b - a))
      expect(descending[0]).toBeGreaterThanOrEqual(Math.max(...ascending))
      expect(ascending[0]).toBeLessThanOrEqual(Math.min(...descending))
      expect(byDefault).toEqual(descending)
      expect(ascending.length).toBeGreaterThanOrEqual(13)
    })

    it.each(['internalNotes', '-internalNotes', '_status', 'version.title'])(
      'refuses sort=%s',
      async (sort) => {
        const { status } = await getJson(`/api/${collection}?sort=${sort}`)
        expect(status).toBe(400)
      },
    )

    it('filters by where[slug][equals]', async () => {
      const target = published[3]!
      const { body } = await getJson<Envelope>(
        `/api/${collection}?where[slug][equals]=${target.slug}`,
      )
      expect(body.totalDocs).toBe(1)
      expect(body.docs[0]).toMatchObject({ id: target.id, slug: target.slug })
    })

    it.each([
      'where[_status][equals]=draft',
      'where[internalNotes][like]=INTERNAL',
      'where[slug][like]=a',
      'where[or][0][slug][equals]=a',
    ])('refuses other filters: %s', async (filter) => {
      const { status, body } = await getJson<ErrorBody>(`/api/${collection}?${filter}`)
      expect(status).toBe(400)
      expect(body.error.code).toBe('invalid_parameter')
    })

    it('serves one locale as plain strings, or every locale when omitted', async () => {
      const target = published[0]!
      const query = `/api/${collection}/${target.id}?select=title`
      expect((await getJson(`${query}&locale=en`)).body.title).toBe(target.title.en)
      expect((await getJson(`${query}&locale=es`)).body.title).toBe(target.title.es)
      expect((await getJson(query)).body.title).toEqual({
        en: target.title.en,
        es: target.title.es,
      })
    })
  })

  describe('published only', () => {
    it('a draft is absent from lists and its id is 404', async () => {
      const bySlug = await getJson<Envelope>(`/api/${collection}?where[slug][equals]=${draft.slug}`)
      expect(bySlug.body.totalDocs).toBe(0)
      const single = await getJson<ErrorBody>(`/api/${collection}/${draft.id}`)
      expect(single.status).toBe(404)
      expect(single.body.error.code).toBe('not_found')
    })

    it('?draft=true shows anonymous callers the published version, not the newer edit', async () => {
      for (const path of [
        `/api/${collection}/${edited.id}?draft=true&locale=en`,
        `/api/${collection}/${edited.id}?locale=en`,
      ]) {
        const { status, body } = await getJson(path)
        expect(status).toBe(200)
        expect(body.title).toBe('Published title')
      }
      const { body } = await getJson<Envelope>(`/api/${collection}?draft=true&limit=100&locale=en`)
      expect(body.docs.map((doc) => doc.title)).toContain('Published title')
      expect(JSON.stringify(body)).not.toContain('UNPUBLISHED-EDIT-MARKER')
      expect(JSON.stringify(body)).not.toContain('DRAFT-MARKER')
    })

    it('unknown ids are 404, malformed ids 400', async () => {
      expect((await getJson(`/api/${collection}/999999`)).status).toBe(404)
      expect((await getJson(`/api/${collection}/99999999999999`)).status).toBe(404)
      const malformed = await getJson<ErrorBody>(`/api/${collection}/abc`)
      expect(malformed.status).toBe(400)
      expect(malformed.body.error.code).toBe('invalid_parameter')
      expect((await getJson(`/api/${collection}/0`)).status).toBe(400)
    })

    it('versions are private', async () => {
      for (const path of [
        `/api/${collection}/versions`,
        `/api/${collection}/versions/${edited.id}`,
      ]) {
        const { status, body } = await getJson(path)
        expect([401, 403]).toContain(status)
        expect(JSON.stringify(body)).not.toContain('UNPUBLISHED-EDIT-MARKER')
      }
    })

    it('no internal field or status appears in any public read', async () => {
      const responses = await Promise.all([
        getJson(`/api/${collection}?limit=100&depth=3`),
        getJson(`/api/${collection}?limit=100&locale=es`),
        getJson(`/api/${collection}/${published[0]!.id}?depth=3`),
        getJson(`/api/${collection}/${edited.id}?draft=true`),
      ])
      for (const { status, body } of responses) {
        expect(status).toBe(200)
        const text = JSON.stringify(body)
        expect(text).not.toContain(INTERNAL)
        expect(text).not.toContain('"internalNotes"')
        expect(text).not.toContain('"_status"')
      }
    })
  })

  describe('writes', () => {
    it('refuses anonymous create, update and delete', async () => {
      const json = { 'Content-Type': 'application/json' }
      const body = JSON.stringify({ title: 'x', slug: uniqueSlug('anon'), _status: 'published' })
      const create = await getJson(`/api/${collection}`, { method: 'POST', headers: json, body })
      const update = await getJson(`/api/${collection}/${published[0]!.id}`, {
        method: 'PATCH',
        headers: json,
        body,
      })
      const remove = await getJson(`/api/${collection}/${published[0]!.id}`, { method: 'DELETE' })
      for (const { status } of [create, update, remove]) expect([401, 403]).toContain(status)
      expect((await getJson(`/api/${collection}/${published[0]!.id}`)).status).toBe(200)
    })

    it('refuses the method-override door around the public contract', async () => {
      const { status } = await getJson(`/api/${collection}?limit=0&draft=true`, {
        method: 'POST',
        headers: { 'X-HTTP-Method-Override': 'GET' },
      })
      expect(status).toBe(405)
    })
  })
})
