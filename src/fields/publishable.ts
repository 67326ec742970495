import type { CollectionConfig, Field } from 'payload'

import { authenticated, editorsOnly } from '@/access/authenticated'
import { publishedOnly } from '@/access/publishedOnly'
import { metaField } from '@/fields/meta'
import { slugField } from '@/fields/slug'

/**
 * Posts and case studies are the same kind of document: published content with drafts, SEO
 * metadata and an editors-only notes field. Each collection adds its own fields after these.
 */
export function publishableFields(extra: Field[] = []): Field[] {
  return [
    { name: 'title', type: 'text', required: true, localized: true },
    { name: 'excerpt', type: 'textarea', localized: true, maxLength: 400 },
    { name: 'content', type: 'richText', localized: true },
    ...extra,
    slugField('title'),
    {
      name: 'publishedAt',
      type: 'date',
      index: true,
      admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
      hooks: {
        // Stamp the first publication so public ordering never sees an empty date.
        beforeChange: [
          ({ siblingData, value }) =>
            value ?? (siblingData._status === 'published' ? new Date().toISOString() : value),
        ],
      },
    },
    { name: 'coverImage', type: 'upload', relationTo: 'media' },
    { name: 'categories', type: 'relationship', relationTo: 'categories', hasMany: true },
    metaField,
    {
      name: 'internalNotes',
      type: 'textarea',
      access: { read: editorsOnly, create: editorsOnly, update: editorsOnly },
      admin: { position: 'sidebar', description: 'Editors only: never shown publicly.' },
    },
  ]
}

/** Access, drafts and versions shared by every publishable collection. */
export const publishableCollection: Pick<
  CollectionConfig,
  'access' | 'versions' | 'defaultSort' | 'indexes'
> = {
  access: {
    read: publishedOnly,
    readVersions: authenticated,
    create: authenticated,
    update: authenticated,
    delete: authenticated,
  },
  defaultSort: '-publishedAt',
  // The public list query: published documents, newest first.
  indexes: [{ fields: ['_status', 'publishedAt'] }],
  versions: {
    drafts: { schedulePublish: true },
    maxPerDoc: 50,
  },
}
