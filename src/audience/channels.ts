/**
 * Who a request came from, as counted (src/audience/): one channel per request. Every value is
 * stored as written here, so renaming one is a migration.
 */
export const CHANNELS = [
  /** A browser with nothing that says it is anything else. */
  'person',
  /** A search engine's crawler, an AI search engine's included (OAI-SearchBot, PerplexityBot). */
  'search-crawler',
  /** A crawler collecting content for AI training or AI datasets (GPTBot, ClaudeBot, CCBot). */
  'ai-crawler',
  /** An AI assistant or agent fetching for a person who asked it (ChatGPT-User, Claude-User). */
  'ai-assistant',
  /** A person arriving from an AI assistant (its site in `Referer`, or named by `utm_source`). */
  'ai-referral',
  /** A client of the MCP endpoint, named by the `clientInfo.name` it sent when it can be. */
  'mcp-client',
  /** A program reading the content API that names no known crawler (curl, an SDK, a script). */
  'api-client',
  /** Any other automated client (`isbot`), or one that sends no User-Agent at all. */
  'other-bot',
] as const

export type Channel = (typeof CHANNELS)[number]

/** The channels a named agent (the table in agents.ts, or the operator's additions) can be in. */
export const AGENT_CHANNELS = ['search-crawler', 'ai-crawler', 'ai-assistant', 'other-bot'] as const
export type AgentChannel = (typeof AGENT_CHANNELS)[number]

/**
 * What was read: the site's public surfaces. Admin pages, Next.js's files and anything that names
 * no surface are never counted.
 */
export const AUDIENCE_SURFACES = [
  'page',
  'twin',
  /** llms.txt, llms-full.txt, the OpenAPI document, the MCP server card, agent skills, robots.txt. */
  'llms',
  /** RSS feeds, the sitemap and its parts, schema.jsonl. */
  'feed',
  'api',
  /** POSTs to /api/mcp: each JSON-RPC call of an MCP client. */
  'mcp',
  'media',
] as const

export type AudienceSurface = (typeof AUDIENCE_SURFACES)[number]

/**
 * Shown wherever these counts are: a caller is counted as what it says it is. A User-Agent, a
 * Referer or an MCP client's name is not verified (no reverse DNS, no published address ranges).
 */
export const CLAIMED_IDENTITY_NOTICE =
  'Callers are counted as what they claim to be (their User-Agent, Referer or MCP client name); none of it is verified.'
