import type { CollectionConfig, Config, GlobalConfig, Plugin } from 'payload'

import {
  refuseGlobalRestoreOperation,
  restoreGlobalVersionAsDraft,
  restoreOnlyAsDraft,
  restoreVersionAsDraft,
} from './restore'
import { RESTORE_TRANSLATIONS } from './translations'

type Versioned = Pick<CollectionConfig, 'versions'> | Pick<GlobalConfig, 'versions'>

/** Whether a collection or global keeps drafts (and so may restore into one). */
export const hasDrafts = ({ versions }: Versioned): boolean =>
  typeof versions === 'object' && Boolean(versions.drafts)

function withDraftRestore(collection: CollectionConfig): CollectionConfig {
  if (!hasDrafts(collection)) return collection
  return {
    ...collection,
    // First: a collection's own endpoints are matched before Payload's.
    endpoints: [restoreVersionAsDraft, ...(collection.endpoints || [])],
    hooks: {
      ...collection.hooks,
      beforeOperation: [...(collection.hooks?.beforeOperation ?? []), restoreOnlyAsDraft],
    },
  }
}

function withGlobalDraftRestore(global: GlobalConfig): GlobalConfig {
  if (!hasDrafts(global)) return global
  return {
    ...global,
    endpoints: [restoreGlobalVersionAsDraft, ...(global.endpoints || [])],
    hooks: {
      ...global.hooks,
      beforeOperation: [...(global.hooks?.beforeOperation ?? []), refuseGlobalRestoreOperation],
    },
  }
}

type Translations = Record<string, Record<string, Record<string, string>>>

function withRestoreWords(i18n: Config['i18n']): Config['i18n'] {
  const translations = { ...((i18n?.translations ?? {}) as Translations) }
  for (const [language, words] of Object.entries(RESTORE_TRANSLATIONS)) {
    const own = translations[language] ?? {}
    translations[language] = { ...own, version: { ...own.version, ...words.version } }
  }
  return { ...i18n, translations: translations as NonNullable<Config['i18n']>['translations'] }
}

/**
 * Restoring a version makes a draft, never a publication (./restore.ts), in every collection and
 * global with drafts (posts, case studies, the settings globals, and any added later), and the
 * admin's restore dialog says so in English and Spanish.
 */
export const draftRestorePlugin: Plugin = (config: Config): Config => ({
  ...config,
  collections: (config.collections ?? []).map(withDraftRestore),
  globals: (config.globals ?? []).map(withGlobalDraftRestore),
  i18n: withRestoreWords(config.i18n),
})
