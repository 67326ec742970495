import { importExportPlugin } from '@payloadcms/plugin-import-export'
import {
  APIError,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Endpoint,
  type PayloadHandler,
  type PayloadRequest,
  type Plugin,
  type Where,
} from 'payload'

import { editorsOrAdmins, isEditor } from '@/access/roles'
import { ERROR_STATUS } from '@/http/error-codes'
import { INQUIRY_EXPORT_COLUMNS, INQUIRY_EXPORT_MAX_ROWS } from '@/inquiries/export-columns'
import { spreadsheetSafeCsv } from '@/lib/spreadsheet-csv'

/** The collections editors may export (as CSV, from the list's menu). */
export const EXPORTABLE_COLLECTIONS = ['inquiries'] as const

const refuse = (
  code: 'unauthorized' | 'forbidden' | 'invalid_parameter' | 'payload_too_large',
  message: string,
) => Response.json({ error: { code, message } }, { status: ERROR_STATUS[code] })

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
  let text = typeof req.text === 'function' ? await req.text().catch(() => '') : ''
  req.text = async () => text
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    return undefined
  }
  const withColumns = withExportColumns(body)
  const sorted = withStableSort(body)
  if (withSourceDetails(body) || withColumns || sorted) text = JSON.stringify(body)
  req.json = async () => body
  const record = (body ?? {}) as { collectionSlug?: unknown; data?: { collectionSlug?: unknown } }
  return record.data?.collectionSlug ?? record.collectionSlug
}

/**
 * A download that names no columns gets the inbox's export columns (the message among them),
 * rather than every field the collection has. Changes `data.fields` in place; true if it did.
 */
function withExportColumns(body: unknown): boolean {
  const data = (body as { data?: unknown } | null)?.data
  if (!data || typeof data !== 'object') return false
  const holder = data as { collectionSlug?: unknown; fields?: unknown }
  if (holder.collectionSlug !== 'inquiries') return false
  if (Array.isArray(holder.fields) && holder.fields.length > 0) return false
  holder.fields = [...INQUIRY_EXPORT_COLUMNS]
  return true
}

/**
 * A download's order made total: the plugin reads the export a batch at a time, one page after
 * another, and inquiries that share a creation time (a batch stored at once) would otherwise come
 * back in a different order on each page, some twice and some never. The id breaks every tie, in
 * the direction of the first key; an export that names no order gets the inbox's, newest first.
 * Changes `data.sort` in place; true if it did.
 */
function withStableSort(body: unknown): boolean {
  const data = (body as { data?: unknown } | null)?.data
  if (!data || typeof data !== 'object') return false
  const holder = data as { collectionSlug?: unknown; sort?: unknown }
  if (holder.collectionSlug !== 'inquiries') return false
  const given = typeof holder.sort === 'string' ? holder.sort.split(',') : holder.sort
  const keys = Array.isArray(given)
    ? given.filter((key): key is string => typeof key === 'string' && key.trim() !== '')
    : []
  const order = keys.length > 0 ? keys.map((key) => key.trim()) : ['-createdAt']
  if (order.some((key) => key.replace(/^-/, '') === 'id')) {
    if (Array.isArray(holder.sort) && holder.sort.join() === order.join()) return false
  } else {
    order.push(order[0]!.startsWith('-') ? '-id' : 'id')
  }
  holder.sort = order
  return true
}

/** An inquiry's source in detail (src/inquiries/source.ts), beside its summary `source`. */
const SOURCE_DETAILS = ['sourceClient', 'sourcePage', 'sourceSite']

/**
 * An export of the inbox's columns (the list shows the source's summary) has the source's
 * details after it: the list's menu exports the columns the list shows, and the inbox shows one.
 * Changes the request's `fields` (`data.fields` for a download) in place; true if it did.
 */
