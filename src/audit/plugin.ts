import type { CollectionConfig, Config, Endpoint, GlobalConfig, Plugin } from 'payload'

import { AuditLog } from './collection'
import {
  auditAccountChange,
  auditAccountDeletion,
  auditDeletion,
  auditDocumentChange,
  auditedExport,
  auditFailedSignIn,
  auditInquiryChange,
  auditInquiryDeletion,
  auditRedirectChange,
  auditRedirectDeletion,
  auditSettingsChange,
  auditSignIn,
  noteSignInAttempt,
  rememberAccountState,
  rememberStoredStatus,
} from './hooks'

type Hooks = NonNullable<CollectionConfig['hooks']>

/**
 * The hooks each audited collection gets, after its own (and after those of the plugins before
 * this one, which made some of these collections). Every slug here must exist: a renamed
 * collection fails the config rather than going unaudited.
 */
export const AUDITED_COLLECTIONS: Record<string, Hooks> = {
  posts: {
    beforeChange: [rememberStoredStatus],
    afterChange: [auditDocumentChange],
    afterDelete: [auditDeletion('title')],
  },
  'case-studies': {
    beforeChange: [rememberStoredStatus],
    afterChange: [auditDocumentChange],
    afterDelete: [auditDeletion('title')],
  },
  categories: { afterDelete: [auditDeletion('title')] },
  media: { afterDelete: [auditDeletion('filename')] },
  redirects: { afterChange: [auditRedirectChange], afterDelete: [auditRedirectDeletion] },
  users: {
    beforeOperation: [noteSignInAttempt],
    beforeChange: [rememberAccountState],
    afterChange: [auditAccountChange],
    afterDelete: [auditAccountDeletion],
    afterLogin: [auditSignIn],
    afterError: [auditFailedSignIn],
  },
  inquiries: { afterChange: [auditInquiryChange], afterDelete: [auditInquiryDeletion] },
}

/** The import/export plugin's collection, whose download endpoint is the inquiries' CSV export. */
export const EXPORTS_COLLECTION = 'exports'
const DOWNLOAD_PATH = '/download'

function withHooks(collection: CollectionConfig, added: Hooks): CollectionConfig {
  const hooks: Record<string, unknown[]> = { ...(collection.hooks as Record<string, unknown[]>) }
  for (const [name, list] of Object.entries(added) as [string, unknown[]][]) {
    hooks[name] = [...(hooks[name] ?? []), ...list]
  }
  return { ...collection, hooks: hooks as Hooks }
}

function withAuditedDownload(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    endpoints: (collection.endpoints || []).map((endpoint): Endpoint =>
      endpoint.path === DOWNLOAD_PATH
        ? { ...endpoint, handler: auditedExport(endpoint.handler) }
        : endpoint,
    ),
  }
}

/** Every global with drafts is published, so every one of them is audited. */
function withSettingsAudit(global: GlobalConfig): GlobalConfig {
  if (!global.versions || (typeof global.versions === 'object' && !global.versions.drafts)) {
    return global
  }
  return {
    ...global,
    hooks: {
      ...global.hooks,
      afterChange: [...(global.hooks?.afterChange ?? []), auditSettingsChange],
    },
  }
}

/**
 * The audit log: its collection, and its hooks on the audited collections, on every published
 * global and on the inquiries' CSV download. A plugin, registered last, so that it sees the
 * collections other plugins make (redirects, exports) and every global, a new one included.
 */
export const auditLogPlugin: Plugin = (config: Config): Config => {
  const collections = config.collections ?? []
  const missing = [...Object.keys(AUDITED_COLLECTIONS), EXPORTS_COLLECTION].filter(
    (slug) => !collections.some((collection) => collection.slug === slug),
  )
  if (missing.length > 0) {
    throw new Error(`audit log: no collection ${missing.join(', ')} to audit`)
  }
  return {
    ...config,
    collections: [
      ...collections.map((collection) => {
        const added = AUDITED_COLLECTIONS[collection.slug]
        if (added) return withHooks(collection, added)
        if (collection.slug === EXPORTS_COLLECTION) return withAuditedDownload(collection)
        return collection
      }),
      AuditLog,
    ],
    globals: (config.globals ?? []).map(withSettingsAudit),
  }
}
