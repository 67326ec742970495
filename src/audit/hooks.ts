import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionAfterErrorHook,
  CollectionAfterLoginHook,
  CollectionBeforeChangeHook,
  CollectionBeforeOperationHook,
  CollectionSlug,
  GlobalAfterChangeHook,
  PayloadHandler,
  PayloadRequest,
} from 'payload'

import {
  accountWriteActions,
  actorOf,
  ANONYMOUS_ACTOR,
  documentWriteAction,
  settingsWriteAction,
  signInFailureReason,
  type AccountState,
} from './entry'
import { recordAudit, recordAuditQuietly } from './record'

/*
 * The audit log's hooks, added to the audited collections and globals by the plugin (plugin.ts).
 * As the webhooks' hooks do (src/webhooks/hooks.ts), each reads what it needs through Payload's
 * database adapter in the request's transaction and stores its entry there (record.ts).
 */

/** The locale a write was made in, when it names one (not `all`). */
const localeOf = (req: PayloadRequest): string | null =>
  typeof req.locale === 'string' && req.locale !== 'all' ? req.locale : null

/** Whether this write restores a version (Payload's restoreVersion operations set it). */
const restoring = (req: PayloadRequest): boolean => req.context.isRestoringVersion === true

/** How the actor authenticated, when not with the session cookie or JWT of the admin. */
const viaDetail = (req: PayloadRequest): Record<string, unknown> =>
  (req.user as { _strategy?: unknown } | null)?._strategy === 'api-key' ? { via: 'api-key' } : {}

type Status = 'published' | 'draft' | null

async function storedStatus(
  req: PayloadRequest,
  collection: CollectionSlug,
  id: number | string,
): Promise<Status> {
  const row = await req.payload.db.findOne<{ id: number | string; _status?: unknown }>({
    collection,
    where: { id: { equals: id } },
    select: { _status: true },
    req,
  })
  return row?._status === 'published' || row?._status === 'draft' ? row._status : null
}

const statusKey = (collection: string, id: unknown) => `audit:status:${collection}:${id}`

/* Posts and case studies: publish, unpublish, restore, delete. */

/**
 * Before a write that saves a draft (or unpublishes): the document's own row's status, which
 * the after-change hook compares with what the write left. A publish needs no read.
 */
export const rememberStoredStatus: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || originalDoc?.id === undefined || restoring(req)) return data
  if (data?._status === 'published') return data
  req.context[statusKey(collection.slug, originalDoc.id)] = await storedStatus(
    req,
    collection.slug,
    originalDoc.id,
  )
  return data
}

export const auditDocumentChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  req,
}) => {
  const key = statusKey(collection.slug, doc.id)
  const before = (req.context[key] as Status | undefined) ?? null
  delete req.context[key]
  const saved = doc._status === 'published' || doc._status === 'draft' ? doc._status : null
  const wasPublished = operation === 'update' && before === 'published'
  const after =
    saved === 'draft' && wasPublished && !restoring(req)
      ? await storedStatus(req, collection.slug, doc.id)
      : saved
  const action = documentWriteAction({ restoring: restoring(req), saved, before, after })
  if (!action) return doc
  await recordAudit(req, {
    action,
    actor: actorOf(req.user),
    target: collection.slug,
    targetId: doc.id,
    targetTitle: doc.title,
    locale: localeOf(req),
    detail: {
      ...(action === 'document.restore' ? { status: saved } : {}),
      ...(operation === 'create' ? { created: true } : {}),
      ...viaDetail(req),
    },
  })
  return doc
}

/** A document deleted (posts, case studies, categories, media): its title or file name then. */
export function auditDeletion(titleField: string): CollectionAfterDeleteHook {
  return async ({ collection, doc, id, req }) => {
    await recordAudit(req, {
      action: 'document.delete',
      actor: actorOf(req.user),
      target: collection.slug,
      targetId: id,
      targetTitle: (doc as Record<string, unknown> | undefined)?.[titleField],
      detail: viaDetail(req),
    })
    return doc
  }
}

/* Settings globals: publish, restore. */

