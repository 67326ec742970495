import { describe, expect, it } from 'vitest'

import type { Channel } from '@/audience/channels'

import { OPEN_POLICY, type AccessPolicy } from './access-policy'
import {
  AIPREF_DRAFTS,
  contentSignalValue,
  contentUsageValue,
  policyInWords,
  robotsStatement,
  usageHeaders,
} from './usage-preferences'

const CHANNELS: Record<string, Channel> = {
  GPTBot: 'ai-crawler',
  ClaudeBot: 'ai-crawler',
  Googlebot: 'search-crawler',
  'ChatGPT-User': 'ai-assistant',
  facebookexternalhit: 'other-bot',
}
const channelOf = (agent: string) => CHANNELS[agent]

const NO_TRAINING: AccessPolicy = {
  allow: { search: true, 'ai-input': true, 'ai-train': false },
  crawlers: [],
}

describe('the purposes in the crawlers’ vocabularies', () => {
  it('writes Content Signals with the purposes’ own words, yes or no', () => {
    expect(contentSignalValue(OPEN_POLICY.allow)).toBe('search=yes, ai-input=yes, ai-train=yes')
    expect(contentSignalValue({ search: true, 'ai-input': false, 'ai-train': false })).toBe(
      'search=yes, ai-input=no, ai-train=no',
    )
  })

  it('writes the aipref preference with the pinned vocabulary’s labels, y or n', () => {
    expect(AIPREF_DRAFTS.attach.name).toBe('draft-ietf-aipref-attach-05')
    expect(AIPREF_DRAFTS.vocab.name).toBe('draft-ietf-aipref-vocab-05')
    expect(contentUsageValue(NO_TRAINING.allow)).toBe('train-ai=n, search=y')
    // AI answers have no label in that vocabulary: they change nothing here.
    expect(contentUsageValue({ search: false, 'ai-input': false, 'ai-train': true })).toBe(
      'train-ai=y, search=n',
    )
  })

  it('heads responses with the site’s preference, and noindex only where search is refused', () => {
    expect(usageHeaders(NO_TRAINING)).toEqual({
      contentUsage: 'train-ai=n, search=y',
      robotsTags: [],
    })
    const noSearch = { ...NO_TRAINING, allow: { ...NO_TRAINING.allow, search: false } }
    expect(usageHeaders(noSearch).robotsTags).toEqual(['noindex'])
    const noSearchForOne: AccessPolicy = {
      ...NO_TRAINING,
      crawlers: [
        { agent: 'Googlebot', allow: { search: false }, refuseRequests: false },
        { agent: 'GPTBot', allow: { 'ai-train': true }, refuseRequests: false },
      ],
    }
    expect(usageHeaders(noSearchForOne).robotsTags).toEqual(['Googlebot: noindex'])
  })
})

describe('robotsStatement', () => {
  it('states the site’s choices in the * group', () => {
    const statement = robotsStatement(NO_TRAINING, channelOf)
    expect(statement.everyone).toEqual({
      lines: [
        'Content-Signal: search=yes, ai-input=yes, ai-train=no',
        'Content-Usage: / train-ai=n, search=y',
      ],
      disallowAll: false,
    })
    expect(statement.crawlers).toEqual([])
    expect(statement.comments.join('\n')).toContain('draft-ietf-aipref-attach-05 (2026-08-19)')
  })

  it('writes no preference line while everything is allowed (standard records only)', () => {
    expect(robotsStatement(OPEN_POLICY, channelOf)).toEqual({
      comments: [],
      everyone: { lines: [], disallowAll: false },
      crawlers: [],
    })
    // A crawler's own choices are stated in its group, with the comments naming the drafts.
    const oneCrawler = robotsStatement(
      {
        ...OPEN_POLICY,
        crawlers: [{ agent: 'ClaudeBot', allow: { search: false }, refuseRequests: false }],
      },
      channelOf,
    )
    expect(oneCrawler.everyone.lines).toEqual([])
    expect(oneCrawler.crawlers[0]!.lines).toHaveLength(2)
    expect(oneCrawler.comments.length).toBeGreaterThan(0)
  })

  it('disallows crawling only to a crawler refused everything it does, or refused its requests', () => {
    const policy: AccessPolicy = {
      allow: OPEN_POLICY.allow,
      crawlers: [
        // A training crawler refused training: everything it does.
        { agent: 'GPTBot', allow: { 'ai-train': false }, refuseRequests: false },
        // Refused search only: a statement, it may still crawl.
        { agent: 'ClaudeBot', allow: { search: false }, refuseRequests: false },
        // Requests refused: no crawling.
        { agent: 'ChatGPT-User', allow: {}, refuseRequests: true },
        // A search crawler ticked "refuse requests" with search allowed: not refused.
        { agent: 'Googlebot', allow: {}, refuseRequests: true },
        // A crawler that serves none of the purposes: refused all three.
        {
          agent: 'facebookexternalhit',
          allow: { search: false, 'ai-input': false, 'ai-train': false },
          refuseRequests: false,
        },
        // Decides nothing: no group.
        { agent: 'CCBot', allow: {}, refuseRequests: false },
      ],
    }
    const groups = robotsStatement(policy, channelOf).crawlers
    expect(groups.map(({ agent, disallowAll }) => [agent, disallowAll])).toEqual([
      ['GPTBot', true],
      ['ClaudeBot', false],
      ['ChatGPT-User', true],
      ['Googlebot', false],
      ['facebookexternalhit', true],
    ])
    expect(groups[0]!.lines).toEqual([])
    expect(groups[1]!.lines).toEqual([
      'Content-Signal: search=no, ai-input=yes, ai-train=yes',
      'Content-Usage: / train-ai=y, search=n',
    ])
  })
})

describe('policyInWords', () => {
  it('says what is allowed and refused, each exception, and links robots.txt', () => {
    const words = policyInWords(
      {
        ...NO_TRAINING,
        crawlers: [{ agent: 'GPTBot', allow: { search: false }, refuseRequests: true }],
      },
      'https://site.test/robots.txt',
    )
    expect(words).toContain('The site allows search indexing, AI answers')
    expect(words).toContain('it refuses AI training.')
    expect(words).toContain('For GPTBot it refuses search indexing, refuses its requests.')
    expect(words).toContain('https://site.test/robots.txt')
    expect(policyInWords(OPEN_POLICY, 'https://site.test/robots.txt')).not.toContain('refuses')
  })
})
