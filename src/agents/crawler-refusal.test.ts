import { describe, expect, it } from 'vitest'

import { OPEN_POLICY, refusesRequests, type AccessPolicy } from './access-policy'
import type { PolicySnapshot } from './access-policy-store'
import { crawlerRefusal, REFUSED_CRAWLER_ANSWER } from './crawler-refusal'
import { usageHeaders } from './usage-preferences'

const snapshotOf = (policy: AccessPolicy): PolicySnapshot => ({
  policy,
  stamp: 0,
  refusing: refusesRequests(policy),
  headers: usageHeaders(policy),
})

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const request = (userAgent: string, url = '/en') => ({ url, headers: { 'user-agent': userAgent } })

describe('crawlerRefusal', () => {
  it('refuses nothing, and classifies nobody, while no override refuses requests', () => {
    // A policy held as not refusing although its override would: only `refusing` is read.
    const holder = {
      snapshot: {
        ...snapshotOf({
          ...OPEN_POLICY,
          crawlers: [{ agent: 'GPTBot', allow: {}, refuseRequests: true }],
        }),
        refusing: false,
      },
    }
    expect(crawlerRefusal(holder)(request(GPTBOT))).toBeNull()
    expect(crawlerRefusal({})(request(GPTBOT))).toBeNull()
  })

  it('answers a refused crawler 403 in plain text, never a person or a search crawler', () => {
    const refuse = crawlerRefusal({
      snapshot: snapshotOf({
        ...OPEN_POLICY,
        crawlers: [
          { agent: 'GPTBot', allow: {}, refuseRequests: true },
          { agent: 'Googlebot', allow: {}, refuseRequests: true },
        ],
      }),
    })
    for (const url of ['/en', '/api/posts', '/llms.txt', '/api/media/file/a.png'])
      expect(refuse(request(GPTBOT, url)), url).toBe(REFUSED_CRAWLER_ANSWER)
    expect(REFUSED_CRAWLER_ANSWER.status).toBe(403)
    expect(REFUSED_CRAWLER_ANSWER.headers['Content-Type']).toMatch(/^text\/plain/)
    expect(refuse(request(BROWSER))).toBeNull()
    // robots.txt stays readable: a 4xx there would let a crawler take everything as allowed.
    expect(refuse(request(GPTBOT, '/robots.txt'))).toBeNull()
    // Search is allowed to it: ticking "refuse requests" alone does not turn it away.
    expect(refuse(request(GOOGLEBOT))).toBeNull()
  })

  it('refuses a search crawler whose search the editor refuses too', () => {
    const refuse = crawlerRefusal({
      snapshot: snapshotOf({
        ...OPEN_POLICY,
        crawlers: [{ agent: 'Googlebot', allow: { search: false }, refuseRequests: true }],
      }),
    })
    expect(refuse(request(GOOGLEBOT))).toBe(REFUSED_CRAWLER_ANSWER)
    expect(refuse(request(BROWSER))).toBeNull()
  })
})
