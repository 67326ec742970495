import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { isSharedCacheable, NEVER_STORED } from '@/http/cache-control'
import { matchesIfNoneMatch } from '@/http/conditional'
import type { BodyKeeper } from '@/http/response-capture'
import { REQUEST_ID_HEADER } from '@/http/request-id'
import type { ContentVersions } from '@/lib/content-version'
import type { ShownContent } from '@/lib/shown-content'

import { CACHE_STATUS_HEADER, createEntry, variantFor, type CachedResponse } from './entry'
import {
  cacheTargetOf,
  contentWriteChange,
  isContentWrite,
  isPersonal,
  negotiateEncoding,
  takesStale,
  type CacheTarget,
} from './policy'
import type { LargeResponseFiles } from './large-responses'
import type { ResponseStore } from './store'
import { dependenciesOf, shownBy, SURROGATE_HEADERS } from './surrogate-keys'

/**
 * The server's render: it installs the response's one capture (src/http/response-capture.ts),
 * with `keep` as the keeper of the body on a miss this cache fills, its answer read under
 * `versions` (the store's: src/cache/surrogate-keys.ts gives shared caches only what is current).
 */
type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
  options?: { keep?: BodyKeeper; versions?: ContentVersions },
) => void

/**
 * How many URLs the cache remembers as too large to store (see `fill`); past it, it starts over.
 */
const TOO_LARGE_REMEMBERED = 1_000

/**
 * How long readers waiting for a large render's file let it go without a byte before rendering
 * for themselves: a render that broke down or a first reader who stopped reading (the render goes
 * at its first reader's pace, the socket's backpressure) must not hold the others back. A render
 * that keeps sending is waited for, however long the site makes it: with a fixed wait, a whole-site
 * file that took longer than the wait to render (llms-full.txt of 11,000 documents, 30 s alone,
 * more under load) had every waiting reader render it again at once, eight renders for eight.
 */
export const SHARED_RENDER_STALL_MS = 30_000

/**
 * The longest readers wait for another's large render, sending or not: a first reader draining
 * it slowly, by accident or on purpose, holds the others back no longer than this.
 */
export const SHARED_RENDER_MAX_WAIT_MS = 5 * 60_000

/**
 * Serves anonymous reads of published content from memory, in front of Next.js.
 *
 * `serve` answers a request from the store (a hit, a 304, or by waiting for the render another
 * request already started, unless a change made its answer stale less than a second ago: then
 * that stale answer, labelled `STALE`) or renders it once through `render`, capturing the response to
 * store it. It returns false for what it doesn't handle; those go to `render` unchanged. A
 * request carrying credentials or cookies is never served from or stored into the cache (the
 * server's caching policy makes its answer private). `headWritten` is for the server to call
 * with the status of every rendered response (an editor's write drops the cache).
 *
 * `render` is the server's: it puts the response pipeline (src/server/response-pipeline.ts) on
 * the response it is given, so the head captured here is the pipeline's output for the request,
 * and what is stored goes out on hits exactly as a render without the cache would have gone.
 * Only a response the policy lets be shared is stored (`isStorable`); anything else rendered on
 * a miss is sent once and forgotten.
 */
