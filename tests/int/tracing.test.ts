import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase } from '../support/database'
import { postInquiry, uniqueClient, validInquiry } from '../support/inquiries'
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver'
import { poll } from '../support/poll'
import { parseMail, startSmtpCatcher, type SmtpCatcher } from '../support/smtp'

/**
 * Traces, as a collector receives them: an instance started with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointing at a local OTLP/HTTP receiver. On a database of its own, so that its mail worker
 * sends this file's inquiry and no other instance's worker does.
 */
const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const
const STATUS_ERROR = 2

let databaseUrl: string
let receiver: OtlpReceiver
let smtp: SmtpCatcher
const apps: AppServer[] = []

async function tracedApp(name: string, env: Record<string, string> = {}): Promise<AppServer> {
  const app = await startApp(name, {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    // Spans leave in batches; the batch is sent this often (OpenTelemetry's setting).
    OTEL_BSP_SCHEDULE_DELAY: '50',
    TRUSTED_PROXIES: '127.0.0.1, ::1',
    MAIL_POLL_INTERVAL_MS: '200',
    ...env,
  })
  apps.push(app)
  return app
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase(
    `consultancy_test_${process.env.TEST_RUN_ID ?? 'main'}_tracing`,
  )
  if ((await runScript('scripts/migrate.ts', { DATABASE_URL: databaseUrl })) !== 0)
    throw new Error('migrate')
  receiver = await startOtlpReceiver()
  smtp = await startSmtpCatcher()
})

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()))
  await receiver?.stop()
  await smtp?.stop()
})

const isQuery = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'postgresql'

/** The spans received since `mark` (an index into the receiver's spans). */
const receivedSince = (mark: number) => receiver.spans.slice(mark)

/**
 * The request span received since `mark` (an index into the receiver's spans) of `surface`, with
 * `cacheStatus` if given and from `service`, once it arrives. (The readiness probe's request, an
 * API request too, may arrive after the mark.)
 */
function requestSpan(
  mark: number,
  {
    surface,
    cacheStatus,
    service = 'consultancy-site',
  }: { surface: string; cacheStatus?: string; service?: string },
) {
  return poll(`a request span of ${surface}`, () =>
    receivedSince(mark).find(
      (span) =>
        span.kind === SPAN_KIND.server &&
        span.attributes['app.surface'] === surface &&
        (cacheStatus === undefined || span.attributes['app.cache_status'] === cacheStatus) &&
        span.serviceName === service,
    ),
  )
}

