import { pino, type LoggerOptions } from 'pino'

import { env } from '@/env'

/**
 * One JSON line per event on stdout, for the server, the app and Payload alike (payload.config.ts
 * hands Payload these options). Message bodies, credentials and addresses are never passed to
 * it; the redaction list is a second line of defence for fields that would carry them (not
 * `message`: errors' messages are what an operator needs).
 */
export const LOG_OPTIONS: LoggerOptions = {
  level: env.LOG_LEVEL,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  redact: {
    paths: [
      '*.authorization',
      '*.cookie',
      '*.password',
      '*.email',
      'headers.authorization',
      'headers.cookie',
    ],
    censor: '[redacted]',
  },
}

export const logger = pino(LOG_OPTIONS)

/**
 * Payload's logger: the same lines, with one correction. Payload logs the errors it answers at
 * `error` unless their class is named in its `loggingLevels` (Forbidden, NotFound, ValidationError
 * and Locked go to `info`); a production build minifies class names, so every refused request
 * (an anonymous 403, a 404) came out as an error with a stack trace. By status instead: an error
 * answered with a 4xx is the caller's, logged at `info` with its message and status.
 */
export const PAYLOAD_LOG_OPTIONS: LoggerOptions = {
  ...LOG_OPTIONS,
  name: 'payload',
  hooks: {
    logMethod(args, method, level) {
      const status = clientErrorStatus(args[0], level)
      if (status === undefined) return method.apply(this, args)
      const { err } = args[0] as { err: { message?: unknown } }
      return this.info({ status }, typeof err.message === 'string' ? err.message : 'Error')
    },
  },
}

const ERROR_LEVEL = 50

/** The status of a client error logged at `error` or above, if that is what this line is. */
export function clientErrorStatus(first: unknown, level: number): number | undefined {
  if (level < ERROR_LEVEL || typeof first !== 'object' || first === null) return undefined
  const status = (first as { err?: { status?: unknown } }).err?.status
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined
}
