import type { IncomingHttpHeaders } from 'node:http'

import { PUBLIC_FIELDS, QUERY_LIMITS, type PublicCollection } from '@/content/contract'
import {
  parseDocumentId,
  parseDocumentQuery,
  parseListQuery,
  SLUG_FILTER,
  CATEGORY_FILTER,
} from '@/content/query'
import { ApiError } from '@/http/api-error'
import {
  CACHING_POLICY,
  directiveValue,
  hasDirective,
  isPersonalRequest,
  surfaceOfKind,
} from '@/http/cache-control'
import { preferredEncoding, prefersMarkdown } from '@/http/negotiation'
import { classifyPath, type AgentFile, type PathKind } from '@/http/path-kind'
import {
  AGENT_ACCESS_KEY,
  CATEGORIES_KEY,
  documentKey,
  everyDocumentKey,
  EVERY_CATEGORY_KEY,
  EVERYTHING,
  listKey,
  MEDIA_KEY,
  SETTINGS_KEY,
  type ContentChange,
} from '@/lib/content-version'
import { parseTwinPath, type TwinPage } from '@/markdown/twin-path'
import { PUBLISHED_CONTENT_KEYS } from '@/site/view'

import type { Encoding } from './entry'

/** Longer URLs are parsed on every request rather than remembered: the memo stays small. */
const MAX_MEMOISED_URL_LENGTH = 512

/**
 * Request headers with which Next.js answers something other than the page everyone gets: its
 * client router's RSC and prefetch requests, server actions, middleware prefetches and data
 * requests, preview revalidation, and the headers its own infrastructure passes between
 * processes. A caller can send any of them, so a request carrying one is never answered from the
 * cache nor rendered into it. Prefixes cover the families, so a header a Next.js upgrade adds
 * to one of them is covered too (the unit test reads the names from Next.js's own source).
 */
const RENDER_ALTERING_NAMES = new Set(['rsc', 'purpose', 'x-matched-path', 'x-invocation-id'])
const RENDER_ALTERING_PREFIXES = [
  'next-',
  'x-next',
  'x-middleware-',
  'x-invoke-',
  'x-prerender-',
  'x-now-',
  'x-vercel-',
]

/** Does this request carry a header that changes what Next.js answers? */
export function altersRender(headers: IncomingHttpHeaders): boolean {
  for (const name in headers) {
    if (RENDER_ALTERING_NAMES.has(name)) return true
    for (const prefix of RENDER_ALTERING_PREFIXES) if (name.startsWith(prefix)) return true
  }
  return false
}

/**
 * Could the answer depend on who asks? Build assets never do, and the media file server labels
 * its own answers by audience (public files, or private for an editor's embargoed one).
 */
export function isPersonal(url: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (!isPersonalRequest(headers)) return false
  const path = classifyPath(url ?? '')
  return !((path.kind === 'next-asset' && path.immutable) || path.kind === 'media-file')
}

/** Where an editor changes what the public sees: the published collections and their media. */
const CONTENT_WRITE_RESOURCES: ReadonlySet<string> = new Set([
  'posts',
  'case-studies',
  'services',
  'categories',
  'media',
  'globals',
])

/** A document's id in a write's path: what PostgreSQL's integer ids can be. */
const DOCUMENT_ID = /^[1-9]\d{0,9}$/

/**
 * What a request to `url` writes to when that is published content: the resource (a collection,
 * `media`, `globals`) and, when its path names one, the document.
 */
function writtenContent(url: string | undefined): { resource: string; documentId?: number } | null {
  const path = classifyPath(url ?? '')
  if (path.kind === 'media-file') return { resource: 'media' }
  if (path.kind !== 'api' || !CONTENT_WRITE_RESOURCES.has(path.resource)) return null
  const named = !path.deeper && path.id !== undefined && DOCUMENT_ID.test(path.id)
  return { resource: path.resource, documentId: named ? Number(path.id) : undefined }
}

