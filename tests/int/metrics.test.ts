import { execFileSync } from 'node:child_process'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { parseExposition, sampleTotal, type Family } from '@/metrics/exposition'
import { PROCESS_FAMILIES, SITE_FAMILIES } from '@/metrics/families'

import { freePort, runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase } from '../support/database'
import { lexical, uniqueSlug } from '../support/factories'
import { postInquiry, uniqueClient, validInquiry } from '../support/inquiries'
import { poll } from '../support/poll'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp'

/**
 * The metrics an operator scrapes, on an instance of their own with both settings: its own
 * database (no other instance's worker may deliver its mail, no other file's writes count), its
 * own SMTP server. A scripted workload goes through every surface the families measure; then
 * every family has samples and promtool accepts what is served.
 */
const TOKEN = 'metrics-int-token-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEF'
const runId = process.env.TEST_RUN_ID ?? 'main'

let app: AppServer
let smtp: SmtpCatcher
let db: pg.Client
let metricsUrl: string

type Families = Map<string, Family>

async function scrapeText(url: string, token: string | null = TOKEN): Promise<string> {
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
  expect(response.status).toBe(200)
  return response.text()
}

const scrape = async (): Promise<Families> =>
  parseExposition(await scrapeText(`${app.url}/metrics`))

/** A request to the app, its body read; returns its X-Cache. */
async function get(path: string, headers: Record<string, string> = {}): Promise<string | null> {
  const response = await fetch(`${app.url}${path}`, { headers })
  await response.arrayBuffer()
  return response.headers.get('x-cache')
}

/** Reads `path` until the cache answers it (a miss, then hits). */
async function untilHit(path: string, headers: Record<string, string> = {}): Promise<void> {
  await poll(
    `a cache hit on ${path}`,
    async () => ((await get(path, headers)) === 'HIT' ? true : undefined),
    {
      withinMs: 10_000,
      everyMs: 20,
      timeout: `${path} was never a cache hit`,
    },
  )
}

/**
 * A published post, written as an editor's publish writes its rows: the content tables' triggers
 * notify the change feed as they would for one.
 */
