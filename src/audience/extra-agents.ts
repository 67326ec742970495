import { AGENT_CHANNELS, type AgentChannel } from './channels'

/**
 * The operator's additions to the agent table (`AUDIENCE_EXTRA_AGENTS`): `Name=channel` pairs
 * separated by commas, e.g. `ExampleBot=ai-crawler,AcmeAssistant=ai-assistant`. A name is a
 * User-Agent product token as the agent sends it (matched without regard to case); a name
 * already in the table takes the channel given here. Read by src/env.ts, which refuses a bad
 * value at start, naming the setting; kept free of `env` so that env.ts can import it.
 */
export interface ExtraAgent {
  name: string
  channel: AgentChannel
}

/** The most additions one setting may hold: each is looked for in every new User-Agent. */
export const EXTRA_AGENTS_MAX = 100
/** The longest name accepted: User-Agent product tokens are short. */
export const EXTRA_AGENT_NAME_MAX_LENGTH = 64

const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/

/** The additions in `value`, or a message saying what is wrong with it. */
export function parseExtraAgents(
  value: string | undefined,
): { agents: ExtraAgent[] } | { problem: string } {
  const pairs = (value ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
  if (pairs.length > EXTRA_AGENTS_MAX) {
    return { problem: `at most ${EXTRA_AGENTS_MAX} Name=channel pairs` }
  }
  const agents: ExtraAgent[] = []
  for (const pair of pairs) {
    const equals = pair.lastIndexOf('=')
    const name = pair.slice(0, Math.max(equals, 0)).trim()
    const channel = pair.slice(equals + 1).trim()
    if (equals < 1 || !NAME.test(name) || name.length > EXTRA_AGENT_NAME_MAX_LENGTH) {
      return {
        problem:
          `"${pair.slice(0, 80)}" is not Name=channel (a name of letters, digits, spaces, ` +
          `. _ or -, at most ${EXTRA_AGENT_NAME_MAX_LENGTH} characters)`,
      }
    }
    if (!(AGENT_CHANNELS as readonly string[]).includes(channel)) {
      return {
        problem: `"${name}": the channel must be one of ${AGENT_CHANNELS.join(', ')}`,
      }
    }
    agents.push({ name, channel: channel as AgentChannel })
  }
  return { agents }
}
