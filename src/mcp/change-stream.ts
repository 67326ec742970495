import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js'

import { clientBucket } from '@/http/client-address'
import { contentVersions, listKey, type ContentVersions } from '@/lib/content-version'
import { onStopAccepting, processSingleton } from '@/lib/process-singleton'
import { PAGE_COLLECTIONS } from '@/site/view'

import { PROTOCOL_VERSION_HEADER } from './batch'

/**
 * The MCP server's notification stream: a GET of /api/mcp (Streamable HTTP's server-to-client
 * stream) opens a stream of server-sent events on which this instance sends
 * `notifications/resources/list_changed` when published documents change. The server keeps no
 * session, so a stream belongs to no one in particular: every change goes to every stream open
 * on the instance. Every instance hears every change (PostgreSQL's change feed advances this
 * process's content versions, src/lib/content-version.ts), so a client hears of it whichever
 * instance holds its stream.
 *
 * The versions are compared every `MCP_STREAM_TIMING.checkMs` while a stream is open (they are
 * a counter in memory: comparing costs nothing), so a publish reaches the streams within a
 * second, and a burst of changes within one check is one notification. While the change feed is
 * down no stamp is given and nothing is sent; when it is back every key advances, and the
 * streams are told the list may have changed.
 */

/** How many streams an instance holds open: per client address, for the unidentified, in all. */
export const MCP_STREAM_LIMITS = {
  /** One client address (an IPv6 /64); a client needs one, a few allow reconnects and tabs. */
  perClient: 4,
  /** Callers without a known address, together. */
  unidentified: 32,
  /** Every stream of the instance: each holds a connection open. */
  total: 500,
  /** Events queued for a client that stopped reading before its stream is dropped. */
  backlog: 32,
} as const

export const MCP_STREAM_TIMING = {
  /** How often the content versions are compared while a stream is open. */
  checkMs: 500,
  /** An SSE comment this often keeps proxies and idle timeouts from closing a quiet stream. */
  heartbeatMs: 25_000,
  /** The `retry:` a client waits before reconnecting to a stream the server ended. */
  retryMs: 2_000,
  /** `Retry-After` of a stream refused for a limit, or while the instance shuts down. */
  refusedRetryAfterSeconds: 30,
} as const

/** The method of the notification this stream carries. */
export const LIST_CHANGED_METHOD = 'notifications/resources/list_changed'

/** What `resources/list` shows: every change to a document of a collection advances its list key. */
export const RESOURCE_LIST_KEYS: readonly string[] = PAGE_COLLECTIONS.map(listKey)

const encoder = new TextEncoder()
const RETRY_EVENT = encoder.encode(`retry: ${MCP_STREAM_TIMING.retryMs}\n\n`)
const HEARTBEAT = encoder.encode(': keepalive\n\n')
const LIST_CHANGED_EVENT = encoder.encode(
  `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: LIST_CHANGED_METHOD })}\n\n`,
)

/** What the streams read of the process's content versions. */
export type VersionsView = Pick<ContentVersions, 'isFresh' | 'stamp'>

/** Runs `run` every `everyMs` until the returned function is called. */
export type Repeater = (run: () => void, everyMs: number) => () => void

