import { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { describe, expect, it } from 'vitest'

import { tracedRequest, withSpan } from './tracing'
import { pgTracingQueries } from './traced-pg'

/** Where @opentelemetry/api keeps what is registered (a provider, a context manager, ...). */
const OPENTELEMETRY_GLOBAL = Symbol.for('opentelemetry.js.api.1')

/** Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT, the SDK never started): nothing happens. */
describe('tracing, off', () => {
  it('tracedRequest only calls the handler, at once, and leaves the response alone', () => {
    const response = new EventEmitter()
    let handled = 0
    tracedRequest(
      { method: 'GET', url: '/api/posts?limit=1' } as IncomingMessage,
      response as unknown as ServerResponse,
      () => (handled += 1),
    )
    expect(handled).toBe(1)
    expect(response.eventNames()).toEqual([])
  })

  it("withSpan hands back its work's own promise", async () => {
    const work = Promise.resolve('sent')
    const returned = withSpan('mail.send', { 'app.mail.transport': 'smtp' }, () => work)
    expect(returned).toBe(work)
    await expect(returned).resolves.toBe('sent')
  })

  it("a traced pool's query is the client's own call", async () => {
    const calls: unknown[][] = []
    class Client extends EventEmitter {
      _queryable = true
      connect(done: (error?: Error) => void) {
        setImmediate(() => done())
      }
      query(...args: unknown[]) {
        calls.push(args)
        return Promise.resolve({ rows: [] })
      }
      end(done?: () => void) {
        done?.()
      }
    }
    const pool = new (pgTracingQueries().Pool)({ Client: Client as never, max: 1 })
    const client = await pool.connect()
    await client.query('select 1', [])
    client.release()
    await pool.end()
    expect(calls).toEqual([['select 1', []]])
  })

  it('registers nothing with OpenTelemetry: no provider, context manager or propagator', () => {
    expect((globalThis as Record<symbol, unknown>)[OPENTELEMETRY_GLOBAL]).toBeUndefined()
  })
})
