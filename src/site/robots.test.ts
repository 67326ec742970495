import { execFileSync } from 'node:child_process'

import robotsParser from 'robots-parser'
import { describe, expect, it } from 'vitest'

import type { AccessPolicy } from '@/agents/access-policy'
import { robotsStatement } from '@/agents/usage-preferences'

import { robotsTxt } from './robots'

const PATHS = [
  '/',
  '/en',
  '/es/blog/a-post',
  '/admin',
  '/admin/login',
  '/administrators',
  '/api/users',
  '/api/media',
  '/api/media/1',
  '/api/posts',
  '/api/posts/1',
  '/api/case-studies?locale=en',
  '/api/media/file/cover.png',
  '/feeds/schema.jsonl',
  '/llms.txt',
]

const text = robotsTxt()
const rules = text
  .split('\n')
  .map((line) => /^(Allow|Disallow):\s*(\S*)$/.exec(line))
  .filter((match) => match !== null)
  .map(([, directive, path]) => ({ allow: directive === 'Allow', path: path! }))

/** RFC 9309: the longest matching path decides, Allow winning a tie; no match allows. */
function longestMatchAllows(path: string): boolean {
  const matching = rules.filter((rule) => path.startsWith(rule.path))
  if (matching.length === 0) return true
  const longest = Math.max(...matching.map((rule) => rule.path.length))
  return matching.some((rule) => rule.path.length === longest && rule.allow)
}

/** The first matching rule decides: Python's standard library parser, as first-match crawlers read. */
function firstMatchAllows(paths: string[], agent = 'AnyBot', file = text): boolean[] {
  const script = [
    'import json, sys, urllib.robotparser',
    'parser = urllib.robotparser.RobotFileParser()',
    'parser.parse(sys.stdin.read().splitlines())',
    `print(json.dumps([parser.can_fetch(${JSON.stringify(agent)}, "https://example.test" + p) for p in ${JSON.stringify(paths)}]))`,
  ].join('\n')
  return JSON.parse(execFileSync('python3', ['-c', script], { input: file, encoding: 'utf8' }))
}

describe('robots.txt', () => {
  it('keeps crawlers out of the admin and the private API, and lets them read the rest', () => {
    const allowed = Object.fromEntries(PATHS.map((path) => [path, longestMatchAllows(path)]))
    expect(allowed).toEqual({
      '/': true,
      '/en': true,
      '/es/blog/a-post': true,
      '/admin': false,
      '/admin/login': false,
      '/administrators': false,
      '/api/users': false,
      '/api/media': false,
      '/api/media/1': false,
      '/api/posts': true,
      '/api/posts/1': true,
      '/api/case-studies?locale=en': true,
      '/api/media/file/cover.png': true,
      '/feeds/schema.jsonl': true,
      '/llms.txt': true,
    })
  })

  it('reads the same to a first-match parser as to a longest-match one', () => {
    expect(firstMatchAllows(PATHS)).toEqual(PATHS.map(longestMatchAllows))
  })

  it('holds only standard records: user agent, rules and the sitemap', () => {
    for (const line of text.split('\n').filter(Boolean)) {
      expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): /)
    }
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m)
    expect(text).not.toMatch(/^Allow: \/$/m)
  })
})

describe('robots.txt with the agent access policy', () => {
  const policy: AccessPolicy = {
    allow: { search: true, 'ai-input': true, 'ai-train': false },
    crawlers: [
      { agent: 'GPTBot', allow: { 'ai-train': false }, refuseRequests: false },
      { agent: 'ClaudeBot', allow: { 'ai-train': true }, refuseRequests: false },
    ],
  }
  const channels = { GPTBot: 'ai-crawler', ClaudeBot: 'ai-crawler' } as const
  const file = robotsTxt(
    robotsStatement(policy, (agent) => channels[agent as keyof typeof channels]),
  )
  const groups = file.split('\n\n')
  const SAMPLE = [
    '/',
    '/en',
    '/es/blog/a-post',
    '/admin',
    '/api/users',
    '/api/posts/1',
    '/llms.txt',
  ]

  it('states the site’s choices inside the * group, as Content-Signal and Content-Usage', () => {
    const everyone = groups.find((group) => group.includes('User-agent: *'))!
    expect(everyone).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no')
    expect(everyone).toContain('Content-Usage: / train-ai=n, search=y')
    for (const line of file.split('\n').filter(Boolean))
      expect(line).toMatch(
        /^(#|(User-agent|Allow|Disallow|Sitemap|Content-Signal|Content-Usage): )/,
      )
  })

  it('gives a named crawler a group that repeats the crawl rules, or disallows everything', () => {
    const claude = groups.find((group) => group.startsWith('User-agent: ClaudeBot'))!
    for (const rule of text.split('\n').filter((line) => /^(Allow|Disallow):/.test(line)))
      expect(claude).toContain(rule)
    expect(claude).toContain('Content-Usage: / train-ai=y, search=y')
    expect(groups.find((group) => group.startsWith('User-agent: GPTBot'))).toBe(
      'User-agent: GPTBot\nDisallow: /',
    )
  })

  it('reads as intended to Python’s urllib.robotparser', () => {
    const expected = SAMPLE.map(longestMatchAllows)
    expect(firstMatchAllows(SAMPLE, 'AnyBot', file)).toEqual(expected)
    expect(firstMatchAllows(SAMPLE, 'ClaudeBot/1.0', file)).toEqual(expected)
    expect(firstMatchAllows(SAMPLE, 'GPTBot/1.2', file)).toEqual(SAMPLE.map(() => false))
  })

  it('reads as intended to the robots-parser package (RFC 9309 longest match)', () => {
    const parser = robotsParser('https://example.test/robots.txt', file)
    const allowed = (agent: string) =>
      SAMPLE.map((path) => parser.isAllowed(`https://example.test${path}`, agent) ?? true)
    const expected = SAMPLE.map(longestMatchAllows)
    expect(allowed('AnyBot')).toEqual(expected)
    expect(allowed('ClaudeBot/1.0')).toEqual(expected)
    expect(allowed('GPTBot/1.2')).toEqual(SAMPLE.map(() => false))
    expect(parser.getSitemaps()).toHaveLength(1)
  })
})
