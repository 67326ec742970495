import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Indexes for reading published documents by page and with their locales.
 *
 * - `*_locales (_parent_id)`: every read of a document fetches its locale rows by parent; the
 *   only index Payload creates leads with `_locale`, so each lookup scanned that whole index (one
 *   scan per document of a page: most of PostgreSQL's time on a list at a few thousand posts).
 *   Equal keys are kept in the order of the rows (btree ties are broken by row position), so
 *   locale rows come back in the order they are stored, as they did.
 * - the published list's order (`published_at`, `id`) among published rows only: page 500 walks
 *   5,000 entries of this narrow index instead of sorting every published row.
 */
const LOCALE_TABLES = [
  'posts_locales',
  'case_studies_locales',
  'categories_locales',
  'media_locales',
]
const PUBLISHED_TABLES = ['posts', 'case_studies']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const table of LOCALE_TABLES) {
    await db.execute(
      sql.raw(`CREATE INDEX IF NOT EXISTS "${table}_parent_idx" ON "${table}" ("_parent_id")`),
    )
  }
  for (const table of PUBLISHED_TABLES) {
    await db.execute(
      sql.raw(
        `CREATE INDEX IF NOT EXISTS "${table}_published_order_idx" ON "${table}" ("published_at", "id") WHERE "_status" = 'published'`,
      ),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of LOCALE_TABLES) {
    await db.execute(sql.raw(`DROP INDEX IF EXISTS "${table}_parent_idx"`))
  }
  for (const table of PUBLISHED_TABLES) {
    await db.execute(sql.raw(`DROP INDEX IF EXISTS "${table}_published_order_idx"`))
  }
}
