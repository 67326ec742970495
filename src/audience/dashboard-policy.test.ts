import { describe, expect, it } from 'vitest'

import { OPEN_POLICY } from '@/agents/access-policy'

import { refusesNothing } from './dashboard-policy'

describe('a policy that refuses nothing', () => {
  it('is the open policy, overrides that only allow included', () => {
    expect(refusesNothing(OPEN_POLICY)).toBe(true)
    expect(
      refusesNothing({
        ...OPEN_POLICY,
        crawlers: [{ agent: 'GPTBot', allow: { 'ai-train': true }, refuseRequests: false }],
      }),
    ).toBe(true)
  })

  it('is not one that refuses a purpose, or a crawler', () => {
    expect(
      refusesNothing({ ...OPEN_POLICY, allow: { ...OPEN_POLICY.allow, 'ai-train': false } }),
    ).toBe(false)
    expect(
      refusesNothing({
        ...OPEN_POLICY,
        crawlers: [{ agent: 'GPTBot', allow: { search: false }, refuseRequests: false }],
      }),
    ).toBe(false)
    expect(
      refusesNothing({
        ...OPEN_POLICY,
        crawlers: [{ agent: 'CCBot', allow: {}, refuseRequests: true }],
      }),
    ).toBe(false)
  })
})
