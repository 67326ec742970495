import { ApiError } from '@/http/api-error'

import { AUDIENCE_SURFACES, CHANNELS, type AudienceSurface, type Channel } from './channels'
import { AUDIENCE_TABLE, type Queryable } from './store'

/**
 * What the counts say, for the Audience dashboard: visits per day and channel, the most read
 * paths of a channel, the agents behind a channel. Days are UTC days (`YYYY-MM-DD`), both ends
 * included. Agent names are stored cleaned (names.ts) and paths are paths the site answered, so
 * nothing here carries markup; the dashboard shows them as text all the same, next to
 * CLAIMED_IDENTITY_NOTICE (channels.ts). A bad argument is an ApiError (`invalid_parameter`).
 */

export interface DayRange {
  from: string
  to: string
}

/** The longest range a report covers: the longest retention allowed, in days. */
export const REPORT_DAYS_MAX = 3_660
/** The most rows a "top" report returns, and how many when none is asked for. */
export const REPORT_LIMIT_MAX = 100
export const REPORT_LIMIT_DEFAULT = 20

const DAY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 24 * 60 * 60_000

function invalid(field: string, message: string): ApiError {
  return new ApiError('invalid_parameter', `${field} ${message}`, {
    details: [{ field, message }],
  })
}

function dayOf(field: string, value: unknown): number {
  if (typeof value !== 'string' || !DAY.test(value))
    throw invalid(field, 'must be a day, YYYY-MM-DD')
  const time = Date.parse(`${value}T00:00:00Z`)
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw invalid(field, 'must be a day that exists')
  }
  return time
}

/** `range` checked: two days, `from` not after `to`, at most REPORT_DAYS_MAX days apart. */
export function checkedRange(range: DayRange): DayRange {
  const from = dayOf('from', range.from)
  const to = dayOf('to', range.to)
  if (from > to) throw invalid('from', 'must not be after to')
  if ((to - from) / DAY_MS >= REPORT_DAYS_MAX) {
    throw invalid('to', `must be less than ${REPORT_DAYS_MAX} days after from`)
  }
  return { from: range.from, to: range.to }
}

function checkedChannel(value: unknown): Channel {
  if (!(CHANNELS as readonly unknown[]).includes(value)) {
    throw invalid('channel', `must be one of ${CHANNELS.join(', ')}`)
  }
  return value as Channel
}

function checkedSurface(value: unknown): AudienceSurface {
  if (!(AUDIENCE_SURFACES as readonly unknown[]).includes(value)) {
    throw invalid('surface', `must be one of ${AUDIENCE_SURFACES.join(', ')}`)
  }
  return value as AudienceSurface
}

function checkedLimit(value: number | undefined): number {
  if (value === undefined) return REPORT_LIMIT_DEFAULT
  if (!Number.isInteger(value) || value < 1 || value > REPORT_LIMIT_MAX) {
    throw invalid('limit', `must be a whole number from 1 to ${REPORT_LIMIT_MAX}`)
  }
  return value
}

export interface DayCount {
  day: string
  channel: Channel
  count: number
}

/** Visits per day and channel in `range` (of one surface, or all), oldest day first. */
export async function visitsByDay(
  db: Queryable,
  options: DayRange & { surface?: AudienceSurface },
): Promise<DayCount[]> {
  const { from, to } = checkedRange(options)
  const surface = options.surface === undefined ? null : checkedSurface(options.surface)
  const { rows } = await db.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, channel, sum(count)::bigint AS count
     FROM ${AUDIENCE_TABLE}
     WHERE day BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR surface = $3)
     GROUP BY day, channel ORDER BY day, channel`,
    [from, to, surface],
  )
  return (rows as { day: string; channel: Channel; count: string }[]).map((row) => ({
    day: row.day,
    channel: row.channel,
    count: Number(row.count),
  }))
}

export interface PathCount {
  surface: AudienceSurface
  path: string
  count: number
}

/** The paths `channel` read most in `range`, most first (`other`: paths past the caps). */
export async function topPaths(
  db: Queryable,
  options: DayRange & { channel: Channel; surface?: AudienceSurface; limit?: number },
): Promise<PathCount[]> {
  const { from, to } = checkedRange(options)
  const channel = checkedChannel(options.channel)
  const surface = options.surface === undefined ? null : checkedSurface(options.surface)
  const limit = checkedLimit(options.limit)
  const { rows } = await db.query(
    `SELECT surface, path, sum(count)::bigint AS count
     FROM ${AUDIENCE_TABLE}
     WHERE day BETWEEN $1::date AND $2::date AND channel = $3 AND ($4::text IS NULL OR surface = $4)
     GROUP BY surface, path ORDER BY count DESC, surface, path LIMIT $5`,
    [from, to, channel, surface, limit],
  )
  return (rows as { surface: AudienceSurface; path: string; count: string }[]).map((row) => ({
    surface: row.surface,
    path: row.path,
    count: Number(row.count),
  }))
}

export interface AgentCount {
  channel: Channel
  agent: string
  count: number
}

/** The agents (crawlers, assistants, MCP and API clients) behind the visits of `range`, most first. */
export async function topAgents(
  db: Queryable,
  options: DayRange & { channel?: Channel; limit?: number },
): Promise<AgentCount[]> {
  const { from, to } = checkedRange(options)
  const channel = options.channel === undefined ? null : checkedChannel(options.channel)
  const limit = checkedLimit(options.limit)
  const { rows } = await db.query(
    `SELECT channel, agent, sum(count)::bigint AS count
     FROM ${AUDIENCE_TABLE}
     WHERE day BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR channel = $3) AND agent <> ''
     GROUP BY channel, agent ORDER BY count DESC, channel, agent LIMIT $4`,
    [from, to, channel, limit],
  )
  return (rows as { channel: Channel; agent: string; count: string }[]).map((row) => ({
    channel: row.channel,
    agent: row.agent,
    count: Number(row.count),
  }))
}
