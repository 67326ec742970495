/**
 * Machine-readable error codes of the public interface, each with its one HTTP status. Kept apart
 * from the response helpers (errors.ts, server only) so that collection hooks, which scripts load
 * too, answer with the same codes.
 */
export const ERROR_STATUS = {
  invalid_parameter: 400,
  invalid_body: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS
