import { describe, expect, it } from 'vitest'

import { CsvRecordReader } from '@/lib/spreadsheet-csv'

import { csvFileName, isAudienceReport, periodTableCsv, topPathsCsv } from './dashboard-csv'

function records(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const reader = new CsvRecordReader()
  return [...reader.push(csv.slice(1)), ...reader.end()]
}

describe('a chart’s numbers as CSV', () => {
  it('has a row per period: its first day, a column per series, the total', () => {
    const csv = periodTableCsv({
      period: 'week',
      periods: ['2026-11-16', '2026-11-23'],
      series: ['allowed', 'stated', 'refused'],
      values: [
        [20, 4, 10],
        [0, 0, 0],
      ],
    })
    expect(records(csv)).toEqual([
      ['week_start', 'allowed', 'stated', 'refused', 'total'],
      ['2026-11-16', '20', '4', '10', '34'],
      ['2026-11-23', '0', '0', '0', '0'],
    ])
    // Every cell quoted: no separator inside one starts another.
    expect(csv.split('\n')[1]).toBe('"2026-11-16","20","4","10","34"')
  })

  it('opens paths and names that look like formulas as text in a spreadsheet', () => {
    const csv = topPathsCsv('ai-crawler', [
      { surface: 'page', path: '=HYPERLINK("https://evil.example","x")', count: 3 },
      { surface: 'api', path: '/api/posts,+1', count: 2 },
      { surface: 'twin', path: '@SUM(A1)', count: 1 },
    ])
    expect(records(csv)).toEqual([
      ['channel', 'surface', 'path', 'count'],
      ['ai-crawler', 'page', `'=HYPERLINK("https://evil.example","x")`, '3'],
      ['ai-crawler', 'api', '/api/posts,+1', '2'],
      ['ai-crawler', 'twin', "'@SUM(A1)", '1'],
    ])
  })

  it('has only a header when there is nothing to list', () => {
    expect(records(topPathsCsv('person', []))).toEqual([['channel', 'surface', 'path', 'count']])
  })

  it('is named by report, channel and range', () => {
    const range = { from: '2026-10-30', to: '2026-11-28' }
    expect(csvFileName('visits', range)).toBe('audience-visits-2026-10-30-2026-11-28.csv')
    expect(csvFileName('top-paths', range, 'mcp-client')).toBe(
      'audience-top-paths-mcp-client-2026-10-30-2026-11-28.csv',
    )
    expect(isAudienceReport('inquiries')).toBe(true)
    expect(isAudienceReport('users')).toBe(false)
  })
})
