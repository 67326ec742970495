import 'server-only'

import type { PostgresAdapter } from '@payloadcms/db-postgres'

import { env } from '@/env'
import { logger } from '@/lib/logger'
import { getPayloadClient } from '@/lib/payload'
import { onShutdown, processSingleton } from '@/lib/process-singleton'

import { pruneAuditLog } from './prune'
import { AUDIT_PRUNE_INTERVAL_MS } from './settings'

/**
 * Each instance prunes the audit log at start and hourly, as the webhook worker prunes its
 * delivery log: one DELETE of a few rows an hour, whichever instance comes first.
 */
export function auditLogPruning(): { stop: () => void } {
  return processSingleton('audit-log-pruning', () => {
    const prune = () =>
      getPayloadClient()
        .then((payload) =>
          pruneAuditLog(
            (payload.db as unknown as PostgresAdapter).pool,
            env.AUDIT_LOG_RETENTION_DAYS,
          ),
        )
        .then((deleted) => {
          if (deleted > 0) logger.info({ deleted }, 'audit log: old entries deleted')
        })
        .catch((error: Error) => logger.error({ err: error.message }, 'audit log pruning failed'))
    const timer = setInterval(prune, AUDIT_PRUNE_INTERVAL_MS)
    timer.unref()
    const stop = () => clearInterval(timer)
    onShutdown('audit log pruning', async () => stop())
    void prune()
    return { stop }
  })
}
