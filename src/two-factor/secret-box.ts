import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * The TOTP secret is stored encrypted (AES-256-GCM, a key derived from PAYLOAD_SECRET), so a copy
 * of the database, a backup or a log of a query does not give anyone the codes. The field is also
 * hidden from every API (fields.ts); this is the second wall. Rotating PAYLOAD_SECRET turns
 * two-factor sign-in off in effect, as it ends sessions and API keys.
 */
const VERSION = 'v1'
const IV_BYTES = 12

function keyFor(purpose: string, payloadSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', payloadSecret, 'two-factor', purpose, 32))
}

export function sealSecret(secret: string, payloadSecret: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyFor('totp-secret', payloadSecret), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':')
}

/** The secret, or null if `stored` is not one this key sealed. */
export function openSecret(stored: unknown, payloadSecret: string): string | null {
  if (typeof stored !== 'string') return null
  const [version, iv, tag, sealed] = stored.split(':')
  if (version !== VERSION || !iv || !tag || sealed === undefined) return null
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor('totp-secret', payloadSecret),
      Buffer.from(iv, 'base64url'),
    )
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return null
  }
}

/** The key of the recovery codes' digests. */
export const recoveryCodeKey = (payloadSecret: string): string =>
  keyFor('recovery-codes', payloadSecret).toString('base64url')
