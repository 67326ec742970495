import { describe, expect, it } from 'vitest'

import fixture from '../../tests/fixtures/user-agents/2026-11-28.json'

import { agentTable } from './agents'
import { CHANNELS, type Channel } from './channels'
import { CallerClassifier, USER_AGENT_CACHE_SIZE, USER_AGENT_READ_MAX_LENGTH } from './classify'
import { NAME_MAX_LENGTH } from './names'

interface FixtureEntry {
  vendor: string
  userAgent: string
  channel: Channel
  agent: string
  source: string
  read: string
}

const entries = fixture.userAgents as FixtureEntry[]
const classifier = new CallerClassifier(agentTable())

function onPage(userAgent: string | undefined, referer?: string, target = '/en/blog/a-post') {
  return classifier.classify({ surface: 'page', userAgent, referer, target })
}

/** A small deterministic generator (mulberry32), so the mix below is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('the fixture of real User-Agent strings', () => {
  it('holds at least 40 dated strings, each with its source', () => {
    expect(entries.length).toBeGreaterThanOrEqual(40)
    for (const entry of entries) {
      expect(entry.source).toMatch(/^https:\/\//)
      expect(entry.read).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(CHANNELS).toContain(entry.channel)
    }
    const vendors = new Set(entries.map((entry) => entry.vendor))
    for (const vendor of ['OpenAI', 'Anthropic', 'Perplexity', 'Google', 'Apple', 'Common Crawl']) {
      expect(vendors).toContain(vendor)
    }
    expect(entries.filter((entry) => entry.channel === 'person').length).toBeGreaterThanOrEqual(5)
  })

  it.each(entries.map((entry) => [entry.userAgent, entry] as const))(
    'counts %s on a page in its channel',
    (_userAgent, entry) => {
      expect(onPage(entry.userAgent)).toMatchObject({ channel: entry.channel, agent: entry.agent })
    },
  )
})

const AI_REFERRERS: [string, string][] = [
  ['https://chatgpt.com/', 'chatgpt'],
  ['https://chat.openai.com/c/0f1e2d', 'chatgpt'],
  ['https://www.perplexity.ai/search?q=consulting', 'perplexity'],
  ['https://perplexity.ai/', 'perplexity'],
  ['https://claude.ai/chat/4a5b', 'claude'],
  ['https://gemini.google.com/app', 'gemini'],
  ['https://copilot.microsoft.com/', 'copilot'],
  ['HTTPS://ChatGPT.com/', 'chatgpt'],
  ['https://chat.mistral.ai/chat', 'mistral'],
]
const OTHER_REFERRERS: (string | undefined)[] = [
  undefined,
  '',
  'https://www.google.com/',
  'https://duckduckgo.com/?q=chatgpt.com',
  'https://example.com/chatgpt.com',
  'https://chatgpt.com.evil.example/',
  'https://evilchatgpt.com/',
  'https://chatgpt.com@evil.example/',
  'not a url',
  'chatgpt.com',
]
const AI_UTM: [string, string][] = [
  ['?utm_source=chatgpt.com', 'chatgpt'],
  ['?utm_source=ChatGPT.com&utm_medium=referral', 'chatgpt'],
  ['?page=2&utm_source=perplexity', 'perplexity'],
  ['?utm_source=claude.ai', 'claude'],
  ['?utm_source=copilot', 'copilot'],
  ['?utm_source=gemini', 'gemini'],
]
const OTHER_QUERIES = [
  '',
  '?page=2',
  '?utm_source=newsletter',
  '?utm_source=',
  '?utm_medium=chatgpt.com',
]

describe('AI referrals', () => {
  it.each(AI_REFERRERS)(
    'counts a person arriving from %s as an AI referral (%s)',
    (referer, name) => {
      const browser = entries.find((entry) => entry.channel === 'person')!.userAgent
      expect(onPage(browser, referer)).toEqual({
        channel: 'ai-referral',
        agent: name,
        ownName: false,
      })
    },
  )

  it('holds over a seeded mix of callers, referrers and queries: a referral only for people', () => {
    const random = seeded(20261128)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
    for (let round = 0; round < 500; round += 1) {
      const caller = pick(entries)
      const [referer, fromReferer] =
        random() < 0.5 ? pick(AI_REFERRERS) : ([pick(OTHER_REFERRERS), null] as const)
      const [query, fromQuery] =
        random() < 0.3 ? pick(AI_UTM) : ([pick(OTHER_QUERIES), null] as const)
      const assistant = fromReferer ?? fromQuery
      const expected =
        caller.channel === 'person' && assistant
          ? { channel: 'ai-referral', agent: assistant }
          : { channel: caller.channel, agent: caller.agent }
      expect(
        onPage(caller.userAgent, referer, `/en/blog/a-post${query}`),
        `${caller.userAgent} from ${referer} with ${query}`,
      ).toMatchObject(expected)
    }
  })
})

describe('surfaces decide for callers no table names', () => {
  const browser = 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:47.0) Gecko/20100101 Firefox/47.0'

  it('counts a program on the content API as an API client named by its family', () => {
    expect(
      classifier.classify({
        surface: 'api',
        userAgent: 'curl/8.5.0',
        referer: undefined,
        target: '/api/posts',
      }),
    ).toEqual({
      channel: 'api-client',
      agent: 'curl',
      ownName: true,
    })
    expect(
      classifier.classify({
        surface: 'api',
        userAgent: browser,
        referer: 'https://chatgpt.com/',
        target: '/api/posts',
      }),
    ).toMatchObject({ channel: 'api-client' })
  })

  it('keeps a named crawler in its channel on the API', () => {
    const gptBot = entries.find((entry) => entry.agent === 'GPTBot')!.userAgent
    expect(
      classifier.classify({
        surface: 'api',
        userAgent: gptBot,
        referer: undefined,
        target: '/api/posts',
      }),
    ).toMatchObject({ channel: 'ai-crawler', agent: 'GPTBot' })
  })

  it('counts every MCP call as an MCP client: by its noted name, else its agent, else its family', () => {
    const claudeUser = entries.find((entry) => entry.agent === 'Claude-User')!.userAgent
    const mcp = (userAgent: string | undefined, mcpClientName?: string) =>
      classifier.classify({
        surface: 'mcp',
        userAgent,
        referer: undefined,
        target: '/api/mcp',
        mcpClientName,
      })
    expect(mcp('node', 'Claude Desktop')).toEqual({
      channel: 'mcp-client',
      agent: 'Claude Desktop',
      ownName: true,
    })
    expect(mcp(claudeUser)).toEqual({ channel: 'mcp-client', agent: 'Claude-User', ownName: false })
    expect(mcp('python-httpx/0.27.0')).toEqual({
      channel: 'mcp-client',
      agent: 'python-httpx',
      ownName: true,
    })
  })

  it('counts a request without a User-Agent as another bot, never as a person', () => {
    expect(onPage(undefined)).toMatchObject({ channel: 'other-bot' })
    expect(onPage('')).toMatchObject({ channel: 'other-bot' })
  })
})

describe('hostile User-Agents', () => {
  it('reads only the start of a huge one', () => {
    const huge = `Mozilla/5.0 (compatible; GPTBot/1.1)${'x'.repeat(1_000_000)}`
    expect(onPage(huge)).toMatchObject({ channel: 'ai-crawler', agent: 'GPTBot' })
    const hidden = `${'A'.repeat(USER_AGENT_READ_MAX_LENGTH)} GPTBot/1.1`
    expect(onPage(hidden).agent).not.toBe('GPTBot')
  })

  it('keeps names of its own clean: no markup, control characters or length', () => {
    const agents = [
      '<script>alert(1)</script>/1.0',
      `\u0000\u001b[31m${'<b>'.repeat(100)}`,
      `${'é'.repeat(500)}/1`,
      '"><img src=x onerror=alert(1)>',
    ].map(
      (userAgent) =>
        classifier.classify({ surface: 'api', userAgent, referer: undefined, target: '/api/posts' })
          .agent,
    )
    for (const agent of agents) {
      expect(agent).not.toMatch(/[<>&"'\u0000-\u001f\u007f]/)
      expect(Array.from(agent).length).toBeLessThanOrEqual(NAME_MAX_LENGTH)
    }
  })

  it('ignores a huge or malformed Referer and query', () => {
    const browser = entries.find((entry) => entry.channel === 'person')!.userAgent
    expect(onPage(browser, `https://${'a'.repeat(100_000)}.chatgpt.com/`)).toMatchObject({
      channel: 'person',
    })
    expect(onPage(browser, 'https://chatgpt.com/', '/en?utm_source=%E0%A4%A')).toMatchObject({
      channel: 'ai-referral',
    })
    expect(
      onPage(browser, undefined, `/en?${'x=1&'.repeat(10_000)}utm_source=chatgpt.com`),
    ).toMatchObject({
      channel: 'person',
    })
  })

  it('keeps a bounded number of User-Agents, however many distinct ones arrive', () => {
    const own = new CallerClassifier(agentTable())
    for (let index = 0; index < USER_AGENT_CACHE_SIZE * 5; index += 1) {
      own.classify({
        surface: 'page',
        userAgent: `Client-${index}/1.0`,
        referer: undefined,
        target: '/en',
      })
    }
    expect(
      (own as unknown as { userAgents: { size: number } }).userAgents.size,
    ).toBeLessThanOrEqual(USER_AGENT_CACHE_SIZE * 2)
  })
})
