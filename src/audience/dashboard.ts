import { accessVerdict, type AccessPolicy, type AccessVerdict } from '@/agents/access-policy'
import { ApiError } from '@/http/api-error'

import { CHANNELS, type Channel } from './channels'
import { checkedRange, topPaths, visitsByDay, type DayRange, type PathCount } from './reports'
import { AUDIENCE_TABLE, type Queryable } from './store'

/**
 * What the Audience dashboard shows (src/components/admin/AudienceView.tsx) and its CSV files
 * (dashboard-endpoint.ts) give, read from the counts (`audience_counts`) and the inquiries: for a
 * range of UTC days, counts per period (a day; a week or a month for long ranges), by channel, by
 * the access policy's verdict on agents' traffic, and by the inquiries' channel; and the pages one
 * channel read most. The range is checked by reports.ts's `checkedRange`.
 */

/** Where the Audience view is, under the admin's route (payload.config.ts registers it). */
export const AUDIENCE_VIEW_PATH = '/audience'

/** The range shown when none is asked for: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30
/** Ranges up to this many days are shown by day, up to the next by week, longer ones by month. */
export const DAILY_DAYS_MAX = 92
export const WEEKLY_DAYS_MAX = 732

/** The pages listed for a channel. */
export const TOP_PATHS_SHOWN = 15

export const PERIODS = ['day', 'week', 'month'] as const
export type Period = (typeof PERIODS)[number]

/** The channels of agents the access policy decides on: the traffic of the verdict chart. */
export const POLICY_CHANNELS = [
  'search-crawler',
  'ai-crawler',
  'ai-assistant',
] as const satisfies readonly Channel[]

export const VERDICTS = ['allowed', 'stated', 'refused'] as const satisfies readonly AccessVerdict[]

const DAY_MS = 24 * 60 * 60_000

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`)

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(timeOf(value))

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return dayOf(timeOf(day) + days * DAY_MS)
}

/** The days of `range`, both ends counted. */
export function daysIn(range: DayRange): number {
  return Math.round((timeOf(range.to) - timeOf(range.from)) / DAY_MS) + 1
}

/** How finely a range is shown. */
export function periodOf(range: DayRange): Period {
  const days = daysIn(range)
  if (days <= DAILY_DAYS_MAX) return 'day'
  return days <= WEEKLY_DAYS_MAX ? 'week' : 'month'
}

/** The first day of the period `day` is in (weeks start on Monday, as ISO's and PostgreSQL's). */
export function periodStart(day: string, period: Period): string {
  if (period === 'day') return day
  if (period === 'month') return `${day.slice(0, 7)}-01`
  const weekday = (new Date(timeOf(day)).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

/** The first days of the periods `range` covers, oldest first (the first may start before it). */
export function periodStarts(range: DayRange, period: Period): string[] {
  const starts: string[] = []
  for (let start = periodStart(range.from, period); start <= range.to;) {
    starts.push(start)
    if (period === 'day') start = addDays(start, 1)
    else if (period === 'week') start = addDays(start, 7)
    else {
      const date = new Date(timeOf(start))
      date.setUTCMonth(date.getUTCMonth() + 1)
      start = dayOf(date.getTime())
    }
  }
  return starts
}

/** The first value of a query parameter as Next.js or URLSearchParams give it. */
function firstOf(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first !== '' ? first : undefined
}

export type AskedRange =
  { range: DayRange; problem?: undefined } | { range: DayRange; problem: ApiError }

/**
 * The range asked for by the query parameters `from` and `to` (days, `YYYY-MM-DD`): the last
 * DEFAULT_RANGE_DAYS days up to `today` without them; `to` alone ends the same length of range,
 * `from` alone runs to today. A bad range comes back as its problem, with the default range to
 * show meanwhile.
 */
export function askedRange(params: { from?: unknown; to?: unknown }, today: string): AskedRange {
  const fallback = { from: addDays(today, 1 - DEFAULT_RANGE_DAYS), to: today }
  const to = firstOf(params.to)
  const from = firstOf(params.from)
  if (to === undefined && from === undefined) return { range: fallback }
  try {
    const end = to ?? today
    // Without `from`, a `to` that is no day is reported as itself (checkedRange names it).
    const start = from ?? (isDay(end) ? addDays(end, 1 - DEFAULT_RANGE_DAYS) : fallback.from)
    return { range: checkedRange({ from: start, to: end }) }
  } catch (error) {
    if (error instanceof ApiError) return { range: fallback, problem: error }
    throw error
  }
}

/** The channel asked for by the query parameter `channel`, `person` without one. */
export function askedChannel(value: unknown): { channel: Channel; problem?: ApiError } {
  const asked = firstOf(value)
  if (asked === undefined) return { channel: 'person' }
  if ((CHANNELS as readonly string[]).includes(asked)) return { channel: asked as Channel }
  return {
    channel: 'person',
    problem: new ApiError('invalid_parameter', `channel must be one of ${CHANNELS.join(', ')}`, {
      details: [{ field: 'channel', message: `must be one of ${CHANNELS.join(', ')}` }],
    }),
  }
}

/** Counts per period (rows, oldest first) and series (columns). */
export interface PeriodTable<Key extends string = string> {
  period: Period
  /** Each period's first day. */
  periods: string[]
  series: readonly Key[]
  /** `values[period][series]`. */
  values: number[][]
}

/** Adds `rows` up into a table of `range`'s periods by `series`; unknown series are added last. */
export function periodTable<Key extends string>(
  range: DayRange,
  series: readonly Key[],
  rows: readonly { day: string; key: string; count: number }[],
): PeriodTable<Key> {
  const period = periodOf(range)
  const periods = periodStarts(range, period)
  const columns = [...series] as Key[]
  for (const row of rows) if (!columns.includes(row.key as Key)) columns.push(row.key as Key)
  const index = new Map(periods.map((start, position) => [start, position]))
  const values = periods.map(() => columns.map(() => 0))
  for (const row of rows) {
    const at = index.get(periodStart(row.day, period))
    if (at === undefined) continue
    values[at]![columns.indexOf(row.key as Key)]! += row.count
  }
  return { period, periods, series: columns, values }
}

/** Visits per period and channel (every channel, in CHANNELS' order). */
export async function visitsByPeriod(
  db: Queryable,
  range: DayRange,
): Promise<PeriodTable<Channel>> {
  const rows = await visitsByDay(db, range)
  return periodTable(
    range,
    CHANNELS,
    rows.map((row) => ({ day: row.day, key: row.channel, count: row.count })),
  )
}

/** The pages `channel` read most in `range`. */
export function topPathsOf(db: Queryable, range: DayRange, channel: Channel): Promise<PathCount[]> {
  return topPaths(db, { ...range, channel, limit: TOP_PATHS_SHOWN })
}

/**
 * Agents' traffic per day, channel and agent: what the verdicts are decided on. Grouped by the
 * period's first day in SQL, so a long range returns a row per period, not per day.
 */
export const AGENT_TRAFFIC_SQL = `SELECT to_char(date_trunc($3::text, day::timestamp), 'YYYY-MM-DD') AS day,
  channel, agent, sum(count)::bigint AS count
