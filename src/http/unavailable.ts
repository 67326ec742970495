/** PostgreSQL connection-exception and operator-intervention classes (SQLSTATE 08xxx, 57Pxx). */
const UNAVAILABLE_SQLSTATE = /^(08|57P)/
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
])
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i
/** Payload re-throws some connection failures as plain errors that only name the code in text. */
const NETWORK_CODE_IN_MESSAGE = new RegExp(`\\b(${[...UNAVAILABLE_NETWORK_CODES].join('|')})\\b`)

/**
 * Is this error (or one it wraps, as drizzle and Payload do) the database being out of reach
 * rather than a fault of ours? Those are answered 503, so clients retry and nothing is logged as a
 * bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') return false
    const { code, message, cause } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
    }
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NETWORK_CODES.has(code))
    )
      return true
    if (
      typeof message === 'string' &&
      (UNAVAILABLE_MESSAGES.test(message) || NETWORK_CODE_IN_MESSAGE.test(message))
    )
      return true
    current = cause
  }
  return false
}
