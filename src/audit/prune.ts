import { AUDIT_PRUNE_BATCH } from './settings'

/**
 * Retention: entries older than AUDIT_LOG_RETENTION_DAYS are deleted, a batch per statement
 * (oldest first), so a long backlog — a lowered retention, an instance that was down — never
 * holds one long lock on the table sign-ins and publishes write to. The table refuses updates,
 * not deletes (migrations/20261128_150000_audit_log.ts): this is the one way entries leave.
 */

/** What pruning needs of a database: one query at a time (a pg Pool or Client). */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rowCount: number | null }>
}

export const AUDIT_PRUNE_SQL = `DELETE FROM audit_log WHERE id IN (
  SELECT id FROM audit_log
   WHERE created_at < now() - $1::int * interval '1 day'
   ORDER BY created_at
   LIMIT $2::int)`

/** Deletes the entries older than `retentionDays`; returns how many went. */
export async function pruneAuditLog(
  db: Queryable,
  retentionDays: number,
  batch: number = AUDIT_PRUNE_BATCH,
): Promise<number> {
  let total = 0
  for (;;) {
    const { rowCount } = await db.query(AUDIT_PRUNE_SQL, [retentionDays, batch])
    total += rowCount ?? 0
    if ((rowCount ?? 0) < batch) return total
  }
}
