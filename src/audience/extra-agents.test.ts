import { describe, expect, it } from 'vitest'

import { EXTRA_AGENTS_MAX, parseExtraAgents } from './extra-agents'

describe('AUDIENCE_EXTRA_AGENTS', () => {
  it('reads Name=channel pairs', () => {
    expect(parseExtraAgents(' ExampleBot=ai-crawler , Acme Assistant=ai-assistant,')).toEqual({
      agents: [
        { name: 'ExampleBot', channel: 'ai-crawler' },
        { name: 'Acme Assistant', channel: 'ai-assistant' },
      ],
    })
    expect(parseExtraAgents(undefined)).toEqual({ agents: [] })
    expect(parseExtraAgents('')).toEqual({ agents: [] })
  })

  it.each([
    ['ExampleBot', /Name=channel/],
    ['=ai-crawler', /Name=channel/],
    ['<b>Bot=ai-crawler', /Name=channel/],
    ['ExampleBot=person', /channel must be one of/],
    ['ExampleBot=mcp-client', /channel must be one of/],
    [`${'x'.repeat(65)}=ai-crawler`, /at most 64/],
  ])('refuses %s', (value, problem) => {
    const parsed = parseExtraAgents(value)
    expect('problem' in parsed && parsed.problem).toMatch(problem)
  })

  it('refuses more pairs than it may hold', () => {
    const many = Array.from(
      { length: EXTRA_AGENTS_MAX + 1 },
      (_, index) => `Bot${index}=ai-crawler`,
    )
    expect(parseExtraAgents(many.join(','))).toHaveProperty('problem')
  })
})
