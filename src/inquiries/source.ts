/**
 * Where an inquiry came from, for the team's inbox: derived by the server from the request that
 * carried it, never a field of the public inquiry contract.
 *
 * - `POST /api/inquiries`: the client, named by the agent its User-Agent names (the audience's
 *   agent table, src/audience/agents.ts) or else by its User-Agent's family (`curl`).
 * - MCP (`send_inquiry`): the client's own `clientInfo.name` when the server knows it, else named
 *   by its User-Agent as above; and the tool. The server is stateless, so a `tools/call` never
 *   arrives with the `initialize` that named the client: in practice the User-Agent names it.
 * - The contact form: the site's page the form was posted from (a same-site path, without its
 *   query), and the host of the external site the visitor came from to that page, which the form's
 *   own script reads from `document.referrer` (src/components/contact-form-script.ts). Nothing is
 *   stored in the browser, and the cached page is the same for every visitor.
 *
 * Everything here is the caller's own text: each value is cleaned and bounded before it is
 * stored (a name by `cleanName`, a path and a host by their own rules), and anything that does
 * not pass is left out, never refused: an inquiry is never lost for what its source says.
 */
import { agentTable, AgentMatcher } from '@/audience/agents'
import { parseExtraAgents } from '@/audience/extra-agents'
import { cleanName, NAME_MAX_LENGTH, userAgentFamily } from '@/audience/names'
import type { INQUIRY_CHANNELS } from '@/collections/Inquiries'
import { env } from '@/env'
import { sameSitePath } from '@/http/same-site-path'
import { processSingleton } from '@/lib/process-singleton'

type Channel = (typeof INQUIRY_CHANNELS)[number]

/** The longest value of each source field, in characters (the migration's checks hold them). */
export const SOURCE_LIMITS = {
  client: NAME_MAX_LENGTH,
  page: 256,
  /** A DNS name's longest text form. */
  site: 253,
  summary: 640,
} as const

/** Where one inquiry came from; null for what is not known. */
export interface InquirySource {
  /** The program or agent that sent it (API and MCP). */
  client: string | null
  /** The MCP tool it was sent with. */
  tool: string | null
  /** The site's page the form was sent from: a path of this site, without query. */
  page: string | null
  /** The external site the visitor came from, by host. */
  site: string | null
}

export const NO_SOURCE: InquirySource = Object.freeze({
  client: null,
  tool: null,
  page: null,
  site: null,
})

/** The source as the inquiries collection stores it. */
export interface SourceFields {
  source: string
  sourceClient: string | null
  sourcePage: string | null
  sourceSite: string | null
}

