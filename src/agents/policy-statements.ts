import { knownAgent } from '@/globals/known-agents'
import { absoluteUrl } from '@/site/view'
import { robotsTxt } from '@/site/robots'

import { readAccessPolicy } from './access-policy-store'
import { policyInWords, robotsStatement } from './usage-preferences'

/**
 * The agent access policy as the route handlers state it, read from the held policy
 * (access-policy-store.ts): robots.txt, and the words llms.txt and the MCP server card carry.
 */

/** robots.txt with the policy: Content-Signal and Content-Usage, the named crawlers' groups. */
export async function robotsFileText(): Promise<string> {
  const policy = await readAccessPolicy()
  return robotsTxt(robotsStatement(policy, (agent) => knownAgent(agent)?.channel))
}

/** The policy in words, and the robots.txt that states it for crawlers, at `siteUrl`. */
export async function agentAccessStatement(
  siteUrl: string,
): Promise<{ policy: string; robotsTxt: string }> {
  const robots = absoluteUrl(siteUrl, '/robots.txt')
  return { policy: policyInWords(await readAccessPolicy(), robots), robotsTxt: robots }
}
