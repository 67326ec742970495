/** The durable outboxes whose backlog and failures are measured. */
export type Outbox = 'mail' | 'webhooks'

export interface OutboxStats {
  /** Deliveries waiting to be sent or retried. */
  pending: number
  /** Deliveries given up on for good. */
  failed: number
}

/** Registers how to read an outbox's backlog when metrics are scraped. */
export function registerOutboxStats(_outbox: Outbox, _read: () => Promise<OutboxStats>): void {}

/** Counts one delivery attempt's outcome. */
export function countOutboxAttempt(_outbox: Outbox, _outcome: 'sent' | 'failed'): void {}
