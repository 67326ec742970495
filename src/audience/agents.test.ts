import { describe, expect, it } from 'vitest'

import recorded from '../../tests/fixtures/user-agents/agent-channels.json'

import aiRobotsTxt from './ai-robots-txt.json'
import { AgentMatcher, FUNCTION_CHANNELS, OWN_AGENTS, agentTable, listAgents } from './agents'
import { AGENT_CHANNELS } from './channels'

describe('the vendored ai.robots.txt list', () => {
  it('keeps its MIT notice, source and date', () => {
    expect(aiRobotsTxt.license).toBe('MIT')
    expect(aiRobotsTxt.licenseText).toContain('Permission is hereby granted, free of charge')
    expect(aiRobotsTxt.licenseText).toContain('Copyright (c) 2024 ai.robots.txt')
    expect(aiRobotsTxt.source).toContain(aiRobotsTxt.commit)
    expect(aiRobotsTxt.commitDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(aiRobotsTxt.agents.length).toBeGreaterThan(100)
  })

  it('decides a channel for every name it lists', () => {
    for (const agent of listAgents()) expect(AGENT_CHANNELS).toContain(agent.channel)
    // Category labels the list uses for many names are decided one by one, never by default.
    const labels = new Set(
      aiRobotsTxt.agents
        .map((entry) => entry.function)
        .filter((text) => /^[A-Z]\w*(?: [A-Z]\w*)*$/.test(text)),
    )
    for (const label of labels) expect(FUNCTION_CHANNELS, label).toHaveProperty([label])
  })
})

describe('the agent table', () => {
  it('puts every name in the channel recorded and reviewed', () => {
    const table = Object.fromEntries(agentTable().map((agent) => [agent.name, agent.channel]))
    expect(table).toEqual(recorded.channels)
  })

  it('takes our own decisions over the list, and the operator’s over ours', () => {
    const table = agentTable([
      { name: 'ExampleBot', channel: 'ai-crawler' },
      { name: 'gptbot', channel: 'other-bot' },
    ])
    const channelOf = (name: string) => table.find((agent) => agent.name === name)?.channel
    expect(channelOf('Applebot')).toBe('search-crawler')
    expect(channelOf('facebookexternalhit')).toBe('other-bot')
    expect(channelOf('ExampleBot')).toBe('ai-crawler')
    expect(channelOf('GPTBot')).toBe('other-bot')
    expect(new Set(table.map((agent) => agent.name.toLowerCase())).size).toBe(table.length)
  })

  it('holds the well-known crawlers and assistants of our own list', () => {
    const names = OWN_AGENTS.map((agent) => agent.name)
    for (const name of [
      'Googlebot',
      'bingbot',
      'Applebot',
      'ChatGPT-User',
      'Claude-User',
      'Perplexity-User',
    ]) {
      expect(names).toContain(name)
    }
  })
})

describe('matching a User-Agent', () => {
  const matcher = new AgentMatcher(agentTable())
  const name = (userAgent: string) => matcher.match(userAgent)?.name ?? null

  it('finds a name standing as a product token, whatever its case', () => {
    expect(name('Mozilla/5.0 (compatible; gptbot/1.2)')).toBe('GPTBot')
    expect(name('CCBot/2.0 (https://commoncrawl.org/faq/)')).toBe('CCBot')
    expect(name('Claude-User')).toBe('Claude-User')
  })

  it('finds none inside a URL or a longer word', () => {
    expect(name('Mozilla/5.0 (compatible; Example/1.0; +https://openai.com/bot)')).toBeNull()
    expect(name('Mozilla/5.0 (compatible; Baiduspider/2.0)')).toBe('Baiduspider')
    expect(name('Mozilla/5.0 (compatible; MySpider/2.0)')).toBeNull()
    expect(name('Mozilla/5.0 (compatible; GPTBotanist/1.0)')).toBeNull()
  })

  it('prefers the longest name found', () => {
    expect(name('Mozilla/5.0 (compatible; Googlebot-Image/1.0)')).toBe('Googlebot-Image')
    expect(name('Mozilla/5.0 (compatible; DuckDuckBot-Https/1.1)')).toBe('DuckDuckBot-Https')
  })

  it('looks past an occurrence that is no token to a later one that is', () => {
    expect(name('https://perplexity.ai/perplexitybot (compatible; PerplexityBot/1.0)')).toBe(
      'PerplexityBot',
    )
  })
})
