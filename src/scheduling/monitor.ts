import 'server-only'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { env } from '@/env'
import { logger } from '@/lib/logger'
import { getPayloadClient } from '@/lib/payload'
import { onShutdown, processSingleton } from '@/lib/process-singleton'

import { postScheduleAlert } from './alert'
import { scheduleProblems, type ScheduleProblem } from './jobs'
import { SCHEDULE_SETTINGS } from './settings'

/**
 * Claims the right to report one problem: the first instance to insert its row in
 * `schedule_alerts` (job, state) sends the alert, every other instance (and every later look)
 * skips it, so each late or failed schedule is reported once however many instances run.
 */
async function claimAlert(payload: Payload, problem: ScheduleProblem): Promise<boolean> {
  const pool = (payload.db as unknown as PostgresAdapter).pool
  const { rowCount } = await pool.query(
    `INSERT INTO schedule_alerts (job_id, state) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [problem.job.id, problem.state],
  )
  return rowCount === 1
}

/** The admin's edit view of the scheduled document. */
export function scheduledDocumentUrl(problem: ScheduleProblem): string {
  const doc = problem.job.doc
  return doc
    ? `${env.SITE_URL}/admin/collections/${doc.collection}/${doc.id}`
    : `${env.SITE_URL}/admin`
}

/** Problems this process logged without an alert address (see reportScheduleProblems). */
const loggedHere = processSingleton('schedule-problems-logged', () => new Set<string>())

/**
 * One look: every problem not reported yet is logged and sent to ALERT_WEBHOOK_URL. Only an
 * instance that has the address claims a problem (one alert across instances); without it, each
 * instance logs a problem once and claims nothing, so an instance configured without the address
 * never swallows another's alert.
 */
export async function reportScheduleProblems(payload: Payload, now = new Date()): Promise<number> {
  let reported = 0
  for (const problem of await scheduleProblems(payload, now)) {
    const key = `${problem.job.id}:${problem.state}`
    if (env.ALERT_WEBHOOK_URL ? !(await claimAlert(payload, problem)) : loggedHere.has(key))
      continue
    loggedHere.add(key)
    reported += 1
    logger.error(
      {
        scheduleJob: problem.job.id,
        collection: problem.job.doc?.collection,
        documentId: problem.job.doc?.id,
        scheduledFor: problem.job.waitUntil?.toISOString(),
        err: problem.job.error ?? undefined,
      },
      `scheduled publish ${problem.state}`,
    )
    if (env.ALERT_WEBHOOK_URL)
      await postScheduleAlert(env.ALERT_WEBHOOK_URL, problem, scheduledDocumentUrl(problem), now)
  }
  return reported
}

/**
 * Each instance looks for late and failed schedules every monitorIntervalMs (and at start):
 * a runner that is down on every instance is exactly what this must notice, so it does not run
 * inside the jobs runner.
 */
export function scheduleMonitor(): { stop: () => void } {
  return processSingleton('schedule-monitor', () => {
    let running = false
    const look = async () => {
      if (running) return
      running = true
      try {
        await reportScheduleProblems(await getPayloadClient())
      } catch (error) {
        logger.error({ err: (error as Error).message }, 'scheduled publish monitor failed')
      } finally {
        running = false
      }
    }
    const timer = setInterval(() => void look(), SCHEDULE_SETTINGS.monitorIntervalMs)
    timer.unref()
    const stop = () => clearInterval(timer)
    onShutdown('scheduled publish monitor', async () => stop())
    void look()
    return { stop }
  })
}
