import type { IncomingHttpHeaders } from 'node:http'

import { prefersMarkdown } from '@/agents/accept'
import { isLocale } from '@/i18n/locales'

import type { Encoding } from './entry'

/**
 * How long a CDN may hold published content without asking (`s-maxage`), and serve it stale
 * while it asks again (`stale-while-revalidate`). Browsers always revalidate (`max-age=0`),
 * which costs them a 304. A publish purges the CDN through `CDN_PURGE_URL` when one is set.
 */
export const SHARED_MAX_AGE_SECONDS = 30
export const STALE_WHILE_REVALIDATE_SECONDS = 60
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`

/** Longer query strings are served, just not cached: keys stay small. */
const MAX_CACHED_QUERY_LENGTH = 512

/** The public, published-only surfaces. Everything else (admin, inquiries, MCP, media files…) is never cached here. */
const CACHEABLE_FILES = new Set([
  '/llms.txt',
  '/llms-full.txt',
  '/feeds/schema.jsonl',
  '/openapi.json',
  '/sitemap.xml',
  '/robots.txt',
  '/index.md',
])
const CACHEABLE_API = /^\/api\/(posts|case-studies)(\/[^/]+)?$/
const AGENT_SKILLS = '/.well-known/agent-skills/'

/**
 * Request headers that make a response personal (credentials, a draft-mode cookie) or make Next.js
 * answer something other than the page (its client router's RSC requests, server actions).
 */
const PERSONAL_OR_ROUTER_HEADERS = [
  'authorization',
  'cookie',
  'rsc',
  'next-action',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
]

/**
 * Could the answer depend on who asks? Build assets never do, and the media file server labels
 * its own answers by audience (public files, or private for an editor's embargoed one).
 */
export function isPersonal(url: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (headers.authorization === undefined && headers.cookie === undefined) return false
  return !NEVER_PERSONAL.some((prefix) => url?.startsWith(prefix))
}
const NEVER_PERSONAL = ['/_next/static/', '/api/media/file/']

function isSitePath(path: string): boolean {
  const second = path.indexOf('/', 1)
  return isLocale(second === -1 ? path.slice(1) : path.slice(1, second))
}

/** `a=1&b=2` in a stable order, so equivalent URLs share an entry. */
function sortedQuery(query: string): string {
  if (!query) return ''
  const pairs = query.split('&').filter(Boolean)
  if (pairs.length < 2) return pairs.join('&')
  return pairs
    .map((pair, index) => ({ name: pair.split('=', 1)[0]!, pair, index }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index))
    .map(({ pair }) => pair)
    .join('&')
}

/**
 * The cache key of an anonymous GET/HEAD for a published-content surface, or `null` when the
 * request must go to the application: the path, the query in a stable order, and the
 * representation content negotiation picked (a site page answers markdown to agents that ask).
 */
export function cacheKeyOf(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null
  for (const name of PERSONAL_OR_ROUTER_HEADERS) if (headers[name] !== undefined) return null
  const target = url ?? '/'
  let shape = targetShapes.get(target)
  if (shape === undefined) {
    shape = shapeOf(target)
    // Hot URLs repeat: their parse is remembered (the memo starts over when full).
    if (targetShapes.size >= TARGET_MEMO_LIMIT) targetShapes.clear()
    targetShapes.set(target, shape)
  }
  if (shape === null) return null
  return shape.negotiated ? `${shape.key}${representationFor(headers.accept)}` : shape.key
}

interface TargetShape {
  /** Path and sorted query. */
  key: string
  /** A site page, whose representation follows `Accept`. */
  negotiated: boolean
}

const TARGET_MEMO_LIMIT = 10_000
const targetShapes = new Map<string, TargetShape | null>()

function shapeOf(target: string): TargetShape | null {
  const queryStart = target.indexOf('?')
  const path = queryStart === -1 ? target : target.slice(0, queryStart)
  const query = queryStart === -1 ? '' : target.slice(queryStart + 1)
  if (query.length > MAX_CACHED_QUERY_LENGTH || query.includes('_rsc=')) return null
  let negotiated = false
  if (isSitePath(path)) {
    negotiated = !path.endsWith('.md') && !path.endsWith('.xml')
  } else if (
    !CACHEABLE_FILES.has(path) &&
    !CACHEABLE_API.test(path) &&
    !path.startsWith(AGENT_SKILLS)
  ) {
    return null
  }
  const normalized = sortedQuery(query)
  return { key: `${path}${normalized ? `?${normalized}` : ''}`, negotiated }
}

/** Clients send a handful of distinct headers: their parse is remembered, within a bound. */
const MEMO_LIMIT = 64
const representations = new Map<string | undefined, string>()

function representationFor(accept: string | undefined): string {
  let representation = representations.get(accept)
  if (representation === undefined) {
    representation = prefersMarkdown(accept) ? ' md' : ' html'
    if (representations.size < MEMO_LIMIT) representations.set(accept, representation)
  }
  return representation
}

const encodingChoices = new Map<string, Encoding>()

/** The best encoding a client accepts (brotli, then gzip), honouring `q=0`. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  const known = encodingChoices.get(acceptEncoding)
  if (known) return known
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.find((param) => param.trim().startsWith('q='))
    accepted.set(token.trim(), q ? Number(q.trim().slice(2)) || 0 : 1)
  }
  const star = accepted.get('*') ?? 0
  const allows = (token: string) => (accepted.get(token) ?? star) > 0
  const choice: Encoding = allows('br') ? 'br' : allows('gzip') ? 'gzip' : 'identity'
  if (encodingChoices.size < MEMO_LIMIT) encodingChoices.set(acceptEncoding, choice)
  return choice
}

/** Does `If-None-Match` name this validator (weak comparison, RFC 9110 §13.1.2)? */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
