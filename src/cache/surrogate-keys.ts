import type { IncomingHttpHeaders, ServerResponse } from 'node:http'

import {
  isPersonalRequest,
  isSharedCacheable,
  NEVER_STORED,
  type Surface,
} from '@/http/cache-control'
import { copyHeaders, type ResponseHead } from '@/http/response-head'
import {
  AGENT_ACCESS_KEY,
  CATEGORIES_KEY,
  contentVersions,
  EVERYTHING,
  MEDIA_KEY,
  type ContentChange,
  type ContentVersions,
} from '@/lib/content-version'
import { collectShownContent, type ShownContent } from '@/lib/shown-content'
import { PUBLISHED_CONTENT_KEYS } from '@/site/view'

import { altersRender, cacheTargetOf, type CacheTarget } from './policy'

/*
 * Surrogate keys: the content-version keys (src/lib/content-version.ts) a response depends on,
 * written into its head so that a shared cache in front of the site (Varnish with xkey, Fastly,
 * Cloudflare) can drop exactly what a change made stale (src/cache/targeted-purge.ts purges the
 * keys a change names). They mean what the response cache's own freshness means: a response
 * carrying keys K is stale once any key of K advances, and a change naming keys C purges every
 * response carrying a key of C. A change that advances everything purges `ALL_SURROGATE_KEY`,
 * which every keyed response carries.
 */

/** Read by Varnish (the VCL copies it into `xkey`) and Fastly: keys separated by spaces. */
export const SURROGATE_KEY_HEADER = 'surrogate-key'
/** Read by Cloudflare: tags separated by commas. */
export const CACHE_TAG_HEADER = 'cache-tag'
/** The headers this module writes; nothing else in the application sets them. */
export const SURROGATE_HEADERS: readonly string[] = [SURROGATE_KEY_HEADER, CACHE_TAG_HEADER]

/**
 * The key every keyed response carries, purged by a change that advances everything. Not a
 * content-version key (those are `kind` or `kind:…`, never this word), so nothing else purges it.
 */
export const ALL_SURROGATE_KEY = 'all'

/**
 * The longest value either header gets, in bytes. Varnish refuses a backend response with a
 * header line past `http_resp_hdr_len` (8 KB by default) and the VCL copies `Surrogate-Key` into
 * `xkey`; Cloudflare and Fastly read 16 KB of theirs. Past this, a page that reported what it
 * shows carries its URL's broad keys instead (always a handful): purged more often, never stale.
 */
export const SURROGATE_HEADER_MAX_BYTES = 4_000

/** Characters a key keeps as they are: what every CDN accepts in a tag, in lower case. */
const KEPT = /[a-z0-9-]/
/** A key of nothing but those, `:` and `*`: every key the application makes. */
const PLAIN_KEY = /^[a-z0-9:*-]*$/

/** Keys repeat on every response: their encoding is remembered (the memo starts over when full). */
const ENCODED_MEMO_LIMIT = 10_000
const encodedKeys = new Map<string, string>()

/**
 * A content-version key as a surrogate key, the same in a response's head and in a purge:
 * `document:posts:12` → `document.posts.12`, `document:posts:*` → `document.posts._`. Lower-case
 * letters, digits and `-` stay; `:` becomes `.` and `*` becomes `_`; any other character
 * (`.`, `_` and `~` included, an upper-case letter, a space) becomes `~` and its UTF-8 bytes in
 * lower-case hex. So distinct keys stay distinct, also for Cloudflare, whose tags are
 * case-insensitive, and no key holds a space or comma (the headers' separators) or a character
 * a CDN refuses.
 */
export function encodeSurrogateKey(key: string): string {
  let encoded = encodedKeys.get(key)
  if (encoded !== undefined) return encoded
  encoded = PLAIN_KEY.test(key) ? key.replaceAll(':', '.').replaceAll('*', '_') : escapedKey(key)
  if (encodedKeys.size >= ENCODED_MEMO_LIMIT) encodedKeys.clear()
  encodedKeys.set(key, encoded)
  return encoded
}

function escapedKey(key: string): string {
  let encoded = ''
  for (const char of key) {
    if (KEPT.test(char)) encoded += char
    else if (char === ':') encoded += '.'
    else if (char === '*') encoded += '_'
    else
      for (const byte of Buffer.from(char, 'utf8'))
        encoded += `~${byte.toString(16).padStart(2, '0')}`
  }
  return encoded
}

/** The surrogate keys of a response depending on `dependsOn`: the global key first, no repeats. */
export function surrogateKeysOf(dependsOn: Iterable<string>): string[] {
  const keys = new Set([ALL_SURROGATE_KEY])
  for (const key of dependsOn) keys.add(encodeSurrogateKey(key))
  return [...keys]
}

/**
 * The surrogate keys a change purges: those of the content-version keys it advanced, or the
 * global key for a change that advanced everything. A response is purged by a change exactly
 * when its keys (`surrogateKeysOf`) share one with these.
 */
export function purgeKeysOf(change: ContentChange): string[] {
  if (change === EVERYTHING) return [ALL_SURROGATE_KEY]
  return [...new Set(change.map(encodeSurrogateKey))]
}

/** `Surrogate-Key` and `Cache-Tag` for `keys` (`surrogateKeysOf`). */
export function surrogateHeaders(keys: readonly string[]): {
  [SURROGATE_KEY_HEADER]: string
  [CACHE_TAG_HEADER]: string
} {
  return { [SURROGATE_KEY_HEADER]: keys.join(' '), [CACHE_TAG_HEADER]: keys.join(',') }
}

