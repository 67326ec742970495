import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, mkdtempSync, openSync, rmSync, unlink } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

import { matchesIfNoneMatch } from '@/http/conditional'
import { preferredEncoding } from '@/http/negotiation'
import type { ContentVersions } from '@/lib/content-version'

import {
  CACHE_STATUS_HEADER,
  encodedEtag,
  hasCompressibleType,
  storedHeaders,
  takeOwnEtag,
} from './entry'

/** One stored representation: a file, its length and validator. */
interface StoredFile {
  path: string
  bytes: number
  etag: string
}

/** A response too large for memory, kept on disk while what it shows is unchanged. */
interface LargeResponse {
  status: number
  /** The rendered head, less what belongs to one send and the body's length and validator. */
  headers: OutgoingHttpHeaders
  identity: StoredFile
  gzip: StoredFile | null
  dependsOn: readonly string[]
  stamp: number
}

/** Receives a large render's body as it streams to its first reader. */
export interface LargeResponseWriter {
  write(chunk: Buffer): void
  /** The render ended whole: the files are kept once written, if still current. */
  end(): Promise<void>
  /** The render broke off (it failed): nothing is kept. */
  abort(): void
}

/**
 * The files of every document (llms-full.txt, schema.jsonl; sitemap parts) grow with the site
 * past what an in-memory entry may hold: tens of megabytes, seconds of CPU to render. Rendered
 * on every request, a few crawlers at once took an instance's CPU; held in memory, they would
 * take its memory. They are written to disk instead while they stream to their first reader
 * (with a gzip copy made on the way, since a compressed copy of tens of megabytes is too costly
 * to make per request), and later readers are streamed the file until what it shows changes:
 * one render per change, memory bounded by the read streams' buffers.
 *
 * The directory is this process's own, emptied when it exits: another instance's files, or a
 * previous run's, could be of content that has changed since. Files beyond `maxBytes` go, least
 * recently used first.
 */
export class LargeResponseFiles {
  readonly maxBytes: number
  readonly #versions: ContentVersions
  readonly #dir: string
  #responses = new Map<string, LargeResponse>()
  #bytes = 0

  constructor(options: { maxBytes: number; versions: ContentVersions }) {
    this.maxBytes = options.maxBytes
    this.#versions = options.versions
    this.#dir = mkdtempSync(join(tmpdir(), 'response-cache-'))
    process.once('exit', () => this.close())
  }

  /** The directory its files are in (this process's own). */
  get directory(): string {
    return this.#dir
  }

  get bytes(): number {
    return this.#bytes
  }

  get size(): number {
    return this.#responses.size
  }

  /** The stored response for `key`, if what it shows has not changed since it was rendered. */
  get(key: string): LargeResponse | undefined {
    const held = this.#responses.get(key)
    if (!held) return undefined
    if (!this.#versions.isFresh(held.dependsOn, held.stamp)) {
      this.#remove(key, held)
      return undefined
    }
    // Most recently used last, so eviction takes the first.
    this.#responses.delete(key)
    this.#responses.set(key, held)
    return held
  }