/** The spans received so far whose parent is `parent`. */
const childrenOf = (parent: ReceivedSpan) =>
  receiver.spans.filter(
    (span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId,
  )

/** Polls `path` until the response cache answers it (HIT): the cache is filling. */
async function untilCached(baseUrl: string, path: string): Promise<void> {
  await poll(
    `${path} answered from the cache`,
    async () => {
      const response = await fetch(`${baseUrl}${path}`)
      await response.arrayBuffer()
      return response.headers.get('x-cache') === 'HIT' || undefined
    },
    { withinMs: 20_000, everyMs: 100 },
  )
}

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let app: AppServer
  beforeAll(async () => {
    app = await tracedApp('app-tracing')
    // The cache fills once the change feed is connected.
    await untilCached(app.url, '/robots.txt')
  })

  it("an API read's miss: its span says so, and its PostgreSQL queries are its children", async () => {
    const mark = receiver.spans.length
    const response = await fetch(`${app.url}/api/posts?limit=2&sort=-publishedAt`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-cache')).toBe('MISS')
    await response.arrayBuffer()

    const request = await requestSpan(mark, { surface: 'api', cacheStatus: 'MISS' })
    expect(request.name).toBe('GET api')
    expect(request.parentSpanId).toBeUndefined()
    expect(request.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'app.cache_status': 'MISS',
    })
    const queries = childrenOf(request).filter(isQuery)
    expect(queries.length).toBeGreaterThan(0)
    for (const query of queries) {
      expect(query.kind).toBe(SPAN_KIND.client)
      expect(query.attributes['db.operation.name']).toBe('SELECT')
      expect(query.attributes['db.query.summary']).toMatch(/^SELECT\b.*\bposts\b/)
    }
    // The surface, never the path or its query.
    expect(JSON.stringify(receivedSince(mark))).not.toMatch(/publishedAt|limit=|\/api\/posts/)
  })

  it('a cache hit: its span says HIT, and nothing ran below it', async () => {
    const path = '/api/posts?limit=3'
    await untilCached(app.url, path)
    const mark = receiver.spans.length
    const response = await fetch(`${app.url}${path}`)
    expect(response.headers.get('x-cache')).toBe('HIT')
    await response.arrayBuffer()

    const request = await requestSpan(mark, { surface: 'api', cacheStatus: 'HIT' })
    expect(request.attributes).toMatchObject({
      'http.response.status_code': 200,
      'app.cache_status': 'HIT',
    })
    expect(childrenOf(request)).toEqual([])
  })

  it('an inquiry: its INSERT under the request; its mail, sent by the worker, a trace of its own', async () => {
    const mark = receiver.spans.length
    const client = uniqueClient()
    const inquiry = validInquiry()
    expect((await postInquiry(inquiry, { baseUrl: app.url, client })).status).toBe(201)

    const request = await requestSpan(mark, { surface: 'inquiry' })
    expect(request.name).toBe('POST inquiry')
    expect(request.attributes['http.response.status_code']).toBe(201)
    expect(request.attributes['app.cache_status']).toBeUndefined()
    const operations = childrenOf(request)
      .filter(isQuery)
      .map((span) => span.attributes['db.operation.name'])
    expect(operations).toContain('INSERT')

    const mail = await poll('the mail.send span', () =>
      receivedSince(mark).find((span) => span.name === 'mail.send'),
    )
    expect(mail.kind).toBe(SPAN_KIND.client)
    expect(mail.parentSpanId).toBeUndefined()
    expect(mail.traceId).not.toBe(request.traceId)
    expect(mail.statusCode).not.toBe(STATUS_ERROR)
    expect(mail.attributes['app.mail.transport']).toBe('smtp')
    const delivered = await poll('the inquiry at the SMTP server', () =>
      smtp.received.find((received) => received.raw.includes(String(inquiry.email))),
    )
    expect(mail.attributes['app.mail.message_id']).toBe(
      parseMail(delivered.raw).headers.get('message-id'),
    )

    // Nothing of the sender, and not their address.
    const everything = JSON.stringify(receivedSince(mark))
    for (const value of [inquiry.email, inquiry.name, inquiry.message, client])
      expect(everything).not.toContain(String(value))
  })

  it('queries outside a request (the job queue, the outbox polls) make no spans', async () => {
    // The mail worker polls every 200 ms: by now it has queried many times with no request open.
    const queries = receiver.spans.filter(isQuery)
    expect(queries.length).toBeGreaterThan(0)
    expect(queries.filter((span) => span.parentSpanId === undefined)).toEqual([])
  })

  it("only the project's spans are sent: Next.js's own are not", () => {
    expect(new Set(receiver.spans.map((span) => span.scope))).toEqual(new Set(['consultancy-site']))
    expect(receiver.refused).toEqual([])
  })
})

describe('traces with prepared statements off (plain pg)', () => {
  let app: AppServer
  beforeAll(async () => {
    app = await tracedApp('app-tracing-plain-pg', {
      DATABASE_PREPARED_STATEMENTS: 'off',
      OTEL_SERVICE_NAME: 'consultancy-plain-pg',
    })
    await untilCached(app.url, '/robots.txt')
  })

  it("an API read's queries are its children", async () => {
    const mark = receiver.spans.length
    const response = await fetch(`${app.url}/api/case-studies?limit=2`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-cache')).toBe('MISS')
    await response.arrayBuffer()

    const request = await requestSpan(mark, {
      surface: 'api',
      cacheStatus: 'MISS',
      service: 'consultancy-plain-pg',
    })
    const summaries = childrenOf(request)
      .filter(isQuery)
      .map((span) => span.attributes['db.query.summary'])
    expect(summaries.length).toBeGreaterThan(0)
    expect(summaries.some((summary) => /^SELECT\b.*\bcase_studies\b/.test(String(summary)))).toBe(
      true,
    )
  })
})
