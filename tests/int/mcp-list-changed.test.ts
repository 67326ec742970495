import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, inject, it } from 'vitest'

import { baseUrl } from '../support/api'
import { startApp } from '../support/app-server'
import { withConnection } from '../support/database'
import { createDocument, uniqueSlug } from '../support/factories'
import { uniqueClient } from '../support/inquiries'
import { poll } from '../support/poll'
import { rawHttp } from '../support/raw-http'

/**
 * The MCP server without sessions: `notifications/resources/list_changed` on the GET stream of
 * /api/mcp, the method table's truth about that path (GET answered: the stream; HEAD its head;
 * DELETE and the rest 405 with the same Allow), the streams ended at shutdown, and a client
 * known by the name it gives at `initialize`, by its User-Agent after.
 */

const opened: { close(): Promise<void> | void }[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()))
})

/** An SDK client whose GET stream is known to be open once `streamOpen` resolves. */
async function connectWithStream(client: string) {
  let streamOpened: (status: number) => void = () => {}
  const streamOpen = new Promise<number>((resolve) => (streamOpened = resolve))
  const mcp = new Client({ name: 'list-changed-test', version: '1.0.0' })
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      requestInit: { headers: { 'X-Forwarded-For': client } },
      fetch: async (url, init) => {
        const response = await fetch(url, init)
        if (init?.method === 'GET') streamOpened(response.status)
        return response
      },
    }),
  )
  opened.push(mcp)
  return { mcp, streamOpen }
}

/** A raw GET of the stream, read as it comes; `close` aborts it. */
async function rawStream(
  client: string,
  headers: Record<string, string> = {},
  url = `${baseUrl()}/api/mcp`,
) {
  const abort = new AbortController()
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', 'X-Forwarded-For': client, ...headers },
    signal: abort.signal,
  })
  let received = ''
  let ended = false
  const reading = (async () => {
    if (!response.ok || !response.body) return
    const decoder = new TextDecoder()
    const reader = response.body.getReader()
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) {
          ended = true
          return
        }
        received += decoder.decode(value)
      }
    } catch {
      // Aborted by `close`.
    }
  })()
  const stream = {
    response,
    received: () => received,
    /** Whether the server ended the stream. */
    ended: () => ended,
    close: async () => {
      abort.abort()
      await reading
    },
  }
  opened.push(stream)
  return stream
}

const LIST_CHANGED =
  'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/resources/list_changed"}\n\n'

describe('notifications/resources/list_changed', () => {
  it('reaches an SDK client holding the stream within seconds of a publish', async () => {
    const { mcp, streamOpen } = await connectWithStream(uniqueClient())
    expect(mcp.getServerCapabilities()?.resources).toEqual({ listChanged: true })
    const heard: number[] = []
    mcp.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      heard.push(Date.now())
    })
    expect(await streamOpen).toBe(200)

    // One write (English only): the publish is done when it returns.
    const publishing = Date.now()
    const post = await createDocument('posts', {
      status: 'published',
      slug: uniqueSlug('list-changed'),
      title: { en: 'A post the stream announces' },
    })
    const published = Date.now()
    await poll('the list_changed notification', () => (heard.length > 0 ? true : undefined), {
      withinMs: 5_000,
    })
    // Heard after the publish began, within seconds of its end.
    expect(heard[0]!).toBeGreaterThanOrEqual(publishing)
    expect(heard[0]! - published).toBeLessThan(5_000)
    console.info(
      `list_changed heard ${heard[0]! - published} ms after the publish returned ` +
        `(${published - publishing} ms to publish)`,
    )
    // The list it announces does have the new post.
    const uris: string[] = []
    let cursor: string | undefined
    do {
      const page = await mcp.listResources(cursor ? { cursor } : {})
      uris.push(...page.resources.map((resource) => resource.uri))
      cursor = page.nextCursor
    } while (cursor)
    expect(uris).toContain(`${baseUrl()}/en/blog/${post.slug}.md`)
  })

  it('is a stream of server-sent events, never stored, that every open stream receives', async () => {
    const first = await rawStream(uniqueClient())
    const second = await rawStream(uniqueClient(), { 'MCP-Protocol-Version': '2025-11-25' })
    for (const stream of [first, second]) {
      expect(stream.response.status).toBe(200)
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(stream.response.headers.get('cache-control')).toMatch(/no-store/)
      expect(stream.response.headers.get('content-encoding')).toBeNull()
      await poll('the retry field', () =>
        stream.received().startsWith('retry: ') ? true : undefined,
      )
    }
    await createDocument('case-studies', { status: 'published', slug: uniqueSlug('list-changed') })
    for (const stream of [first, second]) {
      await poll('the notification', () =>
        stream.received().includes(LIST_CHANGED) ? true : undefined,
      )
    }
  })

  it('holds a bounded number of streams per client: past it, 429 with Retry-After', async () => {
    const client = uniqueClient()
    const streams = []
    for (let index = 0; index < 4; index += 1) streams.push(await rawStream(client))
    for (const stream of streams) expect(stream.response.status).toBe(200)
    const refused = await fetch(`${baseUrl()}/api/mcp`, {
      headers: { Accept: 'text/event-stream', 'X-Forwarded-For': client },
    })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(await refused.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringMatching(/at most 4 notification streams/) },
    })
    // A stream closed frees its place.
    await streams[0]!.close()
    const again = await poll('a place freed', async () => {
      const stream = await rawStream(client)
      if (stream.response.status === 200) return stream
      await stream.close()
      return undefined
    })
    expect(again.response.status).toBe(200)
  })

  it('refuses a GET that does not ask for an event stream, or speaks an unknown version', async () => {
    const plain = await fetch(`${baseUrl()}/api/mcp`, { headers: { Accept: 'application/json' } })
    expect(plain.status).toBe(406)
    expect(await plain.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } })
    const version = await fetch(`${baseUrl()}/api/mcp`, {
      headers: { Accept: 'text/event-stream', 'MCP-Protocol-Version': '1999-01-01' },
    })
    expect(version.status).toBe(400)
    await version.arrayBuffer()
  })

  it('refuses a cross-origin browser as POST does', async () => {
    const response = await fetch(`${baseUrl()}/api/mcp`, {
      headers: {
        Accept: 'text/event-stream',
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      },
    })
    expect(response.status).toBe(403)
    await response.arrayBuffer()
  })
})

