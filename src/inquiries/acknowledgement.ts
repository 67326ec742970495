import type { Payload } from 'payload'

import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { SETTINGS_DEFAULTS } from '@/globals/defaults'
import { publishedSiteName } from '@/globals/site-name'

import { enqueueMail, outboxMessageId, type OutboxMessage } from './mail-outbox'

/** Whether senders get an acknowledgement (INQUIRY_ACKNOWLEDGEMENT; off unless set to `on`). */
export const acknowledgementEnabled = (): boolean => env.INQUIRY_ACKNOWLEDGEMENT === 'on'

/**
 * The acknowledgement for one inquiry, in its language. It names the site and nothing the sender
 * wrote (no name, no message, no echo of any field): the form takes any address, so a message
 * that repeated input would let anyone mail their text to strangers from our domain.
 */
export function composeAcknowledgement(
  to: string,
  locale: Locale,
  /** The published site name (src/globals/site-name.ts). */
  siteName: string = SETTINGS_DEFAULTS[locale].siteName,
): OutboxMessage {
  const { acknowledgement } = messagesFor(locale).contact
  return {
    from: { name: siteName, address: env.MAIL_FROM },
    to,
    subject: acknowledgement.subject(siteName),
    text: acknowledgement.body(siteName),
    headers: { 'Content-Language': locale, 'Auto-Submitted': 'auto-replied' },
    messageId: outboxMessageId(),
  }
}

/** The outbox key that makes an inquiry's acknowledgement one message, however often asked. */
export const acknowledgementKey = (inquiryId: number) => `inquiry-acknowledgement:${inquiryId}`

/**
 * Queues the sender's acknowledgement if the setting is on. Idempotent: the outbox's unique key
 * stores it once per inquiry, across retries, instances and restarts.
 */
export async function acknowledgeInquiry(
  payload: Payload,
  inquiry: { id: number; email: string; locale: Locale },
): Promise<boolean> {
  if (!acknowledgementEnabled()) return false
  return enqueueMail(
    payload,
    'acknowledgement',
    composeAcknowledgement(inquiry.email, inquiry.locale, await publishedSiteName(payload)),
    acknowledgementKey(inquiry.id),
  )
}
