import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'

import { describe, expect, it } from 'vitest'

import { createEntry } from '@/cache/entry'
import { changeOfNotification } from '@/cache/invalidation'
import { replicaFreshness, replicaFreshnessOf } from '@/cache/replica-freshness'
import { ResponseStore } from '@/cache/store'
import { ContentVersions, documentKey, listKey } from '@/lib/content-version'
import { pageRenders } from '@/server/page-renders'

import { budgetRefusalCounter } from './budgets'
import { notifiedAtOf, observeChangeFeedLag } from './change-feed'
import { parseExposition, sampleTotal } from './exposition'
import { countOutboxAttempt, registerOutboxStats } from './outboxes'
import { OUTBOX_STATS_TIMEOUT_MS, siteMetrics } from './registry'
import { startCountingRequests } from './requests'
import { watchReplicaLag } from './sources'

async function scrape() {
  return parseExposition(await siteMetrics().registry.metrics())
}

const total = async (name: string, labels: Record<string, string> = {}) =>
  sampleTotal(await scrape(), name, labels)

describe('the outboxes', () => {
  it('read each outbox’s backlog and failures when scraped', async () => {
    registerOutboxStats('webhooks', async () => ({ pending: 7, failed: 2 }))
    const families = await scrape()
    expect(sampleTotal(families, 'site_outbox_pending', { outbox: 'webhooks' })).toBe(7)
    expect(sampleTotal(families, 'site_outbox_failed', { outbox: 'webhooks' })).toBe(2)
  })

  it('leave an outbox out of a scrape when its backlog cannot be read, or not in time', async () => {
    registerOutboxStats('mail', async () => {
      throw new Error('database down')
    })
    registerOutboxStats('webhooks', () => new Promise(() => undefined))
    const started = Date.now()
    const families = await scrape()
    expect(Date.now() - started).toBeLessThan(OUTBOX_STATS_TIMEOUT_MS + 1_000)
    expect(families.get('site_outbox_pending')!.samples).toEqual([])
    expect(families.get('site_outbox_failed')!.samples).toEqual([])
    registerOutboxStats('mail', async () => ({ pending: 1, failed: 0 }))
    registerOutboxStats('webhooks', async () => ({ pending: 0, failed: 0 }))
    expect(await total('site_outbox_pending', { outbox: 'mail' })).toBe(1)
  })

  it('count each attempt’s outcome, every outbox and outcome shown from the start', async () => {
    const before = await scrape()
    for (const outbox of ['mail', 'webhooks'])
      for (const outcome of ['sent', 'failed'])
        expect(
          before
            .get('site_outbox_attempts_total')!
            .samples.some(({ labels }) => labels.outbox === outbox && labels.outcome === outcome),
        ).toBe(true)
    const sent = sampleTotal(before, 'site_outbox_attempts_total', {
      outbox: 'mail',
      outcome: 'sent',
    })
    countOutboxAttempt('mail', 'sent')
    countOutboxAttempt('mail', 'failed')
    expect(await total('site_outbox_attempts_total', { outbox: 'mail', outcome: 'sent' })).toBe(
      sent + 1,
    )
  })
})

describe('inquiry budget refusals', () => {
  it('are counted by the budget that refused, each budget shown from the start', async () => {
    const countRefusals = budgetRefusalCounter(['perEmail', 'perClient', 'global'])
    const before = await scrape()
    expect(
      before
        .get('site_inquiry_budget_refusals_total')!
        .samples.map(({ labels }) => labels.budget)
        .sort(),
    ).toEqual(['global', 'perClient', 'perEmail'])
    const perEmail = sampleTotal(before, 'site_inquiry_budget_refusals_total', {
      budget: 'perEmail',
    })
    countRefusals(['perEmail', 'global'])
    // Only the budgets named at the start: the label's values stay a handful.
    countRefusals(['somethingElse'])
    const after = await scrape()
    expect(sampleTotal(after, 'site_inquiry_budget_refusals_total', { budget: 'perEmail' })).toBe(
      perEmail + 1,
    )
    expect(after.get('site_inquiry_budget_refusals_total')!.samples).toHaveLength(3)
  })
})

describe('the change feed’s lag', () => {
  it('is read from the notification’s `at`, which the change itself ignores', () => {
    const payload = '{"table":"posts","ids":[12],"at":1795853580.123456}'
    expect(notifiedAtOf(payload)).toBe(1795853580.123456)
    expect(changeOfNotification(payload)).toEqual(
      changeOfNotification('{"table":"posts","ids":[12]}'),
    )
    expect(changeOfNotification(payload)).toEqual([documentKey('posts', 12), listKey('posts')])
    for (const without of [
      'posts',
      '{"table":"posts"}',
      '{"at":"yesterday"}',
      '{"at":',
      '{"at":-5}',
    ])
      expect(notifiedAtOf(without), without).toBeUndefined()
  })

  it('is observed from the NOTIFY to now, a clock running ahead counting as none', async () => {
    const before = await scrape()
    const count = sampleTotal(before, 'site_change_feed_lag_seconds_count')
    const sum = sampleTotal(before, 'site_change_feed_lag_seconds_sum')
    const now = 1_795_853_581_000
    observeChangeFeedLag('{"table":"posts","ids":[1],"at":1795853580.75}', now)
    observeChangeFeedLag('{"table":"posts","ids":[1],"at":1795853590}', now)
    observeChangeFeedLag('{"table":"posts","ids":[1]}', now)
    const after = await scrape()
    expect(sampleTotal(after, 'site_change_feed_lag_seconds_count')).toBe(count + 2)
    expect(sampleTotal(after, 'site_change_feed_lag_seconds_sum') - sum).toBeCloseTo(0.25)
  })
})