/** Is this a write to published content (whether it succeeds is for its response to say)? */
export function isContentWrite(method: string | undefined, url: string | undefined): boolean {
  return method !== 'GET' && method !== 'HEAD' && writtenContent(url) !== null
}

/**
 * What a successful content write (`isContentWrite`) changed, as far as its URL tells: one
 * document (`PATCH`/`DELETE /api/posts/12`), or every document of the collection (a create, a
 * bulk write, a restored version: ids the URL does not name); the categories; the media; the
 * site settings and the agent access policy (a global: a saved draft advances them too, which
 * only costs a render). The change notification that follows names the rows.
 */
export function contentWriteChange(url: string | undefined): ContentChange {
  const written = writtenContent(url)
  const collection = written?.resource
  const documentId = written?.documentId
  if ((collection === 'posts' || collection === 'case-studies') && documentId !== undefined)
    return [documentKey(collection, documentId), listKey(collection)]
  if (collection === 'posts' || collection === 'case-studies')
    return [everyDocumentKey(collection), listKey(collection)]
  if (collection === 'services') return [everyDocumentKey('services'), listKey('services')]
  if (collection === 'categories') return [CATEGORIES_KEY, EVERY_CATEGORY_KEY]
  if (collection === 'media') return [MEDIA_KEY]
  if (collection === 'globals') return [SETTINGS_KEY, AGENT_ACCESS_KEY]
  return EVERYTHING
}

/** A cacheable request: the entry it reads or fills, and the URL a miss renders. */
export interface CacheTarget {
  key: string
  /** The canonical form of the request's URL: what is rendered, so what is stored is its answer. */
  renderUrl: string
  /**
   * The content-version keys (src/lib/content-version.ts) of what the answer shows: it is kept
   * while none of them advances.
   */
  dependsOn: readonly string[]
  /**
   * For a page that reports what it shows (src/lib/shown-content.ts: a document's page or twin),
   * the keys its URL adds to the report; the entry then depends on those and the reported keys
   * instead of `dependsOn`, which stands for a render that reported nothing.
   */
  reportedBase?: readonly string[]
}

/**
 * The cache target of an anonymous GET/HEAD for a surface the caching policy lets the response
 * cache keep (src/http/cache-control.ts), or `null` when the
 * request must go to the application as it is. Requests are keyed by what they mean, not by how
 * they are spelled: the query is parsed as the surface parses it, parameters it ignores are
 * dropped, and the rest are written in one canonical form. So `?utm_source=…` or a reordered
 * or re-spelled query shares the entry of the canonical URL instead of forcing a new render. A
 * site page's key also names the representation content negotiation picked (markdown or HTML).
 */
export function cacheTargetOf(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): CacheTarget | null {
  if (method !== 'GET' && method !== 'HEAD') return null
  if (isPersonalRequest(headers)) return null
  if (altersRender(headers)) return null
  const target = url ?? '/'
  let shape = targetShapes.get(target)
  if (shape === undefined) {
    shape = shapeOf(target)
    // Hot URLs repeat: their parse is remembered (the memo starts over when full).
    if (target.length <= MAX_MEMOISED_URL_LENGTH) {
      if (targetShapes.size >= TARGET_MEMO_LIMIT) targetShapes.clear()
      targetShapes.set(target, shape)
    }
  }
  if (shape === null) return null
  if (!shape.negotiated) return shape
  return {
    key: `${shape.key}${representationFor(headers.accept)}`,
    renderUrl: shape.renderUrl,
    dependsOn: shape.dependsOn,
    reportedBase: shape.reportedBase,
  }
}

/** The cache key alone (see `cacheTargetOf`). */
export function cacheKeyOf(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): string | null {
  return cacheTargetOf(method, url, headers)?.key ?? null
}

interface TargetShape extends CacheTarget {
  /** A site page, whose representation follows `Accept`. */
  negotiated: boolean
}

