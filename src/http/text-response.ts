import { createHash } from 'node:crypto'

import { NEVER_STORED, PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'
import { matchesIfNoneMatch } from '@/http/conditional'
import { DECLARED_LENGTH_HEADER } from '@/http/declared-length'

/**
 * How every text resource for agents is answered (markdown twins, llms.txt, the schema.org feed,
 * skills, openapi.json): exact bytes with a strong ETag and a `Repr-Digest` (RFC 9530) computed
 * from them, 304 for a matching If-None-Match, the same headers without a body for HEAD.
 *
 * They are published content, cached like the pages they describe (twins, agent files and feeds
 * share `PUBLISHED_CACHE_CONTROL` in the caching policy, src/http/cache-control.ts): browsers
 * revalidate every time, which the ETag makes a cheap 304.
 */
export const CACHE_CONTROL = {
  fresh: PUBLISHED_CACHE_CONTROL,
  never: NEVER_STORED,
} as const

/**
 * The statuses a text resource answers with: only a 200 is kept by caches and validated (ETag,
 * 304); a 400 or 429 is a markdown twin's of a search its page refuses too.
 */
export type TextStatus = 200 | 400 | 404 | 429

export interface TextResource {
  body: string
  /** Full Content-Type, e.g. `text/markdown; charset=utf-8`. */
  contentType: string
  status?: TextStatus
  headers?: Record<string, string>
}

export interface Validators {
  etag: string
  reprDigest: string
  bytes: Uint8Array<ArrayBuffer>
}

/** A body's strong ETag and RFC 9530 digest, from its SHA-256. */
const validatorsOfHash = (hash: Buffer) => ({
  etag: `"${hash.toString('base64url').slice(0, 32)}"`,
  reprDigest: `sha-256=:${hash.toString('base64')}:`,
})

/** The bytes of a body, their strong ETag and their RFC 9530 digest. */
export function validatorsOf(body: string): Validators {
  const bytes = new Uint8Array(Buffer.from(body, 'utf8'))
  return { bytes, ...validatorsOfHash(createHash('sha256').update(bytes).digest()) }
}

/** What `validatorsOf` gives of a body, less its bytes: their number instead. */
export interface PartsValidators {
  etag: string
  reprDigest: string
  length: number
}

/**
 * The validators of a body given a part at a time, the same as `validatorsOf` gives of the parts
 * joined: a body too large to hold whole is named (ETag, digest, length) without being held.
 */
export function partsDigest() {
  const hash = createHash('sha256')
  let length = 0
  return {
    add(part: string): void {
      hash.update(part, 'utf8')
      length += Buffer.byteLength(part)
    },
    validators: (): PartsValidators => ({ ...validatorsOfHash(hash.digest()), length }),
  }
}

/** An estimate of a text's size in LLM tokens: about four characters (code points) a token. */
export function estimateTokens(text: string): number {
  return Math.ceil([...text].length / 4)
}

export function textResponse(request: Request, resource: TextResource): Response {
  const status = resource.status ?? 200
  const { bytes, etag, reprDigest } = validatorsOf(resource.body)
  return validatedResponse(
    request,
    { contentType: resource.contentType, status, headers: resource.headers },
    { etag, reprDigest, length: bytes.byteLength },
    () => bytes,
  )
}

/**
 * A text resource too large to hold whole whose parts can be produced twice (the sitemap of a big
 * site): its validators are computed from the parts first (`partsDigest`), then the parts are
 * produced again while they are sent. The response is `textResponse`'s for the parts joined, head
 * and bytes; memory holds a part, not the body.
 */
export interface PartedTextResource {
  /** The body, a part at a time; each call produces the same parts. */
  parts: () => Iterable<string>
  /** Of the parts joined (`partsDigest`). */
  validators: PartsValidators
  contentType: string
}

export function partedTextResponse(request: Request, resource: PartedTextResource): Response {
  return validatedResponse(
    request,
    { contentType: resource.contentType, status: 200 },
    resource.validators,
    () =>
      streamOfParts(async function* () {
        yield* resource.parts()
      }),
  )
}

/** The answer to `request` of a body whose validators are known: 304, HEAD or the body. */
function validatedResponse(
  request: Request,
  resource: { contentType: string; status: TextStatus; headers?: Record<string, string> },
  { etag, reprDigest, length }: PartsValidators,
  body: () => BodyInit,
): Response {
  const { status } = resource
  const headers = new Headers({
    'Content-Type': resource.contentType,
    'Cache-Control': status === 200 ? CACHE_CONTROL.fresh : CACHE_CONTROL.never,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'ETag, Link, Repr-Digest, Vary, X-Markdown-Tokens',
    'X-Content-Type-Options': 'nosniff',
    'Repr-Digest': reprDigest,
    ...resource.headers,
  })
  if (status === 200) headers.set('ETag', etag)

  if (status === 200 && matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    headers.delete('Content-Type')
    return new Response(null, { status: 304, headers })
  }
  // Next.js drops Content-Length; the project's server restores it from this (HEAD included).
  headers.set(DECLARED_LENGTH_HEADER, String(length))
  return new Response(request.method === 'HEAD' ? null : body(), { status, headers })
}

export interface StreamedTextResource {
  /** The body, a part at a time: read one part ahead of what the client has taken. */
  parts: () => AsyncIterable<string>
  contentType: string
  /**
   * A strong validator known before the body is produced (of what the body is made from): a
   * matching If-None-Match is a 304 without producing anything.
   */
  etag: string
}

/**
 * A text resource too large to hold whole (llms-full.txt, the schema.org feed on a big site):
 * produced while it is sent, each part read only when the client has taken the previous one
 * (the stream pulls), so memory holds a part, not the body. Without a `Repr-Digest` or a length,
 * which only the whole body would give; its ETag comes from what the body is made of. HEAD and a
 * matching If-None-Match produce nothing.
 */
export function streamedTextResponse(request: Request, resource: StreamedTextResource): Response {
  const headers = new Headers({
    'Content-Type': resource.contentType,
    'Cache-Control': CACHE_CONTROL.fresh,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'ETag, Link, Vary',
    'X-Content-Type-Options': 'nosniff',
    ETag: resource.etag,
  })
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), resource.etag)) {
    headers.delete('Content-Type')
    return new Response(null, { status: 304, headers })
  }
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers })
  return new Response(streamOfParts(resource.parts), { status: 200, headers })
}

/**
 * A body of `parts`, each produced only when the client has taken the one before (the stream
 * pulls), and no more once it has gone away.
 */
function streamOfParts(produce: () => AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let parts: AsyncIterator<string> | undefined
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        parts ??= produce()[Symbol.asyncIterator]()
        for (;;) {
          const next = await parts.next()
          if (next.done) return controller.close()
          if (next.value === '') continue
          return controller.enqueue(encoder.encode(next.value))
        }
      },
      async cancel() {
        await parts?.return?.()
      },
    },
    // Nothing read ahead: a part is produced when the one before has been taken.
    { highWaterMark: 0 },
  )
}

/** A strong ETag naming `source` (what a body is made from, not the body's bytes). */
export function etagOf(source: string): string {
  return `"${createHash('sha256').update(source).digest('base64url').slice(0, 32)}"`
}
