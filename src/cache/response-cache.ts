import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { REQUEST_ID_HEADER } from '@/http/request-id'

import {
  CACHE_STATUS_HEADER,
  compressedBody,
  createEntry,
  encodedHeaders,
  variantFor,
  type CachedResponse,
} from './entry'
import { cacheKeyOf, etagMatches, isPersonal, negotiateEncoding } from './policy'
import type { ResponseStore } from './store'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/**
 * Serves anonymous reads of published content from memory, in front of Next.js.
 *
 * `serve` answers a request from the store (a hit, a 304, or by waiting for the render another
 * request already started) or renders it once through `render`, capturing the response to
 * store it. It returns false for what it doesn't handle; those go to `render` unchanged. A
 * request carrying credentials or cookies is never served from or stored into the cache, and its
 * response is marked private so no shared cache downstream keeps it either.
 */
export function responseCache(
  store: ResponseStore,
  render: Handler,
  {
    admits = () => true,
    onEditorWrite = () => undefined,
  }: {
    /** What a request must pass before it is rendered for the cache (hits were checked before). */
    admits?: (request: IncomingMessage) => boolean
    /** Runs when an editor's write through this instance is answered (it has committed). */
    onEditorWrite?: () => void
  } = {},
) {
  function send(
    request: IncomingMessage,
    response: ServerResponse,
    entry: CachedResponse,
    status: 'HIT' | 'MISS',
    acceptEncoding = request.headers['accept-encoding'],
  ): void {
    const { variant, grewBy } = variantFor(entry, negotiateEncoding(acceptEncoding))
    if (grewBy) store.grew(entry, grewBy)
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
      response.writeHead(304, { ...variant.notModifiedHeaders, [CACHE_STATUS_HEADER]: status })
      response.end()
      return
    }
    response.writeHead(
      entry.status,
      status === 'HIT' ? variant.hitHeaders : { ...variant.headers, [CACHE_STATUS_HEADER]: status },
    )
    response.end(request.method === 'HEAD' ? undefined : variant.body)
  }

  function fill(
    key: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<CachedResponse | undefined> {
    const generation = store.generation
    // Rendered uncompressed (the cache compresses once per entry, not once per response), but the
    // miss itself is answered in the encoding the client accepts.
    const acceptEncoding = request.headers['accept-encoding']
    delete request.headers['accept-encoding']
    return new Promise((resolve) => {
      const captured = captureResponse(response, (status, headers, body) => {
        const cacheable = status === 200 && headers['set-cookie'] === undefined
        const entry = cacheable ? createEntry(key, status, headers, body) : undefined
        resolve(entry)
        if (!entry) return sendOnce(response, status, headers, body, acceptEncoding)
        store.set(key, entry, generation)
        // The stored head replaces the rendered one, so a miss goes out exactly as later hits do.
        for (const name of response.getHeaderNames())
          if (name !== REQUEST_ID_HEADER) response.removeHeader(name)
        send(request, response, entry, 'MISS', acceptEncoding)
        return true
      })
      response.once('close', () => {
        if (!captured.finished) resolve(undefined)
      })
      render(request, response)
    })
  }

  return function serve(request: IncomingMessage, response: ServerResponse): boolean {
    const key = cacheKeyOf(request.method, request.url, request.headers)
    if (key === null) {
      if (isPersonal(request.url, request.headers)) {
        // An editor's write has committed by the time its response starts: dropping the cache
        // then means the editor's next read is fresh here without waiting for the notification.
        const isWrite = request.method !== 'GET' && request.method !== 'HEAD'
        onHead(response, () => {
          keepPrivate(response)
          if (isWrite) {
            store.invalidate()
            onEditorWrite()
          }
        })
      }
      return false
    }
    if (!store.active) return false
    const hit = store.get(key)
    if (hit) {
      send(request, response, hit, 'HIT')
      return true
    }
    const pending = store.pending(key)
    if (pending && admits(request)) {
      void pending.then((entry) =>
        entry ? send(request, response, entry, 'HIT') : render(request, response),
      )
      return true
    }
    if (request.method !== 'GET' || !admits(request)) return false
    store.track(key, fill(key, request, response))
    return true
  }
}