/** How much of a User-Agent or Referer is read: a huge one costs no more than this. */
const INPUT_MAX_LENGTH = 2048
/** What may stand in a path once the URL parser has encoded it (RFC 3986's pchar and `/`). */
const PATH = /^\/(?!\/)[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*$/
/** A host name: dot-separated labels of letters, digits and hyphens (IDNs in punycode). */
const HOST = /^(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/

function bounded(value: string | null | undefined, max: number): string | null {
  if (!value) return null
  const points = Array.from(value)
  return points.length > max ? points.slice(0, max).join('') : value
}

/** The agent table's matcher, with the operator's additions (`AUDIENCE_EXTRA_AGENTS`). */
function agentMatcher(): AgentMatcher {
  return processSingleton('inquiry-source-agents', () => {
    const extra = parseExtraAgents(env.AUDIENCE_EXTRA_AGENTS)
    return new AgentMatcher(agentTable('agents' in extra ? extra.agents : []))
  })
}

/**
 * The client a User-Agent names: a known agent's name from the table (`ChatGPT-User`), else the
 * User-Agent's family (`curl`, `python-httpx`), cleaned; null for none.
 */
export function userAgentClient(
  userAgent: string | null | undefined,
  matcher: AgentMatcher = agentMatcher(),
): string | null {
  if (typeof userAgent !== 'string' || userAgent === '') return null
  const read = userAgent.slice(0, INPUT_MAX_LENGTH)
  const agent = matcher.match(read)
  return (agent ? cleanName(agent.name) : userAgentFamily(read)) || null
}

/** A call of `POST /api/inquiries`, by its User-Agent. */
export function apiSource(
  userAgent: string | null | undefined,
  matcher?: AgentMatcher,
): InquirySource {
  return { ...NO_SOURCE, client: userAgentClient(userAgent, matcher) }
}

/** A call of an MCP tool: the client's own name when known, else its User-Agent's; the tool. */
export function mcpSource(
  facts: { clientName?: unknown; userAgent?: string | null; tool: string },
  matcher?: AgentMatcher,
): InquirySource {
  const named = cleanName(facts.clientName)
  return {
    ...NO_SOURCE,
    client: named || userAgentClient(facts.userAgent, matcher),
    tool: cleanName(facts.tool) || null,
  }
}

/** The hosts (without port) this site answers as: its own, and the one the request names. */
function ownHosts(siteUrl: string, requestHost: string | null | undefined): Set<string> {
  const hosts = new Set([new URL(siteUrl).hostname.toLowerCase()])
  if (requestHost) {
    try {
      hosts.add(new URL(`http://${requestHost.slice(0, 300)}`).hostname.toLowerCase())
    } catch {
      // Not a host: only the site's own counts.
    }
  }
  return hosts
}

/**
 * A path of this site as stored: `candidate` resolved as the browser would on the site (and
 * refused when that leaves it, `sameSitePath`), without query and fragment (a query can carry
 * what a visitor typed), only URL path characters, at most `SOURCE_LIMITS.page` long.
 */
export function sitePath(candidate: unknown, siteUrl: string): string | null {
  if (typeof candidate !== 'string' || candidate === '') return null
  const resolved = sameSitePath(candidate.slice(0, INPUT_MAX_LENGTH), siteUrl)
  if (resolved === null) return null
  const path = resolved.replace(/[?#][\s\S]*$/, '')
  if (!PATH.test(path)) return null
  return bounded(path, SOURCE_LIMITS.page)
}

/** The path of `referer` when it is a page of this site, else null. */
function refererPath(
  referer: string | null | undefined,
  siteUrl: string,
  hosts: Set<string>,
): string | null {
  if (!referer) return null
  try {
    const url = new URL(referer.slice(0, INPUT_MAX_LENGTH))
    if (!hosts.has(url.hostname.toLowerCase())) return null
    return sitePath(url.pathname, siteUrl)
  } catch {
    return null
  }
}

/**
 * A host name as stored: lower case, no port, no trailing dot, labels of letters, digits and
 * hyphens (a browser's `URL.hostname` gives an IDN in punycode), at most 253 characters; null for
 * anything else (a URL, an address in brackets, markup).
 */
export function hostName(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const host = value
    .slice(0, SOURCE_LIMITS.site + 2)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
  if (host === '' || host.length > SOURCE_LIMITS.site || !HOST.test(host)) return null
  return host
}

/**
 * A contact form post: the page it was posted to (the page carrying the form, as the server
 * routed it; else the same-site `Referer`), and the external site the form's script says the
 * visitor came from (`referrerHost`, a host only; this site's own host is no external site).
 */
export function formSource(facts: {
  pagePath?: string | null
  referer?: string | null
  referrerHost?: unknown
  siteUrl: string
  requestHost?: string | null
}): InquirySource {
  const hosts = ownHosts(facts.siteUrl, facts.requestHost)
  const page =
    sitePath(facts.pagePath, facts.siteUrl) ?? refererPath(facts.referer, facts.siteUrl, hosts)
  const host = hostName(facts.referrerHost)
  return { ...NO_SOURCE, page, site: host && !hosts.has(host) ? host : null }
}

const CHANNEL_LABELS: Record<Channel, string> = { http: 'API', mcp: 'MCP', form: 'Form' }

/**
 * The source in a few words, for the inbox's list and its filter: the channel, the tool, the
 * client, the page and the external site, e.g. `API · curl`, `MCP send_inquiry · Claude-User`,
 * `Form · /en/contact · from news.ycombinator.com`.
 */
export function sourceSummary(channel: Channel, source: InquirySource): string {
  const head = [CHANNEL_LABELS[channel], source.tool].filter(Boolean).join(' ')
  const parts = [head, source.client, source.page, source.site ? `from ${source.site}` : null]
  return bounded(parts.filter(Boolean).join(' · '), SOURCE_LIMITS.summary) ?? ''
}

/**
 * The fields stored for `source`, each bounded again here (whatever a caller passed), and the
 * summary made from what is kept.
 */
export function sourceFields(channel: Channel, source: InquirySource = NO_SOURCE): SourceFields {
  const kept: InquirySource = {
    client: cleanName(source.client) || null,
    tool: cleanName(source.tool) || null,
    page:
      typeof source.page === 'string' && PATH.test(source.page)
        ? bounded(source.page, SOURCE_LIMITS.page)
        : null,
    site: hostName(source.site),
  }
  return {
    source: sourceSummary(channel, kept),
    sourceClient: kept.client,
    sourcePage: kept.page,
    sourceSite: kept.site,
  }
}
