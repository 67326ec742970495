import 'server-only'

import { unstable_rethrow } from 'next/navigation'

import { logger } from '@/lib/logger'

import { isDatabaseUnavailable } from './unavailable'

/** Machine-readable error codes of the public interface, each with its one HTTP status. */
export const ERROR_STATUS = {
  invalid_parameter: 400,
  invalid_body: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

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

/** `{ "error": { "code", "message", "details"? } }` with the code's status. */
export function errorResponse(error: ApiError): Response {
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details?.length ? { details: error.details } : {}),
    },
  }
  return Response.json(body, {
    status: error.status,
    headers: { 'Cache-Control': 'no-store', ...error.headers },
  })
}

type Handler<Context> = (request: Request, context: Context) => Promise<Response>

/**
 * The one place errors become responses: an ApiError maps to its status and JSON body; anything
 * else is logged and answered with a generic 500 that reveals nothing.
 */
export function withErrorHandling<Context>(handler: Handler<Context>): Handler<Context> {
  return async (request, context) => {
    try {
      return await handler(request, context)
    } catch (error) {
      // Next.js signals (redirect(), notFound()) are control flow, not failures.
      unstable_rethrow(error)
      if (error instanceof ApiError) return errorResponse(error)
      if (isDatabaseUnavailable(error)) {
        logger.warn({ path: new URL(request.url).pathname }, 'database unavailable')
        return errorResponse(
          new ApiError('unavailable', 'The service is briefly unavailable. Try again shortly.', {
            headers: { 'Retry-After': '5' },
          }),
        )
      }
      logger.error(
        { method: request.method, path: new URL(request.url).pathname, err: String(error) },
        'unhandled error',
      )
      return errorResponse(new ApiError('internal_error', 'Something went wrong on our side.'))
    }
  }
}
