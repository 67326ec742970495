import type { CountRow } from './aggregator'

/**
 * The counts in PostgreSQL: the project's own table `audience_counts` (migration
 * 20261128_120000_audience_counts), one row per day, channel, surface, agent and path. Each
 * instance adds what it counted since its last flush in one statement; `count = count + excluded`
 * makes every instance's additions add up exactly, whatever order they arrive in.
 */

/** What the store needs of a database: one query at a time (a pg Pool or Client). */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>
}

export const AUDIENCE_TABLE = 'audience_counts'

/**
 * Adds rows (unique by key: the aggregator's) in one statement. Rows arrive in the aggregator's
 * order, so concurrent flushes of several instances lock shared rows in the same order.
 */
export const FLUSH_SQL = `INSERT INTO ${AUDIENCE_TABLE} (day, channel, surface, agent, path, count)
SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])
ON CONFLICT (day, channel, surface, agent, path)
DO UPDATE SET count = ${AUDIENCE_TABLE}.count + excluded.count`

/** Drops the days older than the retention (`$1` days before today, UTC). */
export const PRUNE_SQL = `DELETE FROM ${AUDIENCE_TABLE}
WHERE day < (now() AT TIME ZONE 'UTC')::date - $1::int`

/** The statement and values that add `rows`, or null when there is nothing to add. */
export function flushStatement(
  rows: readonly CountRow[],
): { text: string; values: unknown[] } | null {
  if (rows.length === 0) return null
  return {
    text: FLUSH_SQL,
    values: [
      rows.map((row) => row.day),
      rows.map((row) => row.channel),
      rows.map((row) => row.surface),
      rows.map((row) => row.agent),
      rows.map((row) => row.path),
      rows.map((row) => row.count),
    ],
  }
}

export interface CountStore {
  add(rows: readonly CountRow[]): Promise<void>
  /** Deletes the days older than `retentionDays`; returns how many rows went. */
  prune(retentionDays: number): Promise<number>
}

export function sqlCountStore(db: Queryable): CountStore {
  return {
    add: async (rows) => {
      const statement = flushStatement(rows)
      if (statement) await db.query(statement.text, statement.values)
    },
    prune: async (retentionDays) => {
      const { rowCount } = await db.query(PRUNE_SQL, [retentionDays])
      return rowCount ?? 0
    },
  }
}
