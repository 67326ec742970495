import { isbot } from 'isbot'

import { AgentMatcher, type NamedAgent } from './agents'
import { BoundedCache } from './bounded-cache'
import type { AudienceSurface, Channel } from './channels'
import { userAgentFamily } from './names'
import { referringAssistant, utmAssistant } from './referrals'

/**
 * Puts a request in one channel (channels.ts), from what it claims:
 * 1. A call to the MCP endpoint is an MCP client, named by the `clientInfo.name` it sent at
 *    `initialize` when the MCP code noted it (mcp-clients.ts), else by the agent its User-Agent
 *    names, else by its User-Agent's family. The server is stateless: a call after `initialize`
 *    carries no client name, so its User-Agent names it.
 * 2. A User-Agent naming an agent of the table (agents.ts) is in that agent's channel.
 * 3. A call to the content API is an API client, named by its User-Agent's family.
 * 4. A User-Agent `isbot` knows as automated, or none at all, is another bot.
 * 5. Anything else is a person, or an AI referral when the Referer or `utm_source` names an AI
 *    assistant (referrals.ts).
 */
export interface Caller {
  channel: Channel
  /** The agent, assistant or client name counted with the channel; '' for none. */
  agent: string
  /**
   * Whether `agent` is the caller's own text (an MCP client name, a User-Agent's family) rather
   * than a name from the tables: such names are capped in number (aggregator.ts).
   */
  ownName: boolean
}

export interface CallerFacts {
  surface: AudienceSurface
  userAgent: string | undefined
  referer: string | undefined
  /** The request's target (path and query), for `utm_source`. */
  target: string | undefined
  /** The MCP client's own name, cleaned (names.ts), when the MCP code noted one. */
  mcpClientName?: string
}

/** What a User-Agent alone says; cached per User-Agent. */
interface UserAgentFacts {
  agent: NamedAgent | null
  bot: boolean
  family: string
}

/** How much of a User-Agent is read: a longer one is classified (and cached) by its start. */
export const USER_AGENT_READ_MAX_LENGTH = 512
/** User-Agents whose facts are kept (per generation of the cache, bounded-cache.ts). */
export const USER_AGENT_CACHE_SIZE = 2_000

const NO_USER_AGENT: UserAgentFacts = Object.freeze({ agent: null, bot: true, family: '' })

export class CallerClassifier {
  private readonly matcher: AgentMatcher
  private readonly userAgents = new BoundedCache<string, UserAgentFacts>(USER_AGENT_CACHE_SIZE)

  constructor(table: readonly NamedAgent[]) {
    this.matcher = new AgentMatcher(table)
  }

  classify({ surface, userAgent, referer, target, mcpClientName }: CallerFacts): Caller {
    const facts = this.userAgentFacts(userAgent)
    if (surface === 'mcp') {
      if (mcpClientName) return { channel: 'mcp-client', agent: mcpClientName, ownName: true }
      if (facts.agent) return { channel: 'mcp-client', agent: facts.agent.name, ownName: false }
      return { channel: 'mcp-client', agent: facts.family, ownName: true }
    }
    if (facts.agent)
      return { channel: facts.agent.channel, agent: facts.agent.name, ownName: false }
    if (surface === 'api') return { channel: 'api-client', agent: facts.family, ownName: true }
    if (facts.bot) return { channel: 'other-bot', agent: '', ownName: false }
    const assistant = referringAssistant(referer) ?? utmAssistant(target)
    if (assistant) return { channel: 'ai-referral', agent: assistant, ownName: false }
    return { channel: 'person', agent: '', ownName: false }
  }

  private userAgentFacts(userAgent: string | undefined): UserAgentFacts {
    if (!userAgent) return NO_USER_AGENT
    const read =
      userAgent.length > USER_AGENT_READ_MAX_LENGTH
        ? userAgent.slice(0, USER_AGENT_READ_MAX_LENGTH)
        : userAgent
    const cached = this.userAgents.get(read)
    if (cached) return cached
    const agent = this.matcher.match(read)
    const facts: UserAgentFacts = {
      agent,
      bot: agent !== null || isbot(read),
      family: userAgentFamily(read),
    }
    this.userAgents.set(read, facts)
    return facts
  }
}
