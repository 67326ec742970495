import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { asAdmin, asAdminJson, baseUrl } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { withConnection } from '../support/database'
import { afterTheNewest, createDocument, uniqueSlug } from '../support/factories'
import { postInquiry, receivedMail, validInquiry, waitForMail } from '../support/inquiries'
import { poll, waitUntil } from '../support/poll'

/**
 * A second instance of the site on the same PostgreSQL and Redis: the two behave as one site.
 * Writes go to the shared instance (A); what they change must show on B within 2 s, although B
 * answers published reads from its own in-memory cache.
 */
let second: AppServer
const VISIBLE_WITHIN_MS = 2_000

// The second instance reads through a "read replica" (the same database under another
// connection name), so the replica setting is exercised too.
const REPLICA_APPLICATION = `read-replica-${Date.now()}`

beforeAll(async () => {
  const replica = new URL(inject('databaseUrl'))
  replica.searchParams.set('application_name', REPLICA_APPLICATION)
  second = await startApp(`second-${process.env.TEST_RUN_ID ?? 'main'}`, {
    ...inject('appEnv'),
    DATABASE_READ_REPLICAS: replica.toString(),
  })
})

afterAll(async () => {
  await second?.stop()
})

async function read(url: string, path: string) {
  const response = await fetch(`${url}${path}`)
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    text: await response.text(),
  }
}

/** Polls `path` on `url` until `done`; returns how long it took (throws after the limit). */
function timeUntil(
  url: string,
  path: string,
  done: (answer: Awaited<ReturnType<typeof read>>) => boolean,
): Promise<number> {
  return waitUntil(`${path} changed`, async () => done(await read(url, path)), {
    withinMs: VISIBLE_WITHIN_MS,
    everyMs: 25,
    timeout: `${path} unchanged after 2 s`,
  })
}

/**
 * Reads `path` until B answers it from its cache, so a later change must invalidate it. Just
 * after a change B keeps nothing until its read replica has replayed it, so this polls (10 s).
 */
function warm(path: string): Promise<Awaited<ReturnType<typeof read>>> {
  return poll(
    `${path} cached on B`,
    async () => {
      const answer = await read(second.url, path)
      return answer.cache === 'HIT' ? answer : undefined
    },
    { withinMs: 10_000, everyMs: 25, timeout: `${path} never cached on B` },
  )
}

describe('two instances, one site', () => {
  it("shows a publish, an unpublish and a delete on the other instance's cached pages within 2 s", async () => {
    const slug = uniqueSlug('two-instances')
    const apiPath = `/api/posts?where[slug][equals]=${slug}`
    const pagePath = `/en/blog/${slug}`
    const twinPath = `/en/blog/${slug}.md`
    const listPath = '/llms.txt'
    expect(JSON.parse((await warm(apiPath)).text).totalDocs).toBe(0)
    expect((await warm(listPath)).text).not.toContain(slug)
    await read(second.url, pagePath) // a 404, which is never cached

    // The newest of all: llms.txt shows the newest posts, whatever other files published.
    const { id } = await createDocument('posts', {
      status: 'published',
      slug,
      publishedAt: (await afterTheNewest('posts')).toISOString(),
    })
    const published = await timeUntil(
      second.url,
      apiPath,
      (a) => JSON.parse(a.text).totalDocs === 1,
    )
    await timeUntil(second.url, listPath, (a) => a.text.includes(slug))
    expect((await read(second.url, pagePath)).status).toBe(200)
    expect((await read(second.url, twinPath)).status).toBe(200)
    await warm(pagePath)
    await warm(twinPath)

    await asAdminJson(`/api/posts/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'draft' }),
    })
    const unpublished = await timeUntil(second.url, pagePath, (a) => a.status === 404)
    expect((await read(second.url, twinPath)).status).toBe(404)
    expect(JSON.parse((await read(second.url, apiPath)).text).totalDocs).toBe(0)

    await asAdminJson(`/api/posts/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    await timeUntil(second.url, pagePath, (a) => a.status === 200)
    await warm(apiPath)
    expect((await asAdmin(`/api/posts/${id}`, { method: 'DELETE' })).status).toBe(200)
    const deleted = await timeUntil(second.url, apiPath, (a) => JSON.parse(a.text).totalDocs === 0)

    console.log(
      `publish-to-visible on the second instance: publish ${published} ms, unpublish ${unpublished} ms, delete ${deleted} ms`,
    )
  })

  it('holds inquiry budgets exactly across instances', async () => {
    const inquiry = validInquiry()
    const urls = [baseUrl(), second.url, baseUrl(), second.url]
    const statuses: number[] = []
    for (const url of urls) statuses.push((await postInquiry(inquiry, { baseUrl: url })).status)
    expect(statuses).toEqual([201, 201, 201, 429])
  })

  it('mails each inquiry exactly once although both instances deliver', async () => {
    const sent = Array.from({ length: 6 }, (_, index) =>
      validInquiry({ message: `Two-instance delivery ${index} ${uniqueSlug('m')}` }),
    )
    await Promise.all(
      sent.map((inquiry, index) =>
        postInquiry(inquiry, { baseUrl: index % 2 ? second.url : baseUrl() }),
      ),
    )
    for (const inquiry of sent) {
      await waitForMail((mail) => mail.text.includes(String(inquiry.message)))
    }
    // Time for a duplicate to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    for (const inquiry of sent) {
      const copies = receivedMail().filter((mail) => mail.text.includes(String(inquiry.message)))
      expect(copies).toHaveLength(1)
    }
  })

  it('never caches a personal response, on either instance', async () => {
    const { slug } = await createDocument('posts', { status: 'draft' })
    const path = `/api/posts?where[slug][equals]=${slug}&draft=true`
    for (const url of [baseUrl(), second.url]) {
      const asEditor = await fetch(`${url}${path}`, {
        headers: { Authorization: inject('adminAuthorization') },
      })
      expect(asEditor.headers.get('x-cache')).toBeNull()
      expect(asEditor.headers.get('cache-control')).toMatch(/private|no-store/)
      expect((await asEditor.json()).totalDocs).toBe(1)
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const anonymous = await read(url, path)
        expect(JSON.parse(anonymous.text).totalDocs).toBe(0)
      }
    }
  })

  it("sends the second instance's reads to its read replica", async () => {
    expect((await read(second.url, `/api/posts?limit=1&page=${Date.now() % 1000}`)).status).toBe(
      200,
    )
    const { rows } = await withConnection(inject('databaseUrl'), (db) =>
      db.query<{ connections: number }>(
        'select count(*)::int as connections from pg_stat_activity where application_name = $1',
        [REPLICA_APPLICATION],
      ),
    )
    expect(rows[0]!.connections).toBeGreaterThan(0)
  })
})
