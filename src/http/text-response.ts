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

export interface TextResource {
  body: string
  /** Full Content-Type, e.g. `text/markdown; charset=utf-8`. */
  contentType: string
  status?: 200 | 404
  headers?: Record<string, string>
}

export interface Validators {
  etag: string
  reprDigest: string
  bytes: Uint8Array<ArrayBuffer>
}

/** The bytes of a body, their strong ETag and their RFC 9530 digest. */
export function validatorsOf(body: string): Validators {
  const bytes = new Uint8Array(Buffer.from(body, 'utf8'))
  const hash = createHash('sha256').update(bytes).digest()
  return {
    bytes,
    etag: `"${hash.toString('base64url').slice(0, 32)}"`,
    reprDigest: `sha-256=:${hash.toString('base64')}:`,
  }
}

/** An estimate of a text's size in LLM tokens: about four characters (code points) a token. */
export function estimateTokens(text: string): number {
  return Math.ceil([...text].length / 4)
}

export function textResponse(request: Request, resource: TextResource): Response {
  const status = resource.status ?? 200
  const { bytes, etag, reprDigest } = validatorsOf(resource.body)
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
  headers.set(DECLARED_LENGTH_HEADER, String(bytes.byteLength))
  return new Response(request.method === 'HEAD' ? null : bytes, { status, headers })
}
