import { createHmac, randomInt } from 'node:crypto'

/**
 * Recovery codes: ten, shown once when two-factor sign-in is turned on, each good for one sign-in
 * in place of an authenticator code. Ten characters from an alphabet without look-alikes (no 0/O,
 * 1/I/L), about 50 bits each, shown as two groups of five. Only a keyed digest of each is stored,
 * so the table never holds a usable code.
 */
export const RECOVERY_CODES = { count: 10, length: 10 } as const

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const SHAPE = new RegExp(`^[${ALPHABET}]{${RECOVERY_CODES.length}}$`)

/** A new set of recovery codes, formatted as shown (`ABCDE-FGHJK`). */
export function newRecoveryCodes(count: number = RECOVERY_CODES.count): string[] {
  return Array.from({ length: count }, () => {
    let code = ''
    for (let i = 0; i < RECOVERY_CODES.length; i += 1) code += ALPHABET[randomInt(ALPHABET.length)]
    return `${code.slice(0, 5)}-${code.slice(5)}`
  })
}

/** The code as typed, in its stored form (upper case, no spaces or dashes), or null. */
export function recoveryCodeShape(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase()
  return SHAPE.test(code) ? code : null
}

/** The digest stored for a code (keyed: a copy of the table does not allow testing guesses). */
export function recoveryCodeDigest(code: string, key: string): string {
  const shaped = recoveryCodeShape(code) ?? code
  return createHmac('sha256', key).update(`recovery-code:${shaped}`).digest('base64url')
}

/** The stored list (digests separated by spaces) as a list. */
export function parseDigests(stored: unknown): string[] {
  return typeof stored === 'string' ? stored.split(' ').filter((digest) => digest !== '') : []
}

export const serialiseDigests = (digests: readonly string[]): string => digests.join(' ')