const TARGET_MEMO_LIMIT = 10_000
const targetShapes = new Map<string, TargetShape | null>()

function shapeOf(target: string): TargetShape | null {
  const queryStart = target.indexOf('?')
  const path = queryStart === -1 ? target : target.slice(0, queryStart)
  const query = queryStart === -1 ? '' : target.slice(queryStart + 1)
  const canonical = canonicalQueryOf(path, new URLSearchParams(query))
  if (canonical === null) return null
  const renderUrl = canonical.query ? `${path}?${canonical.query}` : path
  return {
    key: renderUrl,
    renderUrl,
    negotiated: canonical.negotiated,
    dependsOn: canonical.dependsOn,
    reportedBase: canonical.reportedBase,
  }
}

/** What does not change with published content: robots.txt, the API description, skills. */
const NO_CONTENT: readonly string[] = []
/**
 * Every site page shows the site settings (header, footer, JSON-LD facts) and every twin of
 * one the settings its `<main>` shows: the pages that show no other content depend on them only.
 */
const SETTINGS_ONLY: readonly string[] = [SETTINGS_KEY]
/** A document's author (a team member) shows on its page, its twin, its feeds and API answers. */
const AUTHORS_KEY = listKey('team-members')
/** Categories and media show wherever a document does (titles, cover images, alt texts). */
const SHOWN_WITH_DOCUMENTS = [CATEGORIES_KEY, MEDIA_KEY, AUTHORS_KEY] as const
const LISTS_OF = {
  posts: [listKey('posts'), ...SHOWN_WITH_DOCUMENTS, SETTINGS_KEY],
  'case-studies': [listKey('case-studies'), ...SHOWN_WITH_DOCUMENTS, SETTINGS_KEY],
} as const satisfies Record<PublicCollection, readonly string[]>

/**
 * What a document's page or twin shows besides what it reports (src/site/shown.ts: documents and
 * categories by id, the order keys of the selections it shows): the settings (the chrome), the
 * media (cover images, alt texts, the embargo), and any category or document of either
 * collection when a change cannot name its ids.
 */
const DOCUMENT_PAGE_BASE: readonly string[] = [
  SETTINGS_KEY,
  MEDIA_KEY,
  EVERY_CATEGORY_KEY,
  everyDocumentKey('posts'),
  everyDocumentKey('case-studies'),
  // Documents' authors: a change whose ids are unknown (a page reports the one it shows).
  everyDocumentKey('team-members'),
]

/**
 * What the home page shows besides what it reports (src/site/shown.ts: its latest posts, the
 * order they were chosen by, its proof's case studies): what a document's page shows, and the
 * case studies' list, which chose the proof (the newest featured).
 */
const HOME_PAGE_BASE: readonly string[] = [
  ...DOCUMENT_PAGE_BASE,
  listKey('case-studies'),
  listKey('services'),
  // The proof band (src/site/people.ts): featured quotes and client logos.
  listKey('testimonials'),
  listKey('client-logos'),
]

/**
 * A service's page: the services (itself and the others' order), and the case studies and posts
 * it lists (their titles, covers, categories): everything published, which includes the services.
 */
const SERVICE_PAGE: readonly string[] = PUBLISHED_CONTENT_KEYS

/** The About page: its global (settings), the team and their photos. */
const ABOUT_PAGE: readonly string[] = [SETTINGS_KEY, MEDIA_KEY, listKey('team-members')]

/** Pages kept by what their render reports showing, and what they show besides (see above). */
const REPORTED_BASE: Partial<Record<TwinPage['kind'], readonly string[]>> = {
  post: DOCUMENT_PAGE_BASE,
  'case-study': DOCUMENT_PAGE_BASE,
  // A page of the blog: a selection of the posts, as the home page's latest posts are.
  blog: DOCUMENT_PAGE_BASE,
  home: HOME_PAGE_BASE,
}

