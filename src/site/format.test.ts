import { describe, expect, it } from 'vitest'

import { formatDate } from './format'

describe('formatDate', () => {
  it('writes the long date in the locale’s words, on the UTC calendar', () => {
    expect(formatDate('2026-03-05T23:30:00.000Z', 'en')).toBe('March 5, 2026')
    expect(formatDate('2026-03-05T23:30:00.000Z', 'es')).toBe('5 de marzo de 2026')
  })

  it('formats each date of a locale on its own (one formatter serves them all)', () => {
    const dates = ['2024-01-31T00:00:00.000Z', '2025-12-01T12:00:00.000Z']
    expect(dates.map((iso) => formatDate(iso, 'es'))).toEqual([
      '31 de enero de 2024',
      '1 de diciembre de 2025',
    ])
    expect(formatDate(dates[0]!, 'en')).toBe('January 31, 2024')
  })
})