/**
 * What a render of `target` showed: for a page that reported what it shows
 * (src/lib/shown-content.ts), its URL's base keys and the report; otherwise the URL's keys. The
 * response cache keeps its entry under these, and the response carries them as surrogate keys.
 */
export function dependenciesOf(
  target: Pick<CacheTarget, 'dependsOn' | 'reportedBase'>,
  shown: ShownContent | undefined,
): readonly string[] {
  return target.reportedBase && shown?.reported
    ? [...target.reportedBase, ...shown.keys]
    : target.dependsOn
}

/**
 * What the answer of a surface the response cache does not key depends on, when a shared cache
 * may keep it: the categories API on the categories, media files on the media (an embargo is a
 * change of the media; and, as robots.txt, on the agent access policy they state), and what
 * shows no published content on nothing. Any other surface (a page or API answer whose query the
 * cache does not parse) on everything published and the policy: every change advances one of
 * those keys.
 */
const UNKEYED_SURFACE_DEPENDENCIES: Partial<Record<Surface, readonly string[]>> = {
  categories: [CATEGORIES_KEY],
  'media-files': [MEDIA_KEY, AGENT_ACCESS_KEY],
  'build-files': [],
  robots: [AGENT_ACCESS_KEY],
  other: [],
}

/**
 * What any other unkeyed answer depends on: everything published, and the agent access policy,
 * which a page's head states (src/agents/usage-headers.ts).
 */
const UNKEYED_DEPENDENCIES: readonly string[] = [...PUBLISHED_CONTENT_KEYS, AGENT_ACCESS_KEY]

/** What the `shared-cache-keys` step needs to know about a request. */
export interface SharedCacheFacts {
  /**
   * What the answer depends on (its URL's keys, and for a page that reports what it shows, the
   * base its report adds to), or null for a request whose answer no shared cache may key: one
   * carrying credentials or a header that changes what Next.js renders.
   */
  target: Pick<CacheTarget, 'dependsOn' | 'reportedBase'> | null
  /** What its render has reported showing so far. */
  shown: () => ShownContent | undefined
  /** The content-version stamp taken as the render began (null: reads may be behind a change). */
  stamp: number | null
  versions: ContentVersions
}

/** The facts of a request for the `shared-cache-keys` step, read as its render begins. */
export function sharedCacheFactsOf(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
  surface: Surface,
  shown: () => ShownContent | undefined,
  versions: ContentVersions = contentVersions(),
): SharedCacheFacts {
  const keyable =
    (method === 'GET' || method === 'HEAD') && !isPersonalRequest(headers) && !altersRender(headers)
  const target = keyable
    ? (cacheTargetOf(method, url, headers) ?? {
        dependsOn: UNKEYED_SURFACE_DEPENDENCIES[surface] ?? UNKEYED_DEPENDENCIES,
      })
    : null
  return { target, shown, stamp: versions.stamp(), versions }
}

/**
 * The `shared-cache-keys` step: a response a shared cache may keep (the caching policy made it
 * public, src/http/cache-control.ts) carries the surrogate keys of what it shows, in both
 * headers. Nothing else does (headers of those names set elsewhere are dropped). A response read
 * under a stamp some of its keys advanced past (a change heard while it rendered, or reads behind
 * the change feed or a replica) may show what the change replaced: it goes out `no-store`, as
 * the response cache would not keep it either, so no shared cache holds it past the purge that
 * follows the change.
 */
export function withSurrogateKeys(
  head: ResponseHead,
  facts: SharedCacheFacts | undefined,
): ResponseHead {
  const carried = SURROGATE_HEADERS.some((name) => head.headers[name] !== undefined)
  const shared = isSharedCacheable(head.headers['cache-control'])
  if (!shared || !facts?.target) {
    if (!carried) return head
    return { status: head.status, headers: copyHeaders(head.headers, DROPPED) }
  }
  const { target, versions, stamp } = facts
  const shown = facts.shown()
  const dependsOn = dependenciesOf(target, shown)
  const headers = copyHeaders(head.headers, DROPPED)
  if (dependsOn.length > 0 && !versions.isFresh(dependsOn, stamp)) {
    headers['cache-control'] = NEVER_STORED
    return { status: head.status, headers }
  }
  let values = surrogateHeaders(surrogateKeysOf(dependsOn))
  if (Buffer.byteLength(values[SURROGATE_KEY_HEADER]) > SURROGATE_HEADER_MAX_BYTES)
    values = surrogateHeaders(surrogateKeysOf(target.dependsOn))
  headers[SURROGATE_KEY_HEADER] = values[SURROGATE_KEY_HEADER]
  headers[CACHE_TAG_HEADER] = values[CACHE_TAG_HEADER]
  return { status: head.status, headers }
}

const DROPPED: ReadonlySet<string> = new Set(SURROGATE_HEADERS)

/** What each response's render reported showing, for whoever fills a cache with it. */
const shownByResponse = new WeakMap<ServerResponse, ShownContent>()

/**
 * Runs `render` (the render of `response`) collecting what it reports showing, and remembers the
 * report for `shownBy`: the response pipeline collects it once around every render, and the
 * response cache reads it when it stores the answer (one collection, as reports nest: an inner
 * collection would hide every report from an outer one).
 */
export function collectShownFor(response: ServerResponse, render: () => void): ShownContent {
  const shown = collectShownContent(render)
  shownByResponse.set(response, shown)
  return shown
}

/** What the render of `response` reported showing (`collectShownFor`), if it was collected. */
export function shownBy(response: ServerResponse): ShownContent | undefined {
  return shownByResponse.get(response)
}