describe('the response cache', () => {
  it('counts evictions for room and reports the bytes and entries it holds', async () => {
    const versions = new ContentVersions()
    versions.setFeedConnected(true)
    const store = new ResponseStore({ maxBytes: 10_000, maxEntryBytes: 5_000, versions })
    store.resume()
    const evictions = await total('site_cache_evictions_total')
    const bytes = await total('site_cache_bytes')
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f'])
      store.set(
        key,
        createEntry(key, 200, { 'content-type': 'text/plain' }, Buffer.alloc(2_000)),
        [],
        store.stamp(),
      )
    expect(store.size).toBe(3)
    const after = await scrape()
    expect(sampleTotal(after, 'site_cache_evictions_total')).toBe(evictions + 3)
    expect(sampleTotal(after, 'site_cache_bytes')).toBe(bytes + store.bytes)
    expect(sampleTotal(after, 'site_cache_entries')).toBeGreaterThanOrEqual(3)
  })
})

describe('the response cache’s answers', () => {
  it('are counted by surface where the store makes them: miss, hit, stale', async () => {
    startCountingRequests()
    const versions = new ContentVersions()
    versions.setFeedConnected(true)
    const store = new ResponseStore({ maxBytes: 100_000, maxEntryBytes: 10_000, versions })
    store.resume()
    const answers = async () => {
      const families = await scrape()
      return Object.fromEntries(
        ['hit', 'miss', 'stale'].map((result) => [
          result,
          sampleTotal(families, 'site_cache_responses_total', { surface: 'twin', result }),
        ]),
      )
    }
    const before = await answers()
    const key = '/es/blog/a-post.md'
    const entry = createEntry(key, 200, { 'content-type': 'text/markdown' }, Buffer.from('#'))
    store.set(key, entry, [documentKey('posts', 7)], store.stamp())
    store.get(key)
    store.get(key)
    store.get('/es/blog/another-post.md')
    versions.advance([documentKey('posts', 7)])
    store.dropStale()
    expect(store.superseded(key)).toBe(entry)
    // A site page's key names its representation after a space.
    const page = '/en/blog/a-post html'
    store.set(
      page,
      createEntry(page, 200, { 'content-type': 'text/html' }, Buffer.from('<p>')),
      [],
      store.stamp(),
    )
    expect(await answers()).toEqual({
      hit: before.hit! + 2,
      miss: before.miss! + 1,
      stale: before.stale! + 1,
    })
    expect(
      sampleTotal(await scrape(), 'site_cache_responses_total', {
        surface: 'page',
        result: 'miss',
      }),
    ).toBeGreaterThanOrEqual(1)
  })
})

describe('the render queue', () => {
  it('reports the renders running and the requests waiting for their turn', async () => {
    const renders = pageRenders(1)
    const responses = [0, 1, 2].map(() => new EventEmitter() as unknown as ServerResponse)
    for (const response of responses) renders.run(response, () => undefined)
    let families = await scrape()
    expect(sampleTotal(families, 'site_page_renders_waiting')).toBeGreaterThanOrEqual(2)
    expect(sampleTotal(families, 'site_page_renders_running')).toBeGreaterThanOrEqual(1)
    const waiting = sampleTotal(families, 'site_page_renders_waiting')
    responses[0]!.emit('close')
    families = await scrape()
    expect(sampleTotal(families, 'site_page_renders_waiting')).toBe(waiting - 1)
  })
})

describe('the replicas’ lag', () => {
  it('is 0 without replicas, and grows while replicas have not replayed a change', async () => {
    replicaFreshnessOf('postgres://primary.invalid/db', [], { onCurrent: () => undefined })
    expect(await total('site_replica_lag_seconds')).toBe(0)

    let replayed = false
    const freshness = replicaFreshness(
      {
        primaryPosition: async () => '1',
        replayedUpTo: async () => replayed,
        close: async () => undefined,
      },
      { onCurrent: () => undefined, pollMinMs: 2, pollMaxMs: 5 },
    )
    expect(freshness.behindSeconds).toBeGreaterThanOrEqual(0)
    freshness.changeHeard()
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(freshness.current).toBe(false)
    expect(freshness.behindSeconds).toBeGreaterThanOrEqual(0.05)
    replayed = true
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(freshness.current).toBe(true)
    expect(freshness.behindSeconds).toBe(0)
    await freshness.close()
  })

  it('is the largest lag of the replicas watched', async () => {
    const behind = { behindSeconds: 3.5 }
    watchReplicaLag(behind)
    watchReplicaLag({ behindSeconds: 1 })
    expect(await total('site_replica_lag_seconds')).toBe(3.5)
  })
})
