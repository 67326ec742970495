import { describe, expect, it } from 'vitest'

import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from './actions'
import {
  accountWriteActions,
  actorOf,
  ANONYMOUS_ACTOR,
  AUDIT_LIMITS,
  auditEntry,
  boundedDetail,
  boundedText,
  documentWriteAction,
  settingsWriteAction,
  signInFailureReason,
  SYSTEM_ACTOR,
  titleText,
} from './entry'

const editor = actorOf({ id: 7, email: 'editor@example.test', roles: ['editor'] })

describe('audit entry', () => {
  it('names the actor: an account by id and its email then, else the system', () => {
    expect(editor).toEqual({ type: 'user', id: 7, email: 'editor@example.test' })
    expect(actorOf(null)).toBe(SYSTEM_ACTOR)
    expect(actorOf(undefined)).toBe(SYSTEM_ACTOR)
    expect(actorOf({ email: 'no-id@example.test' })).toBe(SYSTEM_ACTOR)
  })

  it('stores the event as its row, the id as text and the locale only when it is one', () => {
    expect(
      auditEntry({
        action: 'document.publish',
        actor: editor,
        target: 'posts',
        targetId: 42,
        targetTitle: { en: 'Hello', es: 'Hola' },
        locale: 'es',
        clientAddress: '203.0.113.9',
        detail: { via: 'api-key' },
      }),
    ).toEqual({
      action: 'document.publish',
      actorType: 'user',
      actorId: 7,
      actorEmail: 'editor@example.test',
      target: 'posts',
      targetId: '42',
      targetTitle: 'Hola',
      locale: 'es',
      clientAddress: '203.0.113.9',
      detail: { via: 'api-key' },
    })
    const anonymous = auditEntry({
      action: 'auth.sign_in_failed',
      actor: ANONYMOUS_ACTOR,
      target: 'users',
      locale: 'all',
      detail: {},
    })
    expect(anonymous).toMatchObject({
      actorType: 'anonymous',
      actorId: null,
      actorEmail: null,
      targetId: null,
      targetTitle: null,
      locale: null,
      clientAddress: null,
      detail: null,
    })
  })

  it('bounds every text: titles, emails, ids, addresses', () => {
    const long = 'x'.repeat(5_000)
    const entry = auditEntry({
      action: 'auth.sign_in_failed',
      actor: { type: 'user', id: 1, email: `${long}@example.test` },
      target: long,
      targetId: long,
      targetTitle: long,
      clientAddress: long,
    })
    expect(Array.from(entry.actorEmail!)).toHaveLength(AUDIT_LIMITS.textMax)
    expect(entry.actorEmail!.endsWith('…')).toBe(true)
    expect(Array.from(entry.target)).toHaveLength(AUDIT_LIMITS.idMax)
    expect(Array.from(entry.targetId!)).toHaveLength(AUDIT_LIMITS.idMax)
    expect(Array.from(entry.targetTitle!)).toHaveLength(AUDIT_LIMITS.textMax)
    expect(Array.from(entry.clientAddress!)).toHaveLength(AUDIT_LIMITS.addressMax)
  })

  it('never splits a character made of two UTF-16 units, and drops control characters', () => {
    const emoji = '😀'.repeat(300)
    const cut = boundedText(emoji, 10)!
    expect(Array.from(cut)).toHaveLength(10)
    expect(cut).toBe(`${'😀'.repeat(9)}…`)
    expect(boundedText('a\u0000b\nc')).toBe('a b c')
    expect(boundedText('   ')).toBeNull()
    expect(boundedText({})).toBeNull()
  })

  it('picks a title in the write’s locale, else the default one, else any', () => {
    expect(titleText({ en: 'Hello', es: 'Hola' }, 'es')).toBe('Hola')
    expect(titleText({ en: 'Hello', es: '' }, 'es')).toBe('Hello')
    expect(titleText({ es: 'Solo' }, null)).toBe('Solo')
    expect(titleText('Plain', 'es')).toBe('Plain')
    expect(titleText(['not', 'a', 'title'], 'en')).toBeNull()
  })

  it('bounds the detail: strings, lists, keys and depth, then its whole size', () => {
    const detail = boundedDetail({
      text: 'y'.repeat(1_000),
      list: Array.from({ length: 50 }, (_, i) => i),
      deep: { a: { b: { c: { d: 1 } } } },
      skipped: undefined,
      infinite: Number.POSITIVE_INFINITY,
    })!
    expect(Array.from(detail.text as string)).toHaveLength(AUDIT_LIMITS.detailStringMax)
    expect(detail.list).toHaveLength(AUDIT_LIMITS.detailItemsMax + 1)
    expect((detail.list as unknown[]).at(-1)).toBe('…')
    expect(detail.deep).toEqual({ a: { b: '…' } })
    expect('skipped' in detail).toBe(false)
    expect(detail.infinite).toBeNull()

    const wide = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`key${i}`, 'z'.repeat(199)]),
    )
    expect(boundedDetail(wide)).toEqual({ truncated: true })
    const kept = boundedDetail({ where: { status: { equals: 'new' } } })
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(AUDIT_LIMITS.detailMaxChars)
    expect(kept).toEqual({ where: { status: { equals: 'new' } } })
  })

  it('has a label in English and Spanish for every action', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action].en).not.toBe('')
      expect(AUDIT_ACTION_LABELS[action].es).not.toBe('')
    }
  })
})

