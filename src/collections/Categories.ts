import type { CollectionConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { editorsOrAdmins } from '@/access/roles'
import { slugField } from '@/fields/slug'

export const Categories: CollectionConfig = {
  slug: 'categories',
  admin: { useAsTitle: 'title' },
  // A category has no drafts: a new or renamed one is public at once, on every page that lists
  // it, so it is an editor's decision, not an author's.
  access: {
    read: anyone,
    create: editorsOrAdmins,
    update: editorsOrAdmins,
    delete: editorsOrAdmins,
  },
  // Public as documents' fields are (src/fields/public.ts): the title and the slug.
  fields: [
    {
      name: 'title',
      type: 'text',
      required: true,
      localized: true,
      custom: { public: true, sortable: true },
    },
    slugField('title'),
  ],
}
