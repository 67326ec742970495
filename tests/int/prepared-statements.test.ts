import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import {
  NAMES_KEPT_MAX,
  PREPARED_STATEMENTS_PER_CONNECTION,
  PreparingPool,
  StatementNames,
  pgPreparingStatements,
  statementName,
} from '@/lib/prepared-statements'

/**
 * Payload's statements are prepared once per database connection instead of being parsed and
 * planned on every execution: the same answers, with the planning done once.
 */

let pool: pg.Pool

beforeAll(() => {
  pool = new pgPreparingStatements.Pool({ connectionString: inject('databaseUrl'), max: 1 })
})

afterAll(async () => {
  await pool.end()
})

async function preparedNames(): Promise<string[]> {
  // Its semicolon keeps this read itself unprepared, out of the names it counts.
  const { rows } = await pool.query<{ name: string }>(
    'select name from pg_prepared_statements order by name;',
  )
  return rows.map((row) => row.name)
}

describe('prepared statements', () => {
  it('prepares a parameterised statement once and answers it as before', async () => {
    const text = 'select $1::int + 1 as answer'
    const before = await preparedNames()
    expect(before).not.toContain(statementName(text))

    for (const value of [1, 2, 3]) {
      const { rows } = await pool.query({ text, values: [value] })
      expect(rows).toEqual([{ answer: value + 1 }])
    }
    const { rows: asArrays } = await pool.query({ text, values: [41], rowMode: 'array' })
    expect(asArrays).toEqual([[42]])

    const after = await preparedNames()
    expect(after.filter((name) => name === statementName(text))).toHaveLength(1)
    expect(after).toHaveLength(before.length + 1)
  })

  it('prepares a read without parameters once it is sent again (a page written into its text)', async () => {
    const text = `with page as (select generate_series(1, 30) as n)
      select n from page order by n desc limit 3 offset ${Date.now() % 10}`
    const answers = []
    for (let time = 0; time < 3; time += 1) answers.push((await pool.query(text)).rows)
    expect(answers[0]).toHaveLength(3)
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
    expect(await preparedNames()).toContain(statementName(text))
  })

  it('leaves other statements without parameters, named ones and several in one text alone', async () => {
    const before = await preparedNames()
    for (let time = 0; time < 2; time += 1) {
      const results = (await pool.query(
        'select 1 as one; select 2 as two',
      )) as unknown as pg.QueryResult[]
      expect(results.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]])
      const { rows } = await pool.query('show server_version_num')
      expect(Number(rows[0]?.server_version_num)).toBeGreaterThan(0)
    }
    await pool.query({ text: 'select $1::text as word', values: ['own'], name: 'caller_named' })

    const after = await preparedNames()
    expect(after).toContain('caller_named')
    expect(after).toHaveLength(before.length + 1)
  })

  it('leaves a text sent only once unprepared (Payload’s joins with random aliases)', async () => {
    const text = `select $1::int as once_${Date.now()}`
    await pool.query(text, [1])
    expect(await preparedNames()).not.toContain(statementName(text))
    await pool.query(text, [2])
    expect(await preparedNames()).toContain(statementName(text))
  })

  it('hashes a text on its first two sendings only: then its name is kept by its text', async () => {
    const names = (pool as PreparingPool).statementNames
    const text = `select $1::int * 2 as doubled_${Date.now()}`
    const hashedBefore = names.hashed
    for (const value of [1, 2, 3, 4, 5]) {
      const { rows } = await pool.query(text, [value])
      expect(Object.values(rows[0] ?? {})).toEqual([value * 2])
    }
    expect(names.hashed - hashedBefore).toBe(2)
    expect(names.of(text)).toBe(statementName(text))
    expect(await preparedNames()).toContain(statementName(text))
  })

  it(`keeps at most ${NAMES_KEPT_MAX} names by their text`, () => {
    const names = new StatementNames()
    for (let index = 0; index <= NAMES_KEPT_MAX; index += 1) {
      const text = `select ${index}`
      names.keep(text, names.of(text))
    }
    expect(names.kept).toBeGreaterThan(0)
    expect(names.kept).toBeLessThanOrEqual(NAMES_KEPT_MAX)
    const hashedBefore = names.hashed
    expect(names.of(`select ${NAMES_KEPT_MAX}`)).toBe(statementName(`select ${NAMES_KEPT_MAX}`))
    expect(names.hashed).toBe(hashedBefore)
  })

  it('a statement that fails to parse is not taken for prepared', async () => {
    const text = 'select $1::int from no_such_table_here'
    await expect(pool.query(text, [1])).rejects.toThrow(/no_such_table_here/)
    await expect(pool.query(text, [1])).rejects.toThrow(/no_such_table_here/)
    expect(await preparedNames()).not.toContain(statementName(text))
  })

  it(`keeps at most ${PREPARED_STATEMENTS_PER_CONNECTION} per connection, then sends the rest unnamed`, async () => {
    for (let index = 0; index < PREPARED_STATEMENTS_PER_CONNECTION + 20; index += 1) {
      for (const time of [1, 2]) {
        const { rows } = await pool.query(`select $1::int as n, ${index} as variant`, [time])
        expect(rows).toEqual([{ n: time, variant: index }])
      }
    }
    // The bound counts names given, whether or not their statement parsed (one above did not).
    const prepared = await preparedNames()
    expect(prepared.length).toBeLessThanOrEqual(PREPARED_STATEMENTS_PER_CONNECTION + 1)
    expect(prepared.length).toBeGreaterThanOrEqual(PREPARED_STATEMENTS_PER_CONNECTION - 1)
    // Those already prepared stay in use past the bound.
    const text = 'select $1::int + 1 as answer'
    const { rows } = await pool.query(text, [9])
    expect(rows).toEqual([{ answer: 10 }])
  })

  it("is what Payload's database adapter is given", async () => {
    const { default: config } = await import('@payload-config')
    const adapter = (await config).db.init({ payload: {} as never }) as unknown as { pg: unknown }
    expect(adapter.pg).toBe(pgPreparingStatements)
  })
})