describe('action mapping', () => {
  it('tells a publish, an unpublish and a restore of a document from a draft save', () => {
    const write = (
      saved: 'published' | 'draft',
      before: 'published' | 'draft' | null,
      after: 'published' | 'draft' | null,
      restoring = false,
    ) => documentWriteAction({ restoring, saved, before, after })
    expect(write('published', null, 'published')).toBe('document.publish')
    expect(write('published', 'published', 'published')).toBe('document.publish')
    expect(write('published', 'draft', 'published')).toBe('document.publish')
    expect(write('draft', 'published', 'draft')).toBe('document.unpublish')
    // A draft saved over a published document leaves it published: nothing to record.
    expect(write('draft', 'published', 'published')).toBeNull()
    expect(write('draft', 'draft', 'draft')).toBeNull()
    expect(write('draft', null, 'draft')).toBeNull()
    expect(write('draft', 'published', 'draft', true)).toBe('document.restore')
    expect(write('published', 'draft', 'published', true)).toBe('document.restore')
  })

  it('tells a settings publish and restore from a draft save', () => {
    expect(settingsWriteAction({ restoring: false, saved: 'published' })).toBe('settings.publish')
    expect(settingsWriteAction({ restoring: false, saved: 'draft' })).toBeNull()
    expect(settingsWriteAction({ restoring: true, saved: 'draft' })).toBe('settings.restore')
  })

  it('records an account created, its roles changed and its API key created or revoked', () => {
    const none = { roles: ['editor'], apiKeyIndex: null }
    const keyed = { roles: ['editor'], apiKeyIndex: 'digest-1' }
    expect(accountWriteActions(null, none)).toEqual([
      { action: 'user.create', detail: { roles: ['editor'] } },
    ])
    expect(accountWriteActions(null, keyed).map((a) => a.action)).toEqual([
      'user.create',
      'user.api_key_create',
    ])
    expect(accountWriteActions(none, { ...none, roles: ['admin', 'editor'] })).toEqual([
      { action: 'user.role_change', detail: { from: ['editor'], to: ['admin', 'editor'] } },
    ])
    // The same roles in another order are no change.
    expect(
      accountWriteActions(
        { ...none, roles: ['admin', 'editor'] },
        { ...none, roles: ['editor', 'admin'] },
      ),
    ).toEqual([])
    expect(accountWriteActions(none, keyed)).toEqual([
      { action: 'user.api_key_create', detail: null },
    ])
    expect(accountWriteActions(keyed, { ...keyed, apiKeyIndex: 'digest-2' })).toEqual([
      { action: 'user.api_key_create', detail: { replacedPrevious: true } },
    ])
    expect(accountWriteActions(keyed, none)).toEqual([
      { action: 'user.api_key_revoke', detail: null },
    ])
    expect(accountWriteActions(keyed, keyed)).toEqual([])
  })

  it('names a failed sign-in’s reason by its status, never by its message', () => {
    expect(signInFailureReason(401)).toBe('wrong_credentials')
    expect(signInFailureReason(400)).toBe('invalid_input')
    expect(signInFailureReason(423)).toBe('locked')
    expect(signInFailureReason(undefined)).toBe('error')
  })
})
