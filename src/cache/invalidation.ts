import pg from 'pg'

import { AGENT_ACCESS_TABLES } from '@/globals/agent-access-schema'
import { SETTINGS_TABLES } from '@/globals/tables'
import { observeChangeFeedLag } from '@/metrics/change-feed'

import {
  AGENT_ACCESS_KEY,
  CATEGORIES_KEY,
  categoryKey,
  categoryOrderKey,
  CONTENT_CHANNEL,
  documentKey,
  EVERY_CATEGORY_KEY,
  everyDocumentKey,
  EVERYTHING,
  listKey,
  MEDIA_KEY,
  orderKey,
  SETTINGS_KEY,
  type ContentChange,
} from '@/lib/content-version'

export { CONTENT_CHANNEL }

/*
 * Triggers notify CONTENT_CHANNEL whenever published-content tables change (see the
 * `content_change_identity` migration). NOTIFY is delivered only when the writing transaction
 * commits, so a listener never hears of a publish before the new rows can be read, and every
 * instance, whoever wrote, hears of it.
 */
/**
 * What each content table's rows are part of. A document's localized fields and relations
 * (`_locales`, `_rels`) belong to the document their parent id names.
 */
const TABLE_SUBJECTS: Record<
  string,
  | { collection: string }
  | typeof CATEGORIES_KEY
  | typeof MEDIA_KEY
  | typeof SETTINGS_KEY
  | typeof AGENT_ACCESS_KEY
> = {
  posts: { collection: 'posts' },
  posts_locales: { collection: 'posts' },
  posts_rels: { collection: 'posts' },
  case_studies: { collection: 'case-studies' },
  case_studies_locales: { collection: 'case-studies' },
  case_studies_rels: { collection: 'case-studies' },
  case_studies_results: { collection: 'case-studies' },
  services: { collection: 'services' },
  services_locales: { collection: 'services' },
  services_rels: { collection: 'services' },
  categories: CATEGORIES_KEY,
  categories_locales: CATEGORIES_KEY,
  media: MEDIA_KEY,
  media_locales: MEDIA_KEY,
  // People and proof (src/collections/{TeamMembers,Testimonials,ClientLogos}.ts): shown on the
  // About page, the home page's proof band, case studies and as documents' authors.
  team_members: { collection: 'team-members' },
  team_members_locales: { collection: 'team-members' },
  testimonials: { collection: 'testimonials' },
  testimonials_locales: { collection: 'testimonials' },
  client_logos: { collection: 'client-logos' },
  ...Object.fromEntries(SETTINGS_TABLES.map((table) => [table, SETTINGS_KEY])),
  // The agent access policy: a key of its own, which every surface stating it depends on.
  ...Object.fromEntries(AGENT_ACCESS_TABLES.map((table) => [table, AGENT_ACCESS_KEY])),
}

/** A table name alone (the payload before rows were named, or a TRUNCATE), or `{ table, ids }`. */
const BARE_TABLE = /^[a-z_]{1,63}$/

/**
 * The change a notification reports, as the content-version keys it advances. The payload is
 * `{"table":"posts","ids":[12]}` (the ids of the documents whose rows changed), or names the
 * table alone when the ids are unknown (a TRUNCATE, too many rows for one notification, a trigger
 * from before ids were sent): then every document of that table's collection changed, and so may
 * have the listing. `"listing":true` (sent by the listing-change hook, src/fields/
 * listing-change.ts, in the writing transaction) says the documents entered or left the published
 * set or moved in it: the collection's order key advances too, and with `"categories":[…]` (the
 * categories it had before and has after) those categories' order keys. A category's change
 * names it (`category:<id>`) besides the categories as a whole. Anything else (a table this list
 * does not know, a payload that is not one of these) advances everything.
 */
export function changeOfNotification(payload: string): ContentChange {
  let table: unknown
  let ids: unknown
  let listing: unknown
  let categories: unknown
  if (BARE_TABLE.test(payload)) {
    table = payload
  } else {
    try {
      ;({ table, ids, listing, categories } = JSON.parse(payload) as {
        table?: unknown
        ids?: unknown
        listing?: unknown
        categories?: unknown
      })
    } catch {
      return EVERYTHING
    }
  }
  if (listing !== undefined && listing !== true) return EVERYTHING
  if (categories !== undefined && !(Array.isArray(categories) && categories.every(isDocumentId)))
    return EVERYTHING
  const subject =
    typeof table === 'string' && Object.hasOwn(TABLE_SUBJECTS, table)
      ? TABLE_SUBJECTS[table]!
      : undefined
  if (subject === undefined) return EVERYTHING
  if (ids !== undefined && !(Array.isArray(ids) && ids.every(isDocumentId))) return EVERYTHING
  if (subject === CATEGORIES_KEY)
    return ids === undefined
      ? [CATEGORIES_KEY, EVERY_CATEGORY_KEY]
      : [CATEGORIES_KEY, ...(ids as number[]).map(categoryKey)]
  if (typeof subject === 'string') return [subject]
  const { collection } = subject
  if (ids === undefined)
    return [everyDocumentKey(collection), listKey(collection), orderKey(collection)]
  const documents = (ids as number[]).map((id) => documentKey(collection, id))
  if (!listing) return [...documents, listKey(collection)]
  return [
    ...documents,
    listKey(collection),
    orderKey(collection),
    ...((categories ?? []) as number[]).map((category) => categoryOrderKey(collection, category)),
  ]
}

function isDocumentId(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0
}

const RECONNECT_MIN_MS = 250
const RECONNECT_MAX_MS = 5_000

export interface ContentChangeFeed {
  close(): Promise<void>
}

/**
 * Listens for content changes on a dedicated connection. `onChange` runs for each committed
 * change, with what it advances (`changeOfNotification`); `onConnected(false)` when the connection is lost (changes may be missed until it is
 * back) and `onConnected(true)` once it listens again. It reconnects by itself, with backoff.
 */
export function listenForContentChanges(
  databaseUrl: string,
  handlers: {
    onChange: (change: ContentChange) => void
    onConnected: (connected: boolean) => void
  },
): ContentChangeFeed {
  let client: pg.Client | undefined
  let closed = false
  let delay = RECONNECT_MIN_MS
  let timer: NodeJS.Timeout | undefined

  function scheduleReconnect(): void {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
    timer.unref()
    delay = Math.min(delay * 2, RECONNECT_MAX_MS)
  }

  async function connect(): Promise<void> {
    const connection = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'content-change-listener',
      keepAlive: true,
    })
    client = connection
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      handlers.onConnected(false)
      connection.removeAllListeners('notification')
      void connection.end().catch(() => undefined)
      scheduleReconnect()
    }
    connection.on('error', onLost)
    connection.on('end', onLost)
    connection.on('notification', (message) => {
      const payload = message.payload ?? ''
      handlers.onChange(changeOfNotification(payload))
      // From its NOTIFY to now, what it made stale dropped (site_change_feed_lag_seconds).
      observeChangeFeedLag(payload)
    })
    try {
      await connection.connect()
      await connection.query(`LISTEN ${CONTENT_CHANNEL}`)
      if (closed) {
        await connection.end()
        return
      }
      delay = RECONNECT_MIN_MS
      handlers.onConnected(true)
    } catch {
      onLost()
    }
  }

  void connect()

  return {
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const connection = client
      client = undefined
      if (connection) {
        connection.removeAllListeners('end')
        connection.removeAllListeners('error')
        connection.on('error', () => undefined)
        await connection.end().catch(() => undefined)
      }
    },
  }
}
