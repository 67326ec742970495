import { Writable } from 'node:stream'

import { pino } from 'pino'
import { describe, expect, it } from 'vitest'

import { PAYLOAD_LOG_OPTIONS } from './logger'

/** Payload's logger writing to memory: each line parsed. */
function payloadLogger() {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
  return { log: pino({ ...PAYLOAD_LOG_OPTIONS, level: 'info' }, sink), lines }
}

/** An error as a minified production build names it. */
function minified(message: string, status: number): Error {
  const error = Object.assign(new Error(message), { status })
  error.name = 'o'
  return error
}

describe("Payload's logger", () => {
  it('logs an error answered with a 4xx as the caller’s, at info', () => {
    const { log, lines } = payloadLogger()
    log.error({ err: minified('You are not allowed to perform this action.', 403) })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      status: 403,
      msg: 'You are not allowed to perform this action.',
    })
    expect(lines[0]).not.toHaveProperty('err')
  })

  it('keeps server errors and everything else as they are', () => {
    const { log, lines } = payloadLogger()
    log.error({ err: minified('database exploded', 500) })
    log.error({ err: new Error('no status') })
    log.error('plain message')
    log.warn({ err: minified('a warning stays a warning', 404) })
    expect(lines.map((line) => line.level)).toEqual(['error', 'error', 'error', 'warn'])
    expect(lines[0]).toHaveProperty('err')
  })
})
