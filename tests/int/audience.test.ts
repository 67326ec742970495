import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { topAgents, topPaths, visitsByDay } from '@/audience/reports'

import { baseUrl } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { withConnection } from '../support/database'
import { createDocument, uniqueSlug } from '../support/factories'
import { poll } from '../support/poll'

/**
 * Who is reading (src/audience/): requests counted by day, channel, surface, agent and path in
 * `audience_counts`, written by each instance every AUDIENCE_FLUSH_MS (the shared app: the
 * default, 5 s) and when it stops. Every test reads its own paths (new documents) or agents, so
 * what other files request at the same time never changes what it expects.
 */

const FIREFOX = 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:47.0) Gecko/20100101 Firefox/47.0'
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot'
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'

/** Long enough for the shared app's flush (5 s) and a loaded machine. */
const FLUSHED_WITHIN_MS = 20_000

const databaseUrl = () => inject('databaseUrl')
const today = () => new Date().toISOString().slice(0, 10)

interface CountRow {
  channel: string
  surface: string
  agent: string
  count: number
}

/** The counts of `path` today, by channel, surface and agent. */
function countsOf(path: string): Promise<CountRow[]> {
  return withConnection(databaseUrl(), async (client) => {
    const { rows } = await client.query<{
      channel: string
      surface: string
      agent: string
      count: string
    }>(
      `SELECT channel, surface, agent, sum(count) AS count FROM audience_counts
       WHERE path = $1 AND day = (now() AT TIME ZONE 'UTC')::date
       GROUP BY channel, surface, agent ORDER BY channel, surface, agent`,
      [path],
    )
    return rows.map((row) => ({ ...row, count: Number(row.count) }))
  })
}

const total = (rows: CountRow[]) => rows.reduce((sum, row) => sum + row.count, 0)

/** Polls until the counts of `path` are `expected` (in total, or row by row). */
function countedAs(path: string, expected: number | CountRow[]): Promise<CountRow[]> {
  let last: CountRow[] = []
  return poll(
    `the counts of ${path}`,
    async () => {
      last = await countsOf(path)
      const done =
        typeof expected === 'number'
          ? total(last) === expected
          : JSON.stringify(last) === JSON.stringify(expected)
      return done ? last : undefined
    },
    {
      withinMs: FLUSHED_WITHIN_MS,
      everyMs: 250,
      timeout: () =>
        `${path}: expected ${JSON.stringify(expected)}, counted ${JSON.stringify(last)}`,
    },
  )
}

async function read(url: string, path: string, headers: Record<string, string>) {
  const response = await fetch(`${url}${path}`, { headers })
  await response.arrayBuffer()
  return response
}

/**
 * Reads `path` until the response cache answers it (an `X-Cache: HIT`), then `hits` more times;
 * returns how many reads were answered 200 and how many of them were hits.
 */
async function readUntilCached(
  url: string,
  path: string,
  headers: Record<string, string>,
  hits: number,
) {
  let answered = 0
  let cached = 0
  await poll(`${path} cached`, async () => {
    const response = await read(url, path, headers)
    expect(response.status).toBe(200)
    answered += 1
    return response.headers.get('x-cache') === 'HIT' ? true : undefined
  })
  cached += 1
  for (let index = 0; index < hits; index += 1) {
    const response = await read(url, path, headers)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-cache')).toBe('HIT')
    answered += 1
    cached += 1
  }
  return { answered, cached }
}

async function publishedPost(prefix: string) {
  return createDocument('posts', { status: 'published', slug: uniqueSlug(prefix) })
}

