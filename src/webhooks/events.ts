import { LOCALES, type Locale } from '@/i18n/locales'
import { paths, type PageCollection } from '@/site/routes'

/*
 * What a webhook says. Every body is `{ "type", "timestamp", "data" }` (the Standard Webhooks
 * payload shape), fixed when the event is stored, so every attempt and every "send again" sends
 * the same bytes. `data` carries ids, slugs, locales and public URLs; what is not public (the
 * published text of a document, an inquiry's sender and message) only goes to an endpoint marked
 * to receive it, and a draft's content never leaves at all.
 */

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'document.published',
  'document.unpublished',
  'document.deleted',
  'inquiry.received',
  'redirect.created',
  'settings.published',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]

/** Sent by the admin's "send test event", to one endpoint, whatever it subscribes to. */
export const TEST_EVENT = 'webhook.test'

/** The collections whose documents' events are sent (each per locale). */
export const DOCUMENT_COLLECTIONS = ['posts', 'case-studies'] as const satisfies PageCollection[]

export const EVENT_LABELS: Record<WebhookEventType, { en: string; es: string }> = {
  'document.published': { en: 'Document published', es: 'Documento publicado' },
  'document.unpublished': { en: 'Document unpublished', es: 'Documento despublicado' },
  'document.deleted': { en: 'Document deleted', es: 'Documento eliminado' },
  'inquiry.received': { en: 'Inquiry received', es: 'Consulta recibida' },
  'redirect.created': { en: 'Redirect created', es: 'Redirección creada' },
  'settings.published': { en: 'Settings published', es: 'Ajustes publicados' },
}

export interface WebhookEvent {
  type: WebhookEventType | typeof TEST_EVENT
  /**
   * Deliveries to one endpoint with the same key go out in the order they were stored (one
   * document's events, say); different keys do not wait for each other.
   */
  orderingKey: string
  /** For the endpoints' filters: the document's collection and the locale the event is about. */
  collection?: PageCollection
  locale?: Locale
  /** What every subscribed endpoint receives. */
  data: Record<string, unknown>
  /** Added to `data` for endpoints marked to receive content (`includeContent`). */
  content?: Record<string, unknown>
}

/** What an endpoint subscribes to (empty filters: every collection, every locale). */
export interface Subscription {
  events: readonly string[]
  collections: readonly string[]
  locales: readonly string[]
}

export function subscribes(endpoint: Subscription, event: WebhookEvent): boolean {
  if (!endpoint.events.includes(event.type)) return false
  if (event.collection && endpoint.collections.length > 0)
    if (!endpoint.collections.includes(event.collection)) return false
  if (event.locale && endpoint.locales.length > 0)
    if (!endpoint.locales.includes(event.locale)) return false
  return true
}

/** The body one endpoint receives, as sent on every attempt. */
export function eventBody(event: WebhookEvent, includeContent: boolean, occurredAt: Date): string {
  const data = includeContent && event.content ? { ...event.data, ...event.content } : event.data
  return JSON.stringify({ type: event.type, timestamp: occurredAt.toISOString(), data })
}

/**
 * A post's or case study's public state, as its collection's own row holds it (the published
 * version; Payload writes that row only when a version is published, or for a first draft).
 */
export interface DocumentState {
  status: string | null
  slug: string | null
  publishedAt: string | null
  title: Partial<Record<string, unknown>>
  excerpt: Partial<Record<string, unknown>>
  content: Partial<Record<string, unknown>>
}

/**
 * The locales a state lists, by the site's rule (src/site/listed.ts): published, with a title of
 * its own in that locale with something in it besides whitespace.
 */
export function listedLocales(state: DocumentState | null): Locale[] {
  if (!state || state.status !== 'published' || !state.slug) return []
  return LOCALES.filter((locale) => {
    const title = state.title[locale]
    return typeof title === 'string' && /\S/.test(title)
  })
}

const documentKey = (collection: PageCollection, id: number) => `${collection}:${id}`

function documentData(
  siteUrl: string,
  collection: PageCollection,
  id: number,
  locale: Locale,
  slug: string,
) {
  return {
    collection,
    id,
    locale,
    slug,
    url: `${siteUrl}${paths.document(collection, locale, slug)}`,
    apiUrl: `${siteUrl}/api/${collection}/${id}?locale=${locale}`,
  }
}

