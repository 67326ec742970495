import { isLocale, type Locale } from '@/i18n/locales'

/**
 * What a request path is: a page of the site, a page's markdown twin, the API, a media file, a
 * feed, a file for agents, the admin, Next.js's own files, or anything else. Decided here once,
 * for everything that treats paths by kind: the site's routing (src/site/routing.ts), the pages
 * that go out without Next's client runtime (src/site/page-scripts.ts), the caching policy and
 * the response cache's keys (cache-control.ts, src/cache/policy.ts), twins' links and redirects
 * (src/markdown/page-twin.ts, src/redirects/paths.ts), a page's languages
 * (src/site/translations.ts). Each used to decide with a pattern of its own, and the patterns
 * drifted apart at the edges.
 *
 * A pure function of the path's text, as a request carries it (percent-encoded, in the normal
 * form the front door redirects every other spelling to): no route table, no database. A query
 * after the path is ignored; anything that does not start with `/` (`*`, a URL with a scheme) is
 * `other`.
 */

const TWIN_ROUTE_SEGMENT = 'markdown-twin'
/** Where markdown twins are rendered (src/app/markdown-twin/): the server rewrites twins to it. */
export const TWIN_ROUTE = `/${TWIN_ROUTE_SEGMENT}`

/**
 * A page of the site that has a markdown twin.
 * - `index`: `/`, answered with a redirect to the visitor's language; its twin is `/index.md`.
 * - `page`: `/{locale}` and every path under it without a dot in a segment (a dot makes it a
 *   file: a feed, a twin). `rest` is the path after the locale: `''` for the home page,
 *   `/blog/a-post` for a post; a trailing slash is kept (the front door redirects it away).
 * - `standalone-page`: a page outside the locales, in English only like the OpenAPI document it
 *   shows, with its twin at a route of its own (`/docs/api`, `/docs/api.md`).
 */
export type SitePage =
  | { kind: 'index'; path: '/' }
  | { kind: 'page'; path: string; locale: Locale; rest: string }
  | { kind: 'standalone-page'; path: string }

/** The files for agents (src/agents/, src/mcp/discovery.ts). */
export type AgentFile = 'llms' | 'llms-full' | 'openapi' | 'mcp-server-card' | 'agent-skill'

/** The feeds: the sitemap and its parts, the schema.org feed, a locale's RSS feeds. */
export type Feed = 'sitemap' | 'sitemap-part' | 'schema' | 'rss'

export type PathKind =
  | SitePage
  /** `P.md` for a site page P (`/index.md` for `/`). */
  | { kind: 'twin'; page: SitePage }
  /**
   * `/markdown-twin` and under it: where the server rewrites twins to (asked for by its own
   * path, a 404: src/site/routing.ts). `page` is the page the rest of the path names, null when
   * it names none.
   */
  | { kind: 'twin-route'; page: SitePage | null }
  /**
   * `/api` and everything under it but media files: `resource` is the first segment after
   * `/api/` (`''` for `/api` itself), `id` the second when there is one (`/api/posts/12`), and
   * `deeper` says more segments follow.
   */
  | { kind: 'api'; resource: string; id: string | undefined; deeper: boolean }
  /** `/api/media/file/…`: an uploaded file, streamed by src/media/. */
  | { kind: 'media-file' }
  | { kind: 'feed'; feed: Feed }
  | { kind: 'agent-file'; file: AgentFile }
  | { kind: 'robots' }
  /** `/admin` and under it: Payload's admin. */
  | { kind: 'admin' }
  /**
   * `/_next` and under it: Next.js's own files. `immutable` for its build files
   * (`/_next/static/…`, hashed), which never depend on who asks.
   */
  | { kind: 'next-asset'; immutable: boolean }
  /** Anything else: the favicon, files of the public folder, paths that name nothing. */
  | { kind: 'other' }

// Answers without parts of their own are shared, so frozen: no caller can change another's.
const OTHER: PathKind = Object.freeze({ kind: 'other' })
const ADMIN: PathKind = Object.freeze({ kind: 'admin' })
const INDEX: SitePage = Object.freeze({ kind: 'index', path: '/' })

