import { describe, expect, it } from 'vitest'

import {
  BAR_LABEL_MAX_CHARS,
  grandTotal,
  horizontalBarsLayout,
  lineLayout,
  niceTicks,
  seriesTotals,
  shortened,
  stackedBarsLayout,
  TIME_CHART_SIZE,
  type SeriesData,
} from './layout'

const category = (key: string) => ({ key, label: key.slice(5), title: key })
const DATA: SeriesData = {
  categories: ['2026-11-01', '2026-11-02', '2026-11-03'].map(category),
  series: [
    { key: 'person', label: 'Person', colour: '#0b5cad' },
    { key: 'ai-crawler', label: 'AI crawler', colour: '#b35900' },
    { key: 'other-bot', label: 'Other bot', colour: '#1b7837' },
  ],
  values: [
    [10, 5, 0],
    [0, 0, 0],
    [40, 7, 3],
  ],
}

describe('ticks', () => {
  it('run from 0 past the largest count in round steps', () => {
    expect(niceTicks(50)).toEqual([0, 20, 40, 60])
    expect(niceTicks(100)).toEqual([0, 50, 100])
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8])
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500])
  })

  it('are whole numbers for small counts, and an axis of 0 to 1 for none', () => {
    expect(niceTicks(1)).toEqual([0, 1])
    expect(niceTicks(3)).toEqual([0, 1, 2, 3])
    expect(niceTicks(0)).toEqual([0, 1])
  })
})

describe('stacked bars', () => {
  it('add up each category’s series, and each series over the categories', () => {
    expect(seriesTotals(DATA)).toEqual([50, 12, 3])
    expect(grandTotal(DATA)).toBe(65)
    const layout = stackedBarsLayout(DATA)
    expect(layout.bars.map((bar) => bar.total)).toEqual([15, 0, 50])
  })

  it('stack the segments without gaps or overlaps, their heights in proportion to their counts', () => {
    const layout = stackedBarsLayout(DATA)
    const top = layout.ticks[layout.ticks.length - 1]!
    const bottom = layout.plot.y + layout.plot.height
    const perUnit = layout.plot.height / top.value
    for (const bar of layout.bars) {
      let edge = bottom
      for (const segment of bar.segments) {
        expect(segment.box.y + segment.box.height).toBeCloseTo(edge, 6)
        expect(segment.box.height).toBeCloseTo(segment.value * perUnit, 6)
        edge = segment.box.y
      }
      expect(bottom - edge).toBeCloseTo(bar.total * perUnit, 6)
      expect(bar.segments.reduce((sum, segment) => sum + segment.value, 0)).toBe(bar.total)
    }
  })

  it('leave out series with nothing in a category, and draw an empty category as no bar', () => {
    const layout = stackedBarsLayout(DATA)
    expect(layout.bars[0]!.segments.map((segment) => segment.series.key)).toEqual([
      'person',
      'ai-crawler',
    ])
    expect(layout.bars[1]!.segments).toEqual([])
  })

  it('keep every bar inside the chart, however many categories', () => {
    const categories = Array.from({ length: 400 }, (_, index) =>
      category(`2026-01-${String(index).padStart(3, '0')}`),
    )
    const data: SeriesData = {
      categories,
      series: DATA.series.slice(0, 1),
      values: categories.map((_, index) => [index]),
    }
    const layout = stackedBarsLayout(data)
    for (const bar of layout.bars) {
      expect(bar.slot.x).toBeGreaterThanOrEqual(0)
      expect(bar.slot.x + bar.slot.width).toBeLessThanOrEqual(TIME_CHART_SIZE.width)
    }
    // Labels are thinned out so that they never overlap.
    const xs = layout.labels.map((label) => label.x)
    for (let index = 1; index < xs.length; index += 1) {
      expect(xs[index]! - xs[index - 1]!).toBeGreaterThanOrEqual(64)
    }
  })
})

describe('lines', () => {
  it('put each count at its category’s centre, a larger count higher', () => {
    const layout = lineLayout(DATA)
    const person = layout.lines[0]!.points
    expect(person.map((point) => point.value)).toEqual([10, 0, 40])
    expect(person[2]!.y).toBeLessThan(person[0]!.y)
    expect(person[1]!.y).toBeCloseTo(layout.plot.y + layout.plot.height, 6)
    expect(person[0]!.x).toBeLessThan(person[1]!.x)
  })
})

describe('horizontal bars', () => {
  it('are as long as their counts, the largest the longest', () => {
    const layout = horizontalBarsLayout([
      { label: '/en', value: 40 },
      { label: '/es', value: 10 },
    ])
    const [first, second] = layout.bars
    expect(second!.box.width * 4).toBeCloseTo(first!.box.width, 6)
    expect(second!.y).toBeGreaterThan(first!.y)
    expect(layout.height).toBeGreaterThan(second!.y)
  })

  it('shorten long labels in the middle, keeping both ends', () => {
    const long = `/en/blog/${'a'.repeat(100)}-the-end`
    const short = shortened(long)
    expect([...short]).toHaveLength(BAR_LABEL_MAX_CHARS)
    expect(short.startsWith('/en/blog/')).toBe(true)
    expect(short.endsWith('-the-end')).toBe(true)
    expect(short).toContain('…')
    expect(shortened('/en')).toBe('/en')
    // Counted in code points: an emoji is never cut in half.
    expect(shortened('😀'.repeat(60), 9)).toBe('😀😀😀😀…😀😀😀😀')
  })
})
