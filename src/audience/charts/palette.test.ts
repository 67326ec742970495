import { describe, expect, it } from 'vitest'

import {
  CHART_BACKGROUND,
  CHART_MUTED_TEXT,
  CHART_TEXT,
  SERIES_COLOURS,
  VERDICT_COLOURS,
  contrastRatio,
  relativeLuminance,
  seriesColour,
} from './palette'

describe('the charts’ colours', () => {
  it('computes WCAG’s contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1)
    // WCAG's own example: #777777 on white is just under 4.5:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(() => relativeLuminance('red')).toThrow(/#rrggbb/)
  })

  it('draws every mark at 3:1 or more against the chart’s background', () => {
    for (const colour of [...SERIES_COLOURS, ...Object.values(VERDICT_COLOURS)]) {
      expect(contrastRatio(colour, CHART_BACKGROUND), colour).toBeGreaterThanOrEqual(3)
    }
  })

  it('writes every text at 4.5:1 or more', () => {
    expect(contrastRatio(CHART_TEXT, CHART_BACKGROUND)).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(CHART_MUTED_TEXT, CHART_BACKGROUND)).toBeGreaterThanOrEqual(4.5)
  })

  it('gives each of the eight channels a colour of its own, then repeats', () => {
    const colours = Array.from({ length: 8 }, (_, index) => seriesColour(index))
    expect(new Set(colours).size).toBe(8)
    expect(seriesColour(8)).toBe(seriesColour(0))
  })
})
