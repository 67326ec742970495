import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { createAccount, type Account } from '../support/accounts'
import { asAdminJson, baseUrl } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { withConnection } from '../support/database'
import { afterTheNewest, createDocument, uniqueSlug } from '../support/factories'
import { poll } from '../support/poll'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * Scheduled publishing (src/scheduling/): Payload's jobs runner publishes a scheduled document on
 * every instance's poll (every few seconds), and what it publishes reaches every public surface
 * of both instances, through the same invalidation an editor's publish causes, within 60 s of
 * its time. A schedule that is late or fails raises the dashboard's notice and one alert to
 * ALERT_WEBHOOK_URL. The second instance (B) has the alert address; the shared one (A) has none.
 */

const LIVE_WITHIN_MS = 60_000
/** The monitor looks every 10 s; the alert may wait for one look and its request. */
const ALERT_WITHIN_MS = 45_000

let second: AppServer
let alerts: WebhookReceiver
let admin: Account
const jobs: number[] = []

beforeAll(async () => {
  alerts = await startWebhookReceiver()
  second = await startApp(`schedules-${process.env.TEST_RUN_ID ?? 'main'}`, {
    ...inject('appEnv'),
    ALERT_WEBHOOK_URL: `${alerts.url}/alerts`,
  })
  admin = await createAccount('admin')
}, 120_000)

afterAll(async () => {
  // Stuck and failed schedules would otherwise stay on every later dashboard of this database.
  if (jobs.length > 0)
    await withConnection(inject('databaseUrl'), (db) =>
      db.query('delete from payload_jobs where id = any($1::int[])', [jobs]),
    )
  await second?.stop()
  await alerts?.stop()
})

/** Queues a scheduled publish as the admin's schedule drawer does (Payload's `jobs.queue`). */
async function schedule(
  postId: number,
  at: Date,
  options: { user?: number; processing?: boolean } = {},
): Promise<number> {
  const input = {
    type: 'publish',
    doc: { relationTo: 'posts', value: String(postId) },
    ...(options.user ? { user: { relationTo: 'users', value: options.user } } : {}),
  }
  const { rows } = await withConnection(inject('databaseUrl'), (db) =>
    db.query<{ id: number }>(
      `insert into payload_jobs (input, task_slug, queue, wait_until, processing)
       values ($1::jsonb, 'schedulePublish', 'default', $2, $3) returning id`,
      [JSON.stringify(input), at.toISOString(), options.processing ?? false],
    ),
  )
  const id = rows[0]!.id
  jobs.push(id)
  return id
}

async function text(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url)
  return { status: response.status, body: await response.text() }
}

/** The sitemap's text, its files' too when it is an index (each read from `origin`). */
async function sitemap(origin: string): Promise<string> {
  const index = (await text(`${origin}/sitemap.xml`)).body
  if (!index.includes('<sitemapindex')) return index
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => `${origin}${new URL(match[1]!).pathname}`,
  )
  return (await Promise.all(files.map(async (file) => (await text(file)).body))).join('\n')
}

/** Each public surface of `slug`, and whether it shows the post, on the instance at `origin`. */
async function surfaces(origin: string, slug: string): Promise<Record<string, boolean>> {
  const [page, twin, api, list, feed, llms, map] = await Promise.all([
    text(`${origin}/en/blog/${slug}`),
    text(`${origin}/en/blog/${slug}.md`),
    text(`${origin}/api/posts?where[slug][equals]=${slug}&depth=0`),
    text(`${origin}/en/blog`),
    text(`${origin}/en/feed.xml`),
    text(`${origin}/llms.txt`),
    sitemap(origin),
  ])
  return {
    page: page.status === 200,
    twin: twin.status === 200,
    api: (JSON.parse(api.body) as { totalDocs: number }).totalDocs === 1,
    list: list.body.includes(`/en/blog/${slug}`),
    feed: feed.body.includes(slug),
    llms: llms.body.includes(slug),
    sitemap: map.includes(`/en/blog/${slug}`),
  }
}

/** An admin page as the signed-in admin's browser gets it (session cookie, same origin). */
async function adminPage(origin: string, path: string): Promise<string> {
  const token = admin.authorization.replace(/^JWT /, '')
  const response = await fetch(`${origin}${path}`, {
    headers: { Cookie: `payload-token=${token}`, 'Sec-Fetch-Site': 'same-origin' },
  })
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).not.toContain('NEXT_REDIRECT')
  return html
}

type Alert = { event: string; jobId: number; documentId: number; error?: string }
const alertsFor = (jobId: number): Alert[] =>
  alerts
    .accepted('/alerts')
    .map((received) => JSON.parse(received.body) as Alert)
    .filter((alert) => alert.jobId === jobId)

