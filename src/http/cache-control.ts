import type { IncomingHttpHeaders } from 'node:http'

import { classifyPath, isSearchPage, type PathKind } from './path-kind'

/**
 * The one caching policy: for each surface of the site, the `Cache-Control` its responses carry
 * and whether the project's response cache (src/cache/) may keep them. The project's server
 * applies it to every response it hands to Next.js as the head is written (the `caching-policy`
 * step of src/server/response-pipeline.ts), so a response looks the same with the response cache
 * on or off. Routes still set their header where Next.js needs to see it (Next marks a dynamic
 * page private unless it already says otherwise); they take the value from here.
 *
 * The table only ever tightens what a route or Next.js said (`tightenedCacheControl`): a response
 * that is private, `no-store`, `no-cache` or says nothing is never made public.
 */

/**
 * How long a CDN may hold published content without asking (`s-maxage`), and serve it stale
 * while it asks again (`stale-while-revalidate`). Browsers always revalidate (`max-age=0`),
 * which costs them a 304. A publish purges a shared cache (Varnish, a CDN) of exactly what it
 * changed, by the surrogate keys each response it may keep carries (src/cache/surrogate-keys.ts,
 * `CDN_PURGE_KIND`), or of everything through `CDN_PURGE_URL`.
 */
export const SHARED_MAX_AGE_SECONDS = 30
export const STALE_WHILE_REVALIDATE_SECONDS = 60
export const PUBLISHED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`

/** Errors, not-found pages and anything about one request: nobody keeps a copy. */
export const NEVER_STORED = 'no-store'

/**
 * Crawl rules change with a deploy or an edit of the agent access policy. Crawlers keep
 * robots.txt up to a day anyway (RFC 9309), so an hour in other caches adds little; the
 * response cache and a shared cache drop it on an edit (its content key).
 */
export const ROBOTS_CACHE_CONTROL = 'public, max-age=3600'

/**
 * Public media files never change under their name (see `prepareUpload`), so caches may keep them
 * for a year without asking. Embargoed files, shown to editors only, are never stored.
 * `no-transform` keeps proxies and our own compression away from the bytes that ranges count.
 */
export const MEDIA_FILE_CACHE_CONTROL = {
  public: 'public, max-age=31536000, immutable, no-transform',
  private: 'private, no-store, no-transform',
} as const

/** What a personal request's answer says when its route said nothing. */
const PERSONAL_CACHE_CONTROL = 'private, no-store'

export interface CachingRule {
  /**
   * The most a response of this surface may allow caches (the table tightens to it), or null for
   * "as the route or Next.js says" (hashed build files, redirects, files of the public folder).
   */
  cacheControl: string | null
  /** May the response cache in front of Next.js keep it (src/cache/policy.ts keys which requests)? */
  stored: boolean
  /**
   * Is an answer to a request with credentials or a cookie made private? Not where the answer
   * cannot depend on the caller (build files) or says its audience itself (media files).
   */
  privateWhenPersonal: boolean
}

const rule = <Value extends string | null>(
  cacheControl: Value,
  stored: boolean,
  privateWhenPersonal = true,
) => ({ cacheControl, stored, privateWhenPersonal })

export const CACHING_POLICY = {
  /** `/`, `/{locale}/…`: HTML, or markdown to `Accept: text/markdown`. */
  pages: rule(PUBLISHED_CACHE_CONTROL, true),
  /** `P.md`, `/index.md`. */
  twins: rule(PUBLISHED_CACHE_CONTROL, true),
  /** llms.txt, llms-full.txt, openapi.json, the agent skills. */
  'agent-files': rule(PUBLISHED_CACHE_CONTROL, true),
  /** The sitemap, the locale feeds, the schema.org feed. */
  feeds: rule(PUBLISHED_CACHE_CONTROL, true),
  robots: rule(ROBOTS_CACHE_CONTROL, true),
  /** `/api/{posts,case-studies}[/id]`, anonymous reads. */
  'content-api': rule(PUBLISHED_CACHE_CONTROL, true),
  /** `/api/categories[/id]`: public like the rest of the API, but not worth a cache entry. */
  categories: rule(PUBLISHED_CACHE_CONTROL, false),
  /** `/api/media/file/…`: streamed, with their own validators; private when embargoed. */
  'media-files': rule(MEDIA_FILE_CACHE_CONTROL.public, false, false),
  /** `/_next/…`: Next.js's own (hashed, immutable) files. */
  'build-files': rule(null, false, false),
  /** Site search (`/api/search`, `/{locale}/search` and its twin): each query is its own. */
  search: rule(NEVER_STORED, false),
  /** Inquiries, MCP: each answer is about one request. */
  inquiries: rule(NEVER_STORED, false),
  /** Liveness and readiness: a cached answer would hide the instance's state. */
  health: rule(NEVER_STORED, false),
  /** The admin and Payload's own API (users, media records, globals, GraphQL, preview). */
  admin: rule(NEVER_STORED, false),
  /** Anything else (the favicon, files of the public folder): as Next.js says. */
  other: rule(null, false),
  /** Any response with a status of 400 or more, whatever its surface. */
  errors: rule(NEVER_STORED, false),
  /** Any redirect: as the route says (the language redirect of `/` varies by Accept-Language). */
  redirects: rule(null, false),
  /**
   * A page or twin an editor's redirect moved (301, src/redirects/): kept like published content,
   * so a redirect an editor changes or removes is seen within `s-maxage`, never cached for good.
   */
  moved: rule(PUBLISHED_CACHE_CONTROL, false),
} as const satisfies Record<string, CachingRule>

export type Surface = keyof typeof CACHING_POLICY

/** The surface of an API path (`classifyPath`'s `api` kind): the routes of the public contract. */
function apiSurface({ resource, id, deeper }: Extract<PathKind, { kind: 'api' }>): Surface {
  if (deeper) return 'admin'
  if (resource === 'posts' || resource === 'case-studies') return 'content-api'
  if (resource === 'categories') return 'categories'
  if (id !== undefined) return 'admin'
  switch (resource) {
    case 'inquiries':
    case 'mcp':
      return 'inquiries'
    case 'search':
      return 'search'
    case 'health':
    case 'ready':
      return 'health'
    default:
      return 'admin'
  }
}

/** The surface of a path `classifyPath` has classified. */
export function surfaceOfKind(path: PathKind): Surface {
  switch (path.kind) {
    case 'next-asset':
      return 'build-files'
    case 'api':
      return apiSurface(path)
    case 'media-file':
      return 'media-files'
    case 'admin':
      return 'admin'
    case 'agent-file':
      return 'agent-files'
    case 'robots':
      return 'robots'
    case 'feed':
      return 'feeds'
    case 'twin':
    case 'twin-route':
      return isSearchPage(path.page) ? 'search' : 'twins'
    case 'index':
      return 'pages'
    case 'page':
      return isSearchPage(path) ? 'search' : 'pages'
    // The API reference says how it is cached itself (the site's routing gives it a page's
    // header); nothing keeps a copy of it here.
    case 'standalone-page':
    case 'other':
      return 'other'
  }
}

/** The surface a request path (without its query) belongs to, before its status is known. */
export function surfaceOf(path: string): Surface {
  return surfaceOfKind(classifyPath(path))
}

/**
 * The rule for a response: its surface's, unless its status makes it an error, a page an editor's
 * redirect moved (301) or another redirect.
 */
export function cachingRuleFor(surface: Surface, status: number): CachingRule {
  if (status >= 400) return CACHING_POLICY.errors
  if (status === 301) return CACHING_POLICY.moved
  if (status >= 300 && status !== 304) return CACHING_POLICY.redirects
  return CACHING_POLICY[surface]
}

/** Credentials or a cookie (a draft-mode one included): the answer may be this caller's own. */
export function isPersonalRequest(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined || headers.cookie !== undefined
}

/**
 * The `Cache-Control` a response goes out with: what it said, tightened to `rule`, and made
 * private when it answers a personal request (`personal`). Never looser than what it said:
 * - a response that is not shared (private, `no-store`, `no-cache`, or saying nothing) stays so,
 *   or takes the rule's when that is stricter still (`no-store`);
 * - a shared response takes the rule's value when the rule does not share it, or when the rule's
 *   lifetimes are no longer than its own; otherwise it keeps its own.
 */
export function tightenedCacheControl(
  sent: string | undefined,
  rule: CachingRule,
  personal: boolean,
): string | undefined {
  const ceiling = rule.cacheControl
  let value = sent
  if (ceiling !== null && sent !== ceiling) {
    if (isSharedCacheable(sent)) {
      if (!isSharedCacheable(ceiling) || lifetimesWithin(ceiling, sent!)) value = ceiling
    } else if (!isSharedCacheable(ceiling) && !hasDirective(sent, 'no-store')) {
      value = ceiling
    }
  }
  if (personal && rule.privateWhenPersonal) return privateOf(value)
  return value
}

/** Personal responses may be kept by the browser that asked, never by a shared cache. */
function privateOf(value: string | undefined): string {
  if (!value) return PERSONAL_CACHE_CONTROL
  return /\bpublic\b/i.test(value) ? value.replace(/\bpublic\b/i, 'private') : value
}

/**
 * May a shared cache keep this response? Only when the application said `public` and nothing that
 * takes it back (`private`, `no-store`, `no-cache`, with or without a field list). A response
 * with no `Cache-Control` at all is not shared: the application did not decide it could be.
 */
export function isSharedCacheable(cacheControl: unknown): boolean {
  const value = Array.isArray(cacheControl) ? cacheControl.join(',') : cacheControl
  if (typeof value !== 'string') return false
  let shared = false
  for (const part of value.split(',')) {
    const directive = part.trim().split('=', 1)[0]!.toLowerCase()
    if (directive === 'private' || directive === 'no-store' || directive === 'no-cache')
      return false
    if (directive === 'public') shared = true
  }
  return shared
}

/** Whether a `Cache-Control` value holds the directive `name` (with or without an argument). */
export function hasDirective(value: string | undefined, name: string): boolean {
  return directiveValue(value, name) !== undefined
}

/**
 * The argument of the directive `name` in a `Cache-Control` value (`''` when it has none), or
 * undefined when the directive is absent.
 */
export function directiveValue(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined
  for (const part of value.split(',')) {
    const at = part.indexOf('=')
    const directive = (at === -1 ? part : part.slice(0, at)).trim().toLowerCase()
    if (directive === name)
      return at === -1
        ? ''
        : part
            .slice(at + 1)
            .trim()
            .replace(/^"|"$/g, '')
  }
  return undefined
}

/** Seconds a directive allows (absent: as long as the other lifetimes allow, so unbounded). */
function secondsOf(value: string, name: string): number | undefined {
  for (const part of value.split(',')) {
    const [directive, seconds] = part.trim().split('=', 2)
    if (directive!.toLowerCase() === name && seconds !== undefined && /^\d+$/.test(seconds))
      return Number(seconds)
  }
  return undefined
}

/** Does `tighter` let browsers and shared caches keep a response no longer than `looser` does? */
function lifetimesWithin(tighter: string, looser: string): boolean {
  const lifetimes = (value: string) => {
    const browser = secondsOf(value, 'max-age') ?? Infinity
    const shared = secondsOf(value, 's-maxage') ?? browser
    // Fresh in the browser, fresh in a shared cache, and served by it at all (stale included).
    return [browser, shared, shared + (secondsOf(value, 'stale-while-revalidate') ?? 0)]
  }
  const [a, b] = [lifetimes(tighter), lifetimes(looser)]
  return a.every((seconds, index) => seconds <= b[index]!)
}
