import { agentTable, type NamedAgent } from '@/audience/agents'
import { parseExtraAgents } from '@/audience/extra-agents'
import { env } from '@/env'

/**
 * The named agents an agent access override may name: the table the Audience classifier matches
 * User-Agents against (src/audience/agents.ts: ai.robots.txt's list, ours, and the operator's
 * `AUDIENCE_EXTRA_AGENTS`), by lower-case name. Built once.
 */
let agents: ReadonlyMap<string, NamedAgent> | undefined

function namedAgents(): ReadonlyMap<string, NamedAgent> {
  if (!agents) {
    const extra = parseExtraAgents(env.AUDIENCE_EXTRA_AGENTS)
    agents = new Map(
      agentTable('agents' in extra ? extra.agents : []).map((agent) => [
        agent.name.toLowerCase(),
        agent,
      ]),
    )
  }
  return agents
}

/** The named agent `name` stands for (any case, spaces around ignored), if the table has it. */
export function knownAgent(name: unknown): NamedAgent | undefined {
  return typeof name === 'string' ? namedAgents().get(name.trim().toLowerCase()) : undefined
}
