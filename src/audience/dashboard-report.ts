import { INQUIRY_CHANNELS } from '@/collections/Inquiries'
import { ApiError } from '@/http/api-error'

import {
  agentAccessByPeriod,
  askedChannel,
  askedRange,
  inquiriesByPeriod,
  topPathsOf,
  visitsByPeriod,
} from './dashboard'
import {
  AUDIENCE_REPORTS,
  csvFileName,
  isAudienceReport,
  periodTableCsv,
  topPathsCsv,
  type AudienceReport,
} from './dashboard-csv'
import { dashboardAccessPolicy } from './dashboard-policy'
import type { Queryable } from './store'

/**
 * One Audience chart's numbers as CSV (`GET /api/audience/{report}?from=&to=[&channel=]`, the
 * route src/app/api/audience/[report]/route.ts, for editors and admins): `visits`, `top-paths`
 * (of `channel`, people by default), `agent-access`, `inquiries`. The range is the dashboard's
 * (the last 30 days without one). An unknown report is `not_found`; a bad range or channel is
 * `invalid_parameter` (here an error, not the view's fallback: a file must say what it holds).
 */

/** Where the files are; the view links `${AUDIENCE_CSV_BASE}/${report}?…`. */
export const AUDIENCE_CSV_BASE = '/api/audience'

export function audienceCsvPath(report: AudienceReport, query: URLSearchParams): string {
  return `${AUDIENCE_CSV_BASE}/${report}?${query}`
}

export interface CsvFile {
  body: string
  fileName: string
}

export async function audienceCsv(
  db: Queryable,
  report: unknown,
  params: URLSearchParams,
  today: string,
): Promise<CsvFile> {
  if (!isAudienceReport(report)) {
    throw new ApiError('not_found', `No such report; there are: ${AUDIENCE_REPORTS.join(', ')}.`)
  }
  const { range, problem } = askedRange(
    { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined },
    today,
  )
  if (problem) throw problem
  switch (report) {
    case 'visits':
      return {
        body: periodTableCsv(await visitsByPeriod(db, range)),
        fileName: csvFileName(report, range),
      }
    case 'top-paths': {
      const asked = askedChannel(params.get('channel') ?? undefined)
      if (asked.problem) throw asked.problem
      return {
        body: topPathsCsv(asked.channel, await topPathsOf(db, range, asked.channel)),
        fileName: csvFileName(report, range, asked.channel),
      }
    }
    case 'agent-access': {
      const table = await agentAccessByPeriod(db, range, await dashboardAccessPolicy())
      return { body: periodTableCsv(table), fileName: csvFileName(report, range) }
    }
    case 'inquiries': {
      const table = await inquiriesByPeriod(db, range, INQUIRY_CHANNELS)
      return { body: periodTableCsv(table), fileName: csvFileName(report, range) }
    }
  }
}
