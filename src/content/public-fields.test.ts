import type { Field } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { openApiDocument } from '@/agents/openapi'
import { type PublicField, publicDocumentFields } from '@/fields/public'
import { ApiError } from '@/http/api-error'

import { payloadWithoutDatabase } from '../../tests/support/in-process-payload'
import { describeErrors, openApiValidator } from '../../tests/support/openapi-ajv'
import { SITE_URL } from '../../tests/support/site-fixtures'

import { PUBLIC_COLLECTIONS, PUBLIC_FIELD_TREES, PUBLIC_FIELDS, PUBLIC_SELECT } from './contract'
import { publishedFieldsCoverage, readPublishedDocuments } from './published-documents'
import { parseDocumentQuery, parseListQuery } from './query'
import { publishedByIds } from './read'

/**
 * What adding a field to posts does, with nothing else edited: the collection's config here is
 * the project's with four fields more (put in with `vi.mock`, so the contract, the OpenAPI
 * document, Payload's config and its schema all see them), built in this process without a
 * database. A field marked public appears in the contract, the OpenAPI document and the SQL
 * reads, or those reads leave it to Payload; a field that says nothing appears nowhere.
 * tests/int/public-fields.test.ts reads the first two from a database.
 */

vi.mock('@/collections/Posts', async (importOriginal) => {
  const { Posts } = await importOriginal<typeof import('@/collections/Posts')>()
  const extra = await import('../../tests/support/extra-fields')
  const more: Field[] = [
    // Public, but of a kind the SQL reads do not write out.
    { name: 'testPublicData', type: 'json', custom: { public: true } },
    // Public, with a private field inside.
    {
      name: 'testSettings',
      type: 'group',
      custom: { public: true },
      fields: [
        { name: 'shown', type: 'text', custom: { public: true } },
        { name: 'hidden', type: 'text' },
      ],
    },
  ]
  return {
    Posts: extra.postsWith(Posts, [extra.TEST_PUBLIC_NOTE, extra.TEST_PRIVATE_NOTE, ...more]),
  }
})

let payload: Awaited<ReturnType<typeof payloadWithoutDatabase>>

beforeAll(async () => {
  payload = await payloadWithoutDatabase()
}, 60_000)

/** The project's Payload whose database answers `rows`, recording the statements. */
function answering(rows: Record<string, unknown>[]) {
  const execute = vi.fn(async (_statement: unknown) => ({ rows }))
  const find = vi.fn(async () => ({ docs: [] }))
  const answer = Object.create(payload) as typeof payload
  answer.db = Object.create(payload.db, { drizzle: { value: { execute } } })
  Object.assign(answer, { find, logger: { debug: vi.fn() } })
  return { payload: answer, execute, find }
}

const statementText = (statement: unknown) =>
  JSON.stringify((statement as { queryChunks: unknown }).queryChunks)

