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

/** robots.txt: standard records only (the schema.org feed is linked from pages and llms.txt). */
export function robotsTxt(): string {
  return [
    'User-agent: *',
    ...inMatchingOrder(CRAWL_RULES).map((rule) => `${rule.directive}: ${rule.path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n')
}