FROM ${AUDIENCE_TABLE}
WHERE day BETWEEN $1::date AND $2::date AND channel = ANY($4::text[])
GROUP BY 1, channel, agent ORDER BY 1, channel, agent`

/**
 * Agents' traffic per period, split by what `policy` says of each row's channel and agent:
 * allowed, refused in what the site states (robots.txt, headers), refused with 403. The policy is
 * today's, applied to every day shown: what it would do to that traffic now. Requests already
 * answered 403 are not counted (only what the site served is), so a refused agent's traffic
 * shows up to the day its refusal began.
 */
export async function agentAccessByPeriod(
  db: Queryable,
  range: DayRange,
  policy: AccessPolicy,
): Promise<PeriodTable<AccessVerdict>> {
  const { from, to } = checkedRange(range)
  const period = periodOf(range)
  const { rows } = await db.query(AGENT_TRAFFIC_SQL, [from, to, period, [...POLICY_CHANNELS]])
  return periodTable(
    range,
    VERDICTS,
    (rows as { day: string; channel: Channel; agent: string; count: string }[]).map((row) => ({
      day: row.day,
      key: accessVerdict(policy, row.channel, row.agent),
      count: Number(row.count),
    })),
  )
}

/** The share (0 to 1) of a verdict table's traffic refused, stated or with 403; null for none. */
export function refusedShare(table: PeriodTable<AccessVerdict>): number | null {
  let refused = 0
  let total = 0
  for (const row of table.values) {
    for (const [column, verdict] of table.series.entries()) {
      const count = row[column] ?? 0
      total += count
      if (verdict !== 'allowed') refused += count
    }
  }
  return total === 0 ? null : refused / total
}

/**
 * Inquiries per period and channel (how they arrived: the form, the HTTP API, MCP), by the UTC
 * day they were received. Reads Payload's `inquiries` table (two columns, never written here).
 */
export const INQUIRIES_SQL = `SELECT to_char(date_trunc($3::text, created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
  channel::text AS channel, count(*)::bigint AS count
FROM inquiries
WHERE created_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
  AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
GROUP BY 1, 2 ORDER BY 1, 2`

export async function inquiriesByPeriod(
  db: Queryable,
  range: DayRange,
  channels: readonly string[],
): Promise<PeriodTable> {
  const { from, to } = checkedRange(range)
  const { rows } = await db.query(INQUIRIES_SQL, [from, to, periodOf(range)])
  return periodTable(
    range,
    channels,
    (rows as { day: string; channel: string; count: string }[]).map((row) => ({
      day: row.day,
      key: row.channel,
      count: Number(row.count),
    })),
  )
}