/** The files for agents that list everything published, as every feed (and the sitemap) does. */
const LISTS_EVERYTHING: ReadonlySet<AgentFile> = new Set(['llms', 'llms-full'])

/**
 * What a site page (or its twin) shows, from its URL alone. Listings depend on the collection's
 * list key (any change to any of its documents); the home page on everything published (it
 * gathers sections of both collections, and more as the home global grows); the contact and
 * privacy pages and the index of the site's sections show no content but the site settings,
 * which every page shows (`PUBLISHED_CONTENT_KEYS` include them). A document's page depends on
 * its collection's list too — but only when its render does not report what it shows (see
 * `DOCUMENT_PAGE_BASE`), which it always does when it finds its document. So do the home page
 * and the blog's pages, which report the posts they show and the order that chose them
 * (`REPORTED_BASE`); their twins, made from the rendered page in a request of their own, report
 * nothing and keep these broad keys.
 */
function pageDependencies(page: TwinPage): readonly string[] {
  switch (page.kind) {
    case 'index':
    case 'contact':
    case 'privacy':
    case 'developers':
      return SETTINGS_ONLY
    case 'service':
      return SERVICE_PAGE
    case 'about':
      return ABOUT_PAGE
    case 'home':
      return PUBLISHED_CONTENT_KEYS
    case 'blog':
    case 'post':
      return LISTS_OF.posts
    case 'case-studies':
    case 'case-study':
      return LISTS_OF['case-studies']
    case 'category':
      return LISTS_OF.posts
    case 'search':
      return PUBLISHED_CONTENT_KEYS // never kept (its surface is not stored), but would be
  }
}

/**
 * What a content API answer shows: one document (by id) or the collection's published set, and,
 * when relations are populated (depth above 0), the categories and media they bring.
 */
function apiDependencies(
  collection: PublicCollection,
  id: number | undefined,
  depth: number,
): readonly string[] {
  const own =
    id === undefined
      ? [listKey(collection)]
      : [documentKey(collection, id), everyDocumentKey(collection)]
  return depth > 0 ? [...own, ...SHOWN_WITH_DOCUMENTS] : own
}

/**
 * The canonical query of a cacheable path, or null for a path that is not cacheable or a query
 * its surface refuses (that answer is an error, rendered as it is asked).
 */
function canonicalQueryOf(
  path: string,
  params: URLSearchParams,
): {
  query: string
  negotiated: boolean
  dependsOn: readonly string[]
  reportedBase?: readonly string[]
} | null {
  const kind = classifyPath(path)
  if (!CACHING_POLICY[surfaceOfKind(kind)].stored) return null
  // Everything kept here but the content API states the agent access policy: robots.txt in its
  // body, the rest in their heads (src/agents/usage-headers.ts).
  if (kind.kind === 'api') return canonicalApiQuery(kind, params)
  const shape = canonicalSiteQuery(kind, path, params)
  return shape && statingAgentAccess(shape)
}

/** `shape` depending on the agent access policy too (besides what its URL or render shows). */
function statingAgentAccess<
  Shape extends { dependsOn: readonly string[]; reportedBase?: readonly string[] },
>(shape: Shape): Shape {
  return {
    ...shape,
    dependsOn: [...shape.dependsOn, AGENT_ACCESS_KEY],
    ...(shape.reportedBase ? { reportedBase: [...shape.reportedBase, AGENT_ACCESS_KEY] } : {}),
  }
}

/** The content API's canonical query: a document's id is never empty. */
function canonicalApiQuery(kind: Extract<PathKind, { kind: 'api' }>, params: URLSearchParams) {
  if (kind.id === '') return null
  return canonicalContentQuery(kind.resource as PublicCollection, kind.id, params)
}

