import type { CollectionConfig, Config, Field, GlobalConfig } from 'payload'

import type { PageCollection } from '@/site/routes'

import { languagesEndpoint } from './endpoint'

/** The content-language banner (src/components/admin/ContentLanguageBanner.tsx). */
export const CONTENT_LANGUAGE_BANNER =
  '/src/components/admin/ContentLanguageBanner#ContentLanguageBanner'
/** The per-language status (src/components/admin/ContentStatus.tsx). */
export const CONTENT_STATUS = '/src/components/admin/ContentStatus#ContentStatus'

/** The collections the site lists by the listed rule (src/site/listed.ts). */
const LISTED_COLLECTIONS: readonly PageCollection[] = ['posts', 'case-studies']

const isListed = (slug: string): slug is PageCollection =>
  (LISTED_COLLECTIONS as readonly string[]).includes(slug)

/** Whether any field, at any depth, holds a value per language. */
export function hasLocalizedField(fields: readonly Field[] | undefined): boolean {
  return (fields ?? []).some((field) => {
    if ('localized' in field && field.localized) return true
    if ('fields' in field && hasLocalizedField(field.fields)) return true
    if ('tabs' in field) return field.tabs.some((tab) => hasLocalizedField(tab.fields))
    if ('blocks' in field) return field.blocks.some((block) => hasLocalizedField(block.fields))
    return false
  })
}

const withDrafts = (versions: CollectionConfig['versions'] | GlobalConfig['versions']) =>
  typeof versions === 'object' && Boolean(versions?.drafts)

function collectionWithLanguage(collection: CollectionConfig): CollectionConfig {
  const localized = hasLocalizedField(collection.fields)
  const drafts = withDrafts(collection.versions)
  if (!localized && !drafts) return collection
  const edit = collection.admin?.components?.edit ?? {}
  return {
    ...collection,
    admin: {
      ...collection.admin,
      components: {
        ...collection.admin?.components,
        edit: {
          ...edit,
          ...(localized
            ? {
                beforeDocumentControls: [
                  ...(edit.beforeDocumentControls ?? []),
                  CONTENT_LANGUAGE_BANNER,
                ],
              }
            : {}),
          ...(drafts && !edit.Status
            ? {
                Status: {
                  path: CONTENT_STATUS,
                  clientProps: { kind: 'document', listed: isListed(collection.slug) },
                },
              }
            : {}),
        },
      },
    },
    endpoints: isListed(collection.slug)
      ? [...(collection.endpoints || []), languagesEndpoint(collection.slug)]
      : collection.endpoints,
  }
}

function globalWithLanguage(global: GlobalConfig): GlobalConfig {
  const localized = hasLocalizedField(global.fields)
  const drafts = withDrafts(global.versions)
  if (!localized && !drafts) return global
  const elements = global.admin?.components?.elements ?? {}
  return {
    ...global,
    admin: {
      ...global.admin,
      components: {
        ...global.admin?.components,
        elements: {
          ...elements,
          ...(localized
            ? {
                beforeDocumentControls: [
                  ...(elements.beforeDocumentControls ?? []),
                  CONTENT_LANGUAGE_BANNER,
                ],
              }
            : {}),
          ...(drafts && !elements.Status
            ? { Status: { path: CONTENT_STATUS, clientProps: { kind: 'global' } } }
            : {}),
        },
      },
    },
  }
}

/**
 * The content language made visible, and the status made true per language: every edit view of
 * localized content says which language is being edited, and the status of documents and
 * settings with drafts is the one of that language (src/content-language/status.ts), in place of
 * Payload's one status for every language. After the plugins that make collections, so theirs
 * get it too.
 */
export const contentLanguagePlugin = (config: Config): Config => ({
  ...config,
  collections: config.collections?.map(collectionWithLanguage),
  globals: config.globals?.map(globalWithLanguage),
})
