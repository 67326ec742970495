import { importExportPlugin } from '@payloadcms/plugin-import-export'
import {
  APIError,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Endpoint,
  type PayloadHandler,
  type PayloadRequest,
} from 'payload'

import { editorsOrAdmins, isEditor } from '@/access/roles'
import { ERROR_STATUS } from '@/http/error-codes'
import { spreadsheetSafeCsv } from '@/lib/spreadsheet-csv'

/** The collections editors may export (as CSV, from the list's menu). */
export const EXPORTABLE_COLLECTIONS = ['inquiries'] as const

const refuse = (code: 'unauthorized' | 'forbidden', message: string) =>
  Response.json({ error: { code, message } }, { status: ERROR_STATUS[code] })

/**
 * The plugin's endpoints read as the signed-in user (its queries use that user's access), but
 * answer anyone who calls them. Here they answer only editors and admins, and only for the
 * collections listed above, before the plugin runs.
 */
/**
 * The collection an export request names, from its JSON body (`data.collectionSlug` for a
 * download, `collectionSlug` for a preview). The body is read once here and left readable for the
 * plugin (it reads it again, as text or JSON).
 */
async function requestedCollection(req: PayloadRequest): Promise<unknown> {
  const text = typeof req.text === 'function' ? await req.text().catch(() => '') : ''
  req.text = async () => text
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    return undefined
  }
  req.json = async () => body
  const record = (body ?? {}) as { collectionSlug?: unknown; data?: { collectionSlug?: unknown } }
  return record.data?.collectionSlug ?? record.collectionSlug
}

const editorsOnlyHandler =
  (handler: PayloadHandler): PayloadHandler =>
  async (req) => {
    if (!req.user) return refuse('unauthorized', 'Sign in as an editor to export.')
    if (!isEditor(req.user)) return refuse('forbidden', 'Only editors and admins export.')
    const slug = await requestedCollection(req)
    if (!(EXPORTABLE_COLLECTIONS as readonly unknown[]).includes(slug)) {
      return refuse('forbidden', `Exports are offered for: ${EXPORTABLE_COLLECTIONS.join(', ')}.`)
    }
    return handler(req)
  }

/**
 * A CSV answer of the plugin, every cell written again by the one function that writes cells
 * (src/lib/spreadsheet-csv.ts): what senders typed opens in a spreadsheet as text, never as a
 * formula, in whatever column the export has, now or later. The plugin's writer takes no options
 * from us, so its output is read back and rewritten as it streams. JSON is left as it is: no
 * spreadsheet opens it.
 */
const spreadsheetSafeHandler =
  (handler: PayloadHandler): PayloadHandler =>
  async (req) => {
    const response = await handler(req)
    const isCsv = response.headers.get('content-type')?.startsWith('text/csv') ?? false
    if (!isCsv || response.body === null) return response
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    return new Response(spreadsheetSafeCsv(response.body), {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  }

/**
 * An export is downloaded, never saved: the plugin would write a saved one to a file of its own
 * (a copy of the inbox kept on the server, written past `spreadsheetSafeHandler`), whatever its
 * hidden Save button says. Refused as an operation, not by access, which the export drawer needs.
 */
const refuseSavedExport: CollectionBeforeOperationHook = ({ operation }) => {
  if (operation === 'create') {
    throw new APIError('Exports are downloaded, not saved.', ERROR_STATUS.forbidden)
  }
}

function forEditors(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    access: {
      ...collection.access,
      read: editorsOrAdmins,
      create: editorsOrAdmins,
      update: () => false,
      delete: editorsOrAdmins,
    },
    admin: { ...collection.admin, hidden: ({ user }) => !isEditor(user) },
    endpoints: (collection.endpoints || []).map((endpoint): Endpoint => ({
      ...endpoint,
      handler: editorsOnlyHandler(spreadsheetSafeHandler(endpoint.handler)),
    })),
    hooks: {
      ...collection.hooks,
      // Before the plugin's own, which writes the file.
      beforeOperation: [refuseSavedExport, ...(collection.hooks?.beforeOperation ?? [])],
    },
  }
}

/** Nobody imports: inquiries arrive only through the inquiry service. */
function closed(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    access: { read: () => false, create: () => false, update: () => false, delete: () => false },
    admin: { ...collection.admin, hidden: true },
    endpoints: [],
  }
}

/**
 * Payload's official import/export plugin, for CSV exports of the inquiry inbox: the list's menu
 * has "Export", which exports what the list shows (its filters and search) as CSV, synchronously,
 * every cell safe to open in a spreadsheet (`spreadsheetSafeHandler`).
 */
export const inquiryExport = importExportPlugin({
  collections: EXPORTABLE_COLLECTIONS.map((slug) => ({
    slug,
    // Download only: a saved export would keep a copy of the inbox as a file on the server.
    export: { format: 'csv', disableJobsQueue: true, disableSave: true },
    import: false,
  })),
  overrideExportCollection: ({ collection }) => forEditors(collection),
  overrideImportCollection: ({ collection }) => closed(collection),
})
