/** The audit log's collection (table `audit_log`). */
export const AUDIT_LOG = 'audit-log'

/** How often each instance deletes the entries past AUDIT_LOG_RETENTION_DAYS (also at start). */
export const AUDIT_PRUNE_INTERVAL_MS = 3_600_000

/** Entries deleted per statement while pruning, so a long backlog never holds one long lock. */
export const AUDIT_PRUNE_BATCH = 5_000
