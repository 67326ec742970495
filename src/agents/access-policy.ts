import type { Channel } from '@/audience/channels'

/**
 * The agent access policy editors set (the "Agent access" global): for each purpose, allowed or
 * not, and overrides for named crawlers. Every surface that states it (robots.txt, the
 * `Content-Usage` and `X-Robots-Tag` headers, llms.txt, the MCP server card) and the Audience
 * dashboard read it from here: the types and verdicts here, the current policy through
 * `readAccessPolicy()` (access-policy-store.ts), its vocabularies in usage-preferences.ts.
 */

/** The purposes an editor decides on, in Cloudflare's Content Signals words. */
export const PURPOSES = ['search', 'ai-input', 'ai-train'] as const
export type Purpose = (typeof PURPOSES)[number]

export interface CrawlerOverride {
  /** A named agent, as the agent table spells it (e.g. `GPTBot`). */
  agent: string
  /** Purposes set for this crawler alone; a purpose left out follows the site's choice. */
  allow: Partial<Record<Purpose, boolean>>
  /** Answer this crawler's requests with 403, not only state the refusal. */
  refuseRequests: boolean
}

export interface AccessPolicy {
  allow: Record<Purpose, boolean>
  crawlers: readonly CrawlerOverride[]
}

/** What the policy says of one caller's traffic. */
export type AccessVerdict =
  /** Nothing refused to it. */
  | 'allowed'
  /** A purpose it serves is refused, stated in robots.txt and headers. */
  | 'stated'
  /** Its requests are answered 403. */
  | 'refused'

/** The policy of a fresh install: everything allowed, no overrides. */
export const OPEN_POLICY: AccessPolicy = {
  allow: { search: true, 'ai-input': true, 'ai-train': true },
  crawlers: [],
}

/** The purpose a channel's traffic serves, if it is an agent's. */
const CHANNEL_PURPOSE: Partial<Record<Channel, Purpose>> = {
  'search-crawler': 'search',
  'ai-assistant': 'ai-input',
  'ai-crawler': 'ai-train',
}

/** Channels of people (a browser; a person arriving from an assistant): never refused. */
const PEOPLE: ReadonlySet<Channel> = new Set(['person', 'ai-referral'])

/** The override `policy` holds for `agent` (a named agent, compared without regard to case). */
export function overrideFor(policy: AccessPolicy, agent: string): CrawlerOverride | undefined {
  if (!agent) return undefined
  const lower = agent.toLowerCase()
  return policy.crawlers.find((crawler) => crawler.agent.toLowerCase() === lower)
}

/** Whether `purpose` is allowed to `agent`: its override's choice, else the site's. */
export function allowsPurpose(policy: AccessPolicy, purpose: Purpose, agent = ''): boolean {
  return overrideFor(policy, agent)?.allow[purpose] ?? policy.allow[purpose]
}

/** The purpose a channel's traffic serves, if it is one of the three. */
export function purposeOfChannel(channel: Channel): Purpose | undefined {
  return CHANNEL_PURPOSE[channel]
}

/**
 * Whether any request may be refused under `policy` (an override ticks "refuse requests"): the
 * one check the server makes per request while none is (src/agents/crawler-refusal.ts).
 */
export function refusesRequests(policy: AccessPolicy): boolean {
  return policy.crawlers.some((crawler) => crawler.refuseRequests)
}

/**
 * What `policy` says of traffic from `agent` (a named agent, or '') in `channel`. A crawler whose
 * override ticks "refuse requests" is refused, except a search engine's crawler while search is
 * allowed to it (refusing it is dropping out of that engine: the editor says so by refusing
 * search for it too). People are never refused, whatever name their channel carries.
 */
export function accessVerdict(
  policy: AccessPolicy,
  channel: Channel,
  agent: string,
): AccessVerdict {
  if (PEOPLE.has(channel)) return 'allowed'
  const override = overrideFor(policy, agent)
  if (
    override?.refuseRequests &&
    !(channel === 'search-crawler' && allowsPurpose(policy, 'search', agent))
  )
    return 'refused'
  const purpose = CHANNEL_PURPOSE[channel]
  if (purpose === undefined) return 'allowed'
  const allowed = override?.allow[purpose] ?? policy.allow[purpose]
  return allowed ? 'allowed' : 'stated'
}
