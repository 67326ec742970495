import { postAlert } from '@/inquiries/delivery-alert'

/** An alert endpoint gets this long to answer (as the mail failure alert does). */
export const DISABLED_ALERT_TIMEOUT_MS = 5_000

export interface DisabledEndpoint {
  endpointId: number
  /** Only the receiver's host: its path or query may hold a token. */
  host: string
  failures: number
  adminUrl: string
}

/** The JSON an alert endpoint receives; `text` makes Slack-style incoming webhooks show it. */
export function disabledAlertBody(disabled: DisabledEndpoint) {
  return {
    event: 'webhook_endpoint_disabled',
    endpointId: disabled.endpointId,
    host: disabled.host,
    failures: disabled.failures,
    adminUrl: disabled.adminUrl,
    text:
      `Webhook endpoint #${disabled.endpointId} (${disabled.host}) was disabled after ` +
      `${disabled.failures} failed deliveries in a row; its deliveries wait until an admin ` +
      `enables it again (${disabled.adminUrl})`,
  }
}

/**
 * Tells ALERT_WEBHOOK_URL that an endpoint was disabled. Never throws: the admin's notice does
 * not depend on it.
 */
export function postDisabledAlert(
  alertUrl: string,
  disabled: DisabledEndpoint,
  timeoutMs: number = DISABLED_ALERT_TIMEOUT_MS,
): Promise<boolean> {
  return postAlert(alertUrl, disabledAlertBody(disabled), {
    about: { endpoint: disabled.endpointId },
    what: 'endpoint disabled alert',
    timeoutMs,
  })
}
