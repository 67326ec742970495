import { absoluteUrl } from './metadata'

interface CrawlRule {
  directive: 'Allow' | 'Disallow'
  /** A path prefix, without wildcards. */
  path: string
}

/** The admin and the API's private parts are not for crawlers; everything else is allowed. */
const CRAWL_RULES: readonly CrawlRule[] = [
  { directive: 'Disallow', path: '/admin' },
  { directive: 'Disallow', path: '/api/' },
  { directive: 'Allow', path: '/api/posts' },
  { directive: 'Allow', path: '/api/case-studies' },
  { directive: 'Allow', path: '/api/media/file/' },
]

/**
 * Crawlers disagree on which rule decides: RFC 9309 (Google, Bing) takes the longest matching
 * path, Allow winning a tie; older parsers (Python's `urllib.robotparser`) take the first match.
 * Written longest path first, Allow before Disallow on equal length, the first match is the
 * longest, so both read the same rules. There is no `Allow: /`: allowed is the default, and a
 * first-match parser would stop at it for every path.
 */
function inMatchingOrder(rules: readonly CrawlRule[]): CrawlRule[] {
  return [...rules].sort(
    (a, b) =>
      b.path.length - a.path.length ||
      (a.directive === b.directive ? 0 : a.directive === 'Allow' ? -1 : 1),
  )
}

/** What one group says beyond `User-agent` and the crawl rules, or that it may crawl nothing. */
export interface GroupStatement {
  /** Further lines of the group (the agent access policy's `Content-Signal`, `Content-Usage`). */
  lines: readonly string[]
  /** `Disallow: /` instead of the crawl rules. */
  disallowAll: boolean
}

/**
 * What robots.txt states besides the crawl rules (src/agents/usage-preferences.ts makes it from
 * the agent access policy): comments naming the vocabularies, the `*` group's lines, and the
 * named crawlers that get a group of their own.
 */
export interface RobotsStatement {
  comments: readonly string[]
  everyone: GroupStatement
  crawlers: readonly (GroupStatement & { agent: string })[]
}

const NOTHING_STATED: RobotsStatement = {
  comments: [],
  everyone: { lines: [], disallowAll: false },
  crawlers: [],
}

/** One group: the crawl rules in matching order (or `Disallow: /`), then its further lines. */
function group(agent: string, statement: GroupStatement): string[] {
  const rules = statement.disallowAll
    ? ['Disallow: /']
    : inMatchingOrder(CRAWL_RULES).map((rule) => `${rule.directive}: ${rule.path}`)
  return [`User-agent: ${agent}`, ...rules, ...(statement.disallowAll ? [] : statement.lines), '']
}

/**
 * robots.txt: the crawl rules for every crawler, with what `statement` adds. RFC 9309 has a
 * crawler with a group of its own read that group only, never `*`: so a named crawler's group
 * repeats the crawl rules (the admin and the private API stay closed to it), or disallows
 * everything. (The schema.org feed is linked from pages and llms.txt.)
 */
export function robotsTxt(statement: RobotsStatement = NOTHING_STATED): string {
  return [
    ...statement.comments.map((comment) => `# ${comment}`),
    ...group('*', statement.everyone),
    ...statement.crawlers.flatMap((crawler) => group(crawler.agent, crawler)),
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n')
}
