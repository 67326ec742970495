import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { chunkBytes, isBodyChunk, setHeadFrom } from './held-response'
import type { ResponseHead } from './response-head'

/**
 * The one place the project's server takes over a response that Next.js (or a route answered in
 * this process) writes: no other module replaces a method of `ServerResponse`. The application
 * writes as it would to Node; the capture decides, once the head is complete, what happens to it:
 *
 * 1. the head is finalized (`finalizeHead`: the response pipeline, src/server/response-pipeline.ts)
 *    and reported (`written`);
 * 2. the body is either passed straight on (streamed: nothing held), or held, when the response
 *    cache keeps it (`keep`) or an HTML page is rewritten (`rewriteHtml`: the site's pages without
 *    Next's client runtime, src/server/next-runtime.ts);
 * 3. a held body that grows past its limit stops being held: what was held goes out and the rest
 *    streams through, every byte also going to the sink the keeper may return (the cache's files
 *    on disk), so memory stays bounded whatever the body's size;
 * 4. a held body that ends is rewritten, then offered whole to the keeper, which stores and sends
 *    it, or else sent here by `sendHeld` (compressed as the client accepts).
 *
 * Once it has decided, the response's methods pass through to Node's, so what the keeper or
 * `sendHeld` writes goes out as written.
 */

/** Where the body of a response too large to hold goes, besides its reader. */
export interface BodySink {
  write(chunk: Buffer): void
  end(): void
  abort(): void
}

/** Who keeps a whole body (the response cache filling an entry on a miss). */
export interface BodyKeeper {
  /** The largest body held when the response declares its length. */
  maxBytes: number
  /** The largest body held when it declares none (0: none is held). */
  undeclaredMaxBytes: number
  /** The client's Accept-Encoding (the keeper took it off the request, to render uncompressed). */
  acceptEncoding: string | undefined
  /** The body is too large to hold: a sink for it as it streams, or null. */
  overflowed(status: number, headers: OutgoingHttpHeaders): BodySink | null
  /** The whole body as it goes out: true when the keeper sent the response itself. */
  finish(status: number, headers: OutgoingHttpHeaders, body: Buffer): boolean
}

export interface CapturePlan {
  /** The head that goes out, from the head the application wrote. */
  finalizeHead(head: ResponseHead): ResponseHead
  /** Hears the finalized head. */
  written?(head: ResponseHead): void
  /** A rewrite of an HTML body, held whole up to `rewriteMaxBytes` (beyond, sent unrewritten). */
  rewriteHtml?: (html: string) => string
  rewriteMaxBytes?: number
  keep?: BodyKeeper
  /** Sends a held body no keeper sent (the response's methods are Node's again by then). */
  sendHeld(response: ServerResponse, status: number, body: Buffer | undefined): void
}

/** Validators and digests of the bytes the application wrote: not those a rewrite sends. */
const BYTE_VALIDATORS = ['etag', 'repr-digest', 'content-digest']

function isRewritable(response: ServerResponse): boolean {
  const type = response.getHeader('content-type')
  return (
    typeof type === 'string' &&
    /^text\/html\b/i.test(type) &&
    response.getHeader('content-encoding') === undefined &&
    response.statusCode !== 204 &&
    response.statusCode !== 304
  )
}

type Method = (...args: unknown[]) => unknown
const callbackIn = (args: unknown[]) =>
  args.find((value) => typeof value === 'function') as (() => void) | undefined

