import { generateSecret, generateURI, verify } from 'otplib'

/**
 * The authenticator apps' common settings (RFC 6238 with SHA-1, 6 digits, 30 s), which every app
 * reads from the QR code's URI. A code is accepted one step either side of the server's clock
 * (a phone a little fast or slow, a code typed as it turned), and only for a step after the last
 * one this account used: a code once accepted is never accepted again.
 */
export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  /** Seconds either side of now whose step may match (one step each way). */
  toleranceSeconds: 30,
  /** Bytes of the secret (160 bits, the RFC's recommendation for SHA-1). */
  secretBytes: 20,
} as const

const CODE_SHAPE = /^\d{6}$/

/** The code as typed, without spaces (apps show "123 456"), or null if it is no TOTP code. */
export function totpCodeShape(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '')
  return CODE_SHAPE.test(code) ? code : null
}

/** A new Base32 secret for an authenticator app. */
export function newTotpSecret(): string {
  return generateSecret({ length: TOTP.secretBytes })
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  return generateURI({
    issuer,
    label: account,
    secret,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  })
}

/**
 * The time step `code` belongs to, if it is this secret's code near `nowSeconds` and for a step
 * after `lastStep` (replay protection); else null.
 */
export async function acceptedTotpStep({
  secret,
  code,
  lastStep,
  nowSeconds = Math.floor(Date.now() / 1000),
}: {
  secret: string
  code: string
  lastStep: number | null
  nowSeconds?: number
}): Promise<number | null> {
  const token = totpCodeShape(code)
  if (!token) return null
  const result = await verify({
    secret,
    token,
    epoch: nowSeconds,
    period: TOTP.periodSeconds,
    digits: TOTP.digits,
    epochTolerance: TOTP.toleranceSeconds,
    strategy: 'totp',
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  })
  // A TOTP result (the strategy asked for) names the step it matched.
  return result.valid && 'timeStep' in result ? result.timeStep : null
}
