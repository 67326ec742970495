import 'server-only'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import { getPayloadClient } from '@/lib/payload'
import { logger } from '@/lib/logger'
import { onShutdown, processSingleton } from '@/lib/process-singleton'
import { countOutboxAttempt, registerOutboxStats, type OutboxStats } from '@/metrics/outboxes'

import { postDeliveryFailureAlert, withoutSenderValues } from './delivery-alert'
import { deliverDueOutboxMail, outboxEnqueued } from './mail-outbox'
import { composeInquiryMail, inquiryMessageId, sendMail, type InquiryMail } from './mailer'

/**
 * Delivery of stored inquiries by mail, from a durable outbox: the `inquiries` table itself.
 *
 * A worker claims one due inquiry at a time with `FOR UPDATE SKIP LOCKED` and a lease, so that
 * several instances never send the same inquiry at once, and an inquiry whose sender crashed
 * mid-delivery is claimed again when its lease runs out. Failures back off exponentially; after
 * the last attempt the inquiry is marked `failed` for an editor to re-queue (the admin shows a
 * notice while any is) and ALERT_WEBHOOK_URL, if set, is told. The Message-ID is
 * the same on every attempt (see mailer.ts). Payload's jobs queue claims jobs with a read-then-
 * write and never retries a job left "processing" by a crash, hence this (docs/decisions.md).
 */
export const DELIVERY = {
  maxAttempts: 12,
  leaseMs: env.MAIL_LEASE_MS,
  retryBaseMs: env.MAIL_RETRY_BASE_MS,
  retryMaxMs: 60 * 60_000,
  pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
} as const

interface ClaimedRow {
  id: number
  name: string
  email: string
  message: string
  phone: string | null
  service: string | null
  /** One of LOCALES: the column is the collection's `locale` select, whose options are LOCALES. */
  locale: Locale
  created_at: Date
  attempts: number
}

function pool(payload: Payload) {
  return (payload.db as unknown as PostgresAdapter).pool
}

async function claimNext(payload: Payload): Promise<ClaimedRow | null> {
  const { rows } = await pool(payload).query<ClaimedRow>(
    `update inquiries set lease_until = now() + $1 * interval '1 millisecond', attempts = attempts + 1
      where id = (
        select id from inquiries
         where delivery_status = 'queued'
           and coalesce(next_attempt_at, created_at) <= now()
           and (lease_until is null or lease_until < now())
         order by coalesce(next_attempt_at, created_at)
         limit 1
         for update skip locked)
      returning id, name, email, message, phone, service, locale, created_at, attempts::int as attempts`,
    [DELIVERY.leaseMs],
  )
  return rows[0] ?? null
}

export function retryDelayMs(attempts: number): number {
  return Math.min(DELIVERY.retryBaseMs * 2 ** Math.max(0, attempts - 1), DELIVERY.retryMaxMs)
}

async function deliver(payload: Payload, row: ClaimedRow): Promise<void> {
  const inquiry: InquiryMail = {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    phone: row.phone ?? undefined,
    service: row.service ?? undefined,
    locale: row.locale,
    createdAt: row.created_at.toISOString(),
  }
  try {
    await sendMail(composeInquiryMail(inquiry))
    await pool(payload).query(
      `update inquiries set delivery_status = 'sent', sent_at = now(), lease_until = null,
              last_error = null, message_id = $2 where id = $1`,
      [row.id, inquiryMessageId(inquiry)],
    )
    countOutboxAttempt('mail', 'sent')
  } catch (error) {
    countOutboxAttempt('mail', 'failed')
    // Only the error's text is kept: never the message body.
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
    const failed = row.attempts >= DELIVERY.maxAttempts
    await pool(payload).query(
      `update inquiries set lease_until = null, last_error = $2,
              next_attempt_at = now() + $3 * interval '1 millisecond',
              delivery_status = $4 where id = $1`,
      [row.id, reason, retryDelayMs(row.attempts), failed ? 'failed' : 'queued'],
    )
    logger.error(
      {
        inquiry: row.id,
        attempt: row.attempts,
        reason,
        retryInMs: failed ? null : retryDelayMs(row.attempts),
      },
      failed ? 'inquiry mail failed; giving up' : 'inquiry mail failed; will retry',
    )
    if (failed && env.ALERT_WEBHOOK_URL) {
      await postDeliveryFailureAlert(env.ALERT_WEBHOOK_URL, {
        inquiryId: row.id,
        attempts: row.attempts,
        error: withoutSenderValues(reason, row),
        adminUrl: `${env.SITE_URL}/admin/collections/inquiries/${row.id}`,
      })
    }
  }
}

/**
 * The mail outboxes' backlog, both tables (the team's inquiry mail and mail_outbox): what waits to
 * be sent or retried (a message being sent included), and what was given up on for good.
 */
export async function mailBacklog(payload: Payload): Promise<OutboxStats> {
  const { rows } = await pool(payload).query<OutboxStats>(
    `select (select count(*) from inquiries where delivery_status = 'queued')
            + (select count(*) from mail_outbox where status in ('queued', 'sending')) as pending,
            (select count(*) from inquiries where delivery_status = 'failed')
            + (select count(*) from mail_outbox where status = 'failed') as failed`,
  )
  return { pending: Number(rows[0]!.pending), failed: Number(rows[0]!.failed) }
}

/** Sends every inquiry that is due; returns how many were attempted. */
export async function deliverDueInquiries(payload: Payload): Promise<number> {
  let attempted = 0
  for (let row = await claimNext(payload); row; row = await claimNext(payload)) {
    await deliver(payload, row)
    attempted += 1
  }
  return attempted
}

interface DeliveryWorker {
  kick: () => void
  stop: () => Promise<void>
}

/**
 * The process's delivery loop: runs on a timer and whenever a new inquiry or outbox message is
 * stored. It works through both outboxes: the inquiries' team mail, then the mail outbox
 * (account mail, acknowledgements; mail-outbox.ts).
 */
export function deliveryWorker(): DeliveryWorker {
  return processSingleton('inquiry-delivery', () => {
    let running: Promise<void> | null = null
    let again = false
    let stopped = false
    const run = () => {
      if (stopped) return
      if (running) {
        again = true
        return
      }
      running = getPayloadClient()
        .then(async (payload) => {
          await deliverDueInquiries(payload)
          await deliverDueOutboxMail(payload)
        })
        .catch((error: Error) => logger.error({ err: error.message }, 'mail delivery run failed'))
        .finally(() => {
          running = null
          if (again) {
            again = false
            run()
          }
        })
    }
    outboxEnqueued().addEventListener('enqueued', run)
    // Read when metrics are scraped (site_outbox_pending, site_outbox_failed).
    registerOutboxStats('mail', async () => mailBacklog(await getPayloadClient()))
    const timer = setInterval(run, DELIVERY.pollIntervalMs)
    timer.unref()
    const stop = async () => {
      stopped = true
      clearInterval(timer)
      await running
    }
    // A delivery under way when the process is told to stop is finished, not cut off.
    onShutdown('inquiry delivery', stop)
    return { kick: run, stop }
  })
}
