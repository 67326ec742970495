import type { OutgoingHttpHeaders } from 'node:http'

import { NEVER_STORED, type Surface } from '@/http/cache-control'
import { copyHeaders, listValues, type ResponseHead } from '@/http/response-head'

import type { HeldPolicy } from './access-policy-store'

/**
 * The surfaces whose responses state the agent access policy in their head: the site's pages,
 * their markdown twins, the files for agents (llms.txt, llms-full.txt, the MCP server card, the
 * OpenAPI document, the skills), the feeds and the media files. Each depends on the policy's
 * content-version key in the caches (src/cache/policy.ts, surrogate-keys.ts).
 */
export const POLICY_STATING_SURFACES: ReadonlySet<Surface> = new Set([
  'pages',
  'twins',
  'agent-files',
  'feeds',
  'media-files',
])

export const CONTENT_USAGE_HEADER = 'content-usage'
export const ROBOTS_TAG_HEADER = 'x-robots-tag'

/** A response that shows content: a success, or a 304 (whose head updates a cached one). */
const statesPolicy = (status: number) => (status >= 200 && status < 300) || status === 304

/**
 * The `agent-access` step of the response pipeline: `Content-Usage` with the site's preferences
 * (aipref), and `X-Robots-Tag` lines only where search is refused (`noindex`, or
 * `<crawler>: noindex` for a crawler refused it), each added unless the route said it already (a
 * hidden document's twin says `noindex`). The same for every caller: nothing here varies with the
 * User-Agent. While the held policy is not current (just changed, being read again; or the change
 * feed is down), the response goes out `no-store`, so that no cache keeps a statement that may be
 * outdated; before the first read ends it states nothing.
 */
export function withAgentAccessHeaders(head: ResponseHead, held: HeldPolicy): ResponseHead {
  if (!statesPolicy(head.status)) return head
  const { headers: usage, current } = held
  if (current && !usage) return head
  const headers = copyHeaders(head.headers)
  if (usage) {
    headers[CONTENT_USAGE_HEADER] = usage.contentUsage
    if (usage.robotsTags.length > 0) {
      const said = robotsTagLines(headers[ROBOTS_TAG_HEADER])
      const saidValues = new Set(said.flatMap((line) => listValues(line)).map(lowerCase))
      const added = usage.robotsTags.filter((tag) => !saidValues.has(lowerCase(tag)))
      const lines = [...said, ...added]
      if (added.length > 0) headers[ROBOTS_TAG_HEADER] = lines.length === 1 ? lines[0] : lines
    }
  }
  if (!current) headers['cache-control'] = NEVER_STORED
  return { status: head.status, headers }
}

const lowerCase = (value: string) => value.toLowerCase()

/** The lines of an `X-Robots-Tag` header as a route set it (one value, or several lines). */
function robotsTagLines(value: OutgoingHttpHeaders[string]): string[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value.map(String) : [String(value)]
}
