import type { IncomingMessage } from 'node:http'

import { agentTable } from '@/audience/agents'
import { CallerClassifier } from '@/audience/classify'
import { parseExtraAgents } from '@/audience/extra-agents'
import { audienceSurfaceOf } from '@/audience/surfaces'
import { env } from '@/env'
import type { FrontAnswer } from '@/http/front-door'
import { pathOf } from '@/http/request-target'

import { accessVerdict } from './access-policy'
import { accessPolicyHolder, type PolicySnapshot } from './access-policy-store'

/**
 * The answer to a crawler whose override ticks "refuse requests": 403, a line of text naming
 * where the policy is stated, kept by no cache. The same for every refused request.
 */
export const REFUSED_CRAWLER_ANSWER: FrontAnswer = {
  status: 403,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  body: "This site's agent access policy refuses this crawler's requests. See /robots.txt.\n",
}

/**
 * The server's check of each request against the agent access policy, before the response cache
 * (src/server/main.ts): the caller is classified as the Audience counts classify it
 * (src/audience/classify.ts, the same agent table with the operator's additions), and answered
 * 403 when the policy refuses it (`accessVerdict`: never a person, never a search engine's
 * crawler while search is allowed to it). robots.txt is never refused: RFC 9309 lets a crawler
 * that gets a 4xx for it crawl everything, and there it reads `Disallow: /`. While no override
 * refuses requests — the policy of nearly every site — a request costs one property read:
 * nothing is classified.
 */
export function crawlerRefusal(
  holder: { readonly snapshot?: PolicySnapshot } = accessPolicyHolder(),
): (request: Pick<IncomingMessage, 'url' | 'headers'>) => FrontAnswer | null {
  let classifier: CallerClassifier | undefined
  return (request) => {
    const snapshot = holder.snapshot
    if (!snapshot?.refusing) return null
    classifier ??= new CallerClassifier(agentTable(extraAgents()))
    const target = request.url ?? '/'
    if (pathOf(target) === ROBOTS_TXT) return null
    const caller = classifier.classify({
      // Every path is refused alike; the surface only tells an MCP call (its own channel) apart.
      surface: audienceSurfaceOf(target) ?? 'page',
      userAgent: request.headers['user-agent'],
      referer: request.headers.referer,
      target,
    })
    return accessVerdict(snapshot.policy, caller.channel, caller.agent) === 'refused'
      ? REFUSED_CRAWLER_ANSWER
      : null
  }
}

const ROBOTS_TXT = '/robots.txt'

function extraAgents() {
  const extra = parseExtraAgents(env.AUDIENCE_EXTRA_AGENTS)
  return 'agents' in extra ? extra.agents : []
}
