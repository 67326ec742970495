import { describe, expect, it } from 'vitest'

import { OPEN_POLICY, type AccessPolicy } from '@/agents/access-policy'

import {
  AGENT_TRAFFIC_SQL,
  INQUIRIES_SQL,
  addDays,
  agentAccessByPeriod,
  askedChannel,
  askedRange,
  inquiriesByPeriod,
  periodOf,
  periodStart,
  periodStarts,
  periodTable,
  refusedShare,
  visitsByPeriod,
} from './dashboard'
import type { Queryable } from './store'

/** A database that answers every query with `rows`, and remembers what it was asked. */
function fakeDb(rows: unknown[]) {
  const asked: { text: string; values: unknown[] | undefined }[] = []
  const db: Queryable = {
    query: async (text, values) => {
      asked.push({ text, values })
      return { rows, rowCount: rows.length }
    },
  }
  return { db, asked }
}

describe('the range asked for', () => {
  const TODAY = '2026-11-28'

  it('is the last 30 days, today included, when none is asked for', () => {
    expect(askedRange({}, TODAY)).toEqual({ range: { from: '2026-10-30', to: TODAY } })
    expect(askedRange({ from: '', to: [] }, TODAY)).toEqual({
      range: { from: '2026-10-30', to: TODAY },
    })
  })

  it('takes both ends, or one of them', () => {
    expect(askedRange({ from: '2026-01-01', to: '2026-01-31' }, TODAY).range).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(askedRange({ from: '2026-11-01' }, TODAY).range).toEqual({
      from: '2026-11-01',
      to: TODAY,
    })
    expect(askedRange({ to: '2026-03-01' }, TODAY).range).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    })
    // Next.js gives a repeated parameter as a list: its first value counts.
    expect(askedRange({ from: ['2026-11-20', 'x'] }, TODAY).range.from).toBe('2026-11-20')
  })

  it('comes back with its problem, and the default range to show meanwhile', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ from: 'yesterday' }, /^from must be a day/],
      [{ to: '2026-02-30' }, /^to must be a day/],
      [{ to: '<script>' }, /^to must be a day/],
      [{ from: '2026-11-28', to: '2026-11-01' }, /^from must not be after to/],
      [{ from: '1900-01-01', to: '2026-01-01' }, /^to must be less than/],
    ]
    for (const [params, message] of cases) {
      const asked = askedRange(params, TODAY)
      expect(asked.problem?.code, JSON.stringify(params)).toBe('invalid_parameter')
      expect(asked.problem?.message).toMatch(message)
      expect(asked.range).toEqual({ from: '2026-10-30', to: TODAY })
    }
  })
})

describe('the channel asked for', () => {
  it('is a channel, people by default', () => {
    expect(askedChannel(undefined)).toEqual({ channel: 'person' })
    expect(askedChannel('ai-crawler')).toEqual({ channel: 'ai-crawler' })
    const refused = askedChannel('robots')
    expect(refused.channel).toBe('person')
    expect(refused.problem?.message).toMatch(/^channel must be one of person, search-crawler/)
  })
})

describe('periods', () => {
  it('are days up to three months, weeks up to two years, then months', () => {
    expect(periodOf({ from: '2026-11-01', to: '2026-11-30' })).toBe('day')
    expect(periodOf({ from: '2026-01-01', to: addDays('2026-01-01', 91) })).toBe('day')
    expect(periodOf({ from: '2026-01-01', to: addDays('2026-01-01', 92) })).toBe('week')
    expect(periodOf({ from: '2024-01-01', to: '2025-12-31' })).toBe('week')
    expect(periodOf({ from: '2020-01-01', to: '2026-01-01' })).toBe('month')
  })

  it('start on Mondays (weeks) and first days (months), as PostgreSQL’s date_trunc', () => {
    // 2026-11-28 is a Saturday.
    expect(periodStart('2026-11-28', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23')
    expect(periodStart('2026-11-28', 'month')).toBe('2026-11-01')
    expect(periodStart('2026-11-28', 'day')).toBe('2026-11-28')
  })

  it('cover the range, the first one starting at or before it', () => {
    expect(periodStarts({ from: '2026-11-27', to: '2026-11-29' }, 'day')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ])
    expect(periodStarts({ from: '2026-11-28', to: '2026-12-08' }, 'week')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ])
    expect(periodStarts({ from: '2026-01-31', to: '2026-04-01' }, 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
    ])
  })
})