const unrefInterval: Repeater = (run, everyMs) => {
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

interface OpenStream {
  /** Whose limit it counts against: a client bucket, or null for the unidentified. */
  client: string | null
  controller: ReadableStreamDefaultController<Uint8Array>
}

export type StreamOpening =
  { opened: ReadableStream<Uint8Array> } | { refused: 'client' | 'capacity' | 'closing' }

export class ChangeStreams {
  readonly #versions: VersionsView
  readonly #keys: readonly string[]
  readonly #repeat: Repeater
  readonly #now: () => number
  readonly #streams = new Set<OpenStream>()
  readonly #perClient = new Map<string | null, number>()
  #stamp: number | null = null
  #lastBeat = 0
  #stopChecking: (() => void) | undefined
  #closing = false

  constructor({
    versions,
    keys = RESOURCE_LIST_KEYS,
    repeat = unrefInterval,
    now = Date.now,
  }: {
    versions: VersionsView
    keys?: readonly string[]
    repeat?: Repeater
    now?: () => number
  }) {
    this.#versions = versions
    this.#keys = keys
    this.#repeat = repeat
    this.#now = now
  }

  /** How many streams are open. */
  get size(): number {
    return this.#streams.size
  }

  /**
   * A new stream for `client` (its bucket, or null when unidentified), or why not: its limit,
   * the instance's, or a shutdown under way.
   */
  open(client: string | null): StreamOpening {
    if (this.#closing) return { refused: 'closing' }
    const held = this.#perClient.get(client) ?? 0
    const limit = client === null ? MCP_STREAM_LIMITS.unidentified : MCP_STREAM_LIMITS.perClient
    if (held >= limit) return { refused: 'client' }
    if (this.#streams.size >= MCP_STREAM_LIMITS.total) return { refused: 'capacity' }
    let stream: OpenStream | undefined
    const opened = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stream = { client, controller }
        this.#add(stream)
        controller.enqueue(RETRY_EVENT)
      },
      cancel: () => {
        if (stream) this.#remove(stream)
      },
    })
    return { opened }
  }

  /**
   * One check: the notification to every stream if what `resources/list` shows changed since the
   * last one (and a stamp can be taken: the change feed is live), else a heartbeat when due.
   */
  check(): void {
    const now = this.#now()
    if (!this.#versions.isFresh(this.#keys, this.#stamp)) {
      const stamp = this.#versions.stamp()
      if (stamp !== null) {
        this.#stamp = stamp
        this.#lastBeat = now
        this.#broadcast(LIST_CHANGED_EVENT)
        return
      }
    }
    if (now - this.#lastBeat >= MCP_STREAM_TIMING.heartbeatMs) {
      this.#lastBeat = now
      this.#broadcast(HEARTBEAT)
    }
  }

  /** Ends every stream (their clients reconnect, to another instance) and refuses new ones. */
  closeAll(): void {
    this.#closing = true
    for (const stream of [...this.#streams]) {
      this.#remove(stream)
      try {
        stream.controller.close()
      } catch {
        // Already closed or errored by its reader.
      }
    }
  }

  #add(stream: OpenStream): void {
    if (this.#streams.size === 0) {
      // Nothing open heard of earlier changes, and needs not: the stream starts from now.
      this.#stamp = this.#versions.stamp()
      this.#lastBeat = this.#now()
      this.#stopChecking = this.#repeat(() => this.check(), MCP_STREAM_TIMING.checkMs)
    }
    this.#streams.add(stream)
    this.#perClient.set(stream.client, (this.#perClient.get(stream.client) ?? 0) + 1)
  }

  #remove(stream: OpenStream): void {
    if (!this.#streams.delete(stream)) return
    const held = (this.#perClient.get(stream.client) ?? 1) - 1
    if (held > 0) this.#perClient.set(stream.client, held)
    else this.#perClient.delete(stream.client)
    if (this.#streams.size === 0) {
      this.#stopChecking?.()
      this.#stopChecking = undefined
    }
  }

  #broadcast(chunk: Uint8Array): void {
    for (const stream of [...this.#streams]) {
      try {
        // A client that stopped reading: its queue would grow for as long as it stays connected.
        if ((stream.controller.desiredSize ?? 0) < -MCP_STREAM_LIMITS.backlog) {
          this.#remove(stream)
          stream.controller.error(new Error('the client stopped reading its event stream'))
          continue
        }
        stream.controller.enqueue(chunk)
      } catch {
        this.#remove(stream)
      }
    }
  }
}

/**
 * This process's streams, over its content versions, ended as soon as the server stops
 * accepting (src/lib/process-singleton.ts), since the server waits for every response in flight.
 */
export function changeStreams(): ChangeStreams {
  return processSingleton('mcp-change-streams', () => {
    const streams = new ChangeStreams({ versions: contentVersions() })
    onStopAccepting('mcp event streams', () => streams.closeAll())
    return streams
  })
}

/** A refusal of a GET, as the route answers it (a JSON-RPC error). */
export interface StreamRefusal {
  status: 400 | 406 | 429 | 503
  message: string
  headers?: Record<string, string>
}

/** The head of an event stream: never stored, never compressed or buffered on its way. */
export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store, no-transform',
  'X-Accel-Buffering': 'no',
} as const

/** Why a GET with `headers` can't open a stream (what it asks for), or null. */
export function streamRequestRefusal(headers: Headers): StreamRefusal | null {
  if (!headers.get('accept')?.includes('text/event-stream')) {
    return {
      status: 406,
      message:
        'Not Acceptable: a GET opens the notification stream; send Accept: text/event-stream. ' +
        'Requests are POSTed.',
    }
  }
  const version = headers.get(PROTOCOL_VERSION_HEADER)
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return {
      status: 400,
      message: `Bad Request: unsupported protocol version ${JSON.stringify(version.slice(0, 40))} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}).`,
    }
  }
  return null
}

const REFUSED: Record<'client' | 'capacity' | 'closing', StreamRefusal> = {
  client: {
    status: 429,
    message: `Too Many Requests: at most ${MCP_STREAM_LIMITS.perClient} notification streams per client; close one first.`,
    headers: { 'Retry-After': String(MCP_STREAM_TIMING.refusedRetryAfterSeconds) },
  },
  capacity: {
    status: 503,
    message: 'Service Unavailable: this instance holds as many notification streams as it can.',
    headers: { 'Retry-After': String(MCP_STREAM_TIMING.refusedRetryAfterSeconds) },
  },
  closing: {
    status: 503,
    message: 'Service Unavailable: this instance is shutting down; reconnect.',
    headers: { 'Retry-After': String(Math.ceil(MCP_STREAM_TIMING.retryMs / 1000)) },
  },
}

/**
 * A GET of /api/mcp: the event stream for the caller (its verified client address, or null),
 * or why not. `head` answers what a GET would, without opening anything.
 */
export function openChangeStream(
  headers: Headers,
  clientAddress: string | null,
  { head = false, streams = changeStreams() }: { head?: boolean; streams?: ChangeStreams } = {},
): { refusal: StreamRefusal } | { response: Response } {
  const refusal = streamRequestRefusal(headers)
  if (refusal) return { refusal }
  if (head) return { response: new Response(null, { status: 200, headers: EVENT_STREAM_HEADERS }) }
  const opening = streams.open(clientAddress === null ? null : clientBucket(clientAddress))
  if ('refused' in opening) return { refusal: REFUSED[opening.refused] }
  return { response: new Response(opening.opened, { status: 200, headers: EVENT_STREAM_HEADERS }) }
}
