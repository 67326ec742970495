import type { Payload } from 'payload'

import { isEditor } from '@/access/roles'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'
import { openSchedules, scheduleProblems, type ScheduleProblem } from '@/scheduling/jobs'
import {
  SCHEDULE_SETTINGS,
  SCHEDULED_COLLECTIONS,
  type ScheduledCollection,
} from '@/scheduling/settings'
import { scheduleState, type ScheduleState } from '@/scheduling/state'
import type { User } from '@/payload-types'

/*
 * What the admin dashboard shows, read with the Local API as the signed-in user
 * (overrideAccess: false and their user): a section whose collection they may not read is empty
 * for them. The exceptions say why where they are.
 */

export interface DashboardItem {
  collection: ScheduledCollection
  id: number
  title: string | null
  /** updatedAt for drafts, publishedAt for published items. */
  at: Date | null
}

export interface ScheduledItem extends DashboardItem {
  type: 'publish' | 'unpublish'
  state: Exclude<ScheduleState, 'done'>
  error: string | null
}

export interface DashboardData {
  canPublish: boolean
  drafts: DashboardItem[]
  published: DashboardItem[]
  scheduled: ScheduledItem[]
  /** Editors and admins only (the inbox is theirs); null for authors. */
  inbox: { newInquiries: number; failedMail: number } | null
  /** Late and failed schedules: editors and admins only. */
  problems: ScheduleProblem[]
}

type Doc = { id: number; title?: string | null; updatedAt?: string; publishedAt?: string | null }

const localeOf = (language: unknown): Locale =>
  (LOCALES as readonly unknown[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE

const item = (collection: ScheduledCollection, doc: Doc, at: string | null | undefined) => ({
  collection,
  id: doc.id,
  title: doc.title ?? null,
  at: at ? new Date(at) : null,
})

const newestFirst = (a: DashboardItem, b: DashboardItem) =>
  (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0)

/**
 * The signed-in user's drafts: documents whose latest version is a draft they saved (the
 * `updatedBy` stamp, src/fields/publishable.ts). Authors may not query `updatedBy` (an
 * editors-only field), so the ids are found by the server with the user's own id as the only
 * condition, and the documents then read with the user's access.
 */
async function yourDrafts(payload: Payload, user: User, locale: Locale): Promise<DashboardItem[]> {
  const limit = SCHEDULE_SETTINGS.dashboardItems
  const lists = await Promise.all(
    SCHEDULED_COLLECTIONS.map(async (collection) => {
      const mine = await payload.find({
        collection,
        draft: true,
        where: { and: [{ _status: { equals: 'draft' } }, { updatedBy: { equals: user.id } }] },
        sort: '-updatedAt',
        limit,
        depth: 0,
        select: { updatedAt: true },
        overrideAccess: true,
      })
      const ids = mine.docs.map((doc) => doc.id)
      if (ids.length === 0) return []
      const { docs } = await payload.find({
        collection,
        draft: true,
        where: { id: { in: ids } },
        sort: '-updatedAt',
        limit,
        depth: 0,
        locale,
        select: { title: true, updatedAt: true },
        overrideAccess: false,
        user,
      })
      return docs.map((doc) => item(collection, doc as Doc, doc.updatedAt))
    }),
  )
  return lists.flat().sort(newestFirst).slice(0, limit)
}

async function recentlyPublished(
  payload: Payload,
  user: User,
  locale: Locale,
): Promise<DashboardItem[]> {
  const limit = SCHEDULE_SETTINGS.dashboardItems
  const lists = await Promise.all(
    SCHEDULED_COLLECTIONS.map(async (collection) => {
      const { docs } = await payload.find({
        collection,
        where: { _status: { equals: 'published' } },
        sort: '-publishedAt',
        limit,
        depth: 0,
        locale,
        select: { title: true, publishedAt: true },
        overrideAccess: false,
        user,
      })
      return docs.map((doc) => item(collection, doc as Doc, doc.publishedAt))
    }),
  )
  return lists.flat().sort(newestFirst).slice(0, limit)
}

/**
 * Open schedules, soonest first. The job rows are read by the server (nobody may read Payload's
 * jobs through the API); each scheduled document is read with the user's access, and a schedule
 * whose document the user may not read is left out.
 */
async function scheduled(
  payload: Payload,
  user: User,
  locale: Locale,
  now: Date,
): Promise<ScheduledItem[]> {
  const items: ScheduledItem[] = []
  for (const job of await openSchedules(payload)) {
    if (!job.doc) continue
    const state = scheduleState(job, now)
    if (state === 'done') continue
    const doc = (await payload.findByID({
      collection: job.doc.collection,
      id: job.doc.id,
      draft: true,
      depth: 0,
      locale,
      select: { title: true },
      overrideAccess: false,
      user,
      disableErrors: true,
    })) as Doc | null
    if (!doc) continue
    items.push({
      ...item(job.doc.collection, doc, job.waitUntil?.toISOString()),
      type: job.type,
      state,
      error: job.error,
    })
    if (items.length >= SCHEDULE_SETTINGS.dashboardItems * 2) break
  }
  return items
}

async function inbox(payload: Payload, user: User) {
  const count = async (where: Parameters<Payload['count']>[0]['where']) =>
    (await payload.count({ collection: 'inquiries', where, overrideAccess: false, user })).totalDocs
  const [newInquiries, failedMail] = await Promise.all([
    count({ status: { equals: 'new' } }),
    count({ deliveryStatus: { equals: 'failed' } }),
  ])
  return { newInquiries, failedMail }
}

/** Everything the dashboard shows `user`, in their admin language where content has one. */
export async function dashboardData(
  payload: Payload,
  user: User,
  language: unknown,
  now: Date = new Date(),
): Promise<DashboardData> {
  const locale = localeOf(language)
  const editor = isEditor(user)
  const [drafts, published, upcoming, inquiries, problems] = await Promise.all([
    yourDrafts(payload, user, locale),
    recentlyPublished(payload, user, locale),
    scheduled(payload, user, locale, now),
    editor ? inbox(payload, user) : Promise.resolve(null),
    editor ? scheduleProblems(payload, now) : Promise.resolve([]),
  ])
  return { canPublish: editor, drafts, published, scheduled: upcoming, inbox: inquiries, problems }
}
