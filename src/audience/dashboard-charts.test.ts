import { describe, expect, it } from 'vitest'

import { VERDICT_COLOURS } from './charts/palette'
import { CHANNELS } from './channels'
import {
  agentAccessChartData,
  channelColour,
  inquiriesChartData,
  periodCategory,
  visitsChartData,
} from './dashboard-charts'
import { DASHBOARD_LANGUAGES, DASHBOARD_WORDS, dashboardLanguageOf } from './dashboard-labels'

describe('the dashboard’s words', () => {
  it('name every channel, verdict and inquiry source in every language', () => {
    for (const language of DASHBOARD_LANGUAGES) {
      const words = DASHBOARD_WORDS[language]
      for (const channel of CHANNELS) expect(words.channels[channel], channel).toBeTruthy()
      expect(Object.keys(words.verdicts).sort()).toEqual(['allowed', 'refused', 'stated'])
      expect(Object.keys(words.inquiryChannels).sort()).toEqual(['form', 'http', 'mcp'])
      expect(words.claimedIdentity).toMatch(/User-Agent/)
    }
    expect(new Set(Object.values(DASHBOARD_WORDS.es.channels)).size).toBe(CHANNELS.length)
  })

  it('follow the admin’s language, English for any other', () => {
    expect(dashboardLanguageOf('es')).toBe('es')
    expect(dashboardLanguageOf('fr')).toBe('en')
    expect(dashboardLanguageOf(undefined)).toBe('en')
  })
})

describe('periods as the charts name them', () => {
  it('are days, weeks and months in the reader’s language', () => {
    expect(periodCategory('2026-11-20', 'day', 'en')).toEqual({
      key: '2026-11-20',
      label: 'Nov 20',
      title: 'Nov 20, 2026',
    })
    expect(periodCategory('2026-11-20', 'day', 'es').label).toBe('20 nov')
    expect(periodCategory('2026-11-16', 'week', 'en').title).toBe('Week of Nov 16, 2026')
    expect(periodCategory('2026-11-16', 'week', 'es').title).toMatch(/^Semana del 16 nov 2026$/)
    expect(periodCategory('2026-11-01', 'month', 'es').title).toBe('noviembre de 2026')
  })
})

describe('the tables as chart data', () => {
  const table = <Key extends string>(series: Key[]) => ({
    period: 'day' as const,
    periods: ['2026-11-20'],
    series,
    values: [series.map((_, index) => index + 1)],
  })

  it('name and colour each series', () => {
    const visits = visitsChartData(table([...CHANNELS]), 'es', DASHBOARD_WORDS.es)
    expect(visits.series[0]).toEqual({
      key: 'person',
      label: 'Persona',
      colour: channelColour('person'),
    })
    expect(new Set(visits.series.map((series) => series.colour)).size).toBe(CHANNELS.length)
    expect(visits.categories[0]!.title).toBe('20 nov 2026')

    const access = agentAccessChartData(
      table<'allowed' | 'stated' | 'refused'>(['allowed', 'stated', 'refused']),
      'en',
      DASHBOARD_WORDS.en,
    )
    expect(access.series.map((series) => [series.label, series.colour])).toEqual([
      ['Allowed', VERDICT_COLOURS.allowed],
      ['Refusal stated', VERDICT_COLOURS.stated],
      ['Refused (403)', VERDICT_COLOURS.refused],
    ])

    // A source the words do not know yet is shown by its stored name.
    const inquiries = inquiriesChartData(table(['form', 'chat']), 'en', DASHBOARD_WORDS.en)
    expect(inquiries.series.map((series) => series.label)).toEqual(['Contact form', 'chat'])
  })
})
