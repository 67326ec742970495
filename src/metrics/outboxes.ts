import { siteMetrics, type OutboxOutcome } from './registry'
import type { Outbox } from './sources'

export { registerOutboxStats, type Outbox, type OutboxStats } from './sources'

/** Counts one delivery attempt's outcome (`failed`: this attempt failed, whether or not retried). */
export function countOutboxAttempt(outbox: Outbox, outcome: OutboxOutcome): void {
  siteMetrics().outboxAttempts.labels(outbox, outcome).inc()
}
