import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

import type { CollectionBeforeOperationHook } from 'payload'

const pbkdf2Async = promisify(pbkdf2)

/**
 * The parameters of the password hashes Payload 3.90 stores (`pbkdf2-sha256-v1`): checking a
 * password against an account costs one such derivation. An unknown email costs the same, so the
 * answer's timing does not tell which emails have accounts.
 */
export const PASSWORD_CHECK = { iterations: 600_000, keyLength: 32, digest: 'sha256' } as const

const DUMMY_SALT = randomBytes(32).toString('hex')
const DUMMY_HASH = randomBytes(PASSWORD_CHECK.keyLength)

/** Spends what checking `password` against a stored hash spends (and matches nothing). */
export async function checkAgainstDummyHash(password: string): Promise<void> {
  const derived = await pbkdf2Async(
    password,
    DUMMY_SALT,
    PASSWORD_CHECK.iterations,
    PASSWORD_CHECK.keyLength,
    PASSWORD_CHECK.digest,
  )
  timingSafeEqual(derived, DUMMY_HASH)
}

/**
 * Payload answers a sign-in for an unknown email without checking any password, a wrong password
 * only after the check: for unknown emails this spends the check first.
 */
export const equaliseUnknownAccountTiming: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation !== 'login') return
  const { email, password } =
    (args as { data?: { email?: unknown; password?: unknown } }).data ?? {}
  if (typeof email !== 'string' || typeof password !== 'string' || password.trim() === '') return
  const { totalDocs } = await req.payload.db.count({
    collection: collection.slug,
    req,
    where: { email: { equals: email.trim().toLowerCase() } },
  })
  if (totalDocs === 0) await checkAgainstDummyHash(password)
}
