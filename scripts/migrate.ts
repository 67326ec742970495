/**
 * Applies the committed migrations, holding a PostgreSQL advisory lock so that several instances
 * starting at once run them one at a time (the later ones find nothing left to do).
 */
import config from '@payload-config'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { getPayload, type Migration } from 'payload'

import { migrations } from '../migrations'

const MIGRATION_LOCK_ID = 727_100_001
const TIMEOUT_MS = 120_000

// Keep the event loop alive while Payload starts: under load, its start-up can be left waiting
// only on unreferenced handles, and Node would then quit with code 13 ("unsettled top-level
// await") before anything ran. A migration that really hangs fails loudly instead.
const keepAlive = setInterval(() => {}, 1_000)
const deadline = setTimeout(() => {
  console.error(`Migrations did not finish within ${TIMEOUT_MS / 1000} s`)
  process.exit(1)
}, TIMEOUT_MS)

const payload = await getPayload({ config })
const lock = await (payload.db as unknown as PostgresAdapter).pool.connect()
try {
  await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
  // The migrations are imported, not looked up on disk, so a compiled copy of this script runs
  // them too (the Docker image has no TypeScript sources).
  await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
} finally {
  await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
  lock.release()
}
await payload.destroy()
clearInterval(keepAlive)
clearTimeout(deadline)
process.exit(0)
