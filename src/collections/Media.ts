import type { CollectionConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { authenticated } from '@/access/authenticated'
import { env } from '@/env'

export const Media: CollectionConfig = {
  slug: 'media',
  access: {
    read: anyone,
    create: authenticated,
    update: authenticated,
    delete: authenticated,
  },
  upload: {
    // Files live under .data/ (or MEDIA_DIR), never in the source tree.
    staticDir: env.MEDIA_DIR,
    mimeTypes: ['image/*', 'video/*', 'application/pdf'],
  },
  fields: [{ name: 'alt', type: 'text', required: true, localized: true }],
}
