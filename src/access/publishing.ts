import type { Access, CollectionSlug, PayloadRequest } from 'payload'

import { isEditor } from './roles'

/**
 * Query parameters with which Payload's update publishes or unpublishes: an author's write may
 * carry none of them.
 */
const PUBLISHING_PARAMETERS = ['publishSpecificLocale', 'publishAllLocales', 'unpublishAllLocales']

/**
 * Set on a request's context while it restores a version into a draft (src/versions/restore.ts):
 * such a restore, like a draft save, leaves the public version as it is.
 */
export const RESTORING_AS_DRAFT = 'restoringAsDraft'

const isDraftSave = (req: PayloadRequest): boolean => {
  if (req.context?.[RESTORING_AS_DRAFT] === true) return true
  const draft = (req.query as Record<string, unknown> | undefined)?.draft
  return draft === 'true' || draft === true
}

const asksToPublish = (req: PayloadRequest, data: unknown): boolean =>
  (data as { _status?: unknown } | undefined)?._status === 'published' ||
  PUBLISHING_PARAMETERS.some(
    (name) => (req.query as Record<string, unknown> | undefined)?.[name] !== undefined,
  )

/** Creating: editors and admins as they like; authors only drafts. */
export const createDrafts: Access = ({ req, data }) => {
  if (!req.user) return false
  if (isEditor(req.user)) return true
  return !asksToPublish(req, data)
}

/**
 * Updating: editors and admins as they like. An author's write must not change what is public:
 * it may save a draft (`?draft=true`, which leaves a published document's public version as it
 * is) or edit a document that was never published, but never publish, unpublish (a non-draft
 * save of a published document as `draft`) or change a published document in place.
 */
export function updateDrafts(collection: CollectionSlug): Access {
  return async ({ req, id, data }) => {
    if (!req.user) return false
    if (isEditor(req.user)) return true
    if (asksToPublish(req, data)) return false
    if (isDraftSave(req)) return true
    // Without an id (a bulk update) only documents never published are touched.
    if (id === undefined) return { _status: { not_equals: 'published' } }
    const current = await req.payload.db.findOne<{ id: number | string; _status?: string }>({
      collection,
      where: { id: { equals: id } },
      req,
    })
    return current?._status !== 'published'
  }
}

/** Deleting, and so unpublishing for good, is for editors and admins. */
export const editorsDelete: Access = ({ req: { user } }) => isEditor(user)
