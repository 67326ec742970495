import { describe, expect, it } from 'vitest'

import { ContentVersions, listKey, SETTINGS_KEY } from '@/lib/content-version'

import {
  ChangeStreams,
  MCP_STREAM_LIMITS,
  MCP_STREAM_TIMING,
  openChangeStream,
  streamRequestRefusal,
  type Repeater,
} from './change-stream'

const LIST_CHANGED =
  'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/resources/list_changed"}\n\n'
const RETRY = `retry: ${MCP_STREAM_TIMING.retryMs}\n\n`

/** Streams over live versions, with a clock and a repeater the test drives. */
function setUp() {
  const versions = new ContentVersions()
  versions.setFeedConnected(true)
  let now = 1_000
  const repeating = { running: 0, started: 0 }
  const repeat: Repeater = () => {
    repeating.running += 1
    repeating.started += 1
    return () => (repeating.running -= 1)
  }
  const streams = new ChangeStreams({ versions, repeat, now: () => now })
  return {
    versions,
    streams,
    repeating,
    advanceClock: (ms: number) => (now += ms),
  }
}

const decoder = new TextDecoder()

/** A stream's reader that keeps the read it is waiting on across `next` calls. */
class Reading {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>
  #pending: Promise<string | null> | undefined

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.getReader()
  }

  /** The next chunk, or null when the stream ended; undefined when nothing came in time. */
  async next(): Promise<string | null | undefined> {
    this.#pending ??= this.#reader
      .read()
      .then(({ value, done }) => (done ? null : decoder.decode(value)))
    const pending = this.#pending
    const read = await Promise.race([
      pending,
      new Promise<undefined>((resolve) => setTimeout(resolve, 20)),
    ])
    if (read !== undefined) this.#pending = undefined
    return read
  }

  cancel(): Promise<void> {
    return this.#reader.cancel()
  }
}

function opened(streams: ChangeStreams, client: string | null): Reading {
  const opening = streams.open(client)
  if (!('opened' in opening)) throw new Error(`refused: ${opening.refused}`)
  return new Reading(opening.opened)
}

const next = (reading: Reading) => reading.next()

describe('the notification stream', () => {
  it('starts with the reconnection delay, then announces a change to the documents', async () => {
    const { versions, streams } = setUp()
    const reader = opened(streams, 'v4:1.2.3.4')
    expect(await next(reader)).toBe(RETRY)
    streams.check()
    expect(await next(reader)).toBeUndefined()
    versions.advance([listKey('posts')])
    streams.check()
    expect(await next(reader)).toBe(LIST_CHANGED)
    // Once per change: the next check has nothing to say.
    streams.check()
    expect(await next(reader)).toBeUndefined()
    versions.advance([listKey('case-studies'), listKey('posts')])
    versions.advance([listKey('case-studies')])
    streams.check()
    expect(await next(reader)).toBe(LIST_CHANGED)
    expect(await next(reader)).toBeUndefined()
  })

  it('says nothing of changes resources/list does not show', async () => {
    const { versions, streams } = setUp()
    const reader = opened(streams, 'v4:1.2.3.4')
    await next(reader)
    versions.advance([SETTINGS_KEY, listKey('categories')])
    streams.check()
    expect(await next(reader)).toBeUndefined()
  })

  it('goes to every stream open', async () => {
    const { versions, streams } = setUp()
    const readers = [
      opened(streams, 'v4:1.1.1.1'),
      opened(streams, 'v4:2.2.2.2'),
      opened(streams, null),
    ]
    for (const reader of readers) await next(reader)
    versions.advance([listKey('case-studies')])
    streams.check()
    for (const reader of readers) expect(await next(reader)).toBe(LIST_CHANGED)
  })

  it('waits while the change feed is down, then tells that the list may have changed', async () => {
    const { versions, streams } = setUp()
    const reader = opened(streams, 'v4:1.2.3.4')
    await next(reader)
    versions.setFeedConnected(false)
    streams.check()
    expect(await next(reader)).toBeUndefined()
    versions.setFeedConnected(true)
    streams.check()
    expect(await next(reader)).toBe(LIST_CHANGED)
  })

  it('sends a heartbeat when the stream has been quiet for a while', async () => {
    const { streams, advanceClock } = setUp()
    const reader = opened(streams, 'v4:1.2.3.4')
    await next(reader)
    advanceClock(MCP_STREAM_TIMING.heartbeatMs - 1)
    streams.check()
    expect(await next(reader)).toBeUndefined()
    advanceClock(1)
    streams.check()
    expect(await next(reader)).toBe(': keepalive\n\n')
  })

  it('checks only while a stream is open', async () => {
    const { streams, repeating } = setUp()
    expect(repeating.running).toBe(0)
    const first = opened(streams, 'v4:1.2.3.4')
    const second = opened(streams, 'v4:1.2.3.4')
    expect(repeating).toEqual({ running: 1, started: 1 })
    await first.cancel()
    expect(repeating.running).toBe(1)
    await second.cancel()
    expect(repeating.running).toBe(0)
    expect(streams.size).toBe(0)
  })
})

