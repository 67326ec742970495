import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import nodemailer, { type Mail, type Transporter } from 'nodemailer'

import { env } from '@/env'
import { logger } from '@/lib/logger'
import { processSingleton } from '@/lib/process-singleton'
import { withSpan } from '@/observability/tracing'

import type { Inquiry } from './schema'

/** What the team's mail is made of: the stored inquiry and its stable identity. */
export interface InquiryMail extends Inquiry {
  id: number
  createdAt: string
}

const MAIL_DIR = path.resolve('.data/mail')
/** A `mail.send` span's attributes: how the message left (smtp, files) and its Message-ID. */
const MAIL_TRANSPORT_ATTRIBUTE = 'app.mail.transport'
const MAIL_MESSAGE_ID_ATTRIBUTE = 'app.mail.message_id'
const SMTP_TIMEOUT_MS = 20_000

/**
 * A Message-ID that is the same on every attempt for one inquiry, so that a retry after an
 * uncertain send (accepted by SMTP, then a crash before we recorded it) is recognised as the same
 * message by the team's mail system rather than shown twice.
 */
export function inquiryMessageId(inquiry: Pick<InquiryMail, 'id' | 'createdAt'>): string {
  const host = new URL(env.SITE_URL).hostname
  return `<inquiry-${inquiry.id}-${Date.parse(inquiry.createdAt)}@${host}>`
}

export function composeInquiryMail(inquiry: InquiryMail): Mail.Options {
  const lines = [
    `A new project inquiry arrived through the website (#${inquiry.id}).`,
    '',
    `Name:     ${inquiry.name}`,
    `Email:    ${inquiry.email}`,
    `Phone:    ${inquiry.phone ?? '—'}`,
    `Service:  ${inquiry.service ?? '—'}`,
    `Language: ${inquiry.locale}`,
    `Received: ${inquiry.createdAt}`,
    '',
    'Message:',
    inquiry.message,
    '',
    'Reply to this email to answer the sender directly.',
  ]
  return {
    from: env.MAIL_FROM,
    to: env.INQUIRY_TO,
    // An address object, never a string built from input: nodemailer encodes the name.
    replyTo: { name: inquiry.name, address: inquiry.email },
    subject: `New website inquiry #${inquiry.id}`,
    messageId: inquiryMessageId(inquiry),
    date: new Date(inquiry.createdAt),
    text: lines.join('\n'),
    headers: { 'Content-Language': inquiry.locale },
  }
}

/** `smtp://user:pass@host:port` or `smtps://…` (implicit TLS), with bounded waits. */
function smtpTransport(url: string): Transporter {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  return nodemailer.createTransport({
    // One reused connection: a backlog after an outage drains quickly.
    pool: true,
    maxConnections: 1,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
}

/** Writes each message as an .eml file under .data/mail/ (MAIL_TRANSPORT=files) and sends nothing. */
function fileTransport(): Transporter {
  return nodemailer.createTransport({
    name: 'files',
    version: '1',
    send(mail, done) {
      const name = `${Date.now()}-${mail.message.messageId().replace(/[^a-z0-9.-]+/gi, '_')}.eml`
      const file = path.join(MAIL_DIR, name)
      void (async () => {
        const raw = await mail.message.build()
        await mkdir(MAIL_DIR, { recursive: true })
        await writeFile(file, raw)
        logger.info(
          { file: path.join('.data/mail', name) },
          'MAIL_TRANSPORT=files: mail written to a file, not sent',
        )
        return { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() }
      })().then(
        (info) => done(null, info),
        (error: Error) => done(error),
      )
    },
  })
}

/**
 * The one way mail leaves this process, shared by the inquiries' delivery and Payload's account
 * mail (password resets, payload.config.ts): SMTP_URL, or with MAIL_TRANSPORT=files (the
 * development default, and in production only when asked for) .eml files under .data/mail/.
 */
export function mailTransport(): Transporter {
  return processSingleton('mail-transport', () =>
    usesSmtp() && env.SMTP_URL ? smtpTransport(env.SMTP_URL) : fileTransport(),
  )
}

/** Whether mail goes to the SMTP server (else it is written to files). */
function usesSmtp(): boolean {
  return env.mailTransport === 'smtp' && env.SMTP_URL !== undefined
}

/**
 * Sends one message. With traces on it is a `mail.send` span that begins a trace of its own: mail
 * leaves from the outbox's worker (delivery.ts), after the request that stored it was answered,
 * and perhaps on another instance or a later retry. The message's id ties it to its inquiry;
 * no address or content is recorded.
 */
export async function sendMail(message: Mail.Options): Promise<void> {
  await withSpan(
    'mail.send',
    {
      [MAIL_TRANSPORT_ATTRIBUTE]: usesSmtp() ? 'smtp' : 'files',
      [MAIL_MESSAGE_ID_ATTRIBUTE]:
        typeof message.messageId === 'string' ? message.messageId : undefined,
    },
    () => mailTransport().sendMail(message),
    { kind: 'client', newTrace: true },
  )
}
