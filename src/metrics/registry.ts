/**
 * The process's metrics: one prom-client registry, its families, and the sources its gauges read
 * when it is scraped. It lives on globalThis (processSingleton): the server's bundle and Next.js's
 * route chunks each have their own copy of this module, and what the budgets or the delivery
 * worker count inside Next.js must reach the registry the server serves.
 *
 * Every family of the site's own starts with `site_`; Node's and the process's (event-loop lag,
 * heap, RSS) keep prom-client's standard names. Labels take a handful of values each (surfaces,
 * never paths; status classes; outbox and budget names).
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client'

import { processSingleton } from '@/lib/process-singleton'

import {
  metricSources,
  OUTBOXES,
  type MetricSources,
  type Outbox,
  type OutboxStats,
} from './sources'

export const OUTBOX_OUTCOMES = ['sent', 'failed'] as const
export type OutboxOutcome = (typeof OUTBOX_OUTCOMES)[number]

/** How long a scrape waits for an outbox's backlog before leaving its gauges out. */
export const OUTBOX_STATS_TIMEOUT_MS = 2_000

/**
 * Upper bounds of the change-feed lag histogram, in seconds: a publish has 2 s to show everywhere
 * (docs/benchmarks.md), of which the notification normally takes milliseconds.
 */
export const CHANGE_FEED_LAG_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30,
] as const

export interface SiteMetrics {
  registry: Registry
  cacheEvictions: Counter
  changeFeedLag: Histogram
  outboxAttempts: Counter<'outbox' | 'outcome'>
  budgetRefusals: Counter<'budget'>
  sources: MetricSources
  /** Whether the process's default metrics (event loop, heap, RSS) are being collected. */
  defaultsCollected: boolean
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** Resolves with `work`'s answer, or rejects once `ms` have passed without one. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

function createSiteMetrics(): SiteMetrics {
  const registry = new Registry()
  const sources = metricSources()
  const registers = [registry]

  const cacheEvictions = new Counter({
    name: 'site_cache_evictions_total',
    help: 'Responses the response cache dropped to stay within its memory bound (least recently used first).',
    registers,
  })
  new Gauge({
    name: 'site_cache_bytes',
    help: 'Bytes the response cache holds in memory.',
    registers,
    collect() {
      this.set(sum(sources.caches.live().map((cache) => cache.bytes)))
    },
  })
  new Gauge({
    name: 'site_cache_entries',
    help: 'Responses the response cache holds in memory.',
    registers,
    collect() {
      this.set(sum(sources.caches.live().map((cache) => cache.size)))
    },
  })
  new Gauge({
    name: 'site_page_renders_waiting',
    help: "Requests for the site's pages waiting for their turn to render (the render queue's depth).",
    registers,
    collect() {
      this.set(sum(sources.renderQueues.live().map((queue) => queue.waiting)))
    },
  })
  new Gauge({
    name: 'site_page_renders_running',
    help: "The site's pages rendering now.",
    registers,
    collect() {
      this.set(sum(sources.renderQueues.live().map((queue) => queue.running)))
    },
  })
  const changeFeedLag = new Histogram({
    name: 'site_change_feed_lag_seconds',
    help: "Seconds from a content change's NOTIFY (in the writing transaction) to this instance's invalidation of what it made stale.",
    buckets: [...CHANGE_FEED_LAG_BUCKETS],
    registers,
  })
  new Gauge({
    name: 'site_replica_lag_seconds',
    help: 'Seconds since the oldest content change the read replicas have not replayed yet (0: reads are current, or no replicas).',
    registers,
    collect() {
      this.set(Math.max(0, ...sources.replicas.live().map((replicas) => replicas.behindSeconds)))
    },
  })

  const outboxAttempts = new Counter({
    name: 'site_outbox_attempts_total',
    help: 'Delivery attempts of the durable outboxes, by outcome (failed: this attempt failed; it may be retried).',
    labelNames: ['outbox', 'outcome'] as const,
    registers,
  })
  for (const outbox of OUTBOXES)
    for (const outcome of OUTBOX_OUTCOMES) outboxAttempts.labels(outbox, outcome).inc(0)
  // Both outbox gauges read one answer per outbox per scrape.
  let outboxReading: Promise<Map<Outbox, OutboxStats>> | undefined
  const readOutboxes = () =>
    (outboxReading ??= (async () => {
      const read = new Map<Outbox, OutboxStats>()
      await Promise.all(
        [...sources.outboxes].map(async ([outbox, stats]) => {
          try {
            read.set(outbox, await within(OUTBOX_STATS_TIMEOUT_MS, stats()))
          } catch {
            // Left out of this scrape: an absent sample, not a wrong one.
          }
        }),
      )
      return read
    })().finally(() => {
      outboxReading = undefined
    }))
  for (const [field, name, help] of [
    [
      'pending',
      'site_outbox_pending',
      'Deliveries waiting in a durable outbox to be sent or retried.',
    ],
    ['failed', 'site_outbox_failed', 'Deliveries a durable outbox gave up on for good.'],
  ] as const) {
    new Gauge({
      name,
      help,
      labelNames: ['outbox'] as const,
      registers,
      async collect() {
        const read = await readOutboxes()
        this.reset()
        for (const [outbox, stats] of read) this.labels(outbox).set(stats[field])
      },
    })
  }

  const budgetRefusals = new Counter({
    name: 'site_inquiry_budget_refusals_total',
    help: 'Inquiries refused because a budget was spent, by the budget that refused (one inquiry may count under several).',
    labelNames: ['budget'] as const,
    registers,
  })

  return {
    registry,
    cacheEvictions,
    changeFeedLag,
    outboxAttempts,
    budgetRefusals,
    sources,
    defaultsCollected: false,
  }
}

/** The process's metrics, made on first use. */
export function siteMetrics(): SiteMetrics {
  return processSingleton('site-metrics', createSiteMetrics)
}
