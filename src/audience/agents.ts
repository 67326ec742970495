import type { AgentChannel } from './channels'
import type { ExtraAgent } from './extra-agents'
import aiRobotsTxt from './ai-robots-txt.json'

/**
 * The named agents a User-Agent is matched against, each with its channel:
 * - the ai.robots.txt project's list (ai-robots-txt.json, MIT, vendored with its notice), each
 *   name's channel decided from the entry's `function` (FUNCTION_CHANNELS);
 * - this project's own entries (OWN_AGENTS): the search engines' crawlers the list leaves out,
 *   and a channel of our own for a few names whose `function` says too little or misleads;
 * - the operator's additions (`AUDIENCE_EXTRA_AGENTS`, extra-agents.ts), which win.
 * Identity is claimed only: a User-Agent naming GPTBot is counted as GPTBot.
 */
export interface NamedAgent {
  /** As the table spells it; what is stored and shown. */
  name: string
  channel: AgentChannel
}

/**
 * The channel of each kind of `function` the list gives: its category labels, and the free-text
 * functions that say search or a user's request. Any other text is a crawler collecting content
 * for AI (the list's purpose): `DEFAULT_LIST_CHANNEL`.
 */
export const FUNCTION_CHANNELS: Readonly<Record<string, AgentChannel>> = {
  'AI Assistants': 'ai-assistant',
  'AI Agents': 'ai-assistant',
  'AI Coding Agents': 'ai-assistant',
  'Retrieves data to provide responses to user-initiated prompts.': 'ai-assistant',
  'Takes action based on user prompts.': 'ai-assistant',
  'AI Search Crawlers': 'search-crawler',
  'Search result generation.': 'search-crawler',
  'Collects data for AI search': 'search-crawler',
  'Collects data for AI natural language search': 'search-crawler',
  'Search engine using generative AI, AI Search Assistant': 'search-crawler',
  'Crawls sites to provide answers to user queries.': 'search-crawler',
  'Scrapes data for search engine and LLMs.': 'search-crawler',
  'AI Data Scrapers': 'ai-crawler',
  'AI Data Providers': 'ai-crawler',
  'AI data scraper': 'ai-crawler',
  'Undocumented AI Agents': 'ai-crawler',
  // A children's voice assistant; nothing says it fetches for a person's question.
  'AI Learning Companion': 'ai-crawler',
}

export const DEFAULT_LIST_CHANNEL: AgentChannel = 'ai-crawler'

/**
 * This project's entries. Search crawlers: the engines' own (not in the list, which is about AI),
 * and list entries that are a search engine's crawler (Applebot, PetalBot, Bravebot, Meta's web
 * indexer). Assistants named here whatever the list says of them. `facebookexternalhit` fetches a
 * link someone shared to show its preview: another bot, not a training crawler.
 */
export const OWN_AGENTS: readonly NamedAgent[] = [
  { name: 'Googlebot', channel: 'search-crawler' },
  { name: 'Googlebot-Image', channel: 'search-crawler' },
  { name: 'Googlebot-News', channel: 'search-crawler' },
  { name: 'Googlebot-Video', channel: 'search-crawler' },
  { name: 'Storebot-Google', channel: 'search-crawler' },
  { name: 'Google-InspectionTool', channel: 'search-crawler' },
  { name: 'bingbot', channel: 'search-crawler' },
  { name: 'DuckDuckBot', channel: 'search-crawler' },
  { name: 'DuckDuckBot-Https', channel: 'search-crawler' },
  { name: 'YandexBot', channel: 'search-crawler' },
  { name: 'YandexMobileBot', channel: 'search-crawler' },
  { name: 'Baiduspider', channel: 'search-crawler' },
  { name: 'Yeti', channel: 'search-crawler' },
  { name: 'SeznamBot', channel: 'search-crawler' },
  { name: 'Qwantbot', channel: 'search-crawler' },
  { name: 'MojeekBot', channel: 'search-crawler' },
  { name: 'Applebot', channel: 'search-crawler' },
  { name: 'PetalBot', channel: 'search-crawler' },
  { name: 'Bravebot', channel: 'search-crawler' },
  { name: 'meta-webindexer', channel: 'search-crawler' },
  { name: 'MistralAI-Index', channel: 'search-crawler' },
  { name: 'OAI-SearchBot', channel: 'search-crawler' },
  { name: 'PerplexityBot', channel: 'search-crawler' },
  { name: 'Claude-SearchBot', channel: 'search-crawler' },
  { name: 'ChatGPT-User', channel: 'ai-assistant' },
  { name: 'Claude-User', channel: 'ai-assistant' },
  { name: 'Perplexity-User', channel: 'ai-assistant' },
  { name: 'MistralAI-User', channel: 'ai-assistant' },
  { name: 'DuckAssistBot', channel: 'ai-assistant' },
  { name: 'Google-NotebookLM', channel: 'ai-assistant' },
  { name: 'Gemini-Deep-Research', channel: 'ai-assistant' },
  { name: 'meta-externalfetcher', channel: 'ai-assistant' },
  { name: 'GPTBot', channel: 'ai-crawler' },
  { name: 'ClaudeBot', channel: 'ai-crawler' },
  { name: 'CCBot', channel: 'ai-crawler' },
  { name: 'meta-externalagent', channel: 'ai-crawler' },
  { name: 'facebookexternalhit', channel: 'other-bot' },
]

