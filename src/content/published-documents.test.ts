import type { SQL } from '@payloadcms/db-postgres/drizzle'
import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { payloadWithoutDatabase } from '../../tests/support/in-process-payload'

import { readPublishedDocuments } from './published-documents'
import { publishedByIds } from './read'

/** The project's Payload (its config and schema), without a database. */
let project: Awaited<ReturnType<typeof payloadWithoutDatabase>>

beforeAll(async () => {
  project = await payloadWithoutDatabase()
}, 60_000)

/** The project's Payload whose database answers `rows` to every statement, recording them. */
function payloadAnswering(rows: Record<string, unknown>[]) {
  const execute = vi.fn(async () => ({ rows }))
  const payload = Object.create(project) as typeof project
  payload.db = Object.create(project.db, { drizzle: { value: { execute } } })
  return { payload, execute }
}

const row = (content: unknown) => ({
  id: 7,
  _locales: [{ _locale: 'en', title: 'A post', content }],
})

const paragraph = {
  root: {
    type: 'root',
    children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }],
  },
}

describe('readPublishedDocuments', () => {
  it('leaves a selection naming a field it does not write out to Payload, reading nothing', async () => {
    const { payload, execute } = payloadAnswering([])
    const read = await readPublishedDocuments(payload, 'posts', [7], {
      locale: 'en',
      depth: 1,
      select: ['title', 'internalNotes'],
    })
    expect(read.docs).toEqual([])
    expect(read.declined).toEqual([{ ids: [7], reason: expect.stringMatching(/field/) }])
    expect(execute).not.toHaveBeenCalled()
  })

  it('reads rich text of plain nodes as stored', async () => {
    const { payload } = payloadAnswering([row(paragraph)])
    const read = await readPublishedDocuments(payload, 'posts', [7], {
      locale: 'en',
      depth: 1,
      select: ['title', 'content'],
    })
    expect(read.declined).toEqual([])
    expect(read.docs).toEqual([{ id: 7, title: 'A post', content: paragraph }])
  })

  it('leaves a document whose rich text holds a node Payload changes on read to Payload', async () => {
    const withUpload = {
      root: {
        type: 'root',
        children: [...paragraph.root.children, { type: 'upload', relationTo: 'media', value: 3 }],
      },
    }
    const { payload } = payloadAnswering([row(withUpload)])
    const read = await readPublishedDocuments(payload, 'posts', [7], {
      locale: 'en',
      depth: 0,
      select: ['content'],
    })
    expect(read.docs).toEqual([])
    expect(read.declined).toEqual([{ ids: [7], reason: expect.stringMatching(/rich text/) }])
  })

  it('leaves a selection inside a group to Payload, with that selection', async () => {
    const { payload, execute } = payloadAnswering([])
    const find = vi.fn(async () => ({ docs: [{ id: 7, meta: { description: 'About' } }] }))
    Object.assign(payload, { find, logger: { debug: vi.fn() } })
    const select = { title: true, meta: { description: true } } as const
    const docs = await publishedByIds(payload, 'posts', [7], { locale: 'en', depth: 0, select })
    expect(docs).toEqual([{ id: 7, meta: { description: 'About' } }])
    expect(execute).not.toHaveBeenCalled()
    expect(find).toHaveBeenCalledWith(expect.objectContaining({ select, overrideAccess: false }))
  })

  describe("a document's author", () => {
    const author = {
      id: 3,
      name: 'Ada',
      photo_id: 5,
      profile_url: 'https://example.com/ada',
      updated_at: '2026-01-02T00:00:00+00:00',
      created_at: '2026-01-01T00:00:00+00:00',
      _locales: [
        { _locale: 'en', role: 'Engineer', bio: 'Builds things.' },
        { _locale: 'es', role: '', bio: 'Construye cosas.' },
      ],
    }
    /** The text of the statement a read sent. */
    const statementOf = (execute: ReturnType<typeof payloadAnswering>['execute']) =>
      new PgDialect().sqlToQuery((execute.mock.calls[0] as unknown as [SQL])[0]).sql

    it('is populated in SQL with its public fields, its photo an id at depth 1', async () => {
      const { payload, execute } = payloadAnswering([
        { id: 7, author_id: 3, _related_author_id: author },
      ])
      const read = await readPublishedDocuments(payload, 'posts', [7], {
        locale: 'es',
        depth: 1,
        select: ['author'],
      })
      expect(read.declined).toEqual([])
      // The empty Spanish role falls back to the English one, as Payload's does.
      expect(read.docs).toEqual([
        {
          id: 7,
          author: {
            id: 3,
            name: 'Ada',
            role: 'Engineer',
            bio: 'Construye cosas.',
            photo: 5,
            profileUrl: 'https://example.com/ada',
            updatedAt: '2026-01-02T00:00:00.000Z',
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        },
      ])
      const statement = statementOf(execute)
      // Its published version only, never its internal fields, and no file read at depth 1.
      expect(statement).toContain(`t._status = 'published'`)
      expect(statement).not.toMatch(/'order'|t\."order"/)
      expect(statement).not.toContain('t."photo_id")')
    })

    it('reads its photo with it at depth 2', async () => {
      const { payload, execute } = payloadAnswering([
        { id: 7, author_id: 3, _related_author_id: { ...author, photo_id: null } },
      ])
      const read = await readPublishedDocuments(payload, 'posts', [7], {
        locale: 'en',
        depth: 2,
        select: ['author'],
      })
      expect(read.declined).toEqual([])
      expect(read.docs[0]?.author).toMatchObject({ id: 3, photo: null })
      expect(statementOf(execute)).toContain('from media m where m.id = t."photo_id"')
    })

    it('shows the id of one an anonymous reader does not see (a draft), as Payload does', async () => {
      const { payload } = payloadAnswering([{ id: 7, author_id: 3, _related_author_id: null }])
      const read = await readPublishedDocuments(payload, 'posts', [7], {
        locale: 'en',
        depth: 1,
        select: ['author'],
      })
      expect(read.declined).toEqual([])
      expect(read.docs).toEqual([{ id: 7, author: 3 }])
    })
  })
})
