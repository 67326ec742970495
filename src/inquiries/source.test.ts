import { describe, expect, it } from 'vitest'

import { AgentMatcher, agentTable } from '@/audience/agents'

import {
  apiSource,
  formSource,
  hostName,
  mcpSource,
  NO_SOURCE,
  sitePath,
  SOURCE_LIMITS,
  sourceFields,
  sourceSummary,
  userAgentClient,
} from './source'

const SITE = 'https://site.example'
const matcher = new AgentMatcher(agentTable())
const length = (value: string | null) => Array.from(value ?? '').length

describe('the client an API or MCP caller is', () => {
  it('is the agent the table names, else the User-Agent family', () => {
    expect(userAgentClient('curl/8.5.0', matcher)).toBe('curl')
    expect(userAgentClient('python-httpx/0.27.0', matcher)).toBe('python-httpx')
    expect(
      userAgentClient(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
        matcher,
      ),
    ).toBe('ChatGPT-User')
    expect(userAgentClient('', matcher)).toBeNull()
    expect(userAgentClient(undefined, matcher)).toBeNull()
    expect(apiSource('curl/8.5.0', matcher)).toEqual({ ...NO_SOURCE, client: 'curl' })
  })

  it('keeps nothing hostile or unbounded of a User-Agent', () => {
    expect(userAgentClient('<script>alert(1)</script>/1.0', matcher)).not.toMatch(/[<>"'&]/)
    expect(userAgentClient('\u0000\u001b[31m', matcher)).toBe('31m')
    expect(userAgentClient('\u0000\u001b\u202e<>', matcher)).toBeNull()
    expect(length(userAgentClient('x'.repeat(100_000), matcher))).toBeLessThanOrEqual(
      SOURCE_LIMITS.client,
    )
    // Only a space or the end ends a name; `=` (a spreadsheet formula) is dropped.
    expect(userAgentClient('=HYPERLINK("http://evil.example")', matcher)).toBe('HYPERLINK')
  })

  it("is the MCP client's own name when known (cleaned), else its User-Agent's; with the tool", () => {
    expect(
      mcpSource({ clientName: 'Claude Desktop', userAgent: 'node', tool: 'send_inquiry' }, matcher),
    ).toEqual({ ...NO_SOURCE, client: 'Claude Desktop', tool: 'send_inquiry' })
    expect(mcpSource({ userAgent: 'acme-agent/2.0.1', tool: 'send_inquiry' }, matcher)).toEqual({
      ...NO_SOURCE,
      client: 'acme-agent',
      tool: 'send_inquiry',
    })
    // A name of the table, as the table spells it.
    expect(
      mcpSource({ userAgent: 'claude-code/2.0.1', tool: 'send_inquiry' }, matcher).client,
    ).toBe('Claude-Code')
    const hostile = mcpSource(
      { clientName: `<img src=x onerror=alert(1)>\u202e${'y'.repeat(5000)}`, tool: 'send_inquiry' },
      matcher,
    )
    expect(hostile.client).not.toMatch(/[<>=\u202e]/)
    expect(length(hostile.client)).toBe(SOURCE_LIMITS.client)
    expect(
      mcpSource({ clientName: 42, userAgent: 'curl/8', tool: 'send_inquiry' }, matcher).client,
    ).toBe('curl')
  })
})

describe('a path of the site', () => {
  it('is kept without its query and fragment', () => {
    expect(sitePath('/en/contact', SITE)).toBe('/en/contact')
    expect(sitePath('/en/contact?email=someone@example.com#x', SITE)).toBe('/en/contact')
    expect(sitePath('/es/blog/caf%C3%A9', SITE)).toBe('/es/blog/caf%C3%A9')
  })

  it('is nothing when it leaves the site or is not a path', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/en',
      '/.//evil.example',
      '/a\u0000b',
      'en/contact',
      '',
      42,
    ]) {
      expect(sitePath(bad, SITE), String(bad)).toBeNull()
    }
  })

  it('is encoded and bounded', () => {
    expect(sitePath('/en/<script>"x"', SITE)).toBe('/en/%3Cscript%3E%22x%22')
    expect(length(sitePath(`/${'a'.repeat(10_000)}`, SITE))).toBe(SOURCE_LIMITS.page)
  })
})