async function publishPost(slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into posts (slug, published_at, _status) values ($1, now(), 'published') returning id`,
    [slug],
  )
  const id = rows[0]!.id
  await db.query(
    `insert into posts_locales (title, excerpt, content, _locale, _parent_id)
     values ($1, $2, $3, 'en', $4)`,
    [`Title ${slug}`, `Excerpt of ${slug}`, JSON.stringify(lexical(`Body of ${slug}`)), id],
  )
  return id
}

/** An edit of a published post's title, committed as a publish commits it. */
async function republish(id: number, title: string): Promise<void> {
  await db.query(`update posts_locales set title = $1 where _parent_id = $2 and _locale = 'en'`, [
    title,
    id,
  ])
}

beforeAll(async () => {
  const databaseUrl = await createTestDatabase(`consultancy_test_${runId}_metrics`)
  if ((await runScript('scripts/migrate.ts', { DATABASE_URL: databaseUrl })) !== 0)
    throw new Error('migrate')
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  smtp = await startSmtpCatcher()
  const metricsPort = await freePort()
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  app = await startApp(`metrics-${runId}`, {
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: path.resolve(`.data/test-media-${runId}-metrics`),
    SMTP_URL: smtp.url,
    TRUSTED_PROXIES: '127.0.0.1',
    MAIL_RETRY_BASE_MS: '300',
    MAIL_POLL_INTERVAL_MS: '200',
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: String(metricsPort),
  })
})

afterAll(async () => {
  await app?.stop()
  await smtp?.stop()
  await db?.end()
})

describe('/metrics', () => {
  it('is not served by an instance with neither METRICS_TOKEN nor METRICS_PORT', async () => {
    const response = await fetch(`${inject('baseUrl')}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    })
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('# TYPE')
  })

  it('asks for the token, on the site port and on the metrics port', async () => {
    for (const url of [`${app.url}/metrics`, metricsUrl]) {
      for (const headers of [
        {},
        { Authorization: 'Bearer not-the-token' },
        { Authorization: TOKEN },
      ] as Record<string, string>[]) {
        const response = await fetch(url, { headers })
        expect(response.status, `${url} ${JSON.stringify(headers)}`).toBe(401)
        expect(response.headers.get('cache-control')).toBe('no-store')
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
          'unauthorized',
        )
      }
    }
    const served = await fetch(metricsUrl, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toBe('no-store')
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404)
  })

  it('has samples in every family after a scripted workload, and passes promtool check metrics', async () => {
    const slug = uniqueSlug('metrics')
    const id = await publishPost(slug)
    const apiDocument = `/api/posts/${id}`

    // Pages, twins and API reads: each a miss, then hits.
    for (const target of [
      '/en',
      `/en/blog/${slug}`,
      `/en/blog/${slug}.md`,
      apiDocument,
      '/api/posts?limit=1',
    ])
      await untilHit(target)
    await get('/api/posts/999999')

    // A publish: its notification is measured from its NOTIFY to the invalidation, and readers
    // arriving while its new version renders get the superseded copy (STALE).
    let stale = 0
    for (let attempt = 1; stale === 0 && attempt <= 5; attempt += 1) {
      await untilHit(apiDocument)
      const heard = sampleTotal(await scrape(), 'site_change_feed_lag_seconds_count')
      await republish(id, `Title ${slug} (${attempt})`)
      await poll(
        'the change heard',
        async () =>
          sampleTotal(await scrape(), 'site_change_feed_lag_seconds_count') > heard
            ? true
            : undefined,
        { withinMs: 10_000, everyMs: 20, timeout: 'the publish was never heard' },
      )
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(apiDocument)))
      stale += answers.filter((answer) => answer === 'STALE').length
    }
    expect(stale).toBeGreaterThan(0)

    // Mail: refused by the SMTP server first (failed attempts, a backlog), then delivered; an
    // inquiry refused by the per-email budget (3 an hour).
    smtp.setMode('reject-temporarily')
    const inquiry = validInquiry()
    const client = uniqueClient()
    for (let sent = 0; sent < 3; sent += 1)
      expect((await postInquiry(inquiry, { baseUrl: app.url, client })).status).toBe(201)
    const refused = await postInquiry(inquiry, { baseUrl: app.url, client })
    expect(refused.status).toBe(429)
    await poll(
      'failed attempts and a backlog',
      async () => {
        const families = await scrape()
        return sampleTotal(families, 'site_outbox_attempts_total', {
          outbox: 'mail',
          outcome: 'failed',
        }) > 0 && sampleTotal(families, 'site_outbox_pending', { outbox: 'mail' }) >= 1
          ? true
          : undefined
      },
      { withinMs: 15_000, everyMs: 100, timeout: 'no failed attempt was counted' },
    )
    smtp.setMode('accept')
    await poll(
      'the mail delivered',
      async () =>
        sampleTotal(await scrape(), 'site_outbox_attempts_total', {
          outbox: 'mail',
          outcome: 'sent',
        }) >= 3
          ? true
          : undefined,
      { withinMs: 15_000, everyMs: 100, timeout: 'the mail was never counted as sent' },
    )
    // One given up on for good, as the worker leaves it after its last attempt.
    await db.query(
      `update inquiries set delivery_status = 'failed' where id = (select min(id) from inquiries)`,
    )

    const text = await scrapeText(metricsUrl)
    const families = parseExposition(text)
    for (const name of [...SITE_FAMILIES, ...PROCESS_FAMILIES])
      expect(families.get(name)?.samples.length ?? 0, `${name} has samples`).toBeGreaterThan(0)
    const total = (name: string, labels: Record<string, string>) =>
      sampleTotal(families, name, labels)

    for (const surface of ['page', 'twin', 'api']) {
      expect(
        total('site_http_requests_total', { surface, status: '2xx' }),
        surface,
      ).toBeGreaterThanOrEqual(2)
      expect(
        total('site_cache_responses_total', { surface, result: 'hit' }),
        surface,
      ).toBeGreaterThanOrEqual(1)
      expect(
        total('site_cache_responses_total', { surface, result: 'miss' }),
        surface,
      ).toBeGreaterThanOrEqual(1)
    }
    expect(
      total('site_http_requests_total', { surface: 'api', status: '4xx' }),
    ).toBeGreaterThanOrEqual(1)
    expect(
      total('site_http_requests_total', { surface: 'inquiry', status: '4xx' }),
    ).toBeGreaterThanOrEqual(1)
    expect(total('site_cache_responses_total', { result: 'stale' })).toBeGreaterThanOrEqual(stale)
    expect(
      total('site_http_request_duration_seconds_count', { surface: 'page', status: '2xx' }),
    ).toBe(total('site_http_requests_total', { surface: 'page', status: '2xx' }))
    // Paths never become labels.
    expect(text).not.toContain(slug)
    expect(total('site_cache_bytes', {})).toBeGreaterThan(0)
    expect(total('site_inquiry_budget_refusals_total', { budget: 'perEmail' })).toBe(1)
    expect(total('site_outbox_failed', { outbox: 'mail' })).toBe(1)
    expect(total('site_outbox_pending', { outbox: 'mail' })).toBe(0)
    // Every change was heard, and measured from its NOTIFY: seconds at most, not the hours a
    // clock or unit mistake would show.
    const lagCount = total('site_change_feed_lag_seconds_count', {})
    expect(lagCount).toBeGreaterThanOrEqual(2)
    expect(total('site_change_feed_lag_seconds_bucket', { le: '10' })).toBe(lagCount)
    expect(total('site_replica_lag_seconds', {})).toBe(0)
    expect(total('process_resident_memory_bytes', {})).toBeGreaterThan(0)

    expect(() => execFileSync('promtool', ['check', 'metrics'], { input: text })).not.toThrow()
  }, 120_000)
})
