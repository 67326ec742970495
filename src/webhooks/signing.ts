import { randomBytes, randomUUID } from 'node:crypto'

import { Webhook } from 'standardwebhooks'

/*
 * Standard Webhooks (https://www.standardwebhooks.com/): every request carries `webhook-id` (the
 * message's id, the same on every retry, which receivers de-duplicate on), `webhook-timestamp`
 * (when this attempt was signed, in Unix seconds) and `webhook-signature`: `v1,<base64 HMAC-SHA256
 * of "id.timestamp.body">`, one per secret in use, separated by spaces, so that during a secret
 * rotation receivers holding either secret verify it.
 */

/** Bytes of a generated secret (the specification asks for 24 to 64). */
export const SECRET_BYTES = 32

/** A new signing secret as Standard Webhooks libraries take it: `whsec_` and base64. */
export function generateSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`
}

/** A message id: unique per event and endpoint, kept across retries. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`
}

export interface SignedHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** The three headers of one attempt, signed with every secret given (current one first). */
export function signedHeaders(
  messageId: string,
  body: string,
  secrets: readonly string[],
  at: Date = new Date(),
): SignedHeaders {
  if (secrets.length === 0) throw new Error('no secret to sign with')
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(messageId, at, body))
      .join(' '),
  }
}

/** The secrets of an endpoint, as stored. */
export interface EndpointSecrets {
  secret?: string | null
  previousSecret?: string | null
  previousSecretExpiresAt?: string | null
}

/**
 * The secrets an attempt is signed with: the current one, and after a rotation the previous one
 * too until its overlap window ends.
 */
export function signingSecrets(endpoint: EndpointSecrets, now = Date.now()): string[] {
  const secrets = endpoint.secret ? [endpoint.secret] : []
  const until = endpoint.previousSecretExpiresAt ? Date.parse(endpoint.previousSecretExpiresAt) : 0
  if (endpoint.previousSecret && until > now) secrets.push(endpoint.previousSecret)
  return secrets
}