interface ListEntry {
  name: string
  function: string
}

/** The list's entries with their channel. */
export function listAgents(entries: readonly ListEntry[] = aiRobotsTxt.agents): NamedAgent[] {
  return entries.map((entry) => ({
    name: entry.name,
    channel: FUNCTION_CHANNELS[entry.function] ?? DEFAULT_LIST_CHANNEL,
  }))
}

/**
 * The table, one entry per name (names compared without regard to case): the list's, then ours,
 * then the operator's, a later one replacing an earlier one of the same name.
 */
export function agentTable(extra: readonly ExtraAgent[] = []): NamedAgent[] {
  const byName = new Map<string, NamedAgent>()
  for (const agent of [...listAgents(), ...OWN_AGENTS, ...extra]) {
    const name = withoutVersion(agent.name)
    const key = name.toLowerCase()
    // The list spells some names two ways (meta-externalagent, Meta-ExternalAgent), or with a
    // version (MistralAI-User/1.0): the first spelling is kept, the channel is the latest decision.
    byName.set(key, { name: byName.get(key)?.name ?? name, channel: agent.channel })
  }
  return [...byName.values()]
}

/** A version written after a name (`iaskspider/2.0`, `Brightbot 1.0`) is no part of it. */
const VERSION = /[/ ]\d+(?:\.\d+)*$/

function withoutVersion(name: string): string {
  return name.replace(VERSION, '')
}

/** Characters that may come before a product token in a User-Agent. */
const BEFORE_TOKEN = new Set([' ', '(', ';', ',', '\t'])
/** Characters that may end a product token (or the string may end). */
const AFTER_TOKEN = new Set([' ', '/', ';', ')', ',', '\t'])

/**
 * Finds the named agent a User-Agent names. A name matches where it stands as a product token:
 * at the start or after a space, `(`, `;` or `,`, and followed by the end, a space, `/`, `;`,
 * `)` or `,`, without regard to case; so `https://openai.com/bot` names no `OpenAI` and
 * `Baiduspider` no `Spider`. Of several names found, the longest (the most specific) wins. One
 * `indexOf` per name: callers cache the answer per User-Agent (classify.ts).
 */
export class AgentMatcher {
  private readonly names: { lower: string; agent: NamedAgent }[]

  constructor(table: readonly NamedAgent[]) {
    this.names = table
      .map((agent) => ({ lower: agent.name.toLowerCase(), agent }))
      .sort((a, b) => b.lower.length - a.lower.length)
  }

  match(userAgent: string): NamedAgent | null {
    const lower = userAgent.toLowerCase()
    for (const { lower: name, agent } of this.names) {
      if (standsAsToken(lower, name)) return agent
    }
    return null
  }
}

function standsAsToken(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = at === 0 || BEFORE_TOKEN.has(text[at - 1]!)
    const end = at + name.length
    const after = end === text.length || AFTER_TOKEN.has(text[end]!)
    if (before && after) return true
  }
  return false
}
