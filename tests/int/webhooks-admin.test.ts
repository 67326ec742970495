import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAdmin, signIn } from '../support/admin'
import { runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase } from '../support/database'
import { lexical, uniqueSlug } from '../support/factories'
import { postInquiry, validInquiry } from '../support/inquiries'
import { poll, waitUntil } from '../support/poll'
import {
  startWebhookReceiver,
  verifies,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../support/webhook-receiver'

/**
 * The webhooks as admins manage them, and what a receiver gets: admins only; URLs refused with a
 * reason; a slow, huge or redirecting receiver costs a bounded attempt recorded as a failure; no
 * draft content nor inquiry text unless the endpoint opts in; "send again", "send test event",
 * secret rotation with an overlap window, and an endpoint disabled after a run of failures. On a
 * database of its own: only this file's instance delivers its webhooks.
 */
let databaseUrl: string
let db: pg.Client
let server: AppServer
let adminToken: string
/** Where ALERT_WEBHOOK_URL points: an endpoint disabled after failures is reported there. */
let alerts: WebhookReceiver
const receivers: WebhookReceiver[] = []
const ADMIN = { email: 'webhooks-admin@example.test', password: 'a-long-passphrase-webhooks' }

/** A subscription nothing in this file triggers: such an endpoint gets its test events only. */
const QUIET = { events: ['document.deleted'], collections: ['case-studies'] }

const DISABLE_AFTER_FAILURES = 3
const SECRET_OVERLAP_MS = 4_000
const TIMEOUT_MS = 1_000

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver()
  receivers.push(started)
  return started
}

/** A request to the instance, as the admin unless `authorization` says otherwise (null: none). */
function request(
  path: string,
  init: RequestInit & { authorization?: string | null } = {},
): Promise<Response> {
  const { authorization = `JWT ${adminToken}`, ...rest } = init
  return fetch(`${server.url}${path}`, {
    ...rest,
    headers: {
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
    },
  })
}

async function json<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await request(path, init)
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

interface Endpoint {
  id: number
  url: string
  secret: string
  enabled: boolean
  disabledReason: string | null
}

async function createEndpoint(data: Record<string, unknown>): Promise<Endpoint> {
  return (
    await json<{ doc: Endpoint }>('/api/webhook-endpoints', {
      method: 'POST',
      body: JSON.stringify(data),
    })
  ).doc
}

const endpointNow = (id: number) => json<Endpoint>(`/api/webhook-endpoints/${id}`)

interface LogEntry {
  id: number
  webhookId: string
  eventType: string
  status: string
  attempts: number
  responseStatus: number | null
  latencyMs: number | null
  error: string | null
  nextAttemptAt: string | null
}

const deliveryLog = (id: number) =>
  json<{ failureStreak: number; deliveries: LogEntry[] }>(`/api/webhook-endpoints/${id}/deliveries`)

async function sendTest(id: number): Promise<string> {
  const { webhookId } = await json<{ webhookId: string }>(
    `/api/webhook-endpoints/${id}/send-test`,
    { method: 'POST' },
  )
  return webhookId
}

/** The log entry of `webhookId` once `done` holds for it. */
function logEntry(
  endpointId: number,
  webhookId: string,
  done: (entry: LogEntry) => boolean,
): Promise<LogEntry> {
  return poll(
    `delivery ${webhookId}`,
    async () => {
      const entry = (await deliveryLog(endpointId)).deliveries.find(
        (delivery) => delivery.webhookId === webhookId,
      )
      return entry && done(entry) ? entry : undefined
    },
    { withinMs: 20_000, everyMs: 100 },
  )
}

const accepted = (target: WebhookReceiver, path: string, count: number) =>
  poll(
    `${count} webhooks at ${path}`,
    () => {
      const found = target.accepted(path)
      return found.length >= count ? found : undefined
    },
    { withinMs: 20_000, everyMs: 100 },
  )

const eventsOf = (entries: ReceivedWebhook[]) =>
  entries.map((entry) => JSON.parse(entry.body) as { type: string; data: Record<string, unknown> })

