import type { Field } from 'payload'

/** SEO and sharing metadata; each falls back to the document's own title, excerpt and cover. */
export const metaField: Field = {
  name: 'meta',
  type: 'group',
  label: 'SEO',
  fields: [
    { name: 'title', type: 'text', localized: true, maxLength: 70 },
    { name: 'description', type: 'textarea', localized: true, maxLength: 160 },
    { name: 'image', type: 'upload', relationTo: 'media' },
  ],
}