describe('the method table of /api/mcp', () => {
  const ALLOW = 'GET, HEAD, OPTIONS, POST'

  it('OPTIONS lists GET, which opens the stream, and HEAD, which answers its head', async () => {
    const options = await rawHttp('OPTIONS', '/api/mcp')
    expect(options.status).toBe(204)
    expect(options.headers.allow).toBe(ALLOW)
    const head = await rawHttp('HEAD', '/api/mcp', { Accept: 'text/event-stream' })
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(head.body).toBe('')
  })

  it.each(['DELETE', 'PUT', 'PATCH'])(
    '%s is a JSON-RPC 405 with the same Allow',
    async (method) => {
      const response = await rawHttp(method, '/api/mcp')
      expect(response.status).toBe(405)
      expect(response.headers.allow).toBe(ALLOW)
      expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } })
    },
  )
})

describe('shutdown', () => {
  it('ends the open streams as the server stops accepting, so it stops at once', async () => {
    const app = await startApp(
      `mcp-shutdown-${process.env.TEST_RUN_ID ?? 'main'}`,
      inject('appEnv'),
    )
    try {
      const stream = await rawStream(uniqueClient(), {}, `${app.url}/api/mcp`)
      expect(stream.response.status).toBe(200)
      await poll('the retry field', () =>
        stream.received().startsWith('retry: ') ? true : undefined,
      )
      const stopping = Date.now()
      await app.stop()
      const stoppedIn = Date.now() - stopping
      console.info(`stopped ${stoppedIn} ms after SIGTERM with a stream open`)
      // Well within the 10 s grace after which the server would exit with 1.
      expect(stoppedIn).toBeLessThan(5_000)
      expect(app.process.exitCode).toBe(0)
      await poll('the stream ended', () => (stream.ended() ? true : undefined))
    } finally {
      await app.stop()
    }
  }, 120_000)
})

describe('client names without sessions', () => {
  /** The audience counts of /api/mcp today for agents named from `family`. */
  const countedAs = (family: string) =>
    withConnection(inject('databaseUrl'), async (client) => {
      const { rows } = await client.query<{ agent: string; count: string }>(
        `SELECT agent, sum(count) AS count FROM audience_counts
         WHERE path = '/api/mcp' AND day = (now() AT TIME ZONE 'UTC')::date AND agent LIKE $1
         GROUP BY agent ORDER BY agent`,
        [`${family}%`],
      )
      return rows.map((row) => ({ agent: row.agent, count: Number(row.count) }))
    })

  it('counts initialize under clientInfo.name, and later calls under the User-Agent', async () => {
    const family = `mcp-names-${Date.now().toString(36)}`
    const call = async (body: object) => {
      const response = await fetch(`${baseUrl()}/api/mcp`, {
        method: 'POST',
        headers: {
          'User-Agent': `${family}/1.0`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(200)
      await response.text()
    }
    await call({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: `${family}-client`, version: '1.0.0' },
      },
    })
    await call({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
    const expected = [
      { agent: family, count: 1 },
      { agent: `${family}-client`, count: 1 },
    ]
    await poll(
      'both calls counted',
      async () => {
        const rows = await countedAs(family)
        return JSON.stringify(rows) === JSON.stringify(expected) ? rows : undefined
      },
      { withinMs: 20_000, everyMs: 250 },
    )
  }, 60_000)
})