/**
 * The events one write of a document makes, from its public state before and after. `published`:
 * the write published a version (a draft save leaves the public state as it was, and says
 * nothing). A publish is announced in every locale it lists; a locale listed before and no longer
 * is unpublished there; a document taken out of publication is unpublished in every locale it was
 * listed in, under the slug it had.
 */
export function documentEvents(
  siteUrl: string,
  collection: PageCollection,
  id: number,
  before: DocumentState | null,
  after: DocumentState,
  published: boolean,
): WebhookEvent[] {
  const was = listedLocales(before)
  const now = published ? listedLocales(after) : []
  const events: WebhookEvent[] = []
  if (published) {
    for (const locale of now) {
      const slug = after.slug!
      const previousSlug = was.includes(locale) && before?.slug !== slug ? before?.slug : undefined
      events.push({
        type: 'document.published',
        orderingKey: documentKey(collection, id),
        collection,
        locale,
        data: {
          ...documentData(siteUrl, collection, id, locale, slug),
          publishedAt: after.publishedAt,
          ...(previousSlug ? { previousSlug } : {}),
        },
        content: {
          title: after.title[locale] ?? null,
          excerpt: after.excerpt[locale] ?? null,
          content: after.content[locale] ?? null,
        },
      })
    }
  } else if (after.status === 'published') {
    // A draft saved over the published version: nothing public changed.
    return []
  }
  for (const locale of was.filter((locale) => !now.includes(locale))) {
    events.push({
      type: 'document.unpublished',
      orderingKey: documentKey(collection, id),
      collection,
      locale,
      data: documentData(siteUrl, collection, id, locale, before!.slug!),
    })
  }
  return events
}

/** A deleted document's events: deleted in every locale it was listed in. */
export function deletedDocumentEvents(
  siteUrl: string,
  collection: PageCollection,
  id: number,
  before: DocumentState | null,
): WebhookEvent[] {
  return listedLocales(before).map((locale) => ({
    type: 'document.deleted',
    orderingKey: documentKey(collection, id),
    collection,
    locale,
    data: documentData(siteUrl, collection, id, locale, before!.slug!),
  }))
}

/** What an inquiry's event carries; the sender's values and words only with `includeContent`. */
export interface InquiryRecord {
  id: number
  locale?: string | null
  channel?: string | null
  createdAt?: string | null
  name?: string | null
  email?: string | null
  phone?: string | null
  service?: string | null
  message?: string | null
}

export function inquiryEvent(siteUrl: string, inquiry: InquiryRecord): WebhookEvent {
  return {
    type: 'inquiry.received',
    orderingKey: `inquiries:${inquiry.id}`,
    data: {
      id: inquiry.id,
      locale: inquiry.locale ?? null,
      channel: inquiry.channel ?? null,
      createdAt: inquiry.createdAt ?? null,
      adminUrl: `${siteUrl}/admin/collections/inquiries/${inquiry.id}`,
    },
    content: {
      name: inquiry.name ?? null,
      email: inquiry.email ?? null,
      phone: inquiry.phone ?? null,
      service: inquiry.service ?? null,
      message: inquiry.message ?? null,
    },
  }
}

export interface RedirectRecord {
  id: number
  from: string
  to: string
  source?: string | null
}

export function redirectEvent(siteUrl: string, redirect: RedirectRecord): WebhookEvent {
  return {
    type: 'redirect.created',
    orderingKey: `redirects:${redirect.id}`,
    data: {
      id: redirect.id,
      from: redirect.from,
      to: redirect.to,
      fromUrl: `${siteUrl}${redirect.from}`,
      toUrl: `${siteUrl}${redirect.to}`,
      source: redirect.source ?? null,
    },
  }
}

/** A settings global published: which one, and the pages that show it in each locale. */
export function settingsEvent(
  siteUrl: string,
  global: string,
  pagePath: (locale: Locale) => string,
  updatedAt: string | null,
): WebhookEvent {
  return {
    type: 'settings.published',
    orderingKey: `globals:${global}`,
    data: {
      global,
      updatedAt,
      urls: Object.fromEntries(LOCALES.map((locale) => [locale, `${siteUrl}${pagePath(locale)}`])),
    },
  }
}

export function testEvent(siteUrl: string, endpointId: number, messageId: string): WebhookEvent {
  return {
    type: TEST_EVENT,
    orderingKey: `test:${messageId}`,
    data: {
      endpointId,
      message: `A test event from ${siteUrl}: this endpoint receives its webhooks.`,
    },
  }
}