/** Installs the capture on `response`, before the application writes to it. */
export function captureResponse(response: ServerResponse, plan: CapturePlan): void {
  const node = {
    writeHead: response.writeHead as Method,
    write: response.write as Method,
    end: response.end as Method,
    flushHeaders: response.flushHeaders as Method,
    emit: response.emit as Method,
    destroy: response.destroy as Method,
  }
  let state: 'open' | 'holding' | 'passing' | 'done' = 'open'
  let reason: string | undefined
  let rewriting = false
  let limit = 0
  const held: Buffer[] = []
  let heldBytes = 0
  let sink: BodySink | null = null
  let sinkEnded = false
  /** The reader left while the render went on into the sink: its `close` is held back. */
  let readerGone = false

  const writeHeadAsGiven = (self: ServerResponse) =>
    reason === undefined
      ? node.writeHead.call(self, self.statusCode)
      : node.writeHead.call(self, self.statusCode, reason)

  /** The head is complete: finalize it, then decide what happens to the body. */
  const begin = (self: ServerResponse): void => {
    const before = self.getHeaders()
    const status = self.statusCode
    const head = plan.finalizeHead({ status, headers: before })
    if (head.headers !== before) {
      for (const name of Object.keys(before))
        if (head.headers[name] === undefined) self.removeHeader(name)
      for (const [name, value] of Object.entries(head.headers))
        if (value !== undefined && value !== before[name]) self.setHeader(name, value)
    }
    if (head.status !== status) {
      // A changed status takes its own reason phrase.
      self.statusCode = head.status
      reason = undefined
    }
    plan.written?.(head)

    rewriting = plan.rewriteHtml !== undefined && isRewritable(self)
    const declared = self.getHeader('content-length')
    const declaredBytes = declared === undefined ? undefined : Number(declared)
    if (plan.keep) {
      limit = declaredBytes === undefined ? plan.keep.undeclaredMaxBytes : plan.keep.maxBytes
      state = 'holding'
      // A body that says it is past the cap is not held at all on its way.
      if (declaredBytes !== undefined && declaredBytes > plan.keep.maxBytes) overflow(self)
      return
    }
    if (rewriting) {
      limit = plan.rewriteMaxBytes ?? Infinity
      if (declaredBytes === undefined || declaredBytes <= limit) {
        state = 'holding'
        return
      }
      rewriting = false
    }
    state = 'passing'
    writeHeadAsGiven(self)
  }

  /**
   * Once a sink takes the body, the render must not stop when its reader leaves (a crawler's
   * timeout on a file that takes a minute to render under load): its `close`, which Next.js
   * answers by aborting the render, is held back until the render ends, and what the render
   * writes meanwhile goes to the sink alone. A render waiting for the socket to drain is released.
   * A render that fails destroys the response: the sink is abandoned.
   */
  const keepRenderingForSink = (self: ServerResponse): void => {
    self.emit = function (this: ServerResponse, event: string | symbol, ...args: unknown[]) {
      if (event !== 'close' || sinkEnded) return node.emit.call(this, event, ...args)
      readerGone = true
      process.nextTick(() => node.emit.call(this, 'drain'))
      return true
    } as ServerResponse['emit']
    self.destroy = function (this: ServerResponse, error?: Error) {
      if (!sinkEnded) {
        sinkEnded = true
        sink!.abort()
      }
      node.destroy.call(this, error)
      if (readerGone) {
        readerGone = false
        node.emit.call(this, 'close')
      }
      return this
    }
  }

  /** Past the hold: to the sink, and to the reader while there is one. */
  const passOn = (self: ServerResponse, chunk: unknown, rest: unknown[]): boolean => {
    if (sink && !sinkEnded && isBodyChunk(chunk)) sink.write(chunkBytes(chunk, rest[0]))
    // Gone, or going: its socket closed, the response's `close` not yet emitted.
    const gone = readerGone || (sink !== null && self.destroyed)
    if (!gone) return node.write.call(self, chunk, ...rest) as boolean
    const callback = callbackIn(rest)
    if (callback) process.nextTick(callback)
    return true
  }

  /** Too large to hold: the head and what was held go out (unrewritten); the rest streams. */
  const overflow = (self: ServerResponse): void => {
    state = 'passing'
    rewriting = false
    if (plan.keep) {
      sink = plan.keep.overflowed(self.statusCode, self.getHeaders())
      if (sink) keepRenderingForSink(self)
    }
    writeHeadAsGiven(self)
    for (const chunk of held.splice(0)) passOn(self, chunk, [])
    heldBytes = 0
  }

  /**
   * The head completed as Node completes it on a first write: through `writeHead` as the response
   * has it now, so that whatever wrapped it after this capture (Next's compression decides there
   * whether to compress, and only then hands the drain listeners it holds to the response) runs.
   */
  const completeHead = (self: ServerResponse) => {
    self.writeHead(self.statusCode)
  }

  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (state === 'passing' || state === 'done') return node.writeHead.apply(this, args)
    if (state === 'holding') {
      // Said again while the body is held: what it sets goes out with the body.
      setHeadFrom(this, args)
      return this
    }
    // Headers handed to writeHead take precedence over those set before, as in Node.
    reason = setHeadFrom(this, args) ?? reason
    begin(this)
    return this
  } as ServerResponse['writeHead']

  response.flushHeaders = function (this: ServerResponse) {
    if (state === 'open') completeHead(this)
    if (state === 'passing' || state === 'done') node.flushHeaders.call(this)
  }

  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (state === 'done') return node.write.call(this, chunk, ...rest) as boolean
    if (state === 'open') completeHead(this)
    if (state === 'passing') return passOn(this, chunk, rest)
    if (isBodyChunk(chunk)) {
      const bytes = chunkBytes(chunk, rest[0])
      held.push(bytes)
      heldBytes += bytes.length
    }
    if (heldBytes > limit) overflow(this)
    const callback = callbackIn(rest)
    if (callback) process.nextTick(callback)
    // Past the overflow, backpressure is the socket's.
    return state === 'holding' || !this.writableNeedDrain
  } as ServerResponse['write']

  response.end = function (this: ServerResponse, ...args: unknown[]) {
    if (state === 'done') return node.end.apply(this, args)
    if (state === 'open') completeHead(this)
    const [first, second] = args
    if (state === 'passing') {
      if (sink && !sinkEnded) {
        if (isBodyChunk(first)) sink.write(chunkBytes(first, second))
        sinkEnded = true
        sink.end()
      }
      state = 'done'
      if (!readerGone) return node.end.apply(this, args)
      // Its reader left before the render ended: the `close` held back goes out now.
      readerGone = false
      node.emit.call(this, 'close')
      const callback = callbackIn(args)
      if (callback) process.nextTick(callback)
      return this
    }
    if (isBodyChunk(first)) held.push(chunkBytes(first, second))
    state = 'done'
    const headOnly = this.req?.method === 'HEAD'
    let body = Buffer.concat(held.splice(0))
    if (rewriting) {
      for (const name of BYTE_VALIDATORS) this.removeHeader(name)
      if (!headOnly) body = Buffer.from(plan.rewriteHtml!(body.toString('utf8')), 'utf8')
    }
    const callback = callbackIn(args)
    if (callback) this.once('finish', () => callback())
    if (reason !== undefined) this.statusMessage = reason
    if (plan.keep?.finish(this.statusCode, this.getHeaders(), body)) return this
    plan.sendHeld(this, this.statusCode, headOnly ? undefined : body)
    return this
  } as ServerResponse['end']
}
