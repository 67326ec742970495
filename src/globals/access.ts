import type { GlobalConfig } from 'payload'

import { authenticated } from '@/access/authenticated'
import { editorsOrAdmins } from '@/access/roles'

/**
 * Settings are read by the site itself (src/site/settings.ts, published versions only), not
 * through the public API: Payload's REST and GraphQL answer them, drafts and versions included,
 * to signed-in users only. Editors and admins change and publish them; authors, who never
 * publish, only read them.
 */
export const SETTINGS_ACCESS = {
  read: authenticated,
  readVersions: authenticated,
  update: editorsOrAdmins,
} satisfies GlobalConfig['access']

/** How many versions of each settings global are kept for restoring. */
const SETTINGS_VERSIONS_KEPT = 50

/** Drafts and versions, as posts have them (live preview: payload.config.ts). */
export const SETTINGS_VERSIONS = {
  drafts: true,
  max: SETTINGS_VERSIONS_KEPT,
} satisfies GlobalConfig['versions']
