/**
 * The error type of the public interface. Kept free of Next.js and server-only imports, so the
 * project's Node server (src/server/) can use the same parsers as the route handlers.
 */
import { ERROR_STATUS, type ErrorCode } from './error-codes'

export { ERROR_STATUS, type ErrorCode }

export interface ErrorDetail {
  /** The parameter or field at fault, e.g. `limit` or `email`. */
  field: string
  message: string
}

export class ApiError extends Error {
  readonly code: ErrorCode
  readonly details?: ErrorDetail[]
  readonly headers?: Record<string, string>

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.details = options.details
    this.headers = options.headers
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}
