import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createAdmin, signIn } from '../support/admin'
import { runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase } from '../support/database'
import { lexical, uniqueSlug } from '../support/factories'
import { waitUntil } from '../support/poll'
import {
  startWebhookReceiver,
  verifies,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../support/webhook-receiver'

/**
 * Webhooks are never lost: stored with the write that made them, delivered at least once with a
 * stable id, in order per document and endpoint, across a crash mid-delivery, a receiver that is
 * down for several retries, and more than one instance. On a database of its own, so that no
 * instance but the test's own delivers these webhooks.
 */
let databaseUrl: string
let db: pg.Client
const apps: AppServer[] = []
const receivers: WebhookReceiver[] = []
const ADMIN = { email: 'webhooks-admin@example.test', password: 'a-long-passphrase-webhooks' }

/** Quick retries, a short lease (a killed instance's attempt is taken over soon), no disabling. */
const WEBHOOK_SETTINGS = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_RETRY_BASE_MS: '300',
  WEBHOOK_RETRY_MAX_MS: '1500',
  WEBHOOK_LEASE_MS: '3000',
  WEBHOOK_POLL_INTERVAL_MS: '200',
  WEBHOOK_DISABLE_AFTER_FAILURES: '1000',
  TRUSTED_PROXIES: '127.0.0.1',
}

async function app(name: string, env: Record<string, string> = {}): Promise<AppServer> {
  const started = await startApp(name, { DATABASE_URL: databaseUrl, ...WEBHOOK_SETTINGS, ...env })
  apps.push(started)
  return started
}

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver()
  receivers.push(started)
  return started
}

let adminToken: string | undefined

/** A JSON request to `server` as the admin (one session serves every instance); throws on a non-2xx answer. */
async function asAdmin<T = Record<string, unknown>>(
  server: AppServer,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  adminToken ??= await signIn(server.url, ADMIN)
  const token = adminToken
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

interface Endpoint {
  id: number
  secret: string
}

async function createEndpoint(server: AppServer, data: Record<string, unknown>): Promise<Endpoint> {
  const { doc } = await asAdmin<{ doc: Endpoint }>(server, '/api/webhook-endpoints', {
    method: 'POST',
    body: JSON.stringify(data),
  })
  return doc
}

/** A post published in English and Spanish, as an editor does it. */
async function publishPost(server: AppServer): Promise<number> {
  const slug = uniqueSlug('webhook-post')
  const { doc } = await asAdmin<{ doc: { id: number } }>(server, '/api/posts?locale=en', {
    method: 'POST',
    body: JSON.stringify({
      _status: 'published',
      slug,
      title: `Title ${slug}`,
      content: lexical('Body'),
    }),
  })
  await asAdmin(server, `/api/posts/${doc.id}?locale=es`, {
    method: 'PATCH',
    body: JSON.stringify({
      _status: 'published',
      title: `Título ${slug}`,
      content: lexical('Cuerpo'),
    }),
  })
  return doc.id
}

interface DeliveryRow {
  id: number
  webhook_id: string
  endpoint_id: number
  ordering_key: string
  status: string
  attempts: number
}

async function deliveryRows(): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    `select id::int as id, webhook_id, endpoint_id, ordering_key, status, attempts
       from webhook_deliveries order by id`,
  )
  return rows
}

const until = (what: string, check: () => Promise<boolean> | boolean, withinMs = 30_000) =>
  waitUntil(what, check, { withinMs, everyMs: 100 })

beforeAll(async () => {
  databaseUrl = await createTestDatabase(
    `consultancy_test_${process.env.TEST_RUN_ID ?? 'main'}_webhooks`,
  )
  if ((await runScript('scripts/migrate.ts', { DATABASE_URL: databaseUrl })) !== 0)
    throw new Error('migrate')
  await createAdmin({ DATABASE_URL: databaseUrl }, ADMIN)
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
})

