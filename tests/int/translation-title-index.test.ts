import { sql } from '@payloadcms/db-postgres'
import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { pageIdsStatement, sortColumns } from '@/content/page-ids'
import type { ListQuery } from '@/content/query'

import { runScript } from '../support/app-server'
import { createTestDatabase } from '../support/database'
import { payloadWithoutDatabase } from '../support/in-process-payload'

/**
 * A list sorted by title reads each document's title in the list's language from an index alone
 * (the migration `translation_title_indexes`), not from the translation rows, which carry the
 * rich text. On a database of its own, migrated, with a site's worth of posts committed and
 * vacuumed, as a live database's are.
 */

const POSTS = 1_000

/** A node of PostgreSQL's plan, as `explain (format json)` writes it. */
interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

let pool: pg.Pool

beforeAll(async () => {
  const env = {
    ...inject('appEnv'),
    DATABASE_URL: await createTestDatabase(
      `consultancy_test_${process.env.TEST_RUN_ID ?? 'main'}_title_index`,
    ),
  }
  expect(await runScript('scripts/migrate.ts', env)).toBe(0)
  pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 1 })
  const { rows } = await pool.query<{ id: number }>(
    `insert into posts (slug, published_at, _status)
      select 'title-index-' || n, now() - n * interval '1 hour', 'published'
      from generate_series(1, $1::int) as n returning id`,
    [POSTS],
  )
  // Each translation with a rich text of a few kilobytes, as the site's posts have.
  await pool.query(
    `insert into posts_locales (title, excerpt, content, _locale, _parent_id)
      select 'Post ' || p.id, 'Excerpt',
        jsonb_build_object('root', jsonb_build_object('type', 'root', 'children',
          jsonb_build_array(jsonb_build_object('type', 'paragraph', 'children',
            jsonb_build_array(jsonb_build_object('type', 'text', 'text', repeat('words ', 400))))))),
        l.code::_locales, p.id
      from unnest($1::int[]) as p(id) cross join (values ('en'), ('es')) as l(code)`,
    [rows.map((row) => row.id)],
  )
  await pool.query('vacuum analyze posts')
  await pool.query('vacuum analyze posts_locales')
}, 120_000)

afterAll(async () => {
  await pool?.end()
})

describe('translation title index', () => {
  it("a list sorted by title reads the language's titles from an index alone", async () => {
    const query: ListQuery = {
      locale: 'es',
      limit: 10,
      page: 20,
      sort: ['title', '-id'],
      depth: 0,
      select: ['title', 'slug'],
    }
    const { rows } = await drizzle(pool).execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      sql`explain (format json) ${pageIdsStatement('posts', query, sortColumns(await payloadWithoutDatabase(), 'posts'))}`,
    )
    const scans: string[] = []
    const visit = (node: PlanNode) => {
      if (node['Relation Name'] === 'posts_locales') {
        scans.push(`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim())
      }
      node.Plans?.forEach(visit)
    }
    visit(rows[0]!['QUERY PLAN'][0].Plan)
    expect(scans).toEqual(['Index Only Scan posts_locales_locale_title_idx'])
  })
})
