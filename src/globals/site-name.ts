import type { Payload } from 'payload'

import { SETTINGS_DEFAULTS } from './defaults'

/**
 * The published site name (the `site-settings` global), or its default: what mail sent outside a
 * page render (inquiry acknowledgements, invitations) signs with. One read of one row; a failed
 * read signs with the default rather than holding the mail back.
 */
export async function publishedSiteName(payload: Payload): Promise<string> {
  try {
    const site = await payload.findGlobal({
      slug: 'site-settings',
      draft: false,
      overrideAccess: true,
      depth: 0,
      select: { siteName: true },
    })
    return site.siteName?.trim() || SETTINGS_DEFAULTS.en.siteName
  } catch {
    return SETTINGS_DEFAULTS.en.siteName
  }
}
