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
})