const STANDALONE_PAGES: ReadonlySet<string> = new Set(['/docs/api'])

const AGENT_FILES: ReadonlyMap<string, AgentFile> = new Map([
  ['/llms.txt', 'llms'],
  ['/llms-full.txt', 'llms-full'],
  ['/openapi.json', 'openapi'],
  ['/.well-known/mcp/server-card.json', 'mcp-server-card'],
  ['/.well-known/mcp/server-card', 'mcp-server-card'],
])
const AGENT_SKILLS = '/.well-known/agent-skills/'

const FEEDS: ReadonlyMap<string, Feed> = new Map([
  ['/sitemap.xml', 'sitemap'],
  ['/feeds/schema.jsonl', 'schema'],
])
/** A file of the sitemap index (`/sitemap/{n}.xml`, src/site/sitemap-route.ts). */
const SITEMAP_PART = /^\/sitemap\/[1-9]\d{0,5}\.xml$/
const TWIN_SUFFIX = '.md'
const MEDIA_FILES = '/api/media/file/'

/** The path alone: what comes before a query. */
function pathOnly(target: string): string {
  const queryAt = target.indexOf('?')
  return queryAt === -1 ? target : target.slice(0, queryAt)
}

/** The site page `path` names, or null when it names none. */
function sitePageOf(path: string): SitePage | null {
  if (path === '/') return INDEX
  if (STANDALONE_PAGES.has(path)) return { kind: 'standalone-page', path }
  const [, locale, ...rest] = path.split('/')
  if (!isLocale(locale) || rest.some((segment) => segment.includes('.'))) return null
  return { kind: 'page', path, locale, rest: path.slice(1 + locale.length) }
}

/** `/{locale}/feed.xml` (the blog's) and `/{locale}/case-studies/feed.xml`. */
function isLocaleFeed(segments: readonly string[]): boolean {
  const [locale, ...rest] = segments
  if (!isLocale(locale)) return false
  const file = rest.join('/')
  return file === 'feed.xml' || file === 'case-studies/feed.xml'
}

/** What `target` (a path, perhaps followed by a query) is. */
export function classifyPath(target: string): PathKind {
  const path = pathOnly(target)
  if (!path.startsWith('/')) return OTHER
  const segments = path.slice(1).split('/')
  switch (segments[0]) {
    case '_next':
      return { kind: 'next-asset', immutable: path.startsWith('/_next/static/') }
    case 'admin':
      return ADMIN
    case 'api': {
      if (path.startsWith(MEDIA_FILES)) return { kind: 'media-file' }
      const [, resource = '', id, ...deeper] = segments
      return { kind: 'api', resource, id, deeper: deeper.length > 0 }
    }
    case TWIN_ROUTE_SEGMENT:
      return { kind: 'twin-route', page: sitePageOf(path.slice(TWIN_ROUTE.length) || '/') }
  }
  const agentFile = AGENT_FILES.get(path)
  if (agentFile !== undefined) return { kind: 'agent-file', file: agentFile }
  if (path.startsWith(AGENT_SKILLS)) return { kind: 'agent-file', file: 'agent-skill' }
  if (path === '/robots.txt') return { kind: 'robots' }
  const feed = FEEDS.get(path)
  if (feed !== undefined) return { kind: 'feed', feed }
  if (SITEMAP_PART.test(path)) return { kind: 'feed', feed: 'sitemap-part' }
  if (isLocaleFeed(segments)) return { kind: 'feed', feed: 'rss' }
  if (path.endsWith(TWIN_SUFFIX)) {
    const page = sitePageOf(path === '/index.md' ? '/' : path.slice(0, -TWIN_SUFFIX.length))
    return page === null ? OTHER : { kind: 'twin', page }
  }
  return sitePageOf(path) ?? OTHER
}

/** Is `page` a locale's search page (`/{locale}/search`), whose results no cache keeps? */
export function isSearchPage(page: SitePage | null): boolean {
  return page?.kind === 'page' && page.rest === '/search'
}
