import type { DefaultServerCellComponentProps, Payload } from 'payload'
import { cache } from 'react'

import { documentSchedules, openSchedules } from '@/scheduling/jobs'
import { SCHEDULED_COLLECTIONS, type ScheduledCollection } from '@/scheduling/settings'
import { scheduleState } from '@/scheduling/state'
import { DASHBOARD_WORDS, formatScheduleTime, wordsLanguageOf } from '@/scheduling/words'

/** The open schedules, read once per render of a list (React's per-request cache). */
const openSchedulesOnce = cache((payload: Payload) => openSchedules(payload))

/**
 * The list column "Scheduled" of posts and case studies: the document's next scheduled publish or
 * unpublish and its time, flagged when it is late or failed. Payload's job rows are read by the
 * server (src/scheduling/jobs.ts); the list already shows the document to this user.
 */
export async function ScheduledCell({
  payload,
  rowData,
  collectionConfig,
  i18n,
}: DefaultServerCellComponentProps) {
  const collection = collectionConfig.slug as ScheduledCollection
  if (!(SCHEDULED_COLLECTIONS as readonly string[]).includes(collection)) return null
  const id = Number(rowData?.id)
  if (!Number.isSafeInteger(id) || id < 1) return null
  const [next] = documentSchedules(await openSchedulesOnce(payload), collection, id)
  if (!next) return null
  const language = wordsLanguageOf(i18n?.language)
  const state = scheduleState(next, new Date())
  return (
    <span data-schedule-state={state} data-scheduled-for={next.waitUntil?.toISOString()}>
      {DASHBOARD_WORDS[language].cell(
        next.type,
        next.waitUntil ? formatScheduleTime(next.waitUntil, language) : '',
        state,
      )}
    </span>
  )
}
