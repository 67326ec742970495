import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@/i18n/locales'

import type { ActorType, AuditAction } from './actions'

/**
 * One audit log entry as stored, built from what a hook knows. Every value is bounded here (and
 * again by the table's checks, migrations/20261128_150000_audit_log.ts): whatever an editor or a
 * stranger typed — a title, an email tried at sign-in, an export's filter — costs at most a few
 * kilobytes per entry.
 */
export const AUDIT_LIMITS = {
  /** Emails, titles, slugs: characters kept (code points), the rest cut with an ellipsis. */
  textMax: 200,
  /** A document's id as text. */
  idMax: 64,
  /** The longest textual IPv6 address (with an IPv4 tail) is 45 characters. */
  addressMax: 45,
  /** The detail's JSON, in characters; past it only `{ truncated: true }` is kept. */
  detailMaxChars: 2_048,
  /** Within the detail: strings, array items and object keys kept, and nesting. */
  detailStringMax: 200,
  detailItemsMax: 20,
  detailDepthMax: 3,
} as const

export interface AuditActor {
  type: ActorType
  id: number | null
  email: string | null
}

export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: null, email: null }
export const ANONYMOUS_ACTOR: AuditActor = { type: 'anonymous', id: null, email: null }

/**
 * The request's account, or the system: a write without a signed-in account is the site's own
 * (a scheduled publish, a script, the inquiry service), since access refuses anonymous writes.
 */
export function actorOf(user: unknown): AuditActor {
  const record = user as { id?: unknown; email?: unknown } | null | undefined
  const id = Number(record?.id)
  if (!record || !Number.isInteger(id)) return SYSTEM_ACTOR
  return {
    type: 'user',
    id,
    email: typeof record.email === 'string' ? record.email : null,
  }
}

export interface AuditEvent {
  action: AuditAction
  actor: AuditActor
  /** A collection's or global's slug. */
  target: string
  targetId?: number | string | null
  /** The document's title at the time: text, or a localized field's value (one is chosen). */
  targetTitle?: unknown
  locale?: string | null
  clientAddress?: string | null
  detail?: Record<string, unknown> | null
}

/** The row written to the `audit-log` collection. */
export interface AuditEntryData {
  action: AuditAction
  actorType: ActorType
  actorId: number | null
  actorEmail: string | null
  target: string
  targetId: string | null
  targetTitle: string | null
  locale: Locale | null
  clientAddress: string | null
  detail: Record<string, unknown> | null
}