export const auditSettingsChange: GlobalAfterChangeHook = async ({ doc, global, req }) => {
  const saved = doc?._status === 'published' || doc?._status === 'draft' ? doc._status : null
  const action = settingsWriteAction({ restoring: restoring(req), saved })
  if (!action) return doc
  await recordAudit(req, {
    action,
    actor: actorOf(req.user),
    target: global.slug,
    locale: localeOf(req),
    detail: { ...(action === 'settings.restore' ? { status: saved } : {}), ...viaDetail(req) },
  })
  return doc
}

/* Redirects: created, changed, deleted (by an editor, or by a renamed document's publish). */

interface RedirectFields {
  id: number | string
  from?: unknown
  to?: unknown
  source?: unknown
}

export const auditRedirectChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const row = doc as RedirectFields
  const previous = previousDoc as RedirectFields | undefined
  if (operation === 'update' && previous?.from === row.from && previous?.to === row.to) return doc
  await recordAudit(req, {
    action: operation === 'create' ? 'redirect.create' : 'redirect.update',
    actor: actorOf(req.user),
    target: collection.slug,
    targetId: row.id,
    targetTitle: row.from,
    detail: {
      ...(operation === 'update' && previous?.from !== row.from
        ? { fromBefore: previous?.from }
        : {}),
      ...(operation === 'update' && previous?.to !== row.to ? { toBefore: previous?.to } : {}),
      to: row.to,
      ...(typeof row.source === 'string' ? { source: row.source } : {}),
      ...viaDetail(req),
    },
  })
  return doc
}

export const auditRedirectDeletion: CollectionAfterDeleteHook = async ({
  collection,
  doc,
  id,
  req,
}) => {
  const row = doc as RedirectFields | undefined
  await recordAudit(req, {
    action: 'redirect.delete',
    actor: actorOf(req.user),
    target: collection.slug,
    targetId: id,
    targetTitle: row?.from,
    detail: { to: row?.to, ...viaDetail(req) },
  })
  return doc
}

/* Accounts: created, roles changed, API key created or revoked, deleted; sign-ins. */

async function accountState(
  req: PayloadRequest,
  collection: CollectionSlug,
  id: number | string,
): Promise<AccountState | null> {
  const row = await req.payload.db.findOne<{
    id: number | string
    roles?: unknown
    apiKeyIndex?: unknown
  }>({ collection, where: { id: { equals: id } }, req })
  if (!row) return null
  return {
    roles: Array.isArray(row.roles)
      ? row.roles.filter((r): r is string => typeof r === 'string')
      : [],
    apiKeyIndex: typeof row.apiKeyIndex === 'string' && row.apiKeyIndex ? row.apiKeyIndex : null,
  }
}

const accountKey = (id: unknown) => `audit:account:${id}`

/**
 * Before an account's update: its roles and API key as stored (the key's index: Payload's
 * read hooks hide the key from every document a hook is given).
 */
export const rememberAccountState: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || originalDoc?.id === undefined) return data
  req.context[accountKey(originalDoc.id)] = await accountState(req, collection.slug, originalDoc.id)
  return data
}

export const auditAccountChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  req,
}) => {
  const key = accountKey(doc.id)
  const remembered = req.context[key] as AccountState | null | undefined
  delete req.context[key]
  const after = await accountState(req, collection.slug, doc.id)
  if (!after) return doc
  // An update whose state before is unknown (the before-change hook did not run) is compared
  // with itself: nothing is recorded rather than a false "created".
  const before = operation === 'create' ? null : (remembered ?? after)
  for (const { action, detail } of accountWriteActions(before, after)) {
    await recordAudit(req, {
      action,
      actor: actorOf(req.user),
      target: collection.slug,
      targetId: doc.id,
      targetTitle: doc.email,
      detail: { ...detail, ...viaDetail(req) },
    })
  }
  return doc
}

export const auditAccountDeletion: CollectionAfterDeleteHook = async ({
  collection,
  doc,
  id,
  req,
}) => {
  await recordAudit(req, {
    action: 'user.delete',
    actor: actorOf(req.user),
    target: collection.slug,
    targetId: id,
    targetTitle: (doc as { email?: unknown } | undefined)?.email,
    detail: { roles: (doc as { roles?: unknown } | undefined)?.roles, ...viaDetail(req) },
  })
  return doc
}

/**
 * Where a sign-in attempt that reached the password check keeps the email it tried. Two-factor
 * sign-in clears it when the password was right and only the code is still to come (no failure).
 */
