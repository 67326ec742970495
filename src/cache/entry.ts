import { createHash } from 'node:crypto'
import type { OutgoingHttpHeaders } from 'node:http'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'

import type { ContentEncoding as Encoding } from '@/http/negotiation'
import { REQUEST_ID_HEADER } from '@/http/request-id'

export type { Encoding }

/** One representation of a cached response, its head prepared once. */
export interface Variant {
  body: Buffer
  etag: string
  headers: OutgoingHttpHeaders
  /** `headers` as a hit sends them, made once. */
  hitHeaders: OutgoingHttpHeaders
  /** What a 304 repeats (RFC 9110 §15.4.5): validators and caching headers, no body ones. */
  notModifiedHeaders: OutgoingHttpHeaders
  /** `notModifiedHeaders` as a hit sends them, made once. */
  notModifiedHitHeaders: OutgoingHttpHeaders
}

export interface CachedResponse {
  key: string
  status: number
  identity: Variant
  /** Compressed variants, made on first request for them; `null` when not worth having. */
  gzip?: Variant | null
  br?: Variant | null
  bytes: number
}

/** Says whether a response came from the cache (`HIT`) or was rendered for it (`MISS`). */
export const CACHE_STATUS_HEADER = 'x-cache'

/** Headers that belong to one connection or one send, never to a stored response. */
const NOT_STORED = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
  CACHE_STATUS_HEADER,
  // Each request's own (the server's render); a stored response belongs to no request.
  REQUEST_ID_HEADER,
])
const NOT_MODIFIED_KEEPS = ['cache-control', 'content-location', 'etag', 'expires', 'vary']
const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|javascript|ld\+json|rss\+xml|atom\+xml|[\w.+-]*\+json|jsonl|x-ndjson))/i
const MIN_COMPRESSED_BYTES = 1_024

/** Whether the response's media type is text that compression shrinks. */
export function hasCompressibleType(headers: OutgoingHttpHeaders): boolean {
  return COMPRESSIBLE.test(String(headers['content-type'] ?? ''))
}

/** A strong validator of exactly these bytes. */
function etagOf(body: Buffer, suffix = ''): string {
  return `"${createHash('sha1').update(body).digest('base64url')}${suffix}"`
}

/** `vary` with `Accept-Encoding` among its values. */
export function withVaryAcceptEncoding(vary: unknown): string {
  const values = String(vary ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  if (!values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding'))
    values.push('Accept-Encoding')
  return values.join(', ')
}

/**
 * `bytes` in memory of their own, exactly their size. Node hands out small buffers (from
 * `Buffer.concat`, `Buffer.from`, zlib's one-step calls) as slices of a shared slab, and a slice
 * keeps its whole slab alive: from Node 22 on a slab is 64 KB, so a stored 3 KB body held 64 KB
 * that the store's byte count never saw (with the server on Node 26, RSS reached 700 MB after
 * 20,000 misses against 416 MB on Node 20, whose slabs are 8 KB).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.length === bytes.buffer.byteLength) return bytes
  const own = Buffer.allocUnsafeSlow(bytes.length)
  bytes.copy(own)
  return own
}

function variant(
  stored: Buffer,
  etag: string,
  base: OutgoingHttpHeaders,
  encoding: Encoding,
): Variant {
  const body = ownBytes(stored)
  const headers: OutgoingHttpHeaders = { ...base, etag, 'content-length': body.length }
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  const notModifiedHeaders: OutgoingHttpHeaders = {}
  for (const name of NOT_MODIFIED_KEEPS) {
    if (headers[name] !== undefined) notModifiedHeaders[name] = headers[name]
  }
  return {
    body,
    etag,
    headers,
    hitHeaders: { ...headers, [CACHE_STATUS_HEADER]: 'HIT' },
    notModifiedHeaders,
    notModifiedHitHeaders: { ...notModifiedHeaders, [CACHE_STATUS_HEADER]: 'HIT' },
  }
}

/**
 * A rendered head as it is stored: less what belongs to one send, and saying it varies by
 * Accept-Encoding when its body may be sent compressed.
 */
export function storedHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const base: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_STORED.has(name)) base[name] = value
  }
  if (hasCompressibleType(base)) base.vary = withVaryAcceptEncoding(base.vary)
  return base
}

