import { logger } from '@/lib/logger'

/** An alert endpoint gets this long to answer; delivery of other inquiries waits meanwhile. */
export const ALERT_WEBHOOK_TIMEOUT_MS = 5_000

/** What an operator needs to act on an inquiry whose mail failed for good. */
export interface DeliveryFailure {
  inquiryId: number
  attempts: number
  /** The transport's error text, as recorded on the inquiry. */
  error: string
  /** Where an editor sees the inquiry in the admin. */
  adminUrl: string
}

/** The sender's own values, which must not leave the app in an alert (see `alertBody`). */
export interface SenderValues {
  name: string
  email: string
  phone?: string | null
}

/** Shorter values (a two-letter name) would blank unrelated parts of the error. */
const MIN_REDACTED_LENGTH = 3

/**
 * An error from a mail server may quote what it refused; the alert goes to a third-party
 * service, so any of the sender's values that appear in it are cut out.
 */
export function withoutSenderValues(error: string, sender: SenderValues): string {
  return [sender.email, sender.name, sender.phone]
    .filter((value): value is string => Boolean(value && value.length >= MIN_REDACTED_LENGTH))
    .reduce((text, value) => text.split(value).join('[sender]'), error)
}

/**
 * The JSON an alert endpoint receives: the inquiry's id and the error, never the sender's name,
 * address or message. `text` makes Slack-style incoming webhooks show it as is.
 */
export function alertBody(failure: DeliveryFailure) {
  return {
    event: 'inquiry_delivery_failed',
    inquiryId: failure.inquiryId,
    attempts: failure.attempts,
    error: failure.error,
    adminUrl: failure.adminUrl,
    text:
      `Inquiry #${failure.inquiryId} could not be delivered by mail after ` +
      `${failure.attempts} attempts: ${failure.error} (${failure.adminUrl})`,
  }
}

/**
 * POSTs a JSON alert to ALERT_WEBHOOK_URL. Never throws: an alert endpoint that is down, slow or
 * refusing is logged (with `about`, which names the subject, and `what`, which names the alert),
 * and whatever raised the alert has already been recorded.
 */
export async function postAlert(
  webhookUrl: string,
  body: object,
  { about, what, timeoutMs }: { about: Record<string, unknown>; what: string; timeoutMs: number },
): Promise<boolean> {
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      // The configured endpoint itself must answer; a redirect elsewhere is a misconfiguration.
      redirect: 'manual',
    })
    await response.body?.cancel()
    if (response.ok) return true
    logger.error({ ...about, status: response.status }, `alert webhook refused the ${what}`)
  } catch (error) {
    logger.error(
      { ...about, err: (error as Error).message },
      `alert webhook unreachable; ${what} not sent`,
    )
  }
  return false
}

/** POSTs the alert of an inquiry whose mail failed for good (see `postAlert`). */
export function postDeliveryFailureAlert(
  webhookUrl: string,
  failure: DeliveryFailure,
  timeoutMs: number = ALERT_WEBHOOK_TIMEOUT_MS,
): Promise<boolean> {
  return postAlert(webhookUrl, alertBody(failure), {
    about: { inquiry: failure.inquiryId },
    what: 'mail failure alert',
    timeoutMs,
  })
}