describe('counting visits', () => {
  it('counts every read of a page, the response cache’s hits included, and no response varies on User-Agent', async () => {
    const { slug } = await publishedPost('audience-cache')
    const path = `/en/blog/${slug}`
    const person = await readUntilCached(baseUrl(), path, { 'User-Agent': FIREFOX }, 2)
    const crawler = await readUntilCached(baseUrl(), path, { 'User-Agent': GPTBOT }, 1)
    const referred = await read(baseUrl(), path, {
      'User-Agent': FIREFOX,
      Referer: 'https://chatgpt.com/',
    })
    expect(referred.headers.get('x-cache')).toBe('HIT')
    expect(person.cached + crawler.cached).toBeGreaterThanOrEqual(4)
    for (const header of [referred.headers.get('vary') ?? ''])
      expect(header.toLowerCase()).not.toContain('user-agent')

    await countedAs(path, [
      { channel: 'ai-crawler', surface: 'page', agent: 'GPTBot', count: crawler.answered },
      { channel: 'ai-referral', surface: 'page', agent: 'chatgpt', count: 1 },
      { channel: 'person', surface: 'page', agent: '', count: person.answered },
    ])
  })

  it('counts twins, API reads and MCP calls in their own surfaces, with clean names', async () => {
    const { id, slug } = await publishedPost('audience-surfaces')
    const twin = `/en/blog/${slug}.md`
    expect((await read(baseUrl(), twin, { 'User-Agent': CHATGPT_USER })).status).toBe(200)
    expect((await read(baseUrl(), twin, { 'User-Agent': CHATGPT_USER })).status).toBe(200)
    const page = `/es/blog/${slug}`
    const asMarkdown = await read(baseUrl(), page, {
      'User-Agent': FIREFOX,
      Accept: 'text/markdown',
    })
    expect(asMarkdown.headers.get('content-type')).toMatch(/^text\/markdown/)
    const document = `/api/posts/${id}`
    expect(
      (await read(baseUrl(), `${document}?depth=0`, { 'User-Agent': 'curl/8.5.0' })).status,
    ).toBe(200)
    const hostile = `<script>alert(1)</script>${'<b>'.repeat(2_000)}`
    expect((await read(baseUrl(), document, { 'User-Agent': hostile })).status).toBe(200)

    await countedAs(twin, [
      { channel: 'ai-assistant', surface: 'twin', agent: 'ChatGPT-User', count: 2 },
    ])
    await countedAs(page, [{ channel: 'person', surface: 'twin', agent: '', count: 1 }])
    const api = await countedAs(document, 2)
    expect(api.map((row) => row.channel)).toEqual(['api-client', 'api-client'])
    expect(api.map((row) => row.agent)).toContain('curl')
    for (const { agent } of api) {
      expect(agent).not.toMatch(/[<>&"'\u0000-\u001f]/)
      expect(agent.length).toBeLessThanOrEqual(64)
    }
  })

  it('counts an MCP call as an MCP client, named by the client', async () => {
    const family = `audience-probe-${Date.now().toString(36)}`
    const response = await fetch(`${baseUrl()}/api/mcp`, {
      method: 'POST',
      headers: {
        'User-Agent': `${family}/1.0`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: `${family}-client`, version: '1.0.0' },
        },
      }),
    })
    expect(response.status).toBe(200)
    await response.text()
    const rows = await poll(
      'the MCP call counted',
      async () => {
        const counted = (await countsOf('/api/mcp')).filter((row) => row.agent.startsWith(family))
        return counted.length > 0 ? counted : undefined
      },
      { withinMs: FLUSHED_WITHIN_MS, everyMs: 250 },
    )
    // By the `clientInfo.name` once the MCP code notes it (noteMcpClient), by the User-Agent until then.
    expect(rows).toEqual([
      {
        channel: 'mcp-client',
        surface: 'mcp',
        agent: expect.stringMatching(new RegExp(`^${family}(-client)?$`)),
        count: 1,
      },
    ])
  })

  it('counts no request of the team, nor what was not found', async () => {
    const { id } = await publishedPost('audience-team')
    const document = `/api/posts/${id}`
    const { asAdmin } = await import('../support/api')
    expect((await asAdmin(document)).status).toBe(200)
    const missing = `/en/blog/${uniqueSlug('audience-missing')}`
    expect((await read(baseUrl(), missing, { 'User-Agent': FIREFOX })).status).toBe(404)
    // A read counted after both, so that their absence is seen after a flush.
    expect((await read(baseUrl(), document, { 'User-Agent': FIREFOX })).status).toBe(200)
    await countedAs(document, [
      { channel: 'api-client', surface: 'api', agent: 'Mozilla', count: 1 },
    ])
    expect(await countsOf(missing)).toEqual([])
  })
})