/**
 * Takes the route's own validator out of a stored head (`storedHeaders`), returning it when it is
 * a strong one: a stored copy answers with it, so a client revalidating what the render sent
 * gets its 304 from the copy.
 */
export function takeOwnEtag(base: OutgoingHttpHeaders): string | null {
  const own = typeof base.etag === 'string' && base.etag.startsWith('"') ? base.etag : null
  delete base.etag
  return own
}

/** The validator of a compressed representation: its identity's, marked with the encoding. */
export function encodedEtag(etag: string, encoding: Exclude<Encoding, 'identity'>): string {
  return etag.replace(/"$/, `-${encoding}"`)
}

/**
 * Turns a rendered response into a cache entry. Its body is kept byte for byte; its head is the
 * application's own, less what belongs to one send, with a strong ETag (the route's own, when it
 * set one), and says it varies by Accept-Encoding because hits may be compressed.
 */
export function createEntry(
  key: string,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
): CachedResponse {
  const base = storedHeaders(headers)
  const ownEtag = takeOwnEtag(base)
  const identity = variant(body, ownEtag ?? etagOf(body), base, 'identity')
  return {
    key,
    status,
    identity,
    bytes: body.length + key.length + 512,
  }
}

/**
 * `body` compressed with `encoding`, or null when that isn't worth doing or would be wrong: a
 * small or binary body, one already encoded, one whose digest header describes the bytes as the
 * route made them (a re-encoding would belie it), or one that wouldn't get smaller.
 */
export function compressedBody(
  body: Buffer,
  headers: OutgoingHttpHeaders,
  encoding: Exclude<Encoding, 'identity'>,
): Buffer | null {
  const compressible =
    body.length >= MIN_COMPRESSED_BYTES &&
    hasCompressibleType(headers) &&
    headers['content-encoding'] === undefined &&
    headers['repr-digest'] === undefined &&
    headers['content-digest'] === undefined
  if (!compressible) return null
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: 5,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipSync(body, { level: 6 })
  return compressed.length < body.length ? compressed : null
}

/**
 * The head of a response that is sent once, not stored, re-encoded as `encoding`: its own
 * caching headers kept, the body's length and encoding replaced, its validator made distinct.
 */
export function encodedHeaders(
  headers: OutgoingHttpHeaders,
  encoding: Exclude<Encoding, 'identity'>,
  length: number,
): OutgoingHttpHeaders {
  const encoded: OutgoingHttpHeaders = {
    ...headers,
    'content-encoding': encoding,
    'content-length': length,
    vary: withVaryAcceptEncoding(headers.vary),
  }
  if (typeof headers.etag === 'string') encoded.etag = encodedEtag(headers.etag, encoding)
  return encoded
}

function baseHeadersOf(identity: Variant): OutgoingHttpHeaders {
  const { etag: _etag, 'content-length': _length, ...base } = identity.headers
  delete base[CACHE_STATUS_HEADER]
  return base
}

/**
 * The variant to send for `encoding`, compressing on first use. Returns the bytes the entry
 * grew by, so the store can account for them.
 */
export function variantFor(
  entry: CachedResponse,
  encoding: Encoding,
): { variant: Variant; grewBy: number } {
  if (encoding === 'identity') return { variant: entry.identity, grewBy: 0 }
  const existing = entry[encoding]
  if (existing !== undefined) return { variant: existing ?? entry.identity, grewBy: 0 }
  const { identity } = entry
  const body = compressedBody(identity.body, identity.headers, encoding)
  if (!body) {
    entry[encoding] = null
    return { variant: identity, grewBy: 0 }
  }
  // The compressed bytes are another representation, so they get their own validator.
  const etag = encodedEtag(identity.etag, encoding)
  const made = variant(body, etag, baseHeadersOf(identity), encoding)
  entry[encoding] = made
  return { variant: made, grewBy: body.length + 256 }
}
