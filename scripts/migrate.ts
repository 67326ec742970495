/**
 * Applies the committed migrations, holding a PostgreSQL advisory lock so that several instances
 * starting at once run them one at a time (the later ones find nothing left to do).
 */
import config from '@payload-config'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { getPayload } from 'payload'

const MIGRATION_LOCK_ID = 727_100_001

const payload = await getPayload({ config })
const lock = await (payload.db as unknown as PostgresAdapter).pool.connect()
try {
  await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
  await payload.db.migrate()
} finally {
  await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
  lock.release()
}
await payload.destroy()
process.exit(0)
