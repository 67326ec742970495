import { EventEmitter } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { startTracing, type Tracing } from './sdk'
import { querySummary, pgTracingQueries, SUMMARY_TABLES_MAX } from './traced-pg'
import { tracedRequest, withSpan } from './tracing'

/** Tracing on, its spans kept in memory: what each span says and which span is its parent. */
const exporter = new InMemorySpanExporter()
let tracing: Tracing

beforeAll(() => {
  process.env.OTEL_BSP_SCHEDULE_DELAY = '10'
  tracing = startTracing({ serviceName: 'tracing-test', exporter })
})
afterAll(() => tracing.shutdown())
beforeEach(() => exporter.reset())

/** The exported spans once `count` of them have arrived. */
async function spans(count: number): Promise<ReadableSpan[]> {
  return vi.waitFor(
    () => {
      const finished = exporter.getFinishedSpans()
      if (finished.length < count)
        throw new Error(`${finished.map((span) => span.name).join(', ')}: not ${count} spans`)
      return finished
    },
    { timeout: 3_000, interval: 10 },
  )
}

const named = (all: ReadableSpan[], name: string) => {
  const span = all.find((candidate) => candidate.name === name)
  if (!span) throw new Error(`no span ${name} among ${all.map((each) => each.name).join(', ')}`)
  return span
}

const isChildOf = (child: ReadableSpan, parent: ReadableSpan) =>
  child.spanContext().traceId === parent.spanContext().traceId &&
  child.parentSpanContext?.spanId === parent.spanContext().spanId

