import type { Payload } from 'payload'

/** A drizzle database as Payload's adapter holds it. */
type Database = Payload['db']['drizzle']

/**
 * The parts of Payload's PostgreSQL adapter that say where its reads go. With read replicas
 * (DATABASE_READ_REPLICAS) its drizzle database sends queries built with drizzle's builders to a
 * replica, but `execute`, which takes SQL as written, always to the primary; within
 * `readReplicasAfterWriteInterval` of a write by this instance Payload reads from the primary.
 */
interface ReplicatedAdapter {
  drizzle: Database & { $replicas?: Database[] }
  primaryDrizzle?: Database
  lastWriteTimestamp?: number
  readReplicasAfterWriteInterval?: number
}

/**
 * Where a read in SQL of our own goes, as Payload's own reads go: a read replica when there are
 * any, the primary just after this instance wrote (so an editor sees their change at once).
 * Reads that replace Payload's must not move its load onto the primary.
 */
export function readDatabase(payload: Payload): Database {
  const adapter = payload.db as unknown as ReplicatedAdapter
  const replicas = adapter.drizzle.$replicas
  if (!replicas || replicas.length === 0) return adapter.drizzle
  const { primaryDrizzle, lastWriteTimestamp, readReplicasAfterWriteInterval = 0 } = adapter
  if (primaryDrizzle && lastWriteTimestamp !== undefined) {
    if (Date.now() - lastWriteTimestamp < readReplicasAfterWriteInterval) return primaryDrizzle
  }
  return replicas[Math.floor(Math.random() * replicas.length)]!
}
