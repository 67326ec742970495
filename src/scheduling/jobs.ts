import type { Payload, Where } from 'payload'

import { SCHEDULE_SETTINGS, SCHEDULE_TASK, type ScheduledCollection } from './settings'
import {
  failureIsOpen,
  readScheduleJob,
  scheduleState,
  type ScheduleJob,
  type ScheduleState,
} from './state'

/*
 * Reading scheduled publishes. They are Payload's job rows (collection `payload-jobs`), which
 * nobody may read through the API (Payload's own access), so the jobs are read with
 * overrideAccess, as Payload's own schedule drawer reads them; what a caller sees of the
 * scheduled documents is read with its own access (see the dashboard).
 */

const JOBS = 'payload-jobs' as const

/** Schedules not completed: upcoming, late and failed. */
const OPEN_SCHEDULES: Where = {
  and: [{ taskSlug: { equals: SCHEDULE_TASK } }, { completedAt: { exists: false } }],
}

async function findSchedules(
  payload: Payload,
  where: Where,
  limit: number,
): Promise<ScheduleJob[]> {
  const { docs } = await payload.find({
    collection: JOBS,
    where,
    sort: 'waitUntil',
    limit,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs.flatMap((row) => {
    const job = readScheduleJob(row)
    return job ? [job] : []
  })
}

/** How many open schedules are read at most (a list beyond this is no dashboard's business). */
const OPEN_SCHEDULES_READ = 200

/** Every open schedule, soonest first. */
export function openSchedules(payload: Payload): Promise<ScheduleJob[]> {
  return findSchedules(payload, OPEN_SCHEDULES, OPEN_SCHEDULES_READ)
}

/**
 * One document's open schedules, soonest first, out of `open` (openSchedules): the job's input is
 * JSON, and a list of open schedules is short, so it is filtered here rather than by a query
 * on JSON paths.
 */
export function documentSchedules(
  open: readonly ScheduleJob[],
  collection: ScheduledCollection,
  id: number,
): ScheduleJob[] {
  return open.filter((job) => job.doc?.collection === collection && job.doc.id === id)
}

export interface ScheduleProblem {
  job: ScheduleJob
  state: Extract<ScheduleState, 'late' | 'failed'>
}

/**
 * The schedules an admin must hear about at `now`: late ones, and failed ones whose document
 * nobody saved since (failureIsOpen). Read with overrideAccess: the monitor has no user, and the
 * dashboard shows these to editors and admins, who read every document.
 */
export async function scheduleProblems(payload: Payload, now: Date): Promise<ScheduleProblem[]> {
  const problems: ScheduleProblem[] = []
  for (const job of await openSchedules(payload)) {
    const state = scheduleState(job, now, SCHEDULE_SETTINGS.lateAfterMs)
    if (state === 'late') problems.push({ job, state })
    if (state !== 'failed' || !job.doc) continue
    const doc = await payload.findByID({
      collection: job.doc.collection,
      id: job.doc.id,
      depth: 0,
      draft: true,
      overrideAccess: true,
      disableErrors: true,
      select: { updatedAt: true },
    })
    const updatedAt = doc?.updatedAt ? new Date(doc.updatedAt) : null
    if (failureIsOpen(job, updatedAt, now)) problems.push({ job, state })
  }
  return problems
}
