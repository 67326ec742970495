import type { Config, Field } from 'payload'

/** What an editor sees in the media list: the file (with its preview), its alt text, its size. */
export const MEDIA_LIST_COLUMNS = ['filename', 'alt', 'width', 'height', 'updatedAt']

/** Where object storage keeps a file: bookkeeping, not something an editor can act on. */
const STORAGE_INTERNALS = new Set(['prefix', '_objectKey'])

function withoutListPresence(field: Field): Field {
  if (!('name' in field) || !STORAGE_INTERNALS.has(field.name)) return field
  return {
    ...field,
    admin: { ...field.admin, disableListColumn: true, disableListFilter: true },
  } as Field
}

/**
 * The storage plugin adds its bookkeeping fields to media after the collection is defined, so
 * they are kept out of the list's columns and filters here, after that plugin has run.
 */
export function hideStorageInternals(config: Config): Config {
  return {
    ...config,
    collections: config.collections?.map((collection) =>
      collection.slug === 'media'
        ? { ...collection, fields: collection.fields.map(withoutListPresence) }
        : collection,
    ),
  }
}