describe('limits', () => {
  it('holds at most perClient streams for a client; a closed one frees its place', async () => {
    const { streams } = setUp()
    const readers = Array.from({ length: MCP_STREAM_LIMITS.perClient }, () =>
      opened(streams, 'v4:1.2.3.4'),
    )
    expect(streams.open('v4:1.2.3.4')).toEqual({ refused: 'client' })
    expect('opened' in streams.open('v4:5.6.7.8')).toBe(true)
    await readers[0]!.cancel()
    expect('opened' in streams.open('v4:1.2.3.4')).toBe(true)
  })

  it('the unidentified share their own limit', () => {
    const { streams } = setUp()
    for (let index = 0; index < MCP_STREAM_LIMITS.unidentified; index += 1) opened(streams, null)
    expect(streams.open(null)).toEqual({ refused: 'client' })
    expect('opened' in streams.open('v4:1.2.3.4')).toBe(true)
  })

  it('holds at most `total` streams in all', () => {
    const { streams } = setUp()
    for (let index = 0; index < MCP_STREAM_LIMITS.total; index += 1) {
      opened(streams, `v4:10.0.${Math.floor(index / 250)}.${index % 250}`)
    }
    expect(streams.size).toBe(MCP_STREAM_LIMITS.total)
    expect(streams.open('v4:9.9.9.9')).toEqual({ refused: 'capacity' })
  })

  it('drops a stream whose client stopped reading', async () => {
    const { versions, streams } = setUp()
    opened(streams, 'v4:1.2.3.4')
    const reading = opened(streams, 'v4:5.6.7.8')
    for (let index = 0; index <= MCP_STREAM_LIMITS.backlog + 1; index += 1) {
      versions.advance([listKey('posts')])
      streams.check()
      await next(reading)
    }
    expect(streams.size).toBe(1)
  })
})

describe('shutdown', () => {
  it('ends every stream and refuses new ones', async () => {
    const { streams, repeating } = setUp()
    const reader = opened(streams, 'v4:1.2.3.4')
    expect(await next(reader)).toBe(RETRY)
    streams.closeAll()
    expect(await next(reader)).toBeNull()
    expect(streams.size).toBe(0)
    expect(repeating.running).toBe(0)
    expect(streams.open('v4:1.2.3.4')).toEqual({ refused: 'closing' })
  })
})

describe('a GET of /api/mcp', () => {
  const headers = (more: Record<string, string> = {}) =>
    new Headers({ Accept: 'text/event-stream', ...more })

  it('must accept an event stream and speak a protocol version the server knows', () => {
    expect(streamRequestRefusal(new Headers({ Accept: 'application/json' }))?.status).toBe(406)
    expect(streamRequestRefusal(new Headers())?.status).toBe(406)
    expect(
      streamRequestRefusal(headers({ 'MCP-Protocol-Version': '1999-01-01' }))?.message,
    ).toMatch(/^Bad Request: unsupported protocol version "1999-01-01" \(supported: .*2025-11-25/)
    expect(streamRequestRefusal(headers({ 'MCP-Protocol-Version': '2025-11-25' }))).toBeNull()
    expect(streamRequestRefusal(headers())).toBeNull()
  })

  it('opens an event stream; HEAD answers its head without opening one', async () => {
    const { streams } = setUp()
    const head = openChangeStream(headers(), '1.2.3.4', { head: true, streams })
    if (!('response' in head)) throw new Error('refused')
    expect(head.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(head.response.body).toBeNull()
    expect(streams.size).toBe(0)
    const get = openChangeStream(headers(), '1.2.3.4', { streams })
    if (!('response' in get)) throw new Error('refused')
    expect(get.response.headers.get('cache-control')).toBe('no-store, no-transform')
    expect(streams.size).toBe(1)
    await get.response.body!.cancel()
    expect(streams.size).toBe(0)
  })

  it('refuses a client past its limit with 429 and Retry-After, counted by its address', () => {
    const { streams } = setUp()
    for (let index = 0; index < MCP_STREAM_LIMITS.perClient; index += 1) {
      expect('response' in openChangeStream(headers(), '1.2.3.4', { streams })).toBe(true)
    }
    expect(openChangeStream(headers(), '1.2.3.4', { streams })).toEqual({
      refusal: expect.objectContaining({
        status: 429,
        headers: { 'Retry-After': String(MCP_STREAM_TIMING.refusedRetryAfterSeconds) },
      }),
    })
    // An IPv6 client is its /64, as for the budgets.
    for (let index = 0; index < MCP_STREAM_LIMITS.perClient; index += 1) {
      openChangeStream(headers(), `2001:db8::${index + 1}`, { streams })
    }
    expect(openChangeStream(headers(), '2001:db8::ff', { streams })).toEqual({
      refusal: expect.objectContaining({ status: 429 }),
    })
  })
})
