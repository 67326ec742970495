import type { IncomingMessage, ServerResponse } from 'node:http'

import { compressedBody, encodedHeaders } from '@/cache/entry'
import { negotiateEncoding } from '@/cache/policy'
import { pathOf } from '@/http/request-target'
import { chunkBytes, isBodyChunk, setHeadFrom } from '@/http/held-response'
import { prefersMarkdown } from '@/http/negotiation'
import { sendsNextRuntime } from '@/site/page-scripts'

/**
 * Pages sent without Next.js's client runtime (which pages: src/site/page-scripts.ts).
 *
 * What goes is what only the runtime uses: the scripts it loads from the build
 * (`/_next/static/…`: React, the router, the pages' client components), their preloads, the
 * list of chunks Turbopack's loader would fetch, and the React flight data (`self.__next_f.push(…)`
 * scripts) the runtime would hydrate the page from. What stays
 * is everything the page is without them: its markup, styles and fonts, its JSON-LD, and React's
 * own small inline scripts that reveal a streamed boundary (`$RC`), which the markup needs.
 */

/** A `<script>` that loads a file of the build (the runtime, a page's chunks, the polyfills). */
const BUILD_SCRIPT = /<script\b[^>]*?\ssrc="\/_next\/static\/[^"]*"[^>]*><\/script>/g
/** A preload of such a file. */
const BUILD_SCRIPT_PRELOAD =
  /<link\b(?=[^>]*\srel="(?:preload|modulepreload)")(?=[^>]*\shref="\/_next\/static\/[^"]*\.m?js")[^>]*>/g
/**
 * An inline script that hands the runtime its data: the flight data (`self.__next_f.push`), or
 * the list of chunks Turbopack's runtime is to load (`globalThis.TURBOPACK.push`). Both are JSON
 * with `<` escaped, so the first `</script>` ends them.
 */
const RUNTIME_DATA =
  /<script(?:\s+id="[^"]*")?>\(?(?:self\.__next_f\b|globalThis\["TURBOPACK"\])[\s\S]*?<\/script>/g

/** `html` less Next.js's client runtime: its scripts, their preloads and the data they read. */
export function withoutNextRuntime(html: string): string {
  return html.replace(BUILD_SCRIPT, '').replace(BUILD_SCRIPT_PRELOAD, '').replace(RUNTIME_DATA, '')
}

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^text\/html\b/i.test(contentType)
}

/**
 * Makes `response` go out without Next.js's client runtime when it is an HTML document: its body
 * is held until the application ends it, rewritten by `withoutNextRuntime`, then written with
 * its head, compressed as `acceptEncoding` allows (the application rendered it uncompressed).
 * Anything else (a redirect, JSON, a twin) passes through as written.
 *
 * Installed on top of the response pipeline (src/server/response-pipeline.ts), so the pipeline
 * finalizes the head when this writes it, and whatever is below (the response cache's capture,
 * or the socket) only ever sees the rewritten bytes: the cache stores, validates (ETag) and
 * measures (Content-Length) what is sent. A validator or digest the application made of the
 * bytes it wrote is dropped, since those are not the bytes that go out.
 */
export function sendWithoutNextRuntime(
  response: ServerResponse,
  acceptEncoding: string | undefined,
): void {
  const { write, end, flushHeaders } = response
  const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse
  const chunks: Buffer[] = []
  let mode: 'undecided' | 'rewriting' | 'passing' = 'undecided'
  let reason: string | undefined

  const writeHeadAsGiven = (self: ServerResponse) =>
    reason === undefined
      ? writeHead.call(self, self.statusCode)
      : writeHead.call(self, self.statusCode, reason)

  /** Decided once, when the head would first go out: every header is set by then. */
  const decide = (self: ServerResponse): void => {
    if (mode !== 'undecided') return
    const rewritable =
      isHtml(self.getHeader('content-type')) &&
      self.getHeader('content-encoding') === undefined &&
      self.statusCode !== 204 &&
      self.statusCode !== 304
    mode = rewritable ? 'rewriting' : 'passing'
    if (mode === 'passing') writeHeadAsGiven(self)
  }

  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (mode === 'passing') return writeHead.apply(this, args)
    // Held with the body: what it sets is written with the rewritten body.
    reason = setHeadFrom(this, args) ?? reason
    decide(this)
    return this
  } as ServerResponse['writeHead']

  response.flushHeaders = function (this: ServerResponse) {
    decide(this)
    if (mode === 'passing') flushHeaders.call(this)
  }

  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    decide(this)
    if (mode === 'passing')
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
    chunks.push(chunkBytes(chunk, rest[0]))
    const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined
    if (callback) process.nextTick(callback)
    return true
  } as ServerResponse['write']

  response.end = function (this: ServerResponse, ...args: unknown[]) {
    decide(this)
    if (mode === 'passing') return (end as (...rest: unknown[]) => ServerResponse).apply(this, args)
    mode = 'passing'
    const [first, second] = args
    if (isBodyChunk(first)) chunks.push(chunkBytes(first, second))
    const callback = args.find((value) => typeof value === 'function') as (() => void) | undefined
    let body: Buffer = Buffer.from(
      withoutNextRuntime(Buffer.concat(chunks).toString('utf8')),
      'utf8',
    )
    for (const name of ['etag', 'repr-digest', 'content-digest']) this.removeHeader(name)
    const encoding = negotiateEncoding(acceptEncoding)
    const compressed =
      encoding === 'identity' ? null : compressedBody(body, this.getHeaders(), encoding)
    if (compressed && encoding !== 'identity') {
      for (const [name, value] of Object.entries(
        encodedHeaders(this.getHeaders(), encoding, compressed.length),
      ))
        if (value !== undefined) this.setHeader(name, value)
      body = compressed
    }
    const head = this.req?.method === 'HEAD'
    if (!head) this.setHeader('content-length', body.length)
    writeHeadAsGiven(this)
    return (end as (...rest: unknown[]) => ServerResponse).call(
      this,
      head ? undefined : body,
      callback,
    )
  } as ServerResponse['end']
}

/**
 * `handle` (Next.js), with the HTML of the site's pages sent without the runtime unless the page
 * keeps it (`sendsNextRuntime`). Such a page is rendered uncompressed (Next would compress
 * it before it could be rewritten) and compressed once rewritten. The server hands this to the
 * response pipeline, which calls it with the pipeline already on the response.
 */
export function withoutNextRuntimeWhereUnused<Result>(
  handle: (request: IncomingMessage, response: ServerResponse) => Result,
): (request: IncomingMessage, response: ServerResponse) => Result {
  return (request, response) => {
    // A page asked for as markdown is answered with its twin, never HTML: nothing to take out.
    // (Held by this wrapper, a twin longer than the socket's buffer, rewritten by Next.js in
    // the process, was sent whole but never ended, and the connection's next request hung.)
    if (
      !prefersMarkdown(request.headers.accept) &&
      !sendsNextRuntime(pathOf(request.url), request.headers)
    ) {
      const acceptEncoding = request.headers['accept-encoding']
      delete request.headers['accept-encoding']
      sendWithoutNextRuntime(response, acceptEncoding)
    }
    return handle(request, response)
  }
}
