import { describe, expect, it } from 'vitest'

import type { CountRow } from './aggregator'
import { agentTable } from './agents'
import { CallerClassifier } from './classify'
import { VisitCounter, type Visit } from './counter'
import type { CountStore } from './store'

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot'
const FIREFOX = 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:47.0) Gecko/20100101 Firefox/47.0'

const page = (overrides: Partial<Visit> = {}): Visit => ({
  surface: 'page',
  target: '/en/blog/a-post?utm_source=newsletter',
  userAgent: FIREFOX,
  referer: undefined,
  ...overrides,
})

class FakeStore implements CountStore {
  written: CountRow[][] = []
  pruned: number[] = []
  failNext = 0
  async add(rows: readonly CountRow[]) {
    if (this.failNext > 0) {
      this.failNext -= 1
      throw new Error('connection refused')
    }
    this.written.push([...rows])
  }
  async prune(days: number) {
    this.pruned.push(days)
    return 0
  }
}

function counter(store: CountStore, now = () => Date.parse('2026-11-28T23:59:59Z')) {
  const warnings: string[] = []
  const visits = new VisitCounter({
    classifier: new CallerClassifier(agentTable()),
    store,
    flushMs: 60_000,
    retentionDays: 400,
    now,
    warn: (_details, message) => warnings.push(message),
  })
  return { visits, warnings }
}

describe('VisitCounter', () => {
  it('writes what it counted at the flush, by day, channel, surface, agent and path', async () => {
    const store = new FakeStore()
    const { visits } = counter(store)
    visits.record(page())
    visits.record(page({ userAgent: GPTBOT }))
    visits.record(page({ userAgent: GPTBOT }))
    visits.record(page({ referer: 'https://chatgpt.com/' }))
    expect(store.written).toEqual([])
    await visits.flush()
    expect(store.written).toEqual([
      [
        {
          day: '2026-11-28',
          channel: 'ai-crawler',
          surface: 'page',
          agent: 'GPTBot',
          path: '/en/blog/a-post',
          count: 2,
        },
        {
          day: '2026-11-28',
          channel: 'ai-referral',
          surface: 'page',
          agent: 'chatgpt',
          path: '/en/blog/a-post',
          count: 1,
        },
        {
          day: '2026-11-28',
          channel: 'person',
          surface: 'page',
          agent: '',
          path: '/en/blog/a-post',
          count: 1,
        },
      ],
    ])
    await visits.flush()
    expect(store.written).toHaveLength(1)
  })

  it('keeps the rows of a failed flush for the next one, and says so once', async () => {
    const store = new FakeStore()
    const { visits, warnings } = counter(store)
    store.failNext = 2
    visits.record(page())
    await visits.flush()
    visits.record(page())
    await visits.flush()
    visits.record(page())
    await visits.flush()
    expect(store.written).toEqual([[expect.objectContaining({ channel: 'person', count: 3 })]])
    expect(warnings).toEqual([
      'audience counts not written; kept for the next flush',
      'audience counts written again',
    ])
  })

  it('never writes one row twice when flushes overlap', async () => {
    const store = new FakeStore()
    const { visits } = counter(store)
    visits.record(page())
    await Promise.all([visits.flush(), visits.flush(), visits.stop()])
    expect(store.written.flat().reduce((sum, row) => sum + row.count, 0)).toBe(1)
  })

  it('counts a visit on the UTC day it happens', async () => {
    const store = new FakeStore()
    let now = Date.parse('2026-11-28T23:59:59.999Z')
    const { visits } = counter(store, () => now)
    visits.record(page())
    now += 1
    visits.record(page())
    await visits.flush()
    expect(store.written[0]!.map((row) => row.day)).toEqual(['2026-11-28', '2026-11-29'])
  })

  it('prunes at start and writes what is left when stopped', async () => {
    const store = new FakeStore()
    const { visits } = counter(store)
    visits.start()
    visits.record(page())
    await visits.stop()
    expect(store.pruned).toEqual([400])
    expect(store.written.flat()).toHaveLength(1)
    expect(visits.pending).toBe(0)
  })
})
