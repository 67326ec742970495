import type { CollectionConfig, Config, Field } from 'payload'

import { editorsOnly } from '@/access/authenticated'

/**
 * The storage plugin's bookkeeping on each file: where object storage keeps it (`prefix`, and
 * `_objectKey` for files a browser uploaded straight to the bucket). Nothing a reader of the site
 * or the API needs, a map of the bucket for anyone probing it, and nothing an editor acts on.
 */
export const STORAGE_INTERNAL_FIELDS: ReadonlySet<string> = new Set(['prefix', '_objectKey'])

/**
 * Read by signed-in users only: the plugin's own hooks read a file's record as the user who
 * uploads, replaces or deletes it, and find the stored object by them. Not a column or a filter
 * of the media list.
 */
function asStorageInternal(field: Field): Field {
  if (!('name' in field) || !STORAGE_INTERNAL_FIELDS.has(field.name)) return field
  const access = 'access' in field ? field.access : undefined
  return {
    ...field,
    access: { ...access, read: editorsOnly },
    admin: { ...field.admin, disableListColumn: true, disableListFilter: true },
  } as Field
}

function withStorageInternals(collection: CollectionConfig): CollectionConfig {
  return { ...collection, fields: collection.fields.map(asStorageInternal) }
}

/**
 * The storage plugin's fields of media as the project keeps them: field-level read access, so
 * that every anonymous read leaves them out (Payload's REST and Local API answers, `/api/media`, a
 * populated `coverImage`, and the project's SQL reads, which write out only what an anonymous
 * caller may read: src/content/published-documents.ts), and out of the media list's columns and
 * filters. The plugin adds these fields when the config is built, replacing any the collection
 * declares, so this runs after it (payload.config.ts).
 */
export function storageInternals(config: Config): Config {
  return {
    ...config,
    collections: config.collections?.map((collection) =>
      collection.slug === 'media' ? withStorageInternals(collection) : collection,
    ),
  }
}
