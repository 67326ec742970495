import { describe, expect, it } from 'vitest'

import {
  KEYS_PER_FLUSH_MAX,
  OTHER,
  OWN_NAMES_PER_DAY_MAX,
  PATHS_PER_DAY_MAX,
  PATH_MAX_LENGTH,
  VisitCounts,
  countedPath,
  type VisitKey,
} from './aggregator'
import { AUDIENCE_SURFACES, CHANNELS } from './channels'

const visit = (overrides: Partial<VisitKey> = {}): VisitKey => ({
  day: '2026-11-28',
  channel: 'person',
  surface: 'page',
  agent: '',
  path: '/en',
  ...overrides,
})

describe('countedPath', () => {
  it('drops the query and fragment', () => {
    expect(countedPath('/en/blog?page=2&utm_source=x')).toBe('/en/blog')
    expect(countedPath('/en/blog#top')).toBe('/en/blog')
    expect(countedPath('/api/posts')).toBe('/api/posts')
  })

  it('cuts a long path and refuses what is no path', () => {
    expect(countedPath(`/${'a'.repeat(10_000)}`)).toHaveLength(PATH_MAX_LENGTH)
    expect(countedPath('*')).toBe(OTHER)
    expect(countedPath('http://evil.example/')).toBe(OTHER)
    expect(countedPath('/en\u0000<b>')).toBe(OTHER)
  })
})

describe('VisitCounts', () => {
  it('adds visits of one key together and gives them back in a fixed order', () => {
    const counts = new VisitCounts()
    counts.add(visit({ path: '/es' }), false)
    counts.add(visit(), false)
    counts.add(visit(), false)
    counts.add(visit({ channel: 'ai-crawler', agent: 'GPTBot' }), false)
    expect(counts.drain()).toEqual([
      { ...visit({ channel: 'ai-crawler', agent: 'GPTBot' }), count: 1 },
      { ...visit(), count: 2 },
      { ...visit({ path: '/es' }), count: 1 },
    ])
    expect(counts.size).toBe(0)
    expect(counts.drain()).toEqual([])
  })

  it('counts paths past the day’s cap as "other", and starts again the next day', () => {
    const counts = new VisitCounts()
    for (let index = 0; index < PATHS_PER_DAY_MAX + 5; index += 1) {
      counts.add(visit({ path: `/en/blog/post-${index}` }), false)
    }
    counts.add(visit({ path: '/en/blog/post-0' }), false)
    const rows = counts.drain()
    expect(rows).toHaveLength(PATHS_PER_DAY_MAX + 1)
    expect(rows.find((row) => row.path === OTHER)?.count).toBe(5)
    expect(rows.find((row) => row.path === '/en/blog/post-0')?.count).toBe(2)
    // The cap is per day, not per flush: the next flush of the same day still folds new paths.
    counts.add(visit({ path: '/en/blog/new' }), false)
    expect(counts.drain()).toEqual([{ ...visit({ path: OTHER }), count: 1 }])
    counts.add(visit({ day: '2026-11-29', path: '/en/blog/new' }), false)
    expect(counts.drain()).toEqual([
      { ...visit({ day: '2026-11-29', path: '/en/blog/new' }), count: 1 },
    ])
  })

  it('caps the names callers choose, not the names of the tables', () => {
    const counts = new VisitCounts()
    for (let index = 0; index < OWN_NAMES_PER_DAY_MAX + 3; index += 1) {
      counts.add(
        visit({
          channel: 'mcp-client',
          surface: 'mcp',
          path: '/api/mcp',
          agent: `client-${index}`,
        }),
        true,
      )
    }
    counts.add(visit({ channel: 'ai-crawler', agent: 'GPTBot' }), false)
    const rows = counts.drain()
    expect(rows.filter((row) => row.channel === 'mcp-client')).toHaveLength(
      OWN_NAMES_PER_DAY_MAX + 1,
    )
    expect(rows.find((row) => row.agent === OTHER)?.count).toBe(3)
    expect(rows.find((row) => row.agent === 'GPTBot')?.count).toBe(1)
  })

  it('holds at most its bound of rows between flushes, folding the rest into "other"', () => {
    const counts = new VisitCounts()
    let added = 0
    outer: for (const channel of CHANNELS) {
      for (const surface of AUDIENCE_SURFACES) {
        for (let index = 0; index < PATHS_PER_DAY_MAX; index += 1) {
          counts.add(visit({ channel, surface, path: `/p/${index}` }), false)
          added += 1
          if (added === KEYS_PER_FLUSH_MAX + 10) break outer
        }
      }
    }
    expect(counts.size).toBeLessThanOrEqual(KEYS_PER_FLUSH_MAX + 1)
    const rows = counts.drain()
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(added)
    expect(rows.filter((row) => row.path === OTHER).reduce((sum, row) => sum + row.count, 0)).toBe(
      10,
    )
  })

  it('takes a failed flush’s rows back with their counts', () => {
    const counts = new VisitCounts()
    counts.add(visit(), false)
    const failed = counts.drain()
    counts.add(visit(), false)
    for (const row of failed) counts.add(row, false, row.count)
    expect(counts.drain()).toEqual([{ ...visit(), count: 2 }])
  })
})