describe('a table of counts per period', () => {
  it('adds each row to its period and series, a period without rows being zeros', () => {
    const table = periodTable(
      { from: '2026-11-01', to: '2026-11-03' },
      ['a', 'b'],
      [
        { day: '2026-11-01', key: 'a', count: 2 },
        { day: '2026-11-01', key: 'a', count: 3 },
        { day: '2026-11-03', key: 'b', count: 7 },
      ],
    )
    expect(table).toEqual({
      period: 'day',
      periods: ['2026-11-01', '2026-11-02', '2026-11-03'],
      series: ['a', 'b'],
      values: [
        [5, 0],
        [0, 0],
        [0, 7],
      ],
    })
  })

  it('adds a series it was not told of after the others, rather than dropping its counts', () => {
    const table = periodTable(
      { from: '2026-11-01', to: '2026-11-01' },
      ['form'],
      [{ day: '2026-11-01', key: 'chat', count: 1 }],
    )
    expect(table.series).toEqual(['form', 'chat'])
    expect(table.values).toEqual([[0, 1]])
  })
})

describe('visits per period', () => {
  it('has a column per channel, in the channels’ order, and weeks for long ranges', async () => {
    const { db } = fakeDb([
      { day: '2026-06-02', channel: 'ai-crawler', count: '4' },
      { day: '2026-06-03', channel: 'person', count: '6' },
    ])
    const table = await visitsByPeriod(db, { from: '2026-01-01', to: '2026-12-31' })
    expect(table.period).toBe('week')
    expect(table.series[0]).toBe('person')
    expect(table.series).toHaveLength(8)
    const week = table.periods.indexOf('2026-06-01')
    expect(table.values[week]![0]).toBe(6)
    expect(table.values[week]![table.series.indexOf('ai-crawler')]).toBe(4)
  })
})

describe('agents’ traffic and the access policy', () => {
  const ROWS = [
    { day: '2026-11-01', channel: 'ai-crawler', agent: 'GPTBot', count: '10' },
    { day: '2026-11-01', channel: 'ai-crawler', agent: 'CCBot', count: '4' },
    { day: '2026-11-01', channel: 'search-crawler', agent: 'Googlebot', count: '20' },
    { day: '2026-11-02', channel: 'ai-assistant', agent: 'ChatGPT-User', count: '3' },
  ]
  const RANGE = { from: '2026-11-01', to: '2026-11-02' }

  it('is all allowed under the open policy', async () => {
    const { db, asked } = fakeDb(ROWS)
    const table = await agentAccessByPeriod(db, RANGE, OPEN_POLICY)
    expect(table.series).toEqual(['allowed', 'stated', 'refused'])
    expect(table.values).toEqual([
      [34, 0, 0],
      [3, 0, 0],
    ])
    expect(asked[0]!.text).toBe(AGENT_TRAFFIC_SQL)
    expect(asked[0]!.values).toEqual([
      '2026-11-01',
      '2026-11-02',
      'day',
      ['search-crawler', 'ai-crawler', 'ai-assistant'],
    ])
  })

  it('splits each row by what the policy says of its channel and agent', async () => {
    const policy: AccessPolicy = {
      allow: { search: true, 'ai-input': true, 'ai-train': false },
      crawlers: [
        { agent: 'gptbot', allow: {}, refuseRequests: true },
        { agent: 'ChatGPT-User', allow: { 'ai-input': false }, refuseRequests: false },
      ],
    }
    const { db } = fakeDb(ROWS)
    const table = await agentAccessByPeriod(db, RANGE, policy)
    // Day 1: Googlebot allowed (20), CCBot stated (training refused, 4), GPTBot refused (10).
    // Day 2: ChatGPT-User's own override states a refusal (3).
    expect(table.values).toEqual([
      [20, 4, 10],
      [0, 3, 0],
    ])
    // 17 of the 37 requests are refused, stated or with 403.
    expect(refusedShare(table)).toBeCloseTo(17 / 37, 10)
  })

  it('has no refused share without traffic, and none refused under the open policy', async () => {
    expect(refusedShare(await agentAccessByPeriod(fakeDb([]).db, RANGE, OPEN_POLICY))).toBeNull()
    expect(refusedShare(await agentAccessByPeriod(fakeDb(ROWS).db, RANGE, OPEN_POLICY))).toBe(0)
  })

  it('checks the range before asking the database', async () => {
    const { db, asked } = fakeDb([])
    await expect(
      agentAccessByPeriod(db, { from: '2026-11-02', to: '2026-11-01' }, OPEN_POLICY),
    ).rejects.toMatchObject({ code: 'invalid_parameter' })
    expect(asked).toEqual([])
  })
})

describe('inquiries per period', () => {
  it('counts each source, in the order given, by the UTC day received', async () => {
    const { db, asked } = fakeDb([
      { day: '2026-11-01', channel: 'mcp', count: '2' },
      { day: '2026-11-02', channel: 'form', count: '5' },
    ])
    const table = await inquiriesByPeriod(db, { from: '2026-11-01', to: '2026-11-02' }, [
      'http',
      'mcp',
      'form',
    ])
    expect(table.series).toEqual(['http', 'mcp', 'form'])
    expect(table.values).toEqual([
      [0, 2, 0],
      [0, 0, 5],
    ])
    expect(asked[0]!.text).toBe(INQUIRIES_SQL)
    expect(asked[0]!.values).toEqual(['2026-11-01', '2026-11-02', 'day'])
  })
})
