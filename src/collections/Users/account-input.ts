import type { CollectionBeforeOperationHook } from 'payload'

import { AccountRequestError } from './account-error'

/**
 * C0 controls, DEL and C1 controls. No email, password, token or name of an account holds one
 * (the admin's inputs can't even type them), and PostgreSQL refuses NUL in text outright, which
 * would otherwise surface as a 500 from whichever query first sees the value.
 */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/

/** The path of the first string (or key) holding a control character, or null. */
export function controlCharacterAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path || '(body)' : null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = controlCharacterAt(item, `${path}[${index}]`)
      if (found) return found
    }
    return null
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key
      if (CONTROL_CHARACTER.test(key)) return here
      const found = controlCharacterAt(item, here)
      if (found) return found
    }
  }
  return null
}

/** Operations that take values from the caller. */
const OPERATIONS_WITH_INPUT = new Set([
  'create',
  'forgotPassword',
  'login',
  'refresh',
  'resetPassword',
  'unlock',
  'update',
])

/**
 * Every operation on accounts that takes input (sign-in, forgotten and reset passwords, unlock,
 * token refresh, the first account, creating and editing accounts) refuses a control character
 * anywhere in it: in the arguments the operation was given and, when the request is addressed to
 * this collection, in the body Payload parsed (JSON or the admin's multipart `_payload`), before
 * any of it reaches a query.
 */
export const refuseControlCharacters: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
  req,
}) => {
  if (!OPERATIONS_WITH_INPUT.has(operation)) return
  const given = (args as { data?: unknown }).data
  // Another collection's request (a post's body may well hold newlines) is not checked here.
  const body = req.routeParams?.collection === collection.slug ? req.data : undefined
  const field = controlCharacterAt(given) ?? controlCharacterAt(body)
  if (field) {
    throw new AccountRequestError(
      'invalid_body',
      `The field ${JSON.stringify(field)} contains a control character, which no account value may hold.`,
    )
  }
}
