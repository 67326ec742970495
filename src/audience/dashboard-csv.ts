import { csvRecord } from '@/lib/spreadsheet-csv'

import type { Channel } from './channels'
import type { PeriodTable } from './dashboard'
import type { DayRange, PathCount } from './reports'

/**
 * The numbers of each Audience chart as CSV, for a spreadsheet: every cell written by `csvRecord`
 * (src/lib/spreadsheet-csv.ts, the inquiry export's), so a path or an agent's name that begins
 * like a formula opens as text. Headers are the stored values (channels, verdicts, sources), the
 * same in every language.
 */

/** Excel reads a file as UTF-8 only when it begins with the byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF'

/** The CSV files the dashboard offers, one per chart. */
export const AUDIENCE_REPORTS = ['visits', 'top-paths', 'agent-access', 'inquiries'] as const
export type AudienceReport = (typeof AUDIENCE_REPORTS)[number]

export function isAudienceReport(value: unknown): value is AudienceReport {
  return (AUDIENCE_REPORTS as readonly unknown[]).includes(value)
}

/** A table of counts per period: the period's first day, one column per series, and the total. */
export function periodTableCsv(table: PeriodTable): string {
  const lines = [csvRecord([`${table.period}_start`, ...table.series, 'total'])]
  for (const [index, start] of table.periods.entries()) {
    const row = table.values[index] ?? []
    const total = row.reduce((sum, value) => sum + value, 0)
    lines.push(csvRecord([start, ...row.map(String), String(total)]))
  }
  return BYTE_ORDER_MARK + lines.join('')
}

/** The pages one channel read most, most first. */
export function topPathsCsv(channel: Channel, rows: readonly PathCount[]): string {
  const lines = [csvRecord(['channel', 'surface', 'path', 'count'])]
  for (const row of rows) lines.push(csvRecord([channel, row.surface, row.path, String(row.count)]))
  return BYTE_ORDER_MARK + lines.join('')
}

/** `audience-visits-2026-10-30-2026-11-28.csv` (a channel's name for its top pages). */
export function csvFileName(report: AudienceReport, range: DayRange, channel?: Channel): string {
  const subject = channel ? `${report}-${channel}` : report
  return `audience-${subject}-${range.from}-${range.to}.csv`
}
