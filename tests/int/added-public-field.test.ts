import { getTableColumns, type Table } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { runScript } from '../support/app-server'
import { createTestDatabase, withConnection } from '../support/database'
import { connectedPayload } from '../support/in-process-payload'

/**
 * A field added to posts, with nothing else edited, read from a database: the collection's config
 * in this file is the project's with two text fields more (`vi.mock`), one marked public
 * (`testPublicNote`) and one that says nothing (`testPrivateNote`). On a database of its own,
 * migrated, with the two columns Payload's schema gives them added, Payload runs in this process
 * and the public API's reads (`parseListQuery`/`listPublished`, `parseDocumentQuery`/
 * `getPublished`: what `/api/posts` runs for an anonymous caller) answer in SQL of our own
 * (PUBLISHED_READS=sql) and through the Local API (PUBLISHED_READS=local-api): the same
 * documents, with the public field and without the private one, which a `select` may not name.
 * The OpenAPI document describes the one and not the other. No second build of the site is
 * needed: the config, the contract and the reads are the same code the build runs.
 */

vi.mock('@/collections/Posts', async (importOriginal) => {
  const { Posts } = await importOriginal<typeof import('@/collections/Posts')>()
  const extra = await import('../support/extra-fields')
  return { Posts: extra.postsWith(Posts, [extra.TEST_PUBLIC_NOTE, extra.TEST_PRIVATE_NOTE]) }
})

const PUBLIC_NOTE = 'Shown to everyone'
const PRIVATE_NOTE = 'Kept for editors'

let payload: Payload
let id: number
const slug = `added-field-${Date.now()}`

/**
 * What the committed migrations do not create of the schema Payload builds from this config (the
 * added fields' columns, in the documents' and their versions' tables), added as Payload names
 * and types them.
 */
async function addMissingColumns(databaseUrl: string): Promise<string[]> {
  const tables = (payload.db as unknown as { tables: Record<string, Table> }).tables
  return withConnection(databaseUrl, async (client) => {
    const added: string[] = []
    for (const [name, table] of Object.entries(tables)) {
      const { rows } = await client.query<{ column_name: string }>(
        'select column_name from information_schema.columns where table_name = $1',
        [name],
      )
      const present = new Set(rows.map((row) => row.column_name))
      for (const column of Object.values(getTableColumns(table))) {
        if (present.has(column.name)) continue
        await client.query(
          `alter table "${name}" add column "${column.name}" ${column.getSQLType()}`,
        )
        added.push(`${name}.${column.name}`)
      }
    }
    return added
  })
}

beforeAll(async () => {
  const runId = process.env.TEST_RUN_ID ?? 'main'
  const databaseUrl = await createTestDatabase(`consultancy_test_${runId}_added_field`)
  expect(
    await runScript('scripts/migrate.ts', { ...inject('appEnv'), DATABASE_URL: databaseUrl }),
  ).toBe(0)
  // The config reads its settings as it is first imported, below.
  vi.stubEnv('DATABASE_URL', databaseUrl)
  // Each read below names its setting, whatever the run's (FRAMEWORK_BYPASSES=off included).
  vi.stubEnv('FRAMEWORK_BYPASSES', 'on')
  vi.stubEnv('PUBLISHED_READS', 'sql')
  payload = await connectedPayload()
  expect((await addMissingColumns(databaseUrl)).sort()).toEqual([
    '_posts_v.version_test_private_note',
    '_posts_v.version_test_public_note',
    'posts.test_private_note',
    'posts.test_public_note',
  ])
  const created = await payload.create({
    collection: 'posts',
    locale: 'en',
    data: {
      _status: 'published',
      title: 'A post with two more fields',
      slug,
      testPublicNote: PUBLIC_NOTE,
      testPrivateNote: PRIVATE_NOTE,
    } as never,
    overrideAccess: true,
  })
  id = created.id
}, 120_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  await payload?.destroy()
})

/** The public API's anonymous reads as `/api/posts` runs them, with the settings of now. */
async function apiReads() {
  const { parseDocumentQuery, parseListQuery } = await import('@/content/query')
  const { getPublished, listPublished } = await import('@/content/read')
  return {
    list: async (query: string) =>
      listPublished(payload, 'posts', parseListQuery(new URLSearchParams(query), 'posts')),
    get: async (query: string) =>
      getPublished(payload, 'posts', id, parseDocumentQuery(new URLSearchParams(query), 'posts')),
  }
}

/** The same reads, in SQL of our own and through the Local API. */
async function bothWays<T>(read: (api: Awaited<ReturnType<typeof apiReads>>) => Promise<T>) {
  const debug = vi.spyOn(payload.logger, 'debug')
  const answers: Record<'sql' | 'local-api', { value: T; declined: string[] }> = {} as never
  for (const setting of ['sql', 'local-api'] as const) {
    vi.stubEnv('PUBLISHED_READS', setting)
    vi.resetModules()
    debug.mockClear()
    const value = await read(await apiReads())
    const declined = debug.mock.calls
      .filter(([, message]) => message === 'published read by the Local API')
      .map(([fields]) => String((fields as { reason: string }).reason))
    answers[setting] = { value, declined }
  }
  debug.mockRestore()
  return answers
}

describe('a public field added to posts', () => {
  it('is stored with the private one, which only editors read', async () => {
    const stored = await payload.findByID({ collection: 'posts', id, overrideAccess: true })
    expect(stored).toMatchObject({ testPublicNote: PUBLIC_NOTE, testPrivateNote: PRIVATE_NOTE })
  })

  it('appears in /api/posts and /api/posts/{id}, in SQL and through the Local API alike', async () => {
    const answers = await bothWays(async ({ list, get }) => ({
      list: await list(`where[slug][equals]=${slug}`),
      document: await get(''),
      selected: await get('select=testPublicNote'),
    }))
    const { sql, 'local-api': local } = answers
    // In SQL of our own (nothing left to Payload), and through the Local API.
    expect(sql.declined).toEqual([])
    expect(local.declined.length).toBeGreaterThan(0)
    expect(local.declined.every((reason) => reason.startsWith('PUBLISHED_READS=local-api'))).toBe(
      true,
    )
    for (const { value } of [sql, local]) {
      expect(value.list.docs).toHaveLength(1)
      for (const doc of [value.list.docs[0]!, value.document!]) {
        expect(doc).toMatchObject({ id, slug, testPublicNote: PUBLIC_NOTE })
        expect(doc).not.toHaveProperty('testPrivateNote')
      }
      expect(value.selected).toEqual({ id, testPublicNote: PUBLIC_NOTE })
    }
    // The same answers, fields in the same order.
    expect(JSON.stringify(sql.value)).toBe(JSON.stringify(local.value))
  })

  it('may be selected; the private field may not', async () => {
    const { list, get } = await apiReads()
    await expect(list('select=testPrivateNote')).rejects.toMatchObject({
      code: 'invalid_parameter',
      details: [{ field: 'select', message: expect.stringMatching(/testPrivateNote/) }],
    })
    await expect(get('select=slug,testPrivateNote')).rejects.toMatchObject({
      code: 'invalid_parameter',
    })
  })

  it('is in /openapi.json, and the private field is not', async () => {
    const { openApiDocument } = await import('@/agents/openapi')
    const document = openApiDocument('http://site.test')
    const schemas = document.components.schemas as Record<string, unknown>
    const post = schemas.Post as { properties: Record<string, unknown> }
    expect(post.properties.testPublicNote).toEqual({ type: ['string', 'null'] })
    expect(JSON.stringify(document)).not.toContain('testPrivateNote')
  })
})
