import type { CollectionConfig, CollectionSlug, Field } from 'payload'

import { authenticated, editorsOnly } from '@/access/authenticated'
import { createDrafts, editorsDelete, updateDrafts } from '@/access/publishing'
import { publishedOnly } from '@/access/publishedOnly'
import { coverImageField } from '@/fields/cover-image'
import { slugField } from '@/fields/slug'
import { ADMIN_WORDS } from '@/i18n/admin-text'
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
      label: ADMIN_WORDS.title,
      type: 'text',
      required: true,
      localized: true,
      custom: { public: true, sortable: true },
    },
    {
      name: 'excerpt',
      label: { en: 'Excerpt', es: 'Extracto' },
      type: 'textarea',
      localized: true,
      maxLength: 400,
      custom: { public: true },
    },
    ...beforeContent,
    {
      name: 'content',
      label: { en: 'Content', es: 'Contenido' },
      type: 'richText',
      localized: true,
      custom: { public: true },
    },
    ...extra,
    slugField('title'),
    {
      name: 'publishedAt',
      label: { en: 'Published at', es: 'Fecha de publicación' },
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
      label: { en: 'Categories', es: 'Categorías' },
      type: 'relationship',
      relationTo: 'categories',
      hasMany: true,
      custom: { public: true },
    },
    {
      // Who wrote it: a member of the team (never a user account, which is private), shown on
      // the page, its twin, the feeds (`dc:creator`) and as the JSON-LD `author`.
      name: 'author',
      label: { en: 'Author', es: 'Autor' },
      type: 'relationship',
      relationTo: 'team-members',
      custom: {
        public: true,
        apiSchema: { description: 'The team member who wrote it (a person of the firm).' },
      },
      admin: { position: 'sidebar' },
    },
    {
      // A list column: the languages the document still lacks (the site lists a document only
      // in the languages it is translated into, src/site/translations.ts).
      name: 'translations',
      label: { en: 'Translations', es: 'Traducciones' },
      type: 'ui',
      admin: {
        components: { Cell: '/src/components/admin/TranslationsCell#TranslationsCell' },
      },
    },
    {
      // A list column: the document's next scheduled publish or unpublish, flagged when late or
      // failed (src/scheduling/).
      name: 'scheduled',
      label: { en: 'Scheduled', es: 'Programado' },
      type: 'ui',
      admin: {
        components: { Cell: '/src/components/admin/ScheduledCell#ScheduledCell' },
      },
    },
    {
      // Who saved this version: stamped by the server on every write (whatever the input says),
      // so each entry of a document's version history names its author.
      name: 'updatedBy',
      label: { en: 'Updated by', es: 'Actualizado por' },
      type: 'relationship',
      relationTo: 'users',
      access: { read: editorsOnly },
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: { en: 'Who saved this version.', es: 'Quién guardó esta versión.' },
      },
      hooks: {
        beforeChange: [({ req, originalDoc }) => req.user?.id ?? originalDoc?.updatedBy ?? null],
      },
    },
    {
      name: 'internalNotes',
      label: { en: 'Internal notes', es: 'Notas internas' },
      type: 'textarea',
      access: { read: editorsOnly, create: editorsOnly, update: editorsOnly },
      admin: {
        position: 'sidebar',
        description: {
          en: 'Editors only: never shown publicly.',
          es: 'Solo para editores: nunca se muestra públicamente.',
        },
      },
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