function withSourceDetails(body: unknown): boolean {
  const record = (body ?? {}) as { fields?: unknown; data?: { fields?: unknown } }
  const holder = record.data && typeof record.data === 'object' ? record.data : record
  const fields = holder.fields
  if (!Array.isArray(fields) || !fields.includes('source')) return false
  if (SOURCE_DETAILS.every((field) => fields.includes(field))) return false
  const others = fields.filter((field) => !SOURCE_DETAILS.includes(field))
  const after = others.indexOf('source') + 1
  holder.fields = [...others.slice(0, after), ...SOURCE_DETAILS, ...others.slice(after)]
  return true
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
 * A download holds every inquiry its filter selects, all pages of the list (the plugin streams
 * them in batches), up to `INQUIRY_EXPORT_MAX_ROWS`: past that it is refused with a message that
 * says what to do, before anything is written. A filter that cannot be read is refused too (the
 * plugin would answer it with an error of its own shape).
 */
export const withinRowLimitHandler =
  (handler: PayloadHandler): PayloadHandler =>
  async (req) => {
    const body = (await req.json?.().catch(() => null)) as {
      data?: { collectionSlug?: unknown; where?: unknown; limit?: unknown }
    } | null
    const data = body?.data
    if (!data || typeof data.collectionSlug !== 'string') return handler(req)
    let totalDocs: number
    try {
      ;({ totalDocs } = await req.payload.count({
        collection: data.collectionSlug as (typeof EXPORTABLE_COLLECTIONS)[number],
        where: (data.where ?? {}) as Where,
        user: req.user,
        overrideAccess: false,
        req,
      }))
    } catch {
      return refuse('invalid_parameter', 'The export’s filter could not be read.')
    }
    const limit = typeof data.limit === 'number' && data.limit > 0 ? data.limit : Infinity
    const rows = Math.min(totalDocs, limit)
    if (rows > INQUIRY_EXPORT_MAX_ROWS) {
      return refuse(
        'payload_too_large',
        `This export would hold ${rows} inquiries; one file holds at most ` +
          `${INQUIRY_EXPORT_MAX_ROWS}. Narrow the list with a filter (a date range, a status) ` +
          'and export each part.',
      )
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
    // The plugin names its collection in English only; its fields' words are the plugin's own.
    labels: {
      singular: { en: 'Export', es: 'Exportación' },
      plural: { en: 'Exports', es: 'Exportaciones' },
    },
    access: {
      ...collection.access,
      read: editorsOrAdmins,
      create: editorsOrAdmins,
      update: () => false,
      delete: editorsOrAdmins,
    },
    admin: { ...collection.admin, hidden: ({ user }) => !isEditor(user) },
    endpoints: (collection.endpoints || []).map((endpoint): Endpoint => {
      const handler = spreadsheetSafeHandler(endpoint.handler)
      return {
        ...endpoint,
        handler: editorsOnlyHandler(
          endpoint.path === '/download' ? withinRowLimitHandler(handler) : handler,
        ),
      }
    }),
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

/** The plugin's own list menu item: a drawer of its export document's technical fields. */
const PLUGIN_EXPORT_MENU_ITEM = '@payloadcms/plugin-import-export/rsc#ExportListMenuItem'
/** Ours: one dialog in the editor's language, one button, the whole list (every page). */
const INQUIRY_EXPORT_MENU_ITEM = '/src/components/admin/InquiryExportMenuItem#InquiryExportMenuItem'

const menuItemPath = (item: unknown): unknown =>
  typeof item === 'string' ? item : (item as { path?: unknown } | null)?.path

/**
 * Payload's official import/export plugin, for CSV exports of the inquiry inbox, synchronously,
 * every cell safe to open in a spreadsheet (`spreadsheetSafeHandler`). The list's menu has
 * "Export inquiries", which downloads every inquiry the list's filters and search select, on all
 * its pages, with the export's columns (src/components/admin/InquiryExportMenuItem.tsx). The
 * plugin's own dialog (its export document's name, format, limit, page, sort and collection
 * fields, with the list's page size as its limit) is not offered.
 */
const importExport = importExportPlugin({
  collections: EXPORTABLE_COLLECTIONS.map((slug) => ({
    slug,
    // Download only: a saved export would keep a copy of the inbox as a file on the server.
    export: { format: 'csv', disableJobsQueue: true, disableSave: true, batchSize: 500 },
    import: false,
  })),
  overrideExportCollection: ({ collection }) => forEditors(collection),
  overrideImportCollection: ({ collection }) => closed(collection),
})

export const inquiryExport: Plugin = async (incoming) => {
  const config = await importExport(incoming)
  for (const collection of config.collections ?? []) {
    if (!(EXPORTABLE_COLLECTIONS as readonly string[]).includes(collection.slug)) continue
    const components = collection.admin?.components
    if (!components?.listMenuItems) continue
    components.listMenuItems = components.listMenuItems.map((item) =>
      menuItemPath(item) === PLUGIN_EXPORT_MENU_ITEM ? INQUIRY_EXPORT_MENU_ITEM : item,
    )
  }
  return config
}