describe('scheduled publishing', () => {
  it('publishes on time: every surface of both instances shows the post within 60 s', async () => {
    const slug = uniqueSlug('scheduled')
    const { id } = await createDocument('posts', {
      status: 'draft',
      slug,
      publishedAt: (await afterTheNewest('posts', 30_000)).toISOString(),
    })
    const origins = [baseUrl(), second.url]
    // Before its time nothing shows it, and both instances hold these answers in their caches.
    for (const origin of origins) {
      for (let read = 0; read < 2; read += 1)
        expect(Object.values(await surfaces(origin, slug)).some(Boolean)).toBe(false)
    }
    // Time enough to read the list and the dashboard while it is still ahead.
    const at = new Date(Date.now() + 8_000)
    const me = await asAdminJson<{ user: { id: number } }>('/api/users/me')
    await schedule(id, at, { user: me.user.id })

    // The list shows the schedule meanwhile.
    const list = await adminPage(second.url, `/admin/collections/posts?where[slug][equals]=${slug}`)
    expect(list).toContain(`data-scheduled-for="${at.toISOString()}"`)
    // So does the dashboard's Scheduled section, linking to the post.
    const dashboard = await adminPage(second.url, '/admin')
    const scheduled = dashboard.slice(dashboard.indexOf('data-dashboard-section="scheduled"'))
    expect(scheduled).toMatch(
      new RegExp(`data-schedule-state="pending"><a href="/admin/collections/posts/${id}"`),
    )

    for (const origin of origins) {
      const seen = await poll(
        `${slug} on ${origin}`,
        async () => {
          const shown = await surfaces(origin, slug)
          return Object.values(shown).every(Boolean) ? shown : undefined
        },
        {
          withinMs: at.getTime() + LIVE_WITHIN_MS - Date.now(),
          everyMs: 500,
          timeout: `${slug} not on every surface of ${origin} 60 s after its time`,
        },
      )
      expect(seen).toBeDefined()
    }
    expect(Date.now()).toBeLessThanOrEqual(at.getTime() + LIVE_WITHIN_MS)
    // Done, so no longer scheduled, and nobody alerted.
    const after = await adminPage(
      second.url,
      `/admin/collections/posts?where[slug][equals]=${slug}`,
    )
    expect(after).not.toContain(`data-scheduled-for="${at.toISOString()}"`)
  }, 120_000)

  it('a late schedule raises the notice and one alert', async () => {
    const { id } = await createDocument('posts', { status: 'draft' })
    // A runner that took the job and never finished it (stopped mid-way), two minutes ago.
    const job = await schedule(id, new Date(Date.now() - 120_000), { processing: true })
    await poll('the late alert', async () => alertsFor(job)[0], { withinMs: ALERT_WITHIN_MS })
    expect(alertsFor(job)[0]).toMatchObject({
      event: 'scheduled_publish_late',
      documentId: id,
    })
    const dashboard = await adminPage(second.url, '/admin')
    expect(dashboard).toContain('Scheduled publishing:')
    expect(dashboard).toContain(`/admin/collections/posts/${id}`)
    const list = await adminPage(second.url, `/admin/collections/posts?where[id][equals]=${id}`)
    expect(list).toContain('data-schedule-state="late"')
  }, 90_000)

  it('a failed schedule (its author may not publish) raises the notice and one alert, and the post stays unpublished', async () => {
    const author = await createAccount('author')
    const { id, slug } = await createDocument('posts', { status: 'draft' })
    const job = await schedule(id, new Date(Date.now() + 1_000), { user: author.id })
    await poll('the failure alert', async () => alertsFor(job)[0], { withinMs: ALERT_WITHIN_MS })
    expect(alertsFor(job)[0]).toMatchObject({ event: 'scheduled_publish_failed', documentId: id })
    expect(alertsFor(job)[0]!.error).toBeTruthy()
    const dashboard = await adminPage(second.url, '/admin')
    expect(dashboard).toMatch(/Scheduled publishing:[^<]*failed/)
    expect(dashboard).toContain(`/admin/collections/posts/${id}`)
    const api = await text(`${baseUrl()}/api/posts?where[slug][equals]=${slug}&depth=0`)
    expect((JSON.parse(api.body) as { totalDocs: number }).totalDocs).toBe(0)

    // One alert per problem, however many looks and instances: after another look, still one.
    await new Promise((resolve) => setTimeout(resolve, 12_000))
    expect(alertsFor(job)).toHaveLength(1)
  }, 90_000)
})
