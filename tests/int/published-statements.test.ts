import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import type pg from 'pg'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import {
  type PublishedPage,
  readPublishedDocuments,
  readPublishedList,
  readPublishedPage,
} from '@/content/published-documents'
import type { ListQuery } from '@/content/query'
import { pgPreparingStatements } from '@/lib/prepared-statements'
import { listedPageStatement } from '@/site/content'
import { listedDocumentStatement } from '@/site/published-view'
import { RELATED_POSTS } from '@/site/related'

import { payloadWithoutDatabase } from '../support/in-process-payload'

/**
 * What the statements of the public reads (src/content/published-documents.ts) cost PostgreSQL,
 * run here on one connection of the pool the app uses (src/lib/prepared-statements.ts):
 * - they keep one plan per connection: PostgreSQL plans each once and reuses the plan, where
 *   planning one anew on every execution cost several times running it. It counts each prepared
 *   statement's plans made for the values sent (`custom_plans`) and uses of the one kept
 *   (`generic_plans`);
 * - a read in one locale reads only the translations it shows (its own and the default one).
 */

/** Runs enough for PostgreSQL to choose: five plans for the values, then it compares. */
const RUNS = 12
const POSTS = 1_000

let pool: pg.Pool
let payload: Payload
let ids: number[] = []

beforeAll(async () => {
  pool = new pgPreparingStatements.Pool({ connectionString: inject('databaseUrl'), max: 1 })
  // What these reads use of Payload: its config and schema, and its database, here this pool.
  payload = await payloadWithoutDatabase()
  Object.assign(payload.db, { drizzle: drizzle(pool) })
  // A site's worth of posts, analysed, for PostgreSQL to price a few of them as fewer than all:
  // in a transaction rolled back afterwards, so nothing else ever sees them.
  await pool.query('begin')
  const { rows } = await pool.query<{ id: number }>(
    `insert into posts (slug, published_at, _status)
      select 'kept-plans-' || n, now() - n * interval '1 hour', 'published'
      from generate_series(1, $1::int) as n returning id`,
    [POSTS],
  )
  ids = rows.map((row) => row.id)
  await pool.query(
    `insert into posts_locales (title, excerpt, _locale, _parent_id)
      select 'Post ' || p.id, 'Excerpt', l.code::_locales, p.id
      from unnest($1::int[]) as p(id) cross join (values ('en'), ('es')) as l(code)`,
    [ids],
  )
  await pool.query('analyze posts; analyze posts_locales')
})

afterAll(async () => {
  await pool.query('rollback')
  await pool.end()
})

interface Plans {
  statement: string
  custom_plans: number
  generic_plans: number
}

/** The plans of this connection's prepared statements whose text holds `marker`. */
async function plansOf(marker: string): Promise<Plans[]> {
  // Its semicolon keeps this read unprepared (src/lib/prepared-statements.ts).
  const { rows } = await pool.query<Plans>(
    `select statement, custom_plans::int, generic_plans::int from pg_prepared_statements
      where position($1 in statement) > 0;`,
    [marker],
  )
  return rows
}

function expectPlanKept(plans: Plans[]): void {
  expect(plans).toHaveLength(1)
  expect(plans[0]!.generic_plans).toBeGreaterThan(0)
  expect(plans[0]!.custom_plans).toBeLessThanOrEqual(5)
}

const LIST: ListQuery = {
  locale: 'es',
  limit: 2,
  page: 2,
  sort: ['title', '-id'],
  depth: 0,
  select: ['title', 'slug'],
}

describe('kept plans', () => {
  it('a read of a few documents by id keeps its plan', async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const few = run % 2 === 0 ? ids.slice(0, 3) : ids.slice(1, 3)
      const { docs, declined } = await readPublishedDocuments(payload, 'posts', few, {
        locale: 'en',
        depth: 1,
      })
      expect(declined).toEqual([])
      expect(docs.map((doc) => doc.id).sort()).toEqual([...few].sort())
    }
    expectPlanKept(await plansOf('= any('))
  })

  it("the newest few of the site's list keep their plan (the home page's)", async () => {
    const statement = () =>
      listedPageStatement('posts', 'en', {}, { limit: 3, offset: 0, count: false })!
    for (let run = 0; run < RUNS; run += 1) {
      const page = await readPublishedList(payload, 'posts', statement(), {
        locale: 'en',
        depth: 1,
        select: ['title', 'slug', 'excerpt', 'publishedAt', 'coverImage', 'categories'],
      })
      expect(page.docs).toHaveLength(3)
    }
    expectPlanKept(await plansOf('limit 3 offset 0'))
  })

  it('a document picked with what its twin reads next is one statement that keeps its plan', async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const slug = `kept-plans-${1 + (run % 4)}`
      const { statement, extra } = listedDocumentStatement('posts', 'en', { slug })
      const page = await readPublishedList(payload, 'posts', statement, {
        locale: 'en',
        depth: 1,
        extra,
      })
      expect(page.docs.map((doc) => doc.slug)).toEqual([slug])
      expect(page.extra?.otherLocales).toEqual(['es'])
      expect(page.extra?.newest).toHaveLength(RELATED_POSTS + 1)
      expect(page.extra?.byCategory).toBeNull()
    }
    expectPlanKept(await plansOf('as extra'))
  })

  it('a page of an API list past the first keeps its plan', async () => {
    const pages: PublishedPage[] = []
    for (let run = 0; run < RUNS; run += 1) {
      pages.push(await readPublishedPage(payload, 'posts', LIST))
    }
    expect(pages[0]!.ids).toHaveLength(2)
    expect(pages.every((page) => page.ids.join() === pages[0]!.ids.join())).toBe(true)
    expectPlanKept(await plansOf('limit 2 offset 2'))
  })
})

describe('translations read', () => {
  it('a read in one locale reads the translations it shows, not the others', async () => {
    // Spanish rich text with an upload node, which Payload populates: a read that sees it
    // leaves the post to Payload.
    const [id] = ids
    await pool.query(
      `update posts_locales set content = $1::jsonb where _parent_id = $2 and _locale = 'es'`,
      [
        JSON.stringify({
          root: { type: 'root', children: [{ type: 'upload', relationTo: 'media', value: 1 }] },
        }),
        id,
      ],
    )
    const readIn = (locale: 'en' | 'es' | 'all') =>
      readPublishedDocuments(payload, 'posts', [id!], { locale, depth: 0 })

    const english = await readIn('en')
    expect(english.declined).toEqual([])
    expect(english.docs.map((doc) => [doc.id, doc.title])).toEqual([[id, `Post ${id}`]])
    for (const locale of ['es', 'all'] as const) {
      expect((await readIn(locale)).declined).toEqual([
        { ids: [id], reason: 'rich text with nodes Payload reads' },
      ])
    }
  })
})
