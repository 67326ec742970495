import type { Access } from 'payload'

import { isEditor } from '@/access/roles'

import { publicMediaIds } from './usage'

/**
 * Media `read` access: signed-in editors read every media record; anonymous callers only those a
 * published document uses (the embargo, see `usage.ts`). A query constraint, so the REST list and
 * single reads, populated `coverImage`/`meta.image` relationships and the file server
 * (`serve-file.ts`) all obey the same rule.
 */
export const publicMediaOrEditors: Access = async ({ req }) => {
  if (req.user) return true
  // Once per request: a list checks this for every cover it populates.
  const context = req.context as { publicMediaIds?: Promise<number[]> }
  context.publicMediaIds ??= publicMediaIds(req.payload)
  return { id: { in: await context.publicMediaIds } }
}

/**
 * Media `update` access: editors change any file's record; an author only one that no published
 * document uses yet (the image for their draft), since alt text and captions of a published
 * image are public at once, without a draft for an editor to review.
 */
export const unpublishedMediaOrEditors: Access = async ({ req }) => {
  if (!req.user) return false
  if (isEditor(req.user)) return true
  const inPublishedUse = await publicMediaIds(req.payload)
  return inPublishedUse.length === 0 ? true : { id: { not_in: inPublishedUse } }
}