/** The canonical query of a site page or twin, a feed, a file for agents or robots.txt. */
function canonicalSiteQuery(
  kind: PathKind,
  path: string,
  params: URLSearchParams,
): {
  query: string
  negotiated: boolean
  dependsOn: readonly string[]
  reportedBase?: readonly string[]
} | null {
  // Agents' files and feeds: one representation each, whatever the query says.
  if (kind.kind === 'agent-file' || kind.kind === 'feed' || kind.kind === 'robots') {
    const dependsOn =
      kind.kind === 'feed' || (kind.kind === 'agent-file' && LISTS_EVERYTHING.has(kind.file))
        ? PUBLISHED_CONTENT_KEYS
        : NO_CONTENT
    return { query: '', negotiated: false, dependsOn }
  }
  // A page under a locale, or the twin of one or of `/` (`/` itself is the redirect to a
  // language). The API reference and the twin route's own paths are not kept.
  const twin = kind.kind === 'twin'
  const shown = twin ? kind.page : kind
  if (shown.kind !== 'page' && !(twin && shown.kind === 'index')) return null
  const page = parseTwinPath(shown.path, params)
  if (page === null || page.kind === 'search') return null
  return {
    query: 'page' in page && page.page > 1 ? `page=${page.page}` : '',
    negotiated: !twin,
    dependsOn: pageDependencies(page),
    reportedBase: REPORTED_BASE[page.kind],
  }
}

/** The content API's query as its own parser reads it, written back in one canonical form. */
function canonicalContentQuery(
  collection: PublicCollection,
  rawId: string | undefined,
  params: URLSearchParams,
): { query: string; negotiated: false; dependsOn: readonly string[] } | null {
  try {
    const id = rawId === undefined ? undefined : parseDocumentId(rawId)
    if (id === null) return null
    const list = rawId === undefined ? parseListQuery(params, collection) : undefined
    const query = list ?? parseDocumentQuery(params, collection)
    const canonical = new URLSearchParams()
    if (query.locale !== 'all') canonical.set('locale', query.locale)
    if (query.depth !== QUERY_LIMITS.depthDefault) canonical.set('depth', String(query.depth))
    const publicFields = PUBLIC_FIELDS[collection]
    if (query.select.length !== publicFields.length) {
      const selected = publicFields.filter((field) => query.select.includes(field))
      canonical.set('select', selected.length > 0 ? selected.join(',') : 'id')
    }
    if (list) {
      if (list.limit !== QUERY_LIMITS.limitDefault) canonical.set('limit', String(list.limit))
      if (list.page !== 1) canonical.set('page', String(list.page))
      if (list.sort[0] !== QUERY_LIMITS.defaultSort) canonical.set('sort', list.sort[0]!)
      if (list.slug !== undefined) canonical.set(SLUG_FILTER, list.slug)
      if (list.category !== undefined) canonical.set(CATEGORY_FILTER, list.category)
    }
    return {
      query: canonical.toString(),
      negotiated: false,
      dependsOn: apiDependencies(collection, id, query.depth),
    }
  } catch (error) {
    if (error instanceof ApiError) return null
    throw error
  }
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

/** The best encoding a client accepts (`preferredEncoding`), remembered per distinct header. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  let choice = encodingChoices.get(acceptEncoding)
  if (choice === undefined) {
    choice = preferredEncoding(acceptEncoding)
    if (encodingChoices.size < MEMO_LIMIT) encodingChoices.set(acceptEncoding, choice)
  }
  return choice
}

/**
 * Whether a request will take an answer a change has just made stale (src/cache/store.ts,
 * `superseded`): not when it says it wants a current one, `Cache-Control: no-cache` or
 * `max-age=0` (a browser's reload; the server reading its own page to make something else of
 * it, which must not turn a stale page into a fresh-looking twin).
 */
export function takesStale(cacheControl: string | string[] | undefined): boolean {
  const value = Array.isArray(cacheControl) ? cacheControl.join(',') : cacheControl
  return !hasDirective(value, 'no-cache') && directiveValue(value, 'max-age') !== '0'
}