describe('the dashboard’s reads', () => {
  it('reads visits by day, the paths of a channel and its agents', async () => {
    const { slug } = await publishedPost('audience-reports')
    const twin = `/es/blog/${slug}.md`
    for (let index = 0; index < 3; index += 1) {
      expect((await read(baseUrl(), twin, { 'User-Agent': CHATGPT_USER })).status).toBe(200)
    }
    await countedAs(twin, 3)
    const range = { from: today(), to: today() }
    await withConnection(databaseUrl(), async (client) => {
      const byDay = await visitsByDay(client, { ...range, surface: 'twin' })
      expect(byDay.find((row) => row.channel === 'ai-assistant')?.count).toBeGreaterThanOrEqual(3)
      const paths = await topPaths(client, {
        ...range,
        channel: 'ai-assistant',
        surface: 'twin',
        limit: 100,
      })
      expect(paths).toContainEqual({ surface: 'twin', path: twin, count: 3 })
      const agents = await topAgents(client, { ...range, channel: 'ai-assistant' })
      expect(agents.find((row) => row.agent === 'ChatGPT-User')?.count).toBeGreaterThanOrEqual(3)
    })
  })
})

describe('several instances, restarts and retention', () => {
  let second: AppServer | undefined

  beforeAll(async () => {
    // Its counts are written only when it stops (a flush a minute): a graceful stop must write them.
    second = await startApp(`audience-${process.env.TEST_RUN_ID ?? 'main'}`, {
      ...inject('appEnv'),
      AUDIENCE_FLUSH_MS: '60000',
    })
  })

  afterAll(async () => {
    await second?.stop()
  })

  it(
    'adds up the counts of two instances exactly, the stopped one’s included',
    { timeout: 90_000 },
    async () => {
      const { slug } = await publishedPost('audience-instances')
      const path = `/en/blog/${slug}`
      const headers = { 'User-Agent': FIREFOX }
      const onFirst = 7
      const onSecond = 5
      for (let index = 0; index < onFirst; index += 1) {
        expect((await read(baseUrl(), path, headers)).status).toBe(200)
      }
      for (let index = 0; index < onSecond; index += 1) {
        expect((await read(second!.url, path, headers)).status).toBe(200)
      }
      await second!.stop()
      second = undefined
      await countedAs(path, onFirst + onSecond)
      // And no more after another flush of the shared app: nothing is written twice.
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(total(await countsOf(path))).toBe(onFirst + onSecond)
    },
  )

  it(
    'prunes old days at start, and a crash loses at most the last flush interval',
    { timeout: 120_000 },
    async () => {
      const oldPath = `/en/blog/${uniqueSlug('audience-old')}`
      await withConnection(databaseUrl(), (client) =>
        client.query(
          `INSERT INTO audience_counts (day, channel, surface, agent, path, count) VALUES
         ((now() AT TIME ZONE 'UTC')::date - 31, 'person', 'page', '', $1, 4),
         ((now() AT TIME ZONE 'UTC')::date - 29, 'person', 'page', '', $1, 2)`,
          [oldPath],
        ),
      )
      const third = await startApp(`audience-crash-${process.env.TEST_RUN_ID ?? 'main'}`, {
        ...inject('appEnv'),
        AUDIENCE_FLUSH_MS: '300',
        AUDIENCE_RETENTION_DAYS: '30',
      })
      try {
        await poll(
          'the day 31 days ago pruned',
          async () => {
            const { rows } = await withConnection(databaseUrl(), (client) =>
              client.query<{ count: string }>(`SELECT count FROM audience_counts WHERE path = $1`, [
                oldPath,
              ]),
            )
            return rows.length === 1 ? rows : undefined
          },
          { withinMs: FLUSHED_WITHIN_MS, everyMs: 250 },
        ).then((rows) => expect(rows).toEqual([{ count: '2' }]))

        const { slug } = await publishedPost('audience-crash')
        const path = `/en/blog/${slug}`
        const headers = { 'User-Agent': FIREFOX }
        for (let index = 0; index < 4; index += 1) {
          expect((await read(third.url, path, headers)).status).toBe(200)
        }
        await countedAs(path, 4)
        for (let index = 0; index < 3; index += 1) {
          expect((await read(third.url, path, headers)).status).toBe(200)
        }
        const exited = new Promise((resolve) => third.process.once('exit', resolve))
        third.process.kill('SIGKILL')
        await exited
        const counted = total(await countsOf(path))
        expect(counted).toBeGreaterThanOrEqual(4)
        expect(counted).toBeLessThanOrEqual(7)
      } finally {
        await third.stop()
      }
    },
  )
})