/** Serves one request through `tracedRequest` with `handle`, as the project's server does. */
async function serveOne(
  target: string,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<void> {
  const server = createServer((request, response) =>
    tracedRequest(request, response, () => handle(request, response)),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}${target}`, {
      headers: { authorization: 'Bearer not-for-spans' },
    })
    await response.text()
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('a request span', () => {
  it('names the method and surface, and records the status and the cache answer: no path or query', async () => {
    await serveOne('/api/posts?where[title][equals]=secret', (_request, response) => {
      // As the response cache answers a hit: its head written by writeHead alone.
      response.writeHead(200, { 'x-cache': 'HIT', 'content-type': 'application/json' })
      response.end('{}')
    })
    const [request] = await spans(1)
    expect(request!.name).toBe('GET api')
    expect(request!.kind).toBe(SpanKind.SERVER)
    expect(request!.parentSpanContext).toBeUndefined()
    expect(request!.attributes).toEqual({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'url.scheme': 'http',
      'network.protocol.version': '1.1',
      'app.surface': 'api',
      'app.cache_status': 'HIT',
    })
    expect(request!.status.code).toBe(SpanStatusCode.UNSET)
    expect(request!.resource.attributes['service.name']).toBe('tracing-test')
  })

  it('is failed by a server error, not by a client error', async () => {
    await serveOne('/api/posts', (_request, response) => response.writeHead(503).end())
    await serveOne('/nowhere', (_request, response) => response.writeHead(404).end())
    const [server, client] = await spans(2)
    expect(server!.status.code).toBe(SpanStatusCode.ERROR)
    expect(server!.attributes['error.type']).toBe('503')
    expect(client!.status.code).toBe(SpanStatusCode.UNSET)
    expect(client!.attributes['app.cache_status']).toBeUndefined()
  })

  it("is the parent of the spans made while it is handled, through other libraries' spans", async () => {
    await serveOne('/en/blog/a-post', (_request, response) => {
      // Next.js's own tracer: its spans record nothing and keep the request span as parent.
      void trace.getTracer('next.js').startActiveSpan('render route', async (rendering) => {
        await withSpan('webhook.deliver', { 'app.webhook.event': 'test' }, async () => {})
        rendering.end()
        response.end('ok')
      })
    })
    const all = await spans(2)
    expect(all.map((span) => span.name).sort()).toEqual(['GET page', 'webhook.deliver'])
    expect(isChildOf(named(all, 'webhook.deliver'), named(all, 'GET page'))).toBe(true)
    expect(named(all, 'webhook.deliver').attributes['app.webhook.event']).toBe('test')
  })

  it('is no parent of work that outlives it: that begins a trace of its own', async () => {
    let inRequestContext: ((work: () => Promise<void>) => Promise<void>) | undefined
    await serveOne('/api/inquiries', (_request, response) => {
      inRequestContext = context.bind(context.active(), (work: () => Promise<void>) => work())
      response.end()
    })
    const [request] = await spans(1)
    await inRequestContext!(() => withSpan('webhook.deliver', {}, async () => {}))
    const outliving = named(await spans(2), 'webhook.deliver')
    expect(outliving.parentSpanContext).toBeUndefined()
    expect(outliving.spanContext().traceId).not.toBe(request!.spanContext().traceId)
  })
})

describe('withSpan', () => {
  it('with newTrace, begins a trace of its own inside an open span', async () => {
    await withSpan('outer', {}, () =>
      withSpan('mail.send', {}, async () => {}, { kind: 'client', newTrace: true }),
    )
    const all = await spans(2)
    const mail = named(all, 'mail.send')
    expect(mail.kind).toBe(SpanKind.CLIENT)
    expect(mail.parentSpanContext).toBeUndefined()
    expect(mail.spanContext().traceId).not.toBe(named(all, 'outer').spanContext().traceId)
  })

  it("records a failure's type, never its message, and rethrows it", async () => {
    const refused = Object.assign(new Error('550 rejected for ana@example.com'), {
      code: 'EENVELOPE',
    })
    await expect(
      withSpan('mail.send', { skipped: undefined }, () => Promise.reject(refused)),
    ).rejects.toBe(refused)
    const [mail] = await spans(1)
    expect(mail!.status).toEqual({ code: SpanStatusCode.ERROR })
    expect(mail!.attributes).toEqual({ 'error.type': 'EENVELOPE' })
    expect(mail!.events).toEqual([])
  })
})

/** A node-postgres client that answers every query after `delayMs`, failing those saying `fail`. */
class FakeClient extends EventEmitter {
  host = 'db.internal'
  port = 5432
  database = 'site'
  /** What node-postgres's pool asks before it keeps a released client. */
  _queryable = true
  connect(done: (error?: Error) => void) {
    setImmediate(() => done())
  }
  query(config: unknown, values?: unknown, callback?: (error: unknown, result?: unknown) => void) {
    const text = typeof config === 'string' ? config : (config as { text: string }).text
    const answer = new Promise((resolve, reject) =>
      setTimeout(
        () =>
          text.includes('fail')
            ? reject(Object.assign(new Error(`bad value ${String(values)}`), { code: '22P02' }))
            : resolve({ rows: [] }),
        5,
      ),
    )
    if (typeof callback !== 'function') return answer
    answer.then(
      (result) => callback(undefined, result),
      (error) => callback(error),
    )
  }
  end(done?: () => void) {
    done?.()
  }
}

describe('query spans', () => {
  const pool = new (pgTracingQueries().Pool)({ Client: FakeClient as never, max: 1 })
  afterAll(() => pool.end())

  it("are children of their request, even when another request's query releases their client", async () => {
    // One client: the second query waits for the first to release it, and is handed it then.
    const request = (name: string, text: string) =>
      withSpan(name, {}, () => pool.query(text, ['value']))
    await Promise.all([
      request('first', 'select "id" from "posts" where "slug" = $1'),
      request('second', 'insert into "inquiries" ("name") values (\'Ana\') returning "id"'),
    ])
    const all = await spans(4)
    const select = named(all, 'SELECT posts')
    const insert = named(all, 'INSERT inquiries')
    expect(isChildOf(select, named(all, 'first'))).toBe(true)
    expect(isChildOf(insert, named(all, 'second'))).toBe(true)
    expect(select.kind).toBe(SpanKind.CLIENT)
    expect(select.attributes).toEqual({
      'db.system.name': 'postgresql',
      'db.operation.name': 'SELECT',
      'db.query.summary': 'SELECT posts',
      'db.namespace': 'site',
      'server.address': 'db.internal',
      'server.port': 5432,
    })
    // No statement text, no values.
    for (const span of all) expect(JSON.stringify(span.attributes)).not.toMatch(/Ana|value|slug/)
  })

  it("record a failed query's SQLSTATE only", async () => {
    await withSpan('request', {}, () =>
      pool.query('select fail from "posts"', ['secret']).catch(() => undefined),
    )
    const query = named(await spans(2), 'SELECT posts')
    expect(query.status.code).toBe(SpanStatusCode.ERROR)
    expect(query.attributes['db.response.status_code']).toBe('22P02')
    expect(query.attributes['error.type']).toBe('22P02')
    expect(JSON.stringify([query.name, query.attributes, query.events])).not.toContain('secret')
  })

  it('are not made outside an open span (the job queue and outbox polls)', async () => {
    await pool.query('select 1')
    const client = await pool.connect()
    await client.query('select 2')
    client.release()
    await withSpan('marker', {}, async () => {})
    expect((await spans(1)).map((span) => span.name)).toEqual(['marker'])
  })
})

describe('querySummary', () => {
  it.each([
    ['select "posts"."id" from "posts" "posts" where "posts"."id" = $1', 'SELECT posts'],
    ['  WITH recent AS (SELECT id FROM public.posts) SELECT * FROM recent', 'SELECT public.posts'],
    [
      'with "p" as (select id from posts where (a in (select 1))), q as (select 1) ' +
        'update "posts_locales" set x = 1 from p, q',
      'UPDATE posts posts_locales',
    ],
    [
      'select * from "posts" left join lateral (select * from "posts_locales") "l" on true',
      'SELECT posts posts_locales',
    ],
    ['update "inquiries" set "x" = $1', 'UPDATE inquiries'],
    ['select * from unnest($1::int[]) as ids join only "posts" on true', 'SELECT posts'],
    ['delete from mail_outbox where id = $1', 'DELETE mail_outbox'],
    ["select 'from secret_table' as x from posts", 'SELECT posts'],
    ['select extract(epoch from now()), a is distinct from b from "t" -- from hidden', 'SELECT t'],
    ['begin', 'BEGIN'],
    ['', 'postgresql'],
  ])('%s → %s', (text, summary) => {
    expect(querySummary(text).summary).toBe(summary)
  })

  it(`names at most ${SUMMARY_TABLES_MAX} tables`, () => {
    const text = 'select * from a join b on true join c on true join d on true join e on true'
    expect(querySummary(text)).toEqual({ operation: 'SELECT', summary: 'SELECT a b c d' })
  })
})
