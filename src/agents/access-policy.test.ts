import { describe, expect, it } from 'vitest'

import { PURPOSE_COLUMNS } from '@/globals/agent-access-schema'

import {
  accessVerdict,
  allowsPurpose,
  OPEN_POLICY,
  PURPOSES,
  refusesRequests,
  type AccessPolicy,
} from './access-policy'

const policy = (overrides: Partial<AccessPolicy> = {}): AccessPolicy => ({
  ...OPEN_POLICY,
  ...overrides,
})

describe('accessVerdict', () => {
  it('allows everyone under the open policy, which refuses no request', () => {
    expect(refusesRequests(OPEN_POLICY)).toBe(false)
    for (const channel of ['person', 'search-crawler', 'ai-crawler', 'ai-assistant'] as const)
      expect(accessVerdict(OPEN_POLICY, channel, 'GPTBot')).toBe('allowed')
  })

  it('states a refused purpose to the crawlers that serve it, and only to them', () => {
    const noTraining = policy({ allow: { search: true, 'ai-input': true, 'ai-train': false } })
    expect(accessVerdict(noTraining, 'ai-crawler', 'GPTBot')).toBe('stated')
    expect(accessVerdict(noTraining, 'ai-assistant', 'ChatGPT-User')).toBe('allowed')
    expect(accessVerdict(noTraining, 'search-crawler', 'Googlebot')).toBe('allowed')
    expect(refusesRequests(noTraining)).toBe(false)
  })

  it('lets a crawler’s override decide for it, a purpose left out following the site', () => {
    const open = policy({
      allow: { search: true, 'ai-input': true, 'ai-train': false },
      crawlers: [{ agent: 'GPTBot', allow: { 'ai-train': true }, refuseRequests: false }],
    })
    expect(accessVerdict(open, 'ai-crawler', 'gptbot')).toBe('allowed')
    expect(accessVerdict(open, 'ai-crawler', 'CCBot')).toBe('stated')
    expect(allowsPurpose(open, 'search', 'GPTBot')).toBe(true)
  })

  it('refuses a crawler whose override refuses its requests, never a person', () => {
    const refusing = policy({
      crawlers: [{ agent: 'GPTBot', allow: {}, refuseRequests: true }],
    })
    expect(refusesRequests(refusing)).toBe(true)
    expect(accessVerdict(refusing, 'ai-crawler', 'GPTBot')).toBe('refused')
    // The same name in a person's channel (an AI referral's assistant) is never refused.
    expect(accessVerdict(refusing, 'ai-referral', 'GPTBot')).toBe('allowed')
    expect(accessVerdict(refusing, 'person', '')).toBe('allowed')
    expect(accessVerdict(refusing, 'ai-crawler', 'ClaudeBot')).toBe('allowed')
  })

  it('refuses a search engine’s crawler only when search is refused to it', () => {
    const tickedOnly = policy({
      crawlers: [{ agent: 'Googlebot', allow: {}, refuseRequests: true }],
    })
    expect(accessVerdict(tickedOnly, 'search-crawler', 'Googlebot')).toBe('allowed')
    const searchRefused = policy({
      crawlers: [{ agent: 'Googlebot', allow: { search: false }, refuseRequests: true }],
    })
    expect(accessVerdict(searchRefused, 'search-crawler', 'Googlebot')).toBe('refused')
  })

  it('names the purposes the global stores, in the same order', () => {
    expect(PURPOSE_COLUMNS.map((column) => column.purpose)).toEqual([...PURPOSES])
  })
})
