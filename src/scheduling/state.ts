import { SCHEDULE_SETTINGS, SCHEDULED_COLLECTIONS, type ScheduledCollection } from './settings'

/** What the dashboard, the list cell and the monitor need of one `schedulePublish` job. */
export interface ScheduleJob {
  id: number
  type: 'publish' | 'unpublish'
  /** The scheduled document; null for a global's schedule (none are scheduled here). */
  doc: { collection: ScheduledCollection; id: number } | null
  /** The time the editor chose. */
  waitUntil: Date | null
  completedAt: Date | null
  hasError: boolean
  processing: boolean
  /** When the job row last changed (for a failure: when it failed). */
  updatedAt: Date
  /** The runner's error message, for a failed one. */
  error: string | null
}

export type ScheduleState = 'pending' | 'late' | 'failed' | 'done'

/**
 * One schedule's state at `now`: done once the runner completed it, failed when it gave up,
 * late when its time passed more than `lateAfterMs` ago and it is still not done (the runner is
 * down, stuck, or behind), pending otherwise.
 */
export function scheduleState(
  job: Pick<ScheduleJob, 'completedAt' | 'hasError' | 'waitUntil'>,
  now: Date,
  lateAfterMs: number = SCHEDULE_SETTINGS.lateAfterMs,
): ScheduleState {
  if (job.completedAt) return 'done'
  if (job.hasError) return 'failed'
  if (job.waitUntil && now.getTime() - job.waitUntil.getTime() > lateAfterMs) return 'late'
  return 'pending'
}

/**
 * A failure stays open until someone saves the document after it (publishing it by hand, or
 * scheduling again), or until it is older than `failureShownForMs`.
 */
export function failureIsOpen(
  job: Pick<ScheduleJob, 'updatedAt'>,
  documentUpdatedAt: Date | null,
  now: Date,
  shownForMs: number = SCHEDULE_SETTINGS.failureShownForMs,
): boolean {
  if (now.getTime() - job.updatedAt.getTime() > shownForMs) return false
  return documentUpdatedAt === null || documentUpdatedAt.getTime() <= job.updatedAt.getTime()
}

const dateOrNull = (value: unknown): Date | null => {
  if (typeof value !== 'string' && !(value instanceof Date)) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

const isScheduledCollection = (value: unknown): value is ScheduledCollection =>
  (SCHEDULED_COLLECTIONS as readonly unknown[]).includes(value)

/**
 * A job row as Payload returns it (its `input` is JSON: `doc.value` is always a string) read into
 * a ScheduleJob; null for a row that is no document's schedule.
 */
export function readScheduleJob(row: {
  id: number
  input?: unknown
  waitUntil?: string | null
  completedAt?: string | null
  hasError?: boolean | null
  processing?: boolean | null
  updatedAt: string
  error?: unknown
}): ScheduleJob | null {
  const input = (row.input ?? {}) as {
    type?: unknown
    doc?: { relationTo?: unknown; value?: unknown }
  }
  const relationTo = input.doc?.relationTo
  const id = Number(input.doc?.value)
  if (!isScheduledCollection(relationTo) || !Number.isSafeInteger(id) || id < 1) return null
  const error = row.error as { message?: unknown } | string | null | undefined
  return {
    id: row.id,
    type: input.type === 'unpublish' ? 'unpublish' : 'publish',
    doc: { collection: relationTo, id },
    waitUntil: dateOrNull(row.waitUntil),
    completedAt: dateOrNull(row.completedAt),
    hasError: row.hasError === true,
    processing: row.processing === true,
    updatedAt: dateOrNull(row.updatedAt) ?? new Date(0),
    error:
      typeof error === 'string'
        ? error
        : typeof error?.message === 'string'
          ? error.message
          : row.hasError
            ? 'unknown error'
            : null,
  }
}
