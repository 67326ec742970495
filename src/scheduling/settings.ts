/**
 * Scheduled publishing's timing. Payload's jobs runner publishes a scheduled document (task
 * `schedulePublish`, queue `default`); each web instance polls the queue every few seconds, so a
 * document goes live within seconds of its time, and "late" (a minute past its time and still not
 * done) never collides with "live within 60 s".
 */
export const SCHEDULE_SETTINGS = {
  /** Croner's six-field cron (seconds first): the jobs queue is polled every 5 seconds. */
  runCron: '*/5 * * * * *',
  /** The jobs one poll runs at most. */
  runLimit: 10,
  /** A schedule not done this long after its time is late. */
  lateAfterMs: 60_000,
  /** How often each instance looks for late or failed schedules (and alerts once per problem). */
  monitorIntervalMs: 10_000,
  /** A failure older than this no longer shows on the dashboard (the alert went out long ago). */
  failureShownForMs: 7 * 24 * 3_600_000,
  /** The dashboard lists this many items per section. */
  dashboardItems: 5,
} as const

/** The task Payload's `schedulePublish` versions option queues. */
export const SCHEDULE_TASK = 'schedulePublish'

/** The collections whose documents can be scheduled (src/fields/publishable.ts). */
export const SCHEDULED_COLLECTIONS = ['posts', 'case-studies'] as const
export type ScheduledCollection = (typeof SCHEDULED_COLLECTIONS)[number]
