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
