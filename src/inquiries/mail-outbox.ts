import { randomUUID } from 'node:crypto'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { EmailAdapter, Payload, SendEmailOptions } from 'payload'

import { env } from '@/env'
import { logger } from '@/lib/logger'
import { processSingleton } from '@/lib/process-singleton'
import { countOutboxAttempt } from '@/metrics/outboxes'

import { sendMail } from './mailer'

/**
 * The outbox for every mail other than the team's inquiry mail (which has its own, the inquiries
 * table): account mail (password resets, invitations) and acknowledgements to senders. Sending
 * never happens in the request that asks for it: the request stores the message in `mail_outbox`
 * (one insert, so an SMTP outage can't fail or slow it) and a worker sends it, retrying with back-
 * off. A row's `dedupe_key` is unique: whoever enqueues with a key enqueues that message once,
 * however often they try (an acknowledgement is keyed by its inquiry).
 *
 * Delivery is at most once: a claim marks the row `sending` before SMTP is spoken to; an SMTP
 * error puts it back in the queue, but a row left `sending` by a process that stopped mid-send is
 * marked failed, never sent again (its outcome is unknown, and a second copy is worse than none for
 * these messages). Once sent, the body is dropped: a reset link is not kept after it left.
 */
export const MAIL_OUTBOX = {
  maxAttempts: 8,
  leaseMs: env.MAIL_LEASE_MS,
  retryBaseMs: env.MAIL_RETRY_BASE_MS,
  retryMaxMs: 60 * 60_000,
} as const

/** What a stored message is: nodemailer's options, without attachments or streams. */
export interface OutboxMessage {
  from?: string | { name?: string; address: string }
  to: string
  subject: string
  text?: string
  html?: string
  headers?: Record<string, string>
  messageId: string
}

export type OutboxPurpose = 'account' | 'acknowledgement'

function pool(payload: Payload) {
  return (payload.db as unknown as PostgresAdapter).pool
}

function messageIdHost(): string {
  return new URL(env.SITE_URL).hostname
}

/** A Message-ID fixed when the message is stored, so every attempt carries the same one. */
export function outboxMessageId(): string {
  return `<${randomUUID()}@${messageIdHost()}>`
}

/**
 * Stores a message for delivery. With a `dedupeKey`, a second call with the same key stores
 * nothing (the database's unique index decides, so concurrent callers agree): returns whether
 * this call stored it.
 */
export async function enqueueMail(
  payload: Payload,
  purpose: OutboxPurpose,
  message: OutboxMessage,
  dedupeKey: string | null = null,
): Promise<boolean> {
  const { rowCount } = await pool(payload).query(
    `insert into mail_outbox (purpose, dedupe_key, recipient, message)
     values ($1, $2, $3, $4) on conflict (dedupe_key) do nothing`,
    [purpose, dedupeKey, message.to, JSON.stringify(message)],
  )
  outboxEnqueued().dispatchEvent(new Event('enqueued'))
  return rowCount === 1
}

function addressOf(value: SendEmailOptions['to']): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(addressOf).join(', ')
  if (value && typeof value === 'object' && 'address' in value) return value.address ?? ''
  return ''
}

/**
 * Payload's email adapter (password resets, invitations): what Payload asks to send is stored in
 * the outbox. Payload awaits `sendEmail` inside the request; an insert is all it waits for.
 */
export function outboxEmailAdapter(defaults: { fromAddress: string; fromName: string }) {
  const adapter: EmailAdapter = ({ payload }) => ({
    name: 'mail-outbox',
    defaultFromAddress: defaults.fromAddress,
    defaultFromName: defaults.fromName,
    sendEmail: async (message) => {
      const stored: OutboxMessage = {
        from: message.from ?? { name: defaults.fromName, address: defaults.fromAddress },
        to: addressOf(message.to),
        subject: String(message.subject ?? ''),
        ...(typeof message.text === 'string' ? { text: message.text } : {}),
        ...(typeof message.html === 'string' ? { html: message.html } : {}),
        messageId: outboxMessageId(),
      }
      await enqueueMail(payload, 'account', stored)
    },
  })
  return adapter
}

interface ClaimedMail {
  id: number
  message: OutboxMessage
  attempts: number
}

export function outboxRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_OUTBOX.retryBaseMs * 2 ** Math.max(0, attempts - 1), MAIL_OUTBOX.retryMaxMs)
}

async function claimNext(payload: Payload): Promise<ClaimedMail | null> {
  const { rows } = await pool(payload).query<ClaimedMail>(
    `update mail_outbox set status = 'sending', attempts = attempts + 1,
            lease_until = now() + $1 * interval '1 millisecond'
      where id = (
        select id from mail_outbox
         where status = 'queued' and next_attempt_at <= now()
         order by next_attempt_at
         limit 1
         for update skip locked)
      returning id, message, attempts`,
    [MAIL_OUTBOX.leaseMs],
  )
  return rows[0] ?? null
}

/** Rows whose sender stopped mid-send: their outcome is unknown, so they are not sent again. */
async function abandonStaleSends(payload: Payload): Promise<void> {
  const { rowCount } = await pool(payload).query(
    `update mail_outbox set status = 'failed', message = null,
            last_error = 'stopped mid-send; not sent again (at most once)'
      where status = 'sending' and lease_until < now()`,
  )
  if (rowCount) logger.warn({ count: rowCount }, 'outbox mail abandoned mid-send')
}

async function deliver(payload: Payload, mail: ClaimedMail): Promise<void> {
  const { messageId, ...options } = mail.message
  try {
    await sendMail({ ...options, from: options.from ?? env.MAIL_FROM, messageId })
    await pool(payload).query(
      `update mail_outbox set status = 'sent', sent_at = now(), lease_until = null,
              last_error = null, message = null where id = $1`,
      [mail.id],
    )
    countOutboxAttempt('mail', 'sent')
  } catch (error) {
    countOutboxAttempt('mail', 'failed')
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
    const failed = mail.attempts >= MAIL_OUTBOX.maxAttempts
    await pool(payload).query(
      `update mail_outbox set status = $2, lease_until = null, last_error = $3,
              next_attempt_at = now() + $4 * interval '1 millisecond' where id = $1`,
      [mail.id, failed ? 'failed' : 'queued', reason, outboxRetryDelayMs(mail.attempts)],
    )
    logger.error(
      { outbox: mail.id, attempt: mail.attempts, reason },
      failed ? 'outbox mail failed; giving up' : 'outbox mail failed; will retry',
    )
  }
}

/** Sends every outbox message that is due; returns how many were attempted. */
export async function deliverDueOutboxMail(payload: Payload): Promise<number> {
  await abandonStaleSends(payload)
  let attempted = 0
  for (let mail = await claimNext(payload); mail; mail = await claimNext(payload)) {
    await deliver(payload, mail)
    attempted += 1
  }
  return attempted
}

/**
 * Told whenever a message is stored, so the delivery loop (delivery.ts, which also works through
 * this outbox) sends it now rather than at its next poll.
 */
export function outboxEnqueued(): EventTarget {
  return processSingleton('mail-outbox-enqueued', () => new EventTarget())
}
