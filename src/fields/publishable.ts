import type { CollectionConfig, CollectionSlug, Field } from 'payload'

import { authenticated, editorsOnly } from '@/access/authenticated'
import { createDrafts, editorsDelete, updateDrafts } from '@/access/publishing'
import { publishedOnly } from '@/access/publishedOnly'
import { coverImageField } from '@/fields/cover-image'
import { slugField } from '@/fields/slug'
import { redirectRenamedDocument, rememberLiveSlug } from '@/redirects/rename'
import {
  announceDocumentChange,
  announceDocumentDeletion,
  rememberDeletedState,
  rememberPublicState,
} from '@/webhooks/hooks'

import { announceListingChange, announceListingRemoval, rememberListing } from './listing-change'

/**
 * Posts and case studies are the same kind of document: published content with drafts and an
 * editors-only notes field; their SEO metadata (`meta`) is added by Payload's SEO plugin
 * (src/fields/seo.ts). A field anonymous callers see says so (`custom.public`, src/fields/public.ts);
 * the others (who saved a version, the notes) are private. Each collection adds its own fields after these, and may put some
 * (`beforeContent`) where its page shows them: between the excerpt and the body.
 */
export function publishableFields(
  extra: Field[] = [],
  { beforeContent = [] }: { beforeContent?: Field[] } = {},
): Field[] {
  return [
    {
      name: 'title',
      type: 'text',
      required: true,
      localized: true,
      custom: { public: true, sortable: true },
    },
    {
      name: 'excerpt',
      type: 'textarea',
      localized: true,
      maxLength: 400,
      custom: { public: true },
    },
    ...beforeContent,
    { name: 'content', type: 'richText', localized: true, custom: { public: true } },
    ...extra,
    slugField('title'),
    {
      name: 'publishedAt',
      type: 'date',
      index: true,
      custom: { public: true, sortable: true },
      admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
      hooks: {
        // Stamp the first publication so public ordering never sees an empty date.
        beforeChange: [
          ({ siblingData, value }) =>
            value ?? (siblingData._status === 'published' ? new Date().toISOString() : value),
        ],
      },
    },
    coverImageField,
    {
      name: 'categories',
      type: 'relationship',
      relationTo: 'categories',
      hasMany: true,
      custom: { public: true },
    },
    {
      // A list column: the languages the document still lacks (the site lists a document only
      // in the languages it is translated into, src/site/translations.ts).
      name: 'translations',
      label: 'Translations',
      type: 'ui',
      admin: {
        components: { Cell: '/src/components/admin/TranslationsCell#TranslationsCell' },
      },
    },
    {
      // Who saved this version: stamped by the server on every write (whatever the input says),
      // so each entry of a document's version history names its author.
      name: 'updatedBy',
      type: 'relationship',
      relationTo: 'users',
      access: { read: editorsOnly },
      admin: { position: 'sidebar', readOnly: true, description: 'Who saved this version.' },
      hooks: {
        beforeChange: [({ req, originalDoc }) => req.user?.id ?? originalDoc?.updatedBy ?? null],
      },
    },
    {
      name: 'internalNotes',
      type: 'textarea',
      access: { read: editorsOnly, create: editorsOnly, update: editorsOnly },
      admin: { position: 'sidebar', description: 'Editors only: never shown publicly.' },
    },
  ]
}

/**
/**
 * The admin of every publishable collection: its version history names who saved each version.
 */
export const PUBLISHABLE_ADMIN_VIEWS = {
  edit: { versions: { Component: '/src/components/admin/VersionHistory#VersionHistory' } },
} as const

/**
 * Access, drafts, versions and hooks shared by every publishable collection. Editors and admins
 * publish; authors create and save drafts only (src/access/publishing.ts). Publishing a new slug
 * leaves a 301 at the old URL (src/redirects/rename.ts); a change to what is listed (published,
 * dates, categories, languages) is announced to the response caches (./listing-change.ts).
 */
export function publishableCollection(
  slug: CollectionSlug,
): Pick<CollectionConfig, 'access' | 'versions' | 'defaultSort' | 'indexes' | 'hooks'> {
  return {
    access: {
      read: publishedOnly,
      readVersions: authenticated,
      create: createDrafts,
      update: updateDrafts(slug),
      delete: editorsDelete,
    },
    defaultSort: '-publishedAt',
    // The public list query: published documents, newest first.
    indexes: [{ fields: ['_status', 'publishedAt'] }],
    versions: {
      drafts: { schedulePublish: true },
      maxPerDoc: 50,
    },
    hooks: {
      beforeChange: [rememberLiveSlug, rememberListing, rememberPublicState],
      afterChange: [redirectRenamedDocument, announceListingChange, announceDocumentChange],
      beforeDelete: [rememberDeletedState],
      afterDelete: [announceListingRemoval, announceDocumentDeletion],
    },
  }
}