/**
 * Buffers what the application writes to `response` instead of sending it. When the application
 * ends the response, `finish` gets the status, final headers and body: it either sends the
 * response itself (returning true) or leaves it to be sent as the application made it.
 *
 * The head is completed exactly as Node would complete it: the response's own `writeHead`, with
 * whatever the project's server wrapped around it, runs before the headers are read.
 */
function captureResponse(
  response: ServerResponse,
  finish: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => boolean,
): { finished: boolean } {
  const state = { finished: false }
  const { writeHead, write, end, flushHeaders } = response
  const chunks: Buffer[] = []
  let capturing = true

  const toBuffer = (chunk: unknown, encoding?: unknown): Buffer =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array)

  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!capturing) return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args)
    const [status, second, third] = args
    this.statusCode = status as number
    if (typeof second === 'string') this.statusMessage = second
    const headers = typeof second === 'string' ? third : second
    if (Array.isArray(headers)) {
      for (let index = 0; index < headers.length; index += 2)
        this.setHeader(String(headers[index]), headers[index + 1] as string)
    } else if (headers && typeof headers === 'object') {
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) this.setHeader(name, value as string)
    }
    return this
  } as ServerResponse['writeHead']

  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!capturing) return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
    chunks.push(toBuffer(chunk, rest[0]))
    const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined
    if (callback) process.nextTick(callback)
    return true
  } as ServerResponse['write']

  response.flushHeaders = function () {
    if (!capturing) flushHeaders.call(this)
  }

  response.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!capturing) return (end as (...rest: unknown[]) => ServerResponse).apply(this, args)
    const [first, second] = args
    if (first !== undefined && typeof first !== 'function') chunks.push(toBuffer(first, second))
    // Completes the head the way Node would (running every wrapper of writeHead), still captured.
    this.writeHead(this.statusCode)
    capturing = false
    state.finished = true
    const body = Buffer.concat(chunks)
    const sent = finish(this.statusCode, this.getHeaders(), body)
    if (sent) return this
    ;(writeHead as (...rest: unknown[]) => ServerResponse).call(this, this.statusCode)
    return (end as (...rest: unknown[]) => ServerResponse).call(this, body)
  } as ServerResponse['end']

  return state
}

/**
 * Sends a rendered response that isn't stored (a 404, an error), compressed when the client
 * accepts it and it's worth it (it was rendered without Accept-Encoding, for the cache). Returns
 * false to leave it to be sent as rendered.
 */
function sendOnce(
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  acceptEncoding: string | undefined,
): boolean {
  const encoding = negotiateEncoding(acceptEncoding)
  if (encoding === 'identity') return false
  const compressed = compressedBody(body, headers, encoding)
  if (!compressed) return false
  for (const name of response.getHeaderNames()) response.removeHeader(name)
  response.writeHead(status, encodedHeaders(headers, encoding, compressed.length))
  response.end(compressed)
  return true
}

/** Runs `action` just before the response head is written. */
function onHead(response: ServerResponse, action: () => void): void {
  const writeHead = response.writeHead
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    action()
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args)
  } as ServerResponse['writeHead']
}

/** Personal responses may be cached by the browser that asked, never by a shared cache. */
function keepPrivate(response: ServerResponse): void {
  const value = response.getHeader('cache-control')
  const cacheControl = typeof value === 'string' ? value : undefined
  if (!cacheControl) response.setHeader('Cache-Control', 'private, no-store')
  else if (/\bpublic\b/i.test(cacheControl))
    response.setHeader('Cache-Control', cacheControl.replace(/\bpublic\b/i, 'private'))
}
