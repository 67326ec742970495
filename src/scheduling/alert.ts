import { postAlert } from '@/inquiries/delivery-alert'

import type { ScheduleProblem } from './jobs'

/** An alert endpoint gets this long to answer (as the other alerts do). */
export const SCHEDULE_ALERT_TIMEOUT_MS = 5_000

/**
 * The JSON ALERT_WEBHOOK_URL receives for a late or failed scheduled publish; `text` makes
 * Slack-style incoming webhooks show it as is. Only ids, times and the runner's error: no content.
 */
export function scheduleAlertBody(problem: ScheduleProblem, adminUrl: string, now: Date) {
  const { job, state } = problem
  const scheduledFor = job.waitUntil?.toISOString() ?? null
  const what = `Scheduled ${job.type} of ${job.doc?.collection ?? 'a document'} #${job.doc?.id ?? '?'}`
  const lateBy = job.waitUntil ? Math.round((now.getTime() - job.waitUntil.getTime()) / 1000) : null
  return {
    event: state === 'late' ? 'scheduled_publish_late' : 'scheduled_publish_failed',
    jobId: job.id,
    type: job.type,
    collection: job.doc?.collection ?? null,
    documentId: job.doc?.id ?? null,
    scheduledFor,
    ...(state === 'failed' ? { error: job.error ?? 'unknown error' } : { lateBySeconds: lateBy }),
    adminUrl,
    text:
      state === 'late'
        ? `${what} (due ${scheduledFor}) has not run ${lateBy} s after its time; the jobs runner may be down (${adminUrl})`
        : `${what} (due ${scheduledFor}) failed: ${job.error ?? 'unknown error'} (${adminUrl})`,
  }
}

/** Tells ALERT_WEBHOOK_URL about a late or failed schedule. Never throws (postAlert). */
export function postScheduleAlert(
  alertUrl: string,
  problem: ScheduleProblem,
  adminUrl: string,
  now: Date = new Date(),
  timeoutMs: number = SCHEDULE_ALERT_TIMEOUT_MS,
): Promise<boolean> {
  return postAlert(alertUrl, scheduleAlertBody(problem, adminUrl, now), {
    about: { scheduleJob: problem.job.id, state: problem.state },
    what: `scheduled publish ${problem.state} alert`,
    timeoutMs,
  })
}