  /**
   * A writer for a render of `key` that turned out too large for memory, or null when it could
   * not be kept anyway: an unknown read stamp, or nothing allowed on disk.
   */
  writer(
    key: string,
    status: number,
    headers: OutgoingHttpHeaders,
    dependsOn: readonly string[],
    stamp: number | null,
  ): LargeResponseWriter | null {
    if (stamp === null || this.maxBytes <= 0) return null
    const base = storedHeaders(headers)
    // The whole-site files' own validator is a fingerprint of what they show.
    const ownEtag = takeOwnEtag(base)
    const name = join(this.#dir, randomUUID())
    const identityPath = `${name}.body`
    const gzipPath = `${name}.gz`
    const identity = createWriteStream(identityPath)
    const compressible = hasCompressibleType(base) && base['content-encoding'] === undefined
    const gzip = compressible ? createGzip({ level: 6 }) : null
    const gzipWritten = gzip ? pipeline(gzip, createWriteStream(gzipPath)) : null
    // A file that could not be written (a full disk) is not kept; the render goes on regardless.
    let failed = false
    identity.on('error', () => (failed = true))
    gzipWritten?.catch(() => (failed = true))
    const hash = createHash('sha1')
    let bytes = 0
    let gzipBytes = 0
    gzip?.on('data', (chunk: Buffer) => (gzipBytes += chunk.length))
    // Until it ends or is discarded: the render may still write after its reader went away.
    let open = true
    const discard = () => {
      open = false
      identity.destroy()
      gzip?.destroy()
      unlink(identityPath, () => undefined)
      if (gzip) unlink(gzipPath, () => undefined)
    }
    return {
      write: (chunk) => {
        if (!open) return
        bytes += chunk.length
        hash.update(chunk)
        identity.write(chunk)
        gzip?.write(chunk)
      },
      end: async () => {
        if (!open) return
        open = false
        try {
          await Promise.all([
            new Promise<void>((resolve, reject) =>
              identity.end((error?: Error | null) => (error ? reject(error) : resolve())),
            ),
            gzip ? (gzip.end(), gzipWritten) : undefined,
          ])
        } catch {
          discard()
          return
        }
        // A change heard while it rendered may have made it outdated already.
        if (failed || !this.#versions.isFresh(dependsOn, stamp)) return discard()
        const etag = ownEtag ?? `"${hash.digest('base64url')}"`
        const keepsGzip = gzip !== null && gzipBytes < bytes
        if (gzip && !keepsGzip) unlink(gzipPath, () => undefined)
        const previous = this.#responses.get(key)
        if (previous) this.#remove(key, previous)
        this.#responses.set(key, {
          status,
          headers: base,
          identity: { path: identityPath, bytes, etag },
          gzip: keepsGzip
            ? { path: gzipPath, bytes: gzipBytes, etag: encodedEtag(etag, 'gzip') }
            : null,
          dependsOn,
          stamp,
        })
        this.#bytes += bytes + (keepsGzip ? gzipBytes : 0)
        this.#evict()
      },
      abort: () => open && discard(),
    }
  }

  /**
   * Sends a stored response to `request`, as the in-memory cache sends a hit. False when its file
   * is gone (evicted by another reader's render a moment ago): the caller renders instead.
   */
  send(request: IncomingMessage, response: ServerResponse, held: LargeResponse): boolean {
    const gzip =
      held.gzip !== null &&
      preferredEncoding(request.headers['accept-encoding'], ['gzip']) === 'gzip'
    const chosen = gzip ? held.gzip! : held.identity
    const headers: OutgoingHttpHeaders = {
      ...held.headers,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      etag: chosen.etag,
      [CACHE_STATUS_HEADER]: 'HIT',
    }
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, chosen.etag)) {
      response.writeHead(304, headers)
      response.end()
      return true
    }
    if (request.method === 'HEAD') {
      response.writeHead(held.status, { ...headers, 'content-length': chosen.bytes })
      response.end()
      return true
    }
    // Opened before the head goes out: once open, the file stays readable if it is deleted (a
    // change, an eviction) while it streams.
    let fd: number
    try {
      fd = openSync(chosen.path, 'r')
    } catch {
      return false
    }
    response.writeHead(held.status, { ...headers, 'content-length': chosen.bytes })
    pipeline(createReadStream('', { fd }), response).catch(() => response.destroy())
    return true
  }

  /** Deletes what a change made outdated. */
  dropStale(): void {
    for (const [key, held] of this.#responses) {
      if (!this.#versions.isFresh(held.dependsOn, held.stamp)) this.#remove(key, held)
    }
  }

  /** Deletes every file and the directory. */
  close(): void {
    this.#responses.clear()
    this.#bytes = 0
    rmSync(this.#dir, { recursive: true, force: true })
  }

  #remove(key: string, held: LargeResponse): void {
    this.#responses.delete(key)
    this.#bytes -= held.identity.bytes + (held.gzip?.bytes ?? 0)
    unlink(held.identity.path, () => undefined)
    if (held.gzip) unlink(held.gzip.path, () => undefined)
  }

  #evict(): void {
    for (const [key, held] of this.#responses) {
      if (this.#bytes <= this.maxBytes) return
      this.#remove(key, held)
    }
  }
}
