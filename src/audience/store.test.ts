import { describe, expect, it } from 'vitest'

import type { CountRow } from './aggregator'
import { FLUSH_SQL, PRUNE_SQL, flushStatement, sqlCountStore, type Queryable } from './store'

const rows: CountRow[] = [
  {
    day: '2026-11-28',
    channel: 'ai-crawler',
    surface: 'page',
    agent: 'GPTBot',
    path: '/en',
    count: 3,
  },
  { day: '2026-11-28', channel: 'person', surface: 'twin', agent: '', path: '/en.md', count: 1 },
]

function recordingDb(): Queryable & { calls: { text: string; values?: unknown[] }[] } {
  const calls: { text: string; values?: unknown[] }[] = []
  return {
    calls,
    query: async (text, values) => {
      calls.push({ text, values })
      return { rows: [], rowCount: 7 }
    },
  }
}

describe('the flush statement', () => {
  it('adds every row in one statement, each count added to what is there', () => {
    expect(FLUSH_SQL).toMatch(
      /^INSERT INTO audience_counts \(day, channel, surface, agent, path, count\)/,
    )
    expect(FLUSH_SQL).toMatch(
      /unnest\(\$1::date\[\], \$2::text\[\], \$3::text\[\], \$4::text\[\], \$5::text\[\], \$6::bigint\[\]\)/,
    )
    expect(FLUSH_SQL).toMatch(
      /ON CONFLICT \(day, channel, surface, agent, path\)\s+DO UPDATE SET count = audience_counts\.count \+ excluded\.count/,
    )
    expect(flushStatement(rows)).toEqual({
      text: FLUSH_SQL,
      values: [
        ['2026-11-28', '2026-11-28'],
        ['ai-crawler', 'person'],
        ['page', 'twin'],
        ['GPTBot', ''],
        ['/en', '/en.md'],
        [3, 1],
      ],
    })
  })

  it('sends nothing when nothing was counted', async () => {
    expect(flushStatement([])).toBeNull()
    const db = recordingDb()
    await sqlCountStore(db).add([])
    expect(db.calls).toEqual([])
  })

  it('prunes by days before today', async () => {
    const db = recordingDb()
    expect(await sqlCountStore(db).prune(400)).toBe(7)
    expect(db.calls).toEqual([{ text: PRUNE_SQL, values: [400] }])
    expect(PRUNE_SQL).toMatch(
      /DELETE FROM audience_counts\s+WHERE day < \(now\(\) AT TIME ZONE 'UTC'\)::date - \$1::int/,
    )
  })
})
