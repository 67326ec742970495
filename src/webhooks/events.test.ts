import { describe, expect, it } from 'vitest'

import {
  deletedDocumentEvents,
  documentEvents,
  eventBody,
  inquiryEvent,
  listedLocales,
  subscribes,
  type DocumentState,
} from './events'
import { deliveriesFor, type EndpointTarget } from './outbox'

const SITE = 'https://www.example.com'

const state = (overrides: Partial<DocumentState> = {}): DocumentState => ({
  status: 'published',
  slug: 'cloud-move',
  publishedAt: '2026-11-01T10:00:00.000Z',
  title: { en: 'Moving to the cloud', es: 'Mudanza a la nube' },
  excerpt: { en: 'How', es: 'Cómo' },
  content: { en: { root: { children: [] } }, es: { root: { children: [] } } },
  ...overrides,
})

const typesAndLocales = (events: { type: string; locale?: string }[]) =>
  events.map((event) => `${event.type}:${event.locale}`)

describe('document events', () => {
  it('lists a published document in the locales with a title of their own', () => {
    expect(listedLocales(state())).toEqual(['en', 'es'])
    expect(listedLocales(state({ title: { en: 'Only English', es: '   ' } }))).toEqual(['en'])
    expect(listedLocales(state({ status: 'draft' }))).toEqual([])
    expect(listedLocales(null)).toEqual([])
  })

  it('announces a first publication in each locale, with its public URLs', () => {
    const events = documentEvents(SITE, 'posts', 7, null, state(), true)
    expect(typesAndLocales(events)).toEqual(['document.published:en', 'document.published:es'])
    expect(events[1]!.data).toEqual({
      collection: 'posts',
      id: 7,
      locale: 'es',
      slug: 'cloud-move',
      url: `${SITE}/es/blog/cloud-move`,
      apiUrl: `${SITE}/api/posts/7?locale=es`,
      publishedAt: '2026-11-01T10:00:00.000Z',
    })
    expect(new Set(events.map((event) => event.orderingKey))).toEqual(new Set(['posts:7']))
  })

  it('says nothing for a draft saved over the published version', () => {
    expect(documentEvents(SITE, 'posts', 7, state(), state(), false)).toEqual([])
  })

  it('says nothing for a draft that was never published', () => {
    const draft = state({ status: 'draft' })
    expect(documentEvents(SITE, 'posts', 7, null, draft, false)).toEqual([])
    expect(documentEvents(SITE, 'posts', 7, draft, draft, false)).toEqual([])
  })

  it('unpublishes in every locale it was listed in, under the slug it had', () => {
    const events = documentEvents(
      SITE,
      'case-studies',
      3,
      state(),
      state({ status: 'draft', slug: 'draft-slug' }),
      false,
    )
    expect(typesAndLocales(events)).toEqual(['document.unpublished:en', 'document.unpublished:es'])
    expect(events[0]!.data).toMatchObject({
      slug: 'cloud-move',
      url: `${SITE}/en/case-studies/cloud-move`,
    })
  })

  it('unpublishes a locale whose title was emptied, and names a new slug', () => {
    const after = state({ slug: 'cloud-migration', title: { en: 'Moving', es: '' } })
    const events = documentEvents(SITE, 'posts', 7, state(), after, true)
    expect(typesAndLocales(events)).toEqual(['document.published:en', 'document.unpublished:es'])
    expect(events[0]!.data).toMatchObject({ slug: 'cloud-migration', previousSlug: 'cloud-move' })
    expect(events[1]!.data).toMatchObject({ slug: 'cloud-move', url: `${SITE}/es/blog/cloud-move` })
  })

  it('deletes in every locale it was listed in; a draft deleted says nothing', () => {
    const events = deletedDocumentEvents(SITE, 'posts', 7, state())
    expect(typesAndLocales(events)).toEqual(['document.deleted:en', 'document.deleted:es'])
    expect(deletedDocumentEvents(SITE, 'posts', 8, state({ status: 'draft' }))).toEqual([])
  })

  it('sends the published text only to endpoints that opt in', () => {
    const [event] = documentEvents(SITE, 'posts', 7, null, state(), true)
    const plain = JSON.parse(eventBody(event!, false, new Date()))
    expect(plain.data).not.toHaveProperty('title')
    expect(plain.data).not.toHaveProperty('content')
    const full = JSON.parse(eventBody(event!, true, new Date()))
    expect(full.data).toMatchObject({ title: 'Moving to the cloud', excerpt: 'How' })
  })
})

