import { describe, expect, it } from 'vitest'

import { ADMIN_MESSAGES } from '@/i18n/admin-messages'

import { contentStatus, type StatusFacts } from './status'
import { statusText } from './status-text'

const post = (facts: Partial<StatusFacts>): StatusFacts => ({
  kind: 'document',
  locale: 'en',
  hasPublished: true,
  unpublishedChanges: 0,
  titledIn: ['en', 'es'],
  ...facts,
})

describe('contentStatus', () => {
  it('is published in a language the published document is translated into', () => {
    expect(contentStatus(post({ locale: 'es' }))).toBe('published')
  })

  it('is not translated in a language the published document has no title in', () => {
    expect(contentStatus(post({ locale: 'es', titledIn: ['en'] }))).toBe('notTranslated')
    expect(contentStatus(post({ locale: 'en', titledIn: ['en'] }))).toBe('published')
  })

  it('says so when saved changes wait to be published, in a translated language', () => {
    expect(contentStatus(post({ unpublishedChanges: 2 }))).toBe('changed')
    // A Spanish draft of a post published in English only: still not shown in Spanish.
    expect(contentStatus(post({ locale: 'es', titledIn: ['en'], unpublishedChanges: 1 }))).toBe(
      'notTranslated',
    )
  })

  it('is a draft for a document never published, in every language', () => {
    expect(contentStatus(post({ hasPublished: false }))).toBe('draft')
    expect(contentStatus(post({ hasPublished: false, locale: 'es', titledIn: [] }))).toBe('draft')
  })

  it('says a settings global never published shows its defaults, not that it is a draft', () => {
    const global = { kind: 'global', titledIn: null } as const
    expect(contentStatus(post({ ...global, hasPublished: false }))).toBe('defaults')
    expect(contentStatus(post({ ...global, hasPublished: true }))).toBe('published')
    expect(contentStatus(post({ ...global, hasPublished: true, unpublishedChanges: 1 }))).toBe(
      'changed',
    )
  })

  it('applies no title rule where there is none', () => {
    expect(contentStatus(post({ locale: 'es', titledIn: null }))).toBe('published')
  })
})

describe('statusText', () => {
  it('names the language left out, in the admin’s language', () => {
    expect(statusText('notTranslated', 'es', 'en')).toBe(
      'Published — not translated (not shown in Spanish)',
    )
    expect(statusText('notTranslated', 'es', 'es')).toBe(
      'Publicado — sin traducir (no se muestra en español)',
    )
  })

  it('has words for every status in both admin languages', () => {
    for (const language of ['en', 'es'] as const) {
      for (const status of [
        'draft',
        'published',
        'changed',
        'notTranslated',
        'defaults',
      ] as const) {
        expect(statusText(status, 'en', language)).toBeTruthy()
      }
    }
    expect(statusText('defaults', 'en', 'en')).toBe(ADMIN_MESSAGES.en.status.defaults)
  })
})