afterEach(async () => {
  await Promise.all(apps.splice(0).map((started) => started.stop()))
  await Promise.all(receivers.splice(0).map((started) => started.stop()))
})

afterAll(async () => {
  await db?.end()
})

describe('webhooks that are never lost', () => {
  it('survives a crash mid-delivery and a receiver down for several retries: every id arrives, signed, in order per document', async () => {
    const target = await receiver()
    target.setMode({ kind: 'hang' })
    const first = await app('app-webhooks-first')
    const documents = ['document.published', 'document.unpublished', 'document.deleted']
    const endpoints = [
      await createEndpoint(first, { url: `${target.url}/a`, events: documents }),
      await createEndpoint(first, {
        url: `${target.url}/b`,
        events: documents,
        collections: ['posts'],
      }),
    ]
    const posts = [await publishPost(first), await publishPost(first), await publishPost(first)]

    // A webhook is under way (the receiver read it and holds the answer): the instance dies.
    await until('a webhook in flight', () => target.received.length > 0)
    first.process.kill('SIGKILL')
    await until('the first instance gone', () => first.process.signalCode !== null)
    expect(target.received.every((entry) => entry.answered === null)).toBe(true)

    // The receiver goes down; another instance takes over and writes more events meanwhile.
    const port = target.port
    await target.stop()
    const second = await app('app-webhooks-second')
    await asAdmin(second, `/api/posts/${posts[0]}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'draft' }),
    })
    await asAdmin(second, `/api/posts/${posts[1]}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published', title: 'Renamed in English' }),
    })
    await asAdmin(second, `/api/posts/${posts[2]}`, { method: 'DELETE' })
    await until(
      'several failed retries while the receiver is down',
      async () => Math.max(...(await deliveryRows()).map((row) => row.attempts)) >= 4,
    )
    expect((await deliveryRows()).some((row) => row.status === 'delivered')).toBe(false)

    // The receiver comes back on its address: everything is delivered.
    const back = await startWebhookReceiver(port)
    receivers.push(back)
    await until(
      'every delivery delivered',
      async () => (await deliveryRows()).every((row) => row.status === 'delivered'),
      60_000,
    )
    const rows = await deliveryRows()
    // Per post: published en (saved in English), published en and es (then in Spanish); then
    // unpublished en, es / published en, es / deleted en, es.
    expect(rows.filter((row) => row.endpoint_id === endpoints[0]!.id)).toHaveLength(15)
    expect(rows.filter((row) => row.endpoint_id === endpoints[1]!.id)).toHaveLength(15)

    for (const [index, endpoint] of endpoints.entries()) {
      const path = index === 0 ? '/a' : '/b'
      const mine = rows.filter((row) => row.endpoint_id === endpoint.id)
      const accepted = back.accepted(path)
      const byId = new Map<string, ReceivedWebhook[]>()
      for (const entry of accepted)
        byId.set(entry.headers['webhook-id']!, [
          ...(byId.get(entry.headers['webhook-id']!) ?? []),
          entry,
        ])
      // Every event's id arrived (distinct ids counted), and nothing else did.
      expect([...byId.keys()].sort()).toEqual(mine.map((row) => row.webhook_id).sort())
      for (const copies of byId.values()) {
        // Duplicates are allowed, and identical.
        expect(new Set(copies.map((copy) => copy.body)).size).toBe(1)
        for (const copy of copies) expect(verifies(copy, endpoint.secret)).toBe(true)
      }
      // In order per document: the first arrival of each id follows the order they were stored.
      for (const key of new Set(mine.map((row) => row.ordering_key))) {
        const stored = mine.filter((row) => row.ordering_key === key).map((row) => row.webhook_id)
        const firstArrivals = [
          ...new Set(
            accepted
              .map((entry) => entry.headers['webhook-id']!)
              .filter((id) => stored.includes(id)),
          ),
        ]
        expect(firstArrivals).toEqual(stored)
      }
    }
    // What the first instance had in flight when it died went again, with the same id and body.
    const inFlight = target.received[0]!
    const again = back
      .accepted(inFlight.path)
      .find((entry) => entry.headers['webhook-id'] === inFlight.headers['webhook-id'])
    expect(again?.body).toBe(inFlight.body)
    // And the events say what happened, in each language.
    const types = (id: number) =>
      back
        .accepted('/a')
        .map(
          (entry) =>
            JSON.parse(entry.body) as { type: string; data: { id: number; locale: string } },
        )
        .filter((event) => event.data.id === id)
        .map((event) => `${event.type}:${event.data.locale}`)
    expect(new Set(types(posts[0]!))).toEqual(
      new Set([
        'document.published:en',
        'document.published:es',
        'document.unpublished:en',
        'document.unpublished:es',
      ]),
    )
    expect(new Set(types(posts[2]!))).toEqual(
      new Set([
        'document.published:en',
        'document.published:es',
        'document.deleted:en',
        'document.deleted:es',
      ]),
    )
  }, 240_000)

  it('checks the address it connects to, not only the URL when it was saved', async () => {
    const target = await receiver()
    // Saved by an instance that allows `localhost`: the URL passed its check then.
    const allowing = await app('app-webhooks-localhost-allowed', {
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost',
    })
    const endpoint = await createEndpoint(allowing, {
      url: `https://localhost:${target.port}/rebound`,
      events: ['redirect.created'],
    })
    await allowing.stop()
    // Another instance, without `localhost` in its list, refuses it when it connects.
    const strict = await app('app-webhooks-localhost-refused')
    const { webhookId } = await asAdmin<{ webhookId: string }>(
      strict,
      `/api/webhook-endpoints/${endpoint.id}/send-test`,
      { method: 'POST' },
    )
    const recorded = () =>
      db.query<{ status: string; last_error: string | null; last_status_code: number | null }>(
        'select status, last_error, last_status_code from webhook_deliveries where webhook_id = $1',
        [webhookId],
      )
    // Between two attempts (it is retried, as any failure is).
    await until('the attempt recorded', async () => {
      const { rows } = await recorded()
      return rows[0]?.status === 'pending' && rows[0].last_error !== null
    })
    const { rows } = await recorded()
    expect(rows[0]).toMatchObject({ last_status_code: null })
    expect(rows[0]!.last_error).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address: webhooks may not reach/,
    )
    expect(target.received).toEqual([])
    // The instance still manages the endpoint whose host it now refuses: its unchanged URL is
    // not checked again on save (its attempts are), so the secret can be rotated.
    const rotated = await asAdmin<{ secret: string }>(
      strict,
      `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
      { method: 'POST' },
    )
    expect(rotated.secret).not.toBe(endpoint.secret)
  }, 120_000)

  it('deletes settled deliveries past their retention when an instance starts', async () => {
    const insert = (webhookId: string, status: string, ageDays: number) =>
      db.query(
        `insert into webhook_deliveries
           (webhook_id, endpoint_id, event_type, ordering_key, body, status, created_at)
         values ($1, 999999, 'webhook.test', $1, '{}', $2, now() - $3 * interval '1 day')`,
        [webhookId, status, ageDays],
      )
    const tag = uniqueSlug('retention')
    await insert(`msg_old_delivered_${tag}`, 'delivered', 31)
    await insert(`msg_old_failed_${tag}`, 'failed', 45)
    await insert(`msg_recent_${tag}`, 'delivered', 29)
    await insert(`msg_old_held_${tag}`, 'held', 60)
    await app('app-webhooks-retention')
    const left = async () =>
      (await deliveryRows())
        .map((row) => row.webhook_id)
        .filter((id) => id.endsWith(tag))
        .sort()
    await until('the old settled rows deleted', async () => (await left()).length === 2)
    // Only settled rows go: one still waiting (held) is kept whatever its age.
    expect(await left()).toEqual([`msg_old_held_${tag}`, `msg_recent_${tag}`])
  }, 120_000)
})
