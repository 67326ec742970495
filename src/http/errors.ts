import 'server-only'

import { unstable_rethrow } from 'next/navigation'

import { logger } from '@/lib/logger'

import { isDatabaseUnavailable } from './unavailable'

import { ApiError } from './api-error'

export { ApiError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from './api-error'

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
