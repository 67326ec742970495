/**
 * What the gauges read when metrics are scraped, registered by the code that owns it. Kept apart
 * from the registry (registry.ts) so that registering costs no prom-client import: the render
 * queue's module is imported by the settings (src/env.ts), which every script loads.
 */
import { processSingleton } from '@/lib/process-singleton'

import { LiveSources } from './live-sources'

/** The durable outboxes whose backlog and failures are measured. */
export const OUTBOXES = ['mail', 'webhooks'] as const
export type Outbox = (typeof OUTBOXES)[number]

export interface OutboxStats {
  /** Deliveries waiting to be sent or retried. */
  pending: number
  /** Deliveries given up on for good. */
  failed: number
}

/** What the response cache's gauges read: its store (src/cache/store.ts). */
export interface CacheHoldings {
  /** Bytes held in memory: entries, compressed copies and what stands in after a change. */
  readonly bytes: number
  /** Entries held. */
  readonly size: number
}

/** What the render queue's gauges read (src/server/page-renders.ts). */
export interface RenderQueue {
  readonly running: number
  readonly waiting: number
}

/** What the replica-lag gauge reads (src/cache/replica-freshness.ts). */
export interface ReplicaLag {
  /** How long reads have not been current: 0 when every replica has replayed every change. */
  readonly behindSeconds: number
}

export interface MetricSources {
  caches: LiveSources<CacheHoldings>
  renderQueues: LiveSources<RenderQueue>
  replicas: LiveSources<ReplicaLag>
  outboxes: Map<Outbox, () => Promise<OutboxStats>>
}

/** The process's sources (on globalThis: the server's bundle and Next's chunks share them). */
export function metricSources(): MetricSources {
  return processSingleton('site-metric-sources', () => ({
    caches: new LiveSources<CacheHoldings>(),
    renderQueues: new LiveSources<RenderQueue>(),
    replicas: new LiveSources<ReplicaLag>(),
    outboxes: new Map<Outbox, () => Promise<OutboxStats>>(),
  }))
}

/** Has `site_cache_bytes` and `site_cache_entries` read `store` (held weakly) at each scrape. */
export function watchResponseStore(store: CacheHoldings): void {
  metricSources().caches.add(store)
}

/** Has the render-queue gauges read `queue` (held weakly) at each scrape. */
export function watchRenderQueue(queue: RenderQueue): void {
  metricSources().renderQueues.add(queue)
}

/** Has `site_replica_lag_seconds` read `replicas` (held weakly) at each scrape. */
export function watchReplicaLag(replicas: ReplicaLag): void {
  metricSources().replicas.add(replicas)
}

/**
 * Registers how to read an outbox's backlog when metrics are scraped: `site_outbox_pending` and
 * `site_outbox_failed` ask `read` once per scrape (within OUTBOX_STATS_TIMEOUT_MS, else the
 * outbox's samples are left out of that scrape). A later registration replaces an earlier one.
 */
export function registerOutboxStats(outbox: Outbox, read: () => Promise<OutboxStats>): void {
  metricSources().outboxes.set(outbox, read)
}