describe('a field added to posts', () => {
  it('is public where marked, private where it says nothing', () => {
    expect(PUBLIC_FIELDS.posts).toEqual(
      expect.arrayContaining(['testPublicNote', 'testPublicData', 'testSettings']),
    )
    expect(PUBLIC_FIELDS.posts).not.toContain('testPrivateNote')
    expect(PUBLIC_FIELDS['case-studies']).not.toContain('testPublicNote')
    // Of the group, its public field only.
    expect(PUBLIC_SELECT.posts.testSettings).toEqual({ shown: true })
  })

  it("is the same whether derived from the collections' config or from Payload's, plugins applied", () => {
    const names = (fields: readonly PublicField[]): unknown =>
      fields.map((field) => (field.fields ? { [field.name]: names(field.fields) } : field.name))
    for (const collection of [...PUBLIC_COLLECTIONS, 'categories'] as const) {
      const sanitized = payload.collections[collection].config.fields
      expect(names(publicDocumentFields(sanitized)), collection).toEqual(
        names(PUBLIC_FIELD_TREES[collection]),
      )
    }
  })

  it('may be selected when public; selecting or sorting on a private one is refused', () => {
    const list = (query: string) => parseListQuery(new URLSearchParams(query), 'posts')
    expect(list('select=testPublicNote').select).toEqual(['testPublicNote'])
    expect(list('').select).toContain('testPublicNote')
    expect(list('').select).not.toContain('testPrivateNote')
    for (const refused of [
      'select=testPrivateNote',
      'sort=testPrivateNote',
      'sort=testPublicNote',
    ]) {
      expect(() => list(refused), refused).toThrow(ApiError)
    }
    try {
      parseDocumentQuery(new URLSearchParams('select=title,testPrivateNote'), 'posts')
      expect.unreachable('a private field was selectable')
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).code).toBe('invalid_parameter')
      expect((error as ApiError).details).toEqual([
        {
          field: 'select',
          message: expect.stringMatching(/^unknown or non-public field\(s\): testPrivateNote;/),
        },
      ])
    }
  })

  it('appears in the OpenAPI document by its type, the private one nowhere', () => {
    const document = openApiDocument(SITE_URL)
    const schemas = document.components.schemas as Record<string, unknown>
    const post = schemas.Post as { properties: Record<string, unknown> }
    expect(post.properties.testPublicNote).toEqual({ type: ['string', 'null'] })
    expect(post.properties.testPublicData).toEqual({})
    expect(post.properties.testSettings).toEqual({
      type: 'object',
      properties: { shown: { type: ['string', 'null'] } },
      additionalProperties: true,
    })
    expect(JSON.stringify(document)).not.toMatch(/testPrivateNote|"hidden"/)
    const select = (document.components.parameters as Record<string, unknown>).PostSelect as {
      schema: { items: { enum: string[] } }
    }
    expect(select.schema.items.enum).toContain('testPublicNote')
    // Still a document whose schemas compile, and a post with the new field meets them.
    const { validator } = openApiValidator(document as unknown as Record<string, unknown>)
    const check = validator('#/components/schemas/Post')
    const sample = { id: 1, testPublicNote: 'Shown', testSettings: { shown: null } }
    expect(check(sample), describeErrors(check)).toBe(true)
    expect(check({ id: 1, testPublicNote: 3 })).toBe(false)
  })

  it('is written out by the SQL reads when it is a plain value, and left to Payload when not', () => {
    const coverage = publishedFieldsCoverage(payload, 'posts')!
    expect(coverage.written).toContain('testPublicNote')
    expect(coverage.written).not.toContain('testPrivateNote')
    expect(Object.keys(coverage.notWritten).sort()).toEqual(['testPublicData', 'testSettings'])
    expect(coverage.notWritten.testSettings).toMatch(/private/)
    // Nothing else of the project's collections is left to Payload.
    expect(publishedFieldsCoverage(payload, 'case-studies')!.notWritten).toEqual({})
    expect(publishedFieldsCoverage(payload, 'categories')!.notWritten).toEqual({})
  })

  it("is read in SQL from its column, from Payload's schema", async () => {
    const { payload: reading, execute } = answering([
      { id: 7, test_public_note: 'Shown', _locales: [{ _locale: 'en', title: 'A post' }] },
    ])
    const read = await readPublishedDocuments(reading, 'posts', [7], {
      locale: 'en',
      depth: 0,
      select: ['title', 'testPublicNote'],
    })
    expect(read).toEqual({
      docs: [{ id: 7, title: 'A post', testPublicNote: 'Shown' }],
      declined: [],
    })
    const text = statementText(execute.mock.calls[0]![0])
    expect(text).toContain('test_public_note')
    expect(text).not.toContain('test_private_note')
  })

  it('leaves a read that selects a public field it does not write out to Payload', async () => {
    for (const select of [['title', 'testPublicData'], undefined]) {
      const { payload: reading, execute } = answering([])
      const read = await readPublishedDocuments(reading, 'posts', [7], {
        locale: 'en',
        depth: 0,
        select,
      })
      expect(read.docs).toEqual([])
      expect(read.declined).toEqual([{ ids: [7], reason: expect.stringMatching(/testPublicData/) }])
      expect(execute).not.toHaveBeenCalled()
    }
  })

  it("narrows what the site's reads ask Payload for to the public fields", async () => {
    const { payload: reading, find } = answering([])
    await publishedByIds(reading, 'posts', [7], {
      locale: 'en',
      depth: 0,
      select: { title: true, testPrivateNote: true, testPublicData: true, testSettings: true },
    })
    expect(find).toHaveBeenCalledWith(
      expect.objectContaining({
        select: { title: true, testPublicData: true, testSettings: { shown: true } },
        overrideAccess: false,
        user: null,
      }),
    )
  })
})