describe('a host', () => {
  it('is a lower-case DNS name without port or trailing dot', () => {
    expect(hostName('News.Example.ORG')).toBe('news.example.org')
    expect(hostName('www.google.com.')).toBe('www.google.com')
    expect(hostName('xn--caf-dma.example')).toBe('xn--caf-dma.example')
    expect(hostName('localhost')).toBe('localhost')
  })

  it('is nothing for a URL, a port, markup, spaces or an overlong name', () => {
    for (const bad of [
      'https://news.example.org/',
      'news.example.org:8080',
      '<b>x</b>',
      'a b.example',
      '-bad.example',
      'bad-.example',
      '[::1]',
      `${'a'.repeat(64)}.example`,
      `${'abcdefghi.'.repeat(26)}example`,
      'x'.repeat(100_000),
      '',
      null,
      ['news.example.org'],
    ]) {
      expect(hostName(bad), String(bad).slice(0, 40)).toBeNull()
    }
  })
})

describe('a contact form post', () => {
  it('is the page it was posted from and the external site the visitor came from', () => {
    expect(
      formSource({ pagePath: '/en/contact?x=1', referrerHost: 'news.example.org', siteUrl: SITE }),
    ).toEqual({ ...NO_SOURCE, page: '/en/contact', site: 'news.example.org' })
  })

  it('falls back on a same-site Referer for the page, never another site', () => {
    expect(formSource({ referer: 'https://site.example/es/contact?q=1', siteUrl: SITE }).page).toBe(
      '/es/contact',
    )
    expect(
      formSource({
        referer: 'http://127.0.0.1:3000/en/contact',
        siteUrl: SITE,
        requestHost: '127.0.0.1:3000',
      }).page,
    ).toBe('/en/contact')
    expect(
      formSource({ referer: 'https://evil.example/en/contact', siteUrl: SITE }).page,
    ).toBeNull()
    expect(formSource({ referer: 'not a url', siteUrl: SITE }).page).toBeNull()
  })

  it("does not take the site's own host, or anything but a host, for the external site", () => {
    expect(formSource({ referrerHost: 'site.example', siteUrl: SITE }).site).toBeNull()
    expect(
      formSource({ referrerHost: '127.0.0.1', siteUrl: SITE, requestHost: '127.0.0.1:3000' }).site,
    ).toBeNull()
    expect(
      formSource({ referrerHost: 'https://news.example.org/a', siteUrl: SITE }).site,
    ).toBeNull()
    expect(formSource({ referrerHost: '', siteUrl: SITE })).toEqual(NO_SOURCE)
  })
})

describe('the stored fields', () => {
  it('summarise the source for the list', () => {
    expect(sourceSummary('http', { ...NO_SOURCE, client: 'curl' })).toBe('API · curl')
    expect(
      sourceSummary('mcp', { ...NO_SOURCE, client: 'Claude-User', tool: 'send_inquiry' }),
    ).toBe('MCP send_inquiry · Claude-User')
    expect(
      sourceSummary('form', { ...NO_SOURCE, page: '/en/contact', site: 'news.example.org' }),
    ).toBe('Form · /en/contact · from news.example.org')
    expect(sourceSummary('form', NO_SOURCE)).toBe('Form')
    expect(sourceFields('http')).toEqual({
      source: 'API',
      sourceClient: null,
      sourcePage: null,
      sourceSite: null,
    })
  })

  it('are cleaned and bounded again, whatever the caller passed', () => {
    const fields = sourceFields('mcp', {
      client: `<b>${'c'.repeat(10_000)}`,
      tool: 'send_inquiry\u0000',
      page: `/x"><script>${'p'.repeat(10_000)}`,
      site: 'evil.example/<script>',
    })
    expect(fields.sourceClient).not.toMatch(/[<>]/)
    expect(length(fields.sourceClient)).toBeLessThanOrEqual(SOURCE_LIMITS.client)
    expect(fields.sourcePage).toBeNull()
    expect(fields.sourceSite).toBeNull()
    expect(fields.source.startsWith('MCP send_inquiry · b ccc')).toBe(true)

    const longest = sourceFields('form', {
      ...NO_SOURCE,
      client: 'c'.repeat(100),
      page: `/${'p'.repeat(1000)}`,
      site: `${'abcdefghi.'.repeat(25)}xyz`,
    })
    expect(length(longest.sourcePage)).toBe(SOURCE_LIMITS.page)
    expect(length(longest.sourceSite)).toBe(253)
    expect(length(longest.source)).toBeLessThanOrEqual(SOURCE_LIMITS.summary)
  })
})
