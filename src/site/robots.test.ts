import { execFileSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

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
function firstMatchAllows(paths: string[]): boolean[] {
  const script = [
    'import json, sys, urllib.robotparser',
    'parser = urllib.robotparser.RobotFileParser()',
    'parser.parse(sys.stdin.read().splitlines())',
    `print(json.dumps([parser.can_fetch("AnyBot", "https://example.test" + p) for p in ${JSON.stringify(paths)}]))`,
  ].join('\n')
  return JSON.parse(execFileSync('python3', ['-c', script], { input: text, encoding: 'utf8' }))
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
