import 'server-only'

import {
  docAccessOperation,
  docAccessOperationGlobal,
  type Collection,
  type CollectionSlug,
  type PayloadRequest,
  type ServerFunction,
} from 'payload'
import { hasScheduledPublishEnabled } from 'payload/shared'
import {
  schedulePublishHandler,
  type SchedulePublishHandlerArgs,
} from '@payloadcms/ui/utilities/schedulePublishHandler'

import { setResponseStatus } from '@/http/response-status'

import { SCHEDULE_TASK } from './settings'
import { SCHEDULE_REFUSAL_WORDS, wordsLanguageOf } from './words'

/*
 * Payload's `schedule-publish` server function (the admin's schedule drawer) queues a publish or
 * unpublish for whoever asks, and the job then runs as the asker: an author's schedule would fail
 * at its time. So a schedule is refused when it is asked for, unless the asker may publish the
 * document, the same check by which Payload shows the drawer at all (the document view's
 * publish permission) and lists a document's schedules (`get-upcoming-scheduled-publish`).
 * Removing a schedule takes the same right over the scheduled document.
 */

interface Target {
  collection?: string
  global?: string
  id?: number | string
}

/** What a schedule call is about: the document or global it names, or the schedule it removes. */
async function targetOf(
  args: SchedulePublishHandlerArgs,
  req: PayloadRequest,
): Promise<Target | null> {
  if (args.deleteID !== undefined && args.deleteID !== null) {
    const job = await req.payload.db.findOne<{ id: number | string; input?: unknown }>({
      collection: 'payload-jobs',
      where: { and: [{ id: { equals: args.deleteID } }, { taskSlug: { equals: SCHEDULE_TASK } }] },
      req,
    })
    const input = (job?.input ?? {}) as {
      doc?: { relationTo?: unknown; value?: unknown }
      global?: unknown
    }
    if (typeof input.doc?.relationTo === 'string' && input.doc.value != null)
      return { collection: input.doc.relationTo, id: String(input.doc.value) }
    if (typeof input.global === 'string') return { global: input.global }
    return null
  }
  if (args.doc) return { collection: args.doc.relationTo, id: args.doc.value }
  if (args.global) return { global: args.global }
  return null
}

/** The collection named `slug`, if it has scheduled publishing. */
function scheduledCollection(req: PayloadRequest, slug: string): Collection | null {
  const collection = req.payload.collections[slug as CollectionSlug] as Collection | undefined
  return collection && hasScheduledPublishEnabled(collection.config) ? collection : null
}

/** The global named `slug`, if it has scheduled publishing. */
function scheduledGlobal(req: PayloadRequest, slug: string | undefined) {
  const globalConfig = req.payload.config.globals.find((each) => each.slug === slug)
  return globalConfig && hasScheduledPublishEnabled(globalConfig) ? globalConfig : null
}

/** Whether `target` has scheduled publishing and the request's user may publish it. */
async function mayPublish(req: PayloadRequest, target: Target): Promise<boolean> {
  if (target.collection !== undefined) {
    const collection = scheduledCollection(req, target.collection)
    if (!collection || target.id === undefined) return false
    const permission = await docAccessOperation({
      id: target.id,
      collection,
      data: { _status: 'published' },
      req,
    })
    return permission.update === true
  }
  const globalConfig = scheduledGlobal(req, target.global)
  if (!globalConfig) return false
  const permission = await docAccessOperationGlobal({
    data: { _status: 'published' },
    globalConfig,
    req,
  })
  return permission.update === true
}

/**
 * The reason to refuse this schedule call, in the asker's admin language, or null to let
 * Payload's handler queue (or remove) it. Nobody signed in is Payload's to refuse (401).
 */
export async function scheduleRefusal(
  args: SchedulePublishHandlerArgs,
  req: PayloadRequest,
): Promise<string | null> {
  if (!req.user) return null
  const words = SCHEDULE_REFUSAL_WORDS[wordsLanguageOf(req.i18n?.language)]
  const target = await targetOf(args, req)
  if (!target) return words.notSchedulable
  const exists =
    target.collection !== undefined
      ? scheduledCollection(req, target.collection) !== null
      : scheduledGlobal(req, target.global) !== null
  if (!exists) return words.notSchedulable
  return (await mayPublish(req, target)) ? null : words.mayNotPublish
}

/**
 * `schedule-publish` for those who may publish. A refusal is answered as Payload's handler
 * answers a failure of its own (`{ error }`), with the status 403 (the project's
 * server applies it, src/http/admin-actions.ts); nothing is queued or removed.
 */
export const schedulePublishByPublishers: ServerFunction<SchedulePublishHandlerArgs> = async (
  args,
) => {
  const refusal = await scheduleRefusal(args, args.req)
  if (refusal === null) return schedulePublishHandler(args)
  setResponseStatus(403)
  return { error: refusal }
}