export function responseCache(
  store: ResponseStore,
  render: Handler,
  {
    onEditorWrite = () => undefined,
    largeFiles,
    sharedRenderStallMs = SHARED_RENDER_STALL_MS,
    sharedRenderMaxWaitMs = SHARED_RENDER_MAX_WAIT_MS,
  }: {
    /**
     * Runs when an editor's content write through this instance succeeded (it has committed),
     * after the content versions advanced for it.
     */
    onEditorWrite?: () => void
    /** Where a response too large for an entry is kept, on disk; without it, none is kept. */
    largeFiles?: LargeResponseFiles
    /** `SHARED_RENDER_STALL_MS`, shorter in tests. */
    sharedRenderStallMs?: number
    /** `SHARED_RENDER_MAX_WAIT_MS`, shorter in tests. */
    sharedRenderMaxWaitMs?: number
  } = {},
) {
  /**
   * URLs whose last render was too large to store, with what it showed and when. A body without
   * a declared length (Next.js sends pages and JSON without one) is buffered up to the entry cap
   * before the cache knows it cannot keep it; the files of every document (llms-full.txt,
   * schema.jsonl: tens of megabytes on a large site, streamed a page of documents at a time)
   * would hold that much on every request for nothing. Remembered, they are streamed with nothing
   * held (onto disk, with `largeFiles`) until what they show changes, when they are tried again
   * (the site may have shrunk).
   */
  const tooLarge = new Map<string, { dependsOn: readonly string[]; stamp: number | null }>()

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    entry: CachedResponse,
    status: 'HIT' | 'MISS' | 'STALE',
    acceptEncoding = request.headers['accept-encoding'],
  ): void {
    const { variant, grewBy } = variantFor(entry, negotiateEncoding(acceptEncoding))
    if (grewBy) store.grew(entry, grewBy)
    const ifNoneMatch = request.headers['if-none-match']
    const notModified = ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, variant.etag)
    const headers =
      status === 'HIT'
        ? notModified
          ? variant.notModifiedHitHeaders
          : variant.hitHeaders
        : {
            ...(notModified ? variant.notModifiedHeaders : variant.headers),
            [CACHE_STATUS_HEADER]: status,
          }
    if (status === 'STALE') {
      // A stale answer stands in for a moment here; no cache after this one may keep it, so it
      // carries no surrogate keys either (src/cache/surrogate-keys.ts).
      headers['cache-control'] = NEVER_STORED
      for (const name of SURROGATE_HEADERS) delete headers[name]
    }
    response.writeHead(notModified ? 304 : entry.status, headers)
    response.end(notModified || request.method === 'HEAD' ? undefined : variant.body)
  }

  function fill(
    { key, renderUrl, dependsOn, reportedBase }: CacheTarget,
    stamp: number | null,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<CachedResponse | undefined> {
    // Rendered uncompressed (the cache compresses once per entry, not once per response), but the
    // miss itself is answered in the encoding the client accepts.
    const acceptEncoding = request.headers['accept-encoding']
    delete request.headers['accept-encoding']
    // The canonical URL is what is rendered: what is stored answers it, not the caller's spelling.
    request.url = renderUrl
    let shown: ShownContent | undefined
    return new Promise((resolve) => {
      const known = tooLarge.get(key)
      const knownTooLarge =
        known !== undefined && store.versions.isFresh(known.dependsOn, known.stamp)
      /** The render ended, or its body went past what an entry holds. */
      let settled = false
      const keep: BodyKeeper = {
        maxBytes: store.maxEntryBytes,
        undeclaredMaxBytes: knownTooLarge ? 0 : store.maxEntryBytes,
        acceptEncoding,
        // Larger than an entry may be (a streamed file of every document): sent as it is
        // produced, never held whole in memory, and written to disk on its way when that is
        // allowed. Readers waiting for this render are answered from the file once it is written.
        overflowed: (status, headers) => {
          settled = true
          if (tooLarge.size >= TOO_LARGE_REMEMBERED) tooLarge.clear()
          tooLarge.set(key, { dependsOn, stamp })
          const writer = isStorable(status, headers)
            ? largeFiles?.writer(key, status, headers, dependsOn, stamp)
            : null
          if (!writer) {
            resolve(undefined)
            return null
          }
          // Readers waiting for the file (`pending`) are let go when the render stalls or at the
          // latest after the maximum wait; then they render for themselves.
          const stopWaiting = () => resolve(undefined)
          const atTheLatest = setTimeout(stopWaiting, sharedRenderMaxWaitMs)
          const stalled = setTimeout(stopWaiting, sharedRenderStallMs)
          atTheLatest.unref()
          stalled.unref()
          const settle = () => {
            clearTimeout(atTheLatest)
            clearTimeout(stalled)
            resolve(undefined)
          }
          return {
            write: (chunk: Buffer) => {
              stalled.refresh()
              writer.write(chunk)
            },
            end: () => void writer.end().then(settle),
            abort: () => {
              writer.abort()
              settle()
            },
          }
        },
        finish: (status, headers, body) => {
          settled = true
          const entry = isStorable(status, headers)
            ? createEntry(key, status, headers, body)
            : undefined
          resolve(entry)
          // Not to be stored: the capture sends it once, compressed as the client accepts.
          if (!entry) return false
          // A page that reported what it shows is kept until that changes (src/lib/shown-content.ts).
          store.set(key, entry, dependenciesOf({ dependsOn, reportedBase }, shown), stamp)
          // The stored head replaces the rendered one, so a miss goes out exactly as later hits do.
          for (const name of response.getHeaderNames())
            if (name !== REQUEST_ID_HEADER) response.removeHeader(name)
          send(request, response, entry, 'MISS', acceptEncoding)
          return true
        },
      }
      response.once('close', () => {
        if (!settled) resolve(undefined)
      })
      render(request, response, { keep, versions: store.versions })
      // Collected around the render by the response pipeline (src/server/response-pipeline.ts).
      shown = shownBy(response)
    })
  }

  /**
   * An editor's write has committed by the time its response starts: advancing what it changed
   * then means the next read here is fresh without waiting for the change notification. Only a write
   * that succeeded on published content does: a refused one (a stranger's cookie, a 401, a 415)
   * changes nothing, so it must not cost every visitor a cold cache. The server calls this with
   * the status of each rendered response's head as it goes out.
   */
  function headWritten(request: IncomingMessage, status: number): void {
    if (status < 200 || status >= 300) return
    if (!isContentWrite(request.method, request.url)) return
    if (!isPersonal(request.url, request.headers)) return
    store.versions.advance(contentWriteChange(request.url))
    store.dropStale()
    onEditorWrite()
  }

  /** Answers from the files on disk, when they hold a current response for `key`. */
  function sentFromDisk(key: string, request: IncomingMessage, response: ServerResponse): boolean {
    const held = largeFiles?.get(key)
    return held !== undefined && largeFiles!.send(request, response, held)
  }

  function serve(request: IncomingMessage, response: ServerResponse): boolean {
    const target = cacheTargetOf(request.method, request.url, request.headers)
    if (target === null) return false
    const { key } = target
    if (!store.active) return false
    const hit = store.get(key)
    if (hit) {
      send(request, response, hit, 'HIT')
      return true
    }
    if (sentFromDisk(key, request, response)) return true
    const pending = store.pending(key)
    if (pending) {
      // Its new version is rendering for another reader: what a change made stale a moment ago
      // answers meanwhile (src/cache/store.ts), rather than every reader waiting on one render.
      const superseded = takesStale(request.headers['cache-control'])
        ? store.superseded(key)
        : undefined
      if (superseded) {
        send(request, response, superseded, 'STALE')
        return true
      }
      void pending.then((entry) => {
        if (entry) send(request, response, entry, 'HIT')
        else if (!sentFromDisk(key, request, response)) render(request, response)
      })
      return true
    }
    if (request.method !== 'GET') return false
    // Taken before anything is rendered: a change heard during the render makes it outdated.
    const stamp = store.stamp()
    store.track(key, fill(target, stamp, request, response), target.dependsOn, stamp)
    return true
  }

  return { serve, headWritten }
}

/**
 * May this rendered response be stored and shared? A 200 with a Content-Type, no Set-Cookie, and a
 * `Cache-Control` that says `public` and takes nothing back (no `private`, `no-store`,
 * `no-cache`). Next.js marks its own internal answers (prefetches, data requests, errors)
 * private, so none of them can stand in for a page, whatever a request managed to trigger.
 */
export function isStorable(status: number, headers: OutgoingHttpHeaders): boolean {
  return (
    status === 200 &&
    Boolean(headers['content-type']) &&
    headers['set-cookie'] === undefined &&
    isSharedCacheable(headers['cache-control'])
  )
}
