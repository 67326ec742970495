import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionSlug,
  GlobalAfterChangeHook,
  PayloadRequest,
} from 'payload'

import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import type { PageCollection } from '@/site/routes'

import type { WebhookEndpointDoc } from './endpoint-doc'
import {
  deletedDocumentEvents,
  documentEvents,
  inquiryEvent,
  redirectEvent,
  settingsEvent,
  type DocumentState,
  type InquiryRecord,
  type RedirectRecord,
  type WebhookEvent,
} from './events'
import { deliveriesFor, storeDeliveries, type EndpointTarget } from './outbox'
import { WEBHOOK_ENDPOINTS } from './settings'

/*
 * The events, from Payload's hooks on the documents, inquiries, redirects and settings. Each is
 * stored in the transaction of the write that made it (outbox.ts): rolled back with it, and
 * never lost once it committed. Reads go through Payload's database adapter in that transaction
 * (no SQL on Payload's tables, no Local API that would change the request's locale).
 */

const ENDPOINTS = WEBHOOK_ENDPOINTS as unknown as CollectionSlug

const DOCUMENT_EVENT_TYPES = ['document.published', 'document.unpublished', 'document.deleted']

/** The enabled endpoints, read in the request's transaction. */
async function enabledEndpoints(req: PayloadRequest): Promise<EndpointTarget[]> {
  const { docs } = await req.payload.db.find<WebhookEndpointDoc>({
    collection: ENDPOINTS,
    where: { enabled: { equals: true } },
    limit: 0,
    pagination: false,
    req,
  })
  return docs.map((doc) => ({
    id: Number(doc.id),
    enabled: true,
    includeContent: Boolean(doc.includeContent),
    events: doc.events ?? [],
    collections: doc.collections ?? [],
    locales: doc.languages ?? [],
  }))
}

/** Stores `events` for every enabled endpoint subscribed to them. */
async function emit(req: PayloadRequest, events: WebhookEvent[]): Promise<void> {
  if (events.length === 0) return
  const endpoints = await enabledEndpoints(req)
  await storeDeliveries(req, deliveriesFor(events, endpoints, new Date()))
}

/** Whether any enabled endpoint wants a document's events (the state is read only then). */
async function wantsDocumentEvents(req: PayloadRequest): Promise<boolean> {
  return (await enabledEndpoints(req)).some((endpoint) =>
    endpoint.events.some((type) => DOCUMENT_EVENT_TYPES.includes(type)),
  )
}

const byLocale = (value: unknown): Partial<Record<Locale, unknown>> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Partial<Record<Locale, unknown>>)
    : {}

/**
 * A document's public state: its collection's own row (the published version, or a first draft),
 * every locale at once, as stored (no fallback between locales).
 */
async function publicStateOf(
  req: PayloadRequest,
  collection: CollectionSlug,
  id: number | string,
): Promise<DocumentState | null> {
  const row = await req.payload.db.findOne<Record<string, unknown> & { id: number | string }>({
    collection,
    where: { id: { equals: id } },
    locale: 'all',
    req,
  })
  if (!row) return null
  return {
    status: typeof row._status === 'string' ? row._status : null,
    slug: typeof row.slug === 'string' ? row.slug : null,
    publishedAt: typeof row.publishedAt === 'string' ? row.publishedAt : null,
    title: byLocale(row.title),
    excerpt: byLocale(row.excerpt),
    content: byLocale(row.content),
  }
}

/** Where a document's public state before the write waits for the after-change hook. */
const stateKey = (collection: string, id: unknown) => `webhooks:state:${collection}:${id}`

export const rememberPublicState: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || originalDoc?.id === undefined) return data
  if (!(await wantsDocumentEvents(req))) return data
  req.context[stateKey(collection.slug, originalDoc.id)] = await publicStateOf(
    req,
    collection.slug,
    originalDoc.id,
  )
  return data
}

/**
 * A post's or case study's write: published (in each locale it lists), unpublished, or nothing
 * public (a draft save). Needs the state the before-change hook kept.
 */
export const announceDocumentChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  req,
}) => {
  const key = stateKey(collection.slug, doc.id)
  const before = req.context[key] as DocumentState | null | undefined
  delete req.context[key]
  if (!(await wantsDocumentEvents(req))) return doc
  const after = await publicStateOf(req, collection.slug, doc.id)
  if (!after) return doc
  const events = documentEvents(
    env.SITE_URL,
    collection.slug as PageCollection,
    Number(doc.id),
    operation === 'create' ? null : (before ?? null),
    after,
    doc._status === 'published',
  )
  await emit(req, events)
  return doc
}

export const rememberDeletedState: CollectionBeforeDeleteHook = async ({ collection, id, req }) => {
  if (!(await wantsDocumentEvents(req))) return
  req.context[stateKey(collection.slug, id)] = await publicStateOf(req, collection.slug, id)
}

/** A deleted post or case study: deleted in every locale it was listed in. */
export const announceDocumentDeletion: CollectionAfterDeleteHook = async ({
  collection,
  doc,
  id,
  req,
}) => {
  const key = stateKey(collection.slug, id)
  const before = req.context[key] as DocumentState | null | undefined
  delete req.context[key]
  if (!before) return doc
  await emit(
    req,
    deletedDocumentEvents(env.SITE_URL, collection.slug as PageCollection, Number(id), before),
  )
  return doc
}

/** An inquiry stored: `inquiry.received` (its sender and message only for endpoints that opt in). */
export const announceInquiry: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation === 'create') await emit(req, [inquiryEvent(env.SITE_URL, doc as InquiryRecord)])
  return doc
}

/** A redirect created, by an editor or by a renamed document. */
export const announceRedirect: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation === 'create') await emit(req, [redirectEvent(env.SITE_URL, doc as RedirectRecord)])
  return doc
}

/** A settings global published (a draft save says nothing); `pagePath`: where it shows. */
export function announceSettings(pagePath: (locale: Locale) => string): GlobalAfterChangeHook {
  return async ({ doc, global, req }) => {
    if (doc?._status === 'published') {
      const updatedAt = typeof doc.updatedAt === 'string' ? doc.updatedAt : null
      await emit(req, [settingsEvent(env.SITE_URL, global.slug, pagePath, updatedAt)])
    }
    return doc
  }
}
