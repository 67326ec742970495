import { APIError, type CollectionAfterErrorHook } from 'payload'

import { ERROR_STATUS, type ErrorCode } from '@/http/error-codes'

/**
 * A refusal by one of the accounts' own guards (input, throttle, first account). Payload answers
 * it on its REST endpoints; `inProjectShape` adds the project's `error` object to Payload's
 * `errors` list, so both the admin (which reads `errors`) and API clients understand it.
 */
export class AccountRequestError extends APIError {
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string) {
    super(message, ERROR_STATUS[code], null, true)
    this.code = code
    // Payload's admin shows a message only for errors with a name, and minified class names are
    // empty.
    this.name = 'AccountRequestError'
  }
}

export const inProjectShape: CollectionAfterErrorHook = ({ error, result }) => {
  if (!(error instanceof AccountRequestError)) return
  return {
    response: {
      ...(result as Record<string, unknown>),
      error: { code: error.code, message: error.message },
    },
    status: error.status,
  }
}
