import type { CollectionConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { editorsOrAdmins } from '@/access/roles'
import { slugField } from '@/fields/slug'
import { ADMIN_WORDS } from '@/i18n/admin-text'

export const Categories: CollectionConfig = {
  slug: 'categories',
  labels: {
    singular: { en: 'Category', es: 'Categoría' },
    plural: { en: 'Categories', es: 'Categorías' },
  },
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
      label: ADMIN_WORDS.title,
      type: 'text',
      required: true,
      localized: true,
      custom: { public: true, sortable: true },
    },
    slugField('title'),
  ],
}
