import type { AccessVerdict } from '@/agents/access-policy'

import type { ChartCategory, SeriesData } from './charts/layout'
import { seriesColour, VERDICT_COLOURS } from './charts/palette'
import { CHANNELS, type Channel } from './channels'
import type { Period, PeriodTable } from './dashboard'
import type { DashboardLanguage, DashboardWords } from './dashboard-labels'

/**
 * The dashboard's tables (dashboard.ts) as the charts take them (charts/): each period named in
 * the reader's language, each series named and coloured. A channel keeps its colour in every
 * chart (its place in CHANNELS), so the top pages' bars match its part of the visits.
 */

const DATE_PART = { timeZone: 'UTC' } as const

const WEEK_OF: Record<DashboardLanguage, (day: string) => string> = {
  en: (day) => `Week of ${day}`,
  es: (day) => `Semana del ${day}`,
}

/** A period's name under the axis (short) and in tooltips (full). */
export function periodCategory(
  start: string,
  period: Period,
  language: DashboardLanguage,
): ChartCategory {
  const date = new Date(`${start}T00:00:00Z`)
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { ...DATE_PART, ...options }).format(date)
  if (period === 'month') {
    return {
      key: start,
      label: format({ month: 'short', year: 'numeric' }),
      title: format({ month: 'long', year: 'numeric' }),
    }
  }
  const label = format({ day: 'numeric', month: 'short' })
  const full = format({ dateStyle: 'medium' })
  return { key: start, label, title: period === 'week' ? WEEK_OF[language](full) : full }
}

export const channelColour = (channel: Channel): string => seriesColour(CHANNELS.indexOf(channel))

function seriesData(
  table: PeriodTable,
  language: DashboardLanguage,
  series: (key: string, index: number) => { label: string; colour: string },
): SeriesData {
  return {
    categories: table.periods.map((start) => periodCategory(start, table.period, language)),
    series: table.series.map((key, index) => ({ key, ...series(key, index) })),
    values: table.values,
  }
}

export function visitsChartData(
  table: PeriodTable<Channel>,
  language: DashboardLanguage,
  words: DashboardWords,
): SeriesData {
  return seriesData(table, language, (key) => ({
    label: words.channels[key as Channel] ?? key,
    colour: channelColour(key as Channel),
  }))
}

export function agentAccessChartData(
  table: PeriodTable<AccessVerdict>,
  language: DashboardLanguage,
  words: DashboardWords,
): SeriesData {
  return seriesData(table, language, (key) => ({
    label: words.verdicts[key as AccessVerdict] ?? key,
    colour: VERDICT_COLOURS[key as AccessVerdict] ?? seriesColour(0),
  }))
}

export function inquiriesChartData(
  table: PeriodTable,
  language: DashboardLanguage,
  words: DashboardWords,
): SeriesData {
  return seriesData(table, language, (key, index) => ({
    label: words.inquiryChannels[key] ?? key,
    colour: seriesColour(index),
  }))
}