/** `value` cut to `max` code points (a surrogate pair is never split), control characters out. */
export function boundedText(value: unknown, max: number = AUDIT_LIMITS.textMax): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const text = String(value)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
  if (text === '') return null
  const points = Array.from(text)
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`
}

/**
 * A title as text: a string as is; a localized value (every locale at once) in `locale`, else
 * the default locale, else any locale that has one.
 */
export function titleText(value: unknown, locale?: string | null): string | null {
  if (typeof value === 'string' || typeof value === 'number') return boundedText(value)
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const byLocale = value as Record<string, unknown>
  const order = [locale, DEFAULT_LOCALE, ...LOCALES].filter(isLocale)
  for (const code of order) {
    const text = boundedText(byLocale[code])
    if (text) return text
  }
  return null
}

function boundedValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string') return boundedText(value, AUDIT_LIMITS.detailStringMax) ?? ''
  if (depth >= AUDIT_LIMITS.detailDepthMax) return '…'
  if (Array.isArray(value)) {
    const kept = value.slice(0, AUDIT_LIMITS.detailItemsMax).map((v) => boundedValue(v, depth + 1))
    return value.length > kept.length ? [...kept, '…'] : kept
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .slice(0, AUDIT_LIMITS.detailItemsMax)
    return Object.fromEntries(
      entries.map(([key, v]) => [
        boundedText(key, AUDIT_LIMITS.detailStringMax) ?? '',
        boundedValue(v, depth + 1),
      ]),
    )
  }
  return null
}

/**
 * The detail kept: strings, lists, keys and nesting cut to their limits; if its JSON is still
 * over `detailMaxChars`, only `{ truncated: true }`.
 */
export function boundedDetail(
  detail: Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  if (!detail || Object.keys(detail).length === 0) return null
  const kept = boundedValue(detail, 0) as Record<string, unknown>
  return JSON.stringify(kept).length <= AUDIT_LIMITS.detailMaxChars ? kept : { truncated: true }
}

export function auditEntry(event: AuditEvent): AuditEntryData {
  const { actor } = event
  return {
    action: event.action,
    actorType: actor.type,
    actorId: actor.type === 'user' ? actor.id : null,
    actorEmail: actor.type === 'user' ? boundedText(actor.email) : null,
    target: boundedText(event.target, AUDIT_LIMITS.idMax) ?? 'unknown',
    targetId: boundedText(event.targetId ?? null, AUDIT_LIMITS.idMax),
    targetTitle: titleText(event.targetTitle, event.locale),
    locale: isLocale(event.locale) ? event.locale : null,
    clientAddress: boundedText(event.clientAddress ?? null, AUDIT_LIMITS.addressMax),
    detail: boundedDetail(event.detail),
  }
}

/* What a write was, from the states around it: the hooks read them, these decide. */

type Status = 'published' | 'draft' | null | undefined

/**
 * A post's or case study's write. `saved`: the status of what was saved (the version); `before`
 * and `after`: the document's own row's status around the write (a draft save leaves it as it
 * was; an unpublish turns it from published to draft). Draft saves are not audited.
 */
export function documentWriteAction({
  restoring,
  saved,
  before,
  after,
}: {
  restoring: boolean
  saved: Status
  before: Status
  after: Status
}): 'document.publish' | 'document.unpublish' | 'document.restore' | null {
  if (restoring) return 'document.restore'
  if (saved === 'published') return 'document.publish'
  if (saved === 'draft' && before === 'published' && after === 'draft') return 'document.unpublish'
  return null
}

/** A settings global's write: published, or a version restored; draft saves are not audited. */
export function settingsWriteAction({
  restoring,
  saved,
}: {
  restoring: boolean
  saved: Status
}): 'settings.publish' | 'settings.restore' | null {
  if (restoring) return 'settings.restore'
  return saved === 'published' ? 'settings.publish' : null
}

export interface AccountState {
  roles: readonly string[]
  /** The stored API key's index (a keyed digest of it), or null without a key. */
  apiKeyIndex: string | null
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',')

/** An account's write: created, roles changed, API key created (or replaced) or revoked. */
export function accountWriteActions(
  before: AccountState | null,
  after: AccountState,
): { action: AuditAction; detail: Record<string, unknown> | null }[] {
  const actions: { action: AuditAction; detail: Record<string, unknown> | null }[] = []
  if (!before) {
    actions.push({ action: 'user.create', detail: { roles: [...after.roles] } })
  } else if (!sameRoles(before.roles, after.roles)) {
    actions.push({
      action: 'user.role_change',
      detail: { from: [...before.roles], to: [...after.roles] },
    })
  }
  const keyBefore = before?.apiKeyIndex ?? null
  if (after.apiKeyIndex && after.apiKeyIndex !== keyBefore) {
    actions.push({
      action: 'user.api_key_create',
      detail: keyBefore ? { replacedPrevious: true } : null,
    })
  } else if (!after.apiKeyIndex && keyBefore) {
    actions.push({ action: 'user.api_key_revoke', detail: null })
  }
  return actions
}

/** Why a sign-in failed, by the status Payload answered with (never its message). */
export function signInFailureReason(status: unknown): string {
  switch (status) {
    case 400:
      return 'invalid_input'
    case 401:
      return 'wrong_credentials'
    case 403:
      return 'forbidden'
    case 423:
      return 'locked'
    default:
      return 'error'
  }
}