export const SIGN_IN_CONTEXT_KEY = 'audit:signIn'

/**
 * Notes a sign-in attempt. Last of the accounts' before-operation hooks: an attempt refused by
 * the input guard or the sign-in throttle is not recorded, so guessing can add entries only as
 * fast as the throttle lets it guess.
 */
export const noteSignInAttempt: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'login') return
  const email = (args as { data?: { email?: unknown } }).data?.email
  req.context[SIGN_IN_CONTEXT_KEY] = typeof email === 'string' ? email.trim().toLowerCase() : ''
}

/** A successful sign-in, in the transaction that starts its session. */
export const auditSignIn: CollectionAfterLoginHook = async ({ collection, req, user }) => {
  delete req.context[SIGN_IN_CONTEXT_KEY]
  await recordAudit(req, {
    action: 'auth.sign_in',
    actor: actorOf(user),
    target: collection.slug,
    targetId: user.id,
    targetTitle: user.email,
  })
}

/**
 * A failed sign-in (a wrong password, an unknown email, missing input): the email tried is its
 * target's title; the actor is anonymous. Stored outside any transaction (the attempt has none);
 * a failure to store it never changes the answer.
 */
export const auditFailedSignIn: CollectionAfterErrorHook = async ({ collection, error, req }) => {
  const email = req.context[SIGN_IN_CONTEXT_KEY]
  if (typeof email !== 'string') return
  delete req.context[SIGN_IN_CONTEXT_KEY]
  await recordAuditQuietly(req, {
    action: 'auth.sign_in_failed',
    actor: ANONYMOUS_ACTOR,
    target: collection.slug,
    targetTitle: email,
    detail: { reason: signInFailureReason((error as { status?: unknown }).status) },
  })
}

/* Inquiries: status changed, deleted, exported. */

export const auditInquiryChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  if (operation !== 'update' || previousDoc?.status === doc.status) return doc
  // No title: the inquiry's is its sender's email, which is kept with the inquiry only.
  await recordAudit(req, {
    action: 'inquiry.status_change',
    actor: actorOf(req.user),
    target: collection.slug,
    targetId: doc.id,
    detail: { from: previousDoc?.status ?? null, to: doc.status ?? null, ...viaDetail(req) },
  })
  return doc
}

export const auditInquiryDeletion: CollectionAfterDeleteHook = async ({
  collection,
  doc,
  id,
  req,
}) => {
  await recordAudit(req, {
    action: 'inquiry.delete',
    actor: actorOf(req.user),
    target: collection.slug,
    targetId: id,
    detail: { status: (doc as { status?: unknown } | undefined)?.status, ...viaDetail(req) },
  })
  return doc
}

/** What an export asked for, from the body the export endpoints already read and kept. */
async function exportRequest(req: PayloadRequest): Promise<Record<string, unknown>> {
  try {
    const body = (typeof req.json === 'function' ? await req.json() : null) as {
      data?: Record<string, unknown>
    } | null
    return body?.data && typeof body.data === 'object' ? body.data : {}
  } catch {
    return {}
  }
}

/**
 * A CSV download of inquiries, recorded once the export answered with its file (a refused or
 * failed export is not one). If the entry cannot be stored, the file is not sent.
 */
export function auditedExport(handler: PayloadHandler): PayloadHandler {
  return async (req) => {
    const response = await handler(req)
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/csv')) {
      return response
    }
    const request = await exportRequest(req)
    try {
      await recordAudit(req, {
        action: 'inquiry.export',
        actor: actorOf(req.user),
        target: typeof request.collectionSlug === 'string' ? request.collectionSlug : 'inquiries',
        locale: typeof request.locale === 'string' ? request.locale : null,
        detail: {
          format: request.format,
          where: request.where,
          fields: request.fields,
          limit: request.limit,
          sort: request.sort,
          ...viaDetail(req),
        },
      })
    } catch (error) {
      await response.body?.cancel().catch(() => undefined)
      req.payload.logger.error({ err: String(error) }, 'export refused: audit entry not stored')
      return Response.json(
        { error: { code: 'unavailable', message: 'The export could not be recorded; try again.' } },
        { status: 503 },
      )
    }
    return response
  }
}