beforeAll(async () => {
  databaseUrl = await createTestDatabase(
    `consultancy_test_${process.env.TEST_RUN_ID ?? 'main'}_webhooks_admin`,
  )
  if ((await runScript('scripts/migrate.ts', { DATABASE_URL: databaseUrl })) !== 0)
    throw new Error('migrate')
  await createAdmin({ DATABASE_URL: databaseUrl }, ADMIN)
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  alerts = await receiver()
  server = await startApp('app-webhooks-admin', {
    DATABASE_URL: databaseUrl,
    ALERT_WEBHOOK_URL: `${alerts.url}/alerts`,
    TRUSTED_PROXIES: '127.0.0.1',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_RETRY_BASE_MS: '300',
    WEBHOOK_RETRY_MAX_MS: '1000',
    WEBHOOK_LEASE_MS: '3000',
    WEBHOOK_POLL_INTERVAL_MS: '200',
    WEBHOOK_DISABLE_AFTER_FAILURES: String(DISABLE_AFTER_FAILURES),
    WEBHOOK_SECRET_OVERLAP_MS: String(SECRET_OVERLAP_MS),
  })
  adminToken = await signIn(server.url, ADMIN)
})

afterAll(async () => {
  await server?.stop()
  await Promise.all(receivers.map((started) => started.stop()))
  await db?.end()
})

