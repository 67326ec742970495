import type { AccessPolicy } from '@/agents/access-policy'
import { readAccessPolicy } from '@/agents/access-policy-store'

/**
 * The agent access policy the Audience dashboard judges agents' traffic by: the one every
 * surface states (the "Agent access" global, as this process holds it).
 */
export function dashboardAccessPolicy(): Promise<AccessPolicy> {
  return readAccessPolicy()
}

/** Does the policy refuse nothing, so that every agent's traffic is allowed? */
export function refusesNothing(policy: AccessPolicy): boolean {
  return (
    Object.values(policy.allow).every(Boolean) &&
    policy.crawlers.every(
      (crawler) =>
        !crawler.refuseRequests &&
        Object.values(crawler.allow).every((allowed) => allowed !== false),
    )
  )
}
