import { env } from '@/env'

import { maxAttempts, type RetrySchedule } from './schedule'

/** The slug of the endpoints' collection. */
export const WEBHOOK_ENDPOINTS = 'webhook-endpoints'

const schedule: RetrySchedule = {
  baseMs: env.WEBHOOK_RETRY_BASE_MS,
  maxMs: env.WEBHOOK_RETRY_MAX_MS,
}

/** The webhooks' settings, read once (src/env.ts validates them). */
export const WEBHOOKS = {
  allowedHosts: env.webhookAllowedHosts as ReadonlySet<string>,
  timeoutMs: env.WEBHOOK_TIMEOUT_MS,
  schedule,
  maxAttempts: maxAttempts(schedule),
  pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
  leaseMs: env.WEBHOOK_LEASE_MS,
  disableAfterFailures: env.WEBHOOK_DISABLE_AFTER_FAILURES,
  secretOverlapMs: env.WEBHOOK_SECRET_OVERLAP_MS,
  /** Deliveries one instance attempts at once (one slow receiver does not stall the others). */
  concurrency: 4,
  userAgent: 'consultancy-site-webhooks/1',
} as const