describe('webhook endpoints are for admins only', () => {
  it('refuses editors (403) and anonymous callers (401/403) on the collection and its actions', async () => {
    const target = await receiver()
    const endpoint = await createEndpoint({ url: `${target.url}/own`, ...QUIET })
    const editorEmail = `editor-${Date.now()}@example.test`
    const editorPassword = 'a-long-passphrase-editor'
    await json('/api/users', {
      method: 'POST',
      body: JSON.stringify({ email: editorEmail, password: editorPassword, roles: ['editor'] }),
    })
    const editor = `JWT ${await signIn(server.url, { email: editorEmail, password: editorPassword })}`

    const calls: [string, string, string?][] = [
      ['GET', '/api/webhook-endpoints'],
      ['GET', `/api/webhook-endpoints/${endpoint.id}`],
      ['POST', '/api/webhook-endpoints', JSON.stringify({ url: `${target.url}/x`, ...QUIET })],
      ['PATCH', `/api/webhook-endpoints/${endpoint.id}`, JSON.stringify({ enabled: false })],
      ['DELETE', `/api/webhook-endpoints/${endpoint.id}`],
      ['GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`],
      ['POST', `/api/webhook-endpoints/${endpoint.id}/send-test`],
      ['POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`],
      ['POST', `/api/webhook-endpoints/${endpoint.id}/deliveries/1/send-again`],
    ]
    for (const [method, path, body] of calls) {
      const asEditor = await request(path, { method, body, authorization: editor })
      expect([method, path, asEditor.status]).toEqual([method, path, 403])
      expect(((await asEditor.json()) as { error?: { code: string } }).error?.code).toBe(
        'forbidden',
      )
      const anonymous = await request(path, { method, body, authorization: null })
      expect([401, 403]).toContain(anonymous.status)
      expect(((await anonymous.json()) as { error?: { code: string } }).error).toBeDefined()
    }
    // The actions say which: no session is a 401.
    const noSession = await request(`/api/webhook-endpoints/${endpoint.id}/send-test`, {
      method: 'POST',
      authorization: null,
    })
    expect(noSession.status).toBe(401)
    // Nothing changed: the endpoint is there, enabled, with the secret it had, and no test went.
    expect(await endpointNow(endpoint.id)).toMatchObject({ enabled: true, secret: endpoint.secret })
    expect((await deliveryLog(endpoint.id)).deliveries).toEqual([])
  })

  it('shows the delivery log in the endpoint’s edit view', async () => {
    const target = await receiver()
    const endpoint = await createEndpoint({ url: `${target.url}/log`, ...QUIET })
    const webhookId = await sendTest(endpoint.id)
    await logEntry(endpoint.id, webhookId, (entry) => entry.status === 'delivered')
    const response = await fetch(
      `${server.url}/admin/collections/webhook-endpoints/${endpoint.id}`,
      {
        headers: { Cookie: `payload-token=${adminToken}`, 'Sec-Fetch-Site': 'same-origin' },
      },
    )
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Delivery log')
    expect(html).toContain(webhookId)
    expect(html).toContain('Send test event')
    expect(html).toContain('Rotate secret')
  })
})

describe('endpoint URLs', () => {
  it.each([
    [
      'ftp://hooks.example.com/events',
      'Webhook URLs must start with https:// (ftp:// is not accepted).',
    ],
    ['https://user:secret@hooks.example.com/', 'Remove the user name and password from the URL'],
    [
      'http://hooks.example.com/',
      'plain http:// is accepted only for hosts listed in WEBHOOK_ALLOWED_HOSTS',
    ],
    ['https://10.1.2.3/', '10.1.2.3 is a private address'],
    ['https://[::ffff:127.0.0.1]/', 'is a loopback address'],
    ['https://localhost/', 'localhost resolves to'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
  ])('refuses %s with a clear message', async (url, message) => {
    const response = await request('/api/webhook-endpoints', {
      method: 'POST',
      body: JSON.stringify({ url, events: ['redirect.created'] }),
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as {
      errors: { data?: { errors?: { path: string; message: string }[] } }[]
    }
    const fieldError = body.errors[0]?.data?.errors?.find((error) => error.path === 'url')
    expect(fieldError?.message).toContain(message)
  })
})

describe('deliveries', () => {
  it('sends a signed test event to the endpoint', async () => {
    const target = await receiver()
    const endpoint = await createEndpoint({ url: `${target.url}/test`, ...QUIET })
    expect(endpoint.secret).toMatch(/^whsec_/)
    const webhookId = await sendTest(endpoint.id)
    const [received] = await accepted(target, '/test', 1)
    expect(received!.headers['webhook-id']).toBe(webhookId)
    expect(verifies(received!, endpoint.secret)).toBe(true)
    expect(eventsOf([received!])[0]).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    })
    const entry = await logEntry(endpoint.id, webhookId, (row) => row.status === 'delivered')
    expect(entry).toMatchObject({
      attempts: 1,
      responseStatus: 204,
      error: null,
      nextAttemptAt: null,
    })
    expect(entry.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('records a slow, huge or redirecting receiver as a failure, at a bounded cost', async () => {
    const slow = await receiver()
    slow.setMode({ kind: 'slow', delayMs: 5_000 })
    const huge = await receiver()
    huge.setMode({ kind: 'huge', bytes: 256 * 1024 * 1024 })
    const redirecting = await receiver()
    redirecting.setMode({ kind: 'redirect', status: 307 })
    const [slowEndpoint, hugeEndpoint, redirectEndpoint] = await Promise.all(
      [slow, huge, redirecting].map((target) =>
        createEndpoint({ url: `${target.url}/bad`, ...QUIET }),
      ),
    )
    const [slowId, hugeId, redirectId] = await Promise.all(
      [slowEndpoint!, hugeEndpoint!, redirectEndpoint!].map((endpoint) => sendTest(endpoint.id)),
    )
    const attempted = (entry: LogEntry) => entry.attempts >= 1 && entry.error !== null

    const slowEntry = await logEntry(slowEndpoint!.id, slowId!, attempted)
    expect(slowEntry).toMatchObject({ status: 'pending', responseStatus: null })
    expect(slowEntry.error).toBe(`no answer within ${TIMEOUT_MS} ms`)
    expect(slowEntry.latencyMs).toBeGreaterThanOrEqual(TIMEOUT_MS)
    expect(slowEntry.latencyMs).toBeLessThan(TIMEOUT_MS + 1_000)
    expect(slowEntry.nextAttemptAt).not.toBeNull()

    const hugeEntry = await logEntry(hugeEndpoint!.id, hugeId!, attempted)
    expect(hugeEntry).toMatchObject({ status: 'pending', responseStatus: 200 })
    expect(hugeEntry.error).toBe('answer larger than 64 KiB')
    expect(hugeEntry.latencyMs).toBeLessThan(TIMEOUT_MS)
    expect(huge.huge.finished).toBe(false)
    expect(huge.huge.written).toBeLessThan(256 * 1024 * 1024)

    const redirectEntry = await logEntry(redirectEndpoint!.id, redirectId!, attempted)
    expect(redirectEntry).toMatchObject({ status: 'pending', responseStatus: 307 })
    expect(redirectEntry.error).toContain('redirects are not followed')
    expect(redirecting.redirectTargetHits).toBe(0)
  })

  it('sends ids, slugs, locales and URLs; drafts never; inquiry text only to the endpoint that opts in', async () => {
    const target = await receiver()
    const every = [
      'document.published',
      'document.unpublished',
      'document.deleted',
      'inquiry.received',
      'redirect.created',
      'settings.published',
    ]
    const plain = await createEndpoint({ url: `${target.url}/plain`, events: every })
    const full = await createEndpoint({
      url: `${target.url}/full`,
      events: every,
      includeContent: true,
    })
    const publicTitle = `Public title ${uniqueSlug('t')}`
    const draftSecret = `DRAFT-ONLY-${uniqueSlug('d')}`
    const inquiryText = `INQUIRY-TEXT-${uniqueSlug('i')}`
    const slug = uniqueSlug('webhook-content')

    // A draft (nothing public), then published in English, then a draft saved over it.
    const { doc } = await json<{ doc: { id: number } }>('/api/posts?locale=en&draft=true', {
      method: 'POST',
      body: JSON.stringify({
        _status: 'draft',
        slug,
        title: `${draftSecret} title`,
        content: lexical(`${draftSecret} body`),
        internalNotes: draftSecret,
      }),
    })
    await json(`/api/posts/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({
        _status: 'published',
        title: publicTitle,
        content: lexical('Public body'),
        internalNotes: draftSecret,
      }),
    })
    await json(`/api/posts/${doc.id}?locale=en&draft=true`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'draft', title: `${draftSecret} again` }),
    })
    // Unpublished; a redirect; the settings published; an inquiry; a published post deleted.
    await json(`/api/posts/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'draft' }),
    })
    await json('/api/redirects', {
      method: 'POST',
      body: JSON.stringify({ from: `/old-${slug}`, to: '/en/blog' }),
    })
    await json('/api/globals/site-settings?locale=en', {
      method: 'POST',
      body: JSON.stringify({ _status: 'published', tagline: `Tagline ${slug}` }),
    })
    const inquiry = validInquiry({ message: inquiryText })
    expect((await postInquiry(inquiry, { baseUrl: server.url })).status).toBe(201)
    const other = await json<{ doc: { id: number } }>('/api/posts?locale=en', {
      method: 'POST',
      body: JSON.stringify({
        _status: 'published',
        slug: `${slug}-other`,
        title: 'Another public title',
        content: lexical('x'),
      }),
    })
    await json(`/api/posts/${other.doc.id}`, { method: 'DELETE' })

    const expected = [
      'document.published:en',
      'document.unpublished:en',
      'redirect.created',
      'settings.published',
      'inquiry.received:en',
      'document.published:en',
      'document.deleted:en',
    ]
    const summary = (entries: ReceivedWebhook[]) =>
      eventsOf(entries).map((event) =>
        event.data.locale ? `${event.type}:${String(event.data.locale)}` : event.type,
      )
    const toPlain = await accepted(target, '/plain', expected.length)
    const toFull = await accepted(target, '/full', expected.length)
    await new Promise((resolve) => setTimeout(resolve, 500))
    // Events of different subjects may arrive in any order; one document's in the order made.
    expect(summary(target.accepted('/plain')).sort()).toEqual([...expected].sort())
    expect(summary(target.accepted('/full')).sort()).toEqual([...expected].sort())
    const ofPost = (entries: ReceivedWebhook[]) =>
      summary(
        entries.filter((entry) => {
          const [event] = eventsOf([entry])
          return event!.type.startsWith('document.') && event!.data.id === doc.id
        }),
      )
    expect(ofPost(toPlain)).toEqual(['document.published:en', 'document.unpublished:en'])
    expect(ofPost(toFull)).toEqual(['document.published:en', 'document.unpublished:en'])

    for (const entry of toPlain) {
      expect(verifies(entry, plain.secret)).toBe(true)
      for (const secret of [draftSecret, inquiryText, String(inquiry.email), publicTitle])
        expect(entry.body).not.toContain(secret)
    }
    for (const entry of toFull) {
      expect(verifies(entry, full.secret)).toBe(true)
      expect(entry.body).not.toContain(draftSecret)
    }
    const published = eventsOf(toPlain).find(
      (event) => event.type === 'document.published' && event.data.id === doc.id,
    )
    expect(published!.data).toEqual({
      collection: 'posts',
      id: doc.id,
      locale: 'en',
      slug,
      url: `${server.url}/en/blog/${slug}`,
      apiUrl: `${server.url}/api/posts/${doc.id}?locale=en`,
      publishedAt: expect.any(String),
    })
    const fullEvents = eventsOf(toFull)
    expect(
      fullEvents.find((event) => event.type === 'document.published' && event.data.id === doc.id)!
        .data,
    ).toMatchObject({ title: publicTitle })
    expect(fullEvents.find((event) => event.type === 'inquiry.received')!.data).toMatchObject({
      message: inquiryText,
      email: inquiry.email,
    })
    expect(
      eventsOf(toPlain).find((event) => event.type === 'redirect.created')!.data,
    ).toMatchObject({
      from: `/old-${slug}`,
      to: '/en/blog',
      toUrl: `${server.url}/en/blog`,
    })
    expect(
      eventsOf(toPlain).find((event) => event.type === 'settings.published')!.data,
    ).toMatchObject({
      global: 'site-settings',
      urls: { en: `${server.url}/en`, es: `${server.url}/es` },
    })
  })

  it('sends a delivery again with the same id and body, freshly signed', async () => {
    const target = await receiver()
    const endpoint = await createEndpoint({ url: `${target.url}/again`, ...QUIET })
    const webhookId = await sendTest(endpoint.id)
    const entry = await logEntry(endpoint.id, webhookId, (row) => row.status === 'delivered')
    const response = await request(
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${entry.id}/send-again`,
      { method: 'POST' },
    )
    expect(response.status).toBe(202)
    const [first, second] = await accepted(target, '/again', 2)
    expect(second!.headers['webhook-id']).toBe(webhookId)
    expect(second!.body).toBe(first!.body)
    expect(verifies(second!, endpoint.secret)).toBe(true)
    await logEntry(endpoint.id, webhookId, (row) => row.status === 'delivered')

    const missing = await request(
      `/api/webhook-endpoints/${endpoint.id}/deliveries/999999999/send-again`,
      { method: 'POST' },
    )
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found')
  })

  it('signs with both secrets during the overlap after a rotation, then with the new one', async () => {
    const target = await receiver()
    const endpoint = await createEndpoint({ url: `${target.url}/rotate`, ...QUIET })
    const rotated = await json<{ secret: string; previousSecretExpiresAt: string }>(
      `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
      { method: 'POST' },
    )
    expect(rotated.secret).toMatch(/^whsec_/)
    expect(rotated.secret).not.toBe(endpoint.secret)
    expect(Date.parse(rotated.previousSecretExpiresAt) - Date.now()).toBeLessThanOrEqual(
      SECRET_OVERLAP_MS,
    )
    expect(await endpointNow(endpoint.id)).toMatchObject({ secret: rotated.secret })

    await sendTest(endpoint.id)
    const [during] = await accepted(target, '/rotate', 1)
    expect(during!.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    expect(verifies(during!, endpoint.secret)).toBe(true)
    expect(verifies(during!, rotated.secret)).toBe(true)

    await waitUntil(
      'the overlap over',
      () => Date.now() > Date.parse(rotated.previousSecretExpiresAt),
      {
        withinMs: SECRET_OVERLAP_MS + 2_000,
        everyMs: 100,
      },
    )
    await sendTest(endpoint.id)
    const [, after] = await accepted(target, '/rotate', 2)
    expect(after!.headers['webhook-signature']!.split(' ')).toHaveLength(1)
    expect(verifies(after!, rotated.secret)).toBe(true)
    expect(verifies(after!, endpoint.secret)).toBe(false)
  })

  it('disables an endpoint after the configured run of failures, tells admins, and resumes when enabled', async () => {
    const target = await receiver()
    target.setMode({ kind: 'fail', status: 500 })
    const endpoint = await createEndpoint({
      url: `${target.url}/failing`,
      events: ['redirect.created'],
    })
    const from = `/gone-${uniqueSlug('r')}`
    await json('/api/redirects', { method: 'POST', body: JSON.stringify({ from, to: '/en/blog' }) })

    const disabled = await poll(
      'the endpoint disabled',
      async () => {
        const now = await endpointNow(endpoint.id)
        return now.enabled ? undefined : now
      },
      { withinMs: 20_000, everyMs: 100 },
    )
    expect(disabled.disabledReason).toMatch(
      new RegExp(`^${DISABLE_AFTER_FAILURES} failed deliveries in a row \\(last: answered 500`),
    )
    expect(target.received).toHaveLength(DISABLE_AFTER_FAILURES)
    // The waiting delivery is held, not lost; new events are not stored for a disabled endpoint.
    const held = await poll(
      'the delivery held',
      async () => {
        const log = await deliveryLog(endpoint.id)
        return log.deliveries[0]?.status === 'held' ? log : undefined
      },
      { withinMs: 10_000, everyMs: 100 },
    )
    expect(held.deliveries).toHaveLength(1)
    expect(held.failureStreak).toBe(DISABLE_AFTER_FAILURES)
    await json('/api/redirects', {
      method: 'POST',
      body: JSON.stringify({ from: `${from}-later`, to: '/en/blog' }),
    })
    expect((await deliveryLog(endpoint.id)).deliveries).toHaveLength(1)

    // The admins' notice, on the dashboard; the alert endpoint told, without the URL's path.
    const dashboard = await fetch(`${server.url}/admin`, {
      headers: { Cookie: `payload-token=${adminToken}`, 'Sec-Fetch-Site': 'same-origin' },
    })
    expect(await dashboard.text()).toContain('disabled after failing again and again')
    const alert = await poll(
      'the alert',
      () =>
        eventsOf(alerts.accepted('/alerts')).find(
          (body) => (body as unknown as { endpointId: number }).endpointId === endpoint.id,
        ),
      { withinMs: 10_000, everyMs: 100 },
    )
    expect(alert).toMatchObject({
      event: 'webhook_endpoint_disabled',
      host: `127.0.0.1:${target.port}`,
      failures: DISABLE_AFTER_FAILURES,
      adminUrl: `${server.url}/admin/collections/webhook-endpoints/${endpoint.id}`,
    })
    expect(JSON.stringify(alert)).not.toContain('/failing')

    // Fixed and enabled again: the held delivery goes, with the id it had.
    target.setMode({ kind: 'accept' })
    await json(`/api/webhook-endpoints/${endpoint.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ enabled: true }),
    })
    const [delivered] = await accepted(target, '/failing', 1)
    expect(delivered!.headers['webhook-id']).toBe(held.deliveries[0]!.webhookId)
    expect(eventsOf([delivered!])[0]!.data).toMatchObject({ from })
    expect(await endpointNow(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null })
    expect((await deliveryLog(endpoint.id)).failureStreak).toBe(0)
  })

  it('forgets an endpoint’s deliveries when it is deleted', async () => {
    const target = await receiver()
    const endpoint = await createEndpoint({ url: `${target.url}/deleted`, ...QUIET })
    const webhookId = await sendTest(endpoint.id)
    await logEntry(endpoint.id, webhookId, (entry) => entry.status === 'delivered')
    const count = async () =>
      Number(
        (
          await db.query<{ count: string }>(
            'select count(*) from webhook_deliveries where endpoint_id = $1',
            [endpoint.id],
          )
        ).rows[0]!.count,
      )
    expect(await count()).toBe(1)
    await json(`/api/webhook-endpoints/${endpoint.id}`, { method: 'DELETE' })
    expect(await count()).toBe(0)
    const log = await request(`/api/webhook-endpoints/${endpoint.id}/deliveries`)
    expect(log.status).toBe(404)
  })
})