describe('inquiry events', () => {
  const inquiry = {
    id: 12,
    locale: 'es',
    channel: 'form',
    createdAt: '2026-11-28T09:00:00.000Z',
    name: 'Ana Pérez',
    email: 'ana@example.com',
    phone: '+34 600 000 000',
    service: 'Cloud',
    message: 'We need help moving our data platform.',
  }

  it('carries the id, locale and admin link; the sender and message only on opt-in', () => {
    const event = inquiryEvent(SITE, inquiry)
    const plain = eventBody(event, false, new Date('2026-11-28T09:00:01.000Z'))
    expect(JSON.parse(plain)).toEqual({
      type: 'inquiry.received',
      timestamp: '2026-11-28T09:00:01.000Z',
      data: {
        id: 12,
        locale: 'es',
        channel: 'form',
        createdAt: '2026-11-28T09:00:00.000Z',
        adminUrl: `${SITE}/admin/collections/inquiries/12`,
      },
    })
    for (const value of [inquiry.name, inquiry.email, inquiry.message, inquiry.phone])
      expect(plain).not.toContain(value)
    const full = eventBody(event, true, new Date())
    expect(JSON.parse(full).data).toMatchObject({ message: inquiry.message, email: inquiry.email })
  })
})

describe('subscriptions', () => {
  const endpoint = (overrides: Partial<EndpointTarget> = {}): EndpointTarget => ({
    id: 1,
    enabled: true,
    includeContent: false,
    events: ['document.published', 'inquiry.received'],
    collections: [],
    locales: [],
    ...overrides,
  })
  const [english, spanish] = documentEvents(SITE, 'case-studies', 3, null, state(), true)

  it('filters by event, collection and locale (empty filters take everything)', () => {
    expect(subscribes(endpoint(), english!)).toBe(true)
    expect(subscribes(endpoint({ events: ['document.deleted'] }), english!)).toBe(false)
    expect(subscribes(endpoint({ collections: ['posts'] }), english!)).toBe(false)
    expect(subscribes(endpoint({ collections: ['case-studies'] }), english!)).toBe(true)
    expect(subscribes(endpoint({ locales: ['es'] }), english!)).toBe(false)
    expect(subscribes(endpoint({ locales: ['es'] }), spanish!)).toBe(true)
    // Filters by collection and locale concern documents only.
    const inquiry = inquiryEvent(SITE, { id: 1, locale: 'en' })
    expect(subscribes(endpoint({ collections: ['posts'], locales: ['es'] }), inquiry)).toBe(true)
  })

  it('makes one delivery per subscribed, enabled endpoint and event, with its own body', () => {
    const endpoints = [
      endpoint({ id: 1 }),
      endpoint({ id: 2, includeContent: true }),
      endpoint({ id: 3, enabled: false }),
      endpoint({ id: 4, locales: ['en'] }),
    ]
    const deliveries = deliveriesFor([english!, spanish!], endpoints, new Date())
    expect(deliveries.map((delivery) => `${delivery.endpointId}:${delivery.event.locale}`)).toEqual(
      ['1:en', '2:en', '4:en', '1:es', '2:es'],
    )
    expect(deliveries[0]!.body).not.toContain('Moving to the cloud')
    expect(deliveries[1]!.body).toContain('Moving to the cloud')
  })
})
