/** An endpoint as stored (the fields the webhooks read). */
export interface WebhookEndpointDoc {
  id: number
  url: string
  enabled?: boolean | null
  events?: string[] | null
  collections?: string[] | null
  languages?: string[] | null
  includeContent?: boolean | null
  secret?: string | null
  previousSecret?: string | null
  previousSecretExpiresAt?: string | null
  disabledReason?: string | null
  disabledAt?: string | null
}

/** `req.context` keys of the writes the webhooks make themselves. */
export const WEBHOOK_CONTEXT = {
  /** Set by the "rotate secret" action: a new secret, the old one valid for the overlap. */
  rotateSecret: 'webhooks:rotateSecret',
  /** Set by the worker when it disables an endpoint: the reason it records. */
  disabledReason: 'webhooks:disabledReason',
} as const
