import type { CollectionConfig, CollectionSlug } from 'payload'

import { authenticated } from '@/access/authenticated'
import { createDrafts, editorsDelete, updateDrafts } from '@/access/publishing'
import { publishedOnly } from '@/access/publishedOnly'

/** How many versions of a team member, testimonial or client logo are kept for restoring. */
const VERSIONS_KEPT = 20

/**
 * Access and drafts shared by the people-and-proof collections (team members, testimonials,
 * client logos): anonymous callers read published documents only (src/access/publishedOnly.ts);
 * editors publish, authors save drafts, as for posts. Their tables notify the content change
 * feed (the `people_and_proof` migration), which advances their `list:` keys.
 */
export function draftedCollection(
  slug: CollectionSlug,
): Pick<CollectionConfig, 'access' | 'versions'> {
  return {
    access: {
      read: publishedOnly,
      readVersions: authenticated,
      create: createDrafts,
      update: updateDrafts(slug),
      delete: editorsDelete,
    },
    versions: { drafts: true, maxPerDoc: VERSIONS_KEPT },
  }
}

/** The admin group the people-and-proof collections sit in. */
export const PEOPLE_GROUP = { en: 'People and proof', es: 'Equipo y referencias' }
