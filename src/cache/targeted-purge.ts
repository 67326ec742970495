import { EVERYTHING, type ContentChange } from '@/lib/content-version'
import { logger } from '@/lib/logger'

import { purgeEverything, type PurgeEverythingEndpoint } from './cdn-purge'
import { purgeKeysOf } from './surrogate-keys'

/**
 * Purges a shared cache in front of the site (Varnish, Cloudflare, Fastly) of exactly what a
 * published change made stale: the responses carrying a surrogate key (src/cache/surrogate-keys.ts)
 * of a content-version key the change advanced, and everything (`ALL_SURROGATE_KEY`) for a change
 * that advanced everything. Every instance hears every change on the change feed and purges it;
 * a purge is idempotent, so a cache is asked once per instance.
 *
 * Changes heard within `PURGE_DEBOUNCE_MS` are purged together (one publish notifies several
 * tables), and only once read replicas have replayed them (src/cache/replica-freshness.ts):
 * purged earlier, the cache would be refilled from a replica still showing what the change
 * replaced. (A response rendered from reads behind a change goes out `no-store` anyway, the
 * `shared-cache-keys` step; waiting keeps the cache answering meanwhile instead of sending every
 * reader to the application.) Replicas behind for longer than `READS_WAIT_MAX_MS` are not
 * waited for further.
 *
 * Failures are logged, never thrown. A targeted purge that fails falls back to the CDN's
 * purge-everything endpoint when one is set (`CDN_PURGE_URL`); either way a cache's own
 * lifetimes (`s-maxage`) still bound how stale it can be.
 */

/** Where the keys go: one kind of shared cache (`CDN_PURGE_KIND`). */
export type PurgeKind = 'varnish' | 'cloudflare' | 'fastly' | 'everything'

export interface PurgeTargets {
  /** Unset: the purge-everything endpoint alone, when there is one (as `everything`). */
  kind?: PurgeKind
  /** Varnish: each address is sent `PURGE` with the keys in an `xkey` header (the VCL's ACL admits it). */
  varnishUrls?: readonly string[]
  /** Cloudflare's purge-by-tag API: `POST {apiUrl}/zones/{zoneId}/purge_cache`, a bearer token. */
  cloudflare?: { zoneId: string; apiToken: string; apiUrl?: string }
  /** Fastly's surrogate-key purge: `POST {apiUrl}/service/{serviceId}/purge`, `Fastly-Key`. */
  fastly?: { serviceId: string; apiToken: string; apiUrl?: string }
  /** A purge-everything endpoint: the kind `everything`, and the fallback of the others. */
  everything?: PurgeEverythingEndpoint
}

export const CLOUDFLARE_API_URL = 'https://api.cloudflare.com/client/v4'
export const FASTLY_API_URL = 'https://api.fastly.com'

/** Cloudflare takes at most 100 tags in one purge request (every plan, 2025). */
export const CLOUDFLARE_TAGS_PER_PURGE = 100
/** Fastly takes at most 256 surrogate keys in one batch purge. */
export const FASTLY_KEYS_PER_PURGE = 256
/**
 * The longest `xkey` (and Fastly's `Surrogate-Key`) request header sent, in bytes: well under
 * Varnish's `http_req_hdr_len` (8 KB by default). More keys go in further requests.
 */
export const PURGE_HEADER_MAX_BYTES = 4_000

/** Several tables change in one publish; their notifications are purged as one. */
export const PURGE_DEBOUNCE_MS = 200
/** One purge request's limit. */
export const PURGE_TIMEOUT_MS = 5_000
/** How long a purge waits for read replicas to replay its changes before going ahead. */
export const READS_WAIT_MAX_MS = 10_000
/** How often it looks whether they have, meanwhile. */
const READS_POLL_MS = 20

export interface SharedCachePurger {
  /** A change heard on the change feed (or everything, after changes may have been missed). */
  changed(change: ContentChange): void
  /** Resolves once nothing is waiting to be purged or being purged (for tests and shutdown). */
  whenIdle(): Promise<void>
  /** Drops what is waiting; purges under way finish. */
  close(): void
}

export interface PurgerOptions {
  /** Whether reads (read replicas) include every change heard; by default always. */
  readsCurrent?: () => boolean
  debounceMs?: number
  timeoutMs?: number
  readsWaitMaxMs?: number
  log?: Pick<typeof logger, 'info' | 'warn'>
}

/** Where one batch of keys goes: resolves with what went wrong, or undefined. */
type SendKeys = (keys: readonly string[]) => Promise<string | undefined>

const NO_PURGER: SharedCachePurger = {
  changed: () => undefined,
  whenIdle: async () => undefined,
  close: () => undefined,
}

export function sharedCachePurger(
  targets: PurgeTargets,
  {
    readsCurrent = () => true,
    debounceMs = PURGE_DEBOUNCE_MS,
    timeoutMs = PURGE_TIMEOUT_MS,
    readsWaitMaxMs = READS_WAIT_MAX_MS,
    log = logger,
  }: PurgerOptions = {},
): SharedCachePurger {
  const kind = targets.kind ?? (targets.everything ? 'everything' : undefined)
  const send = kind && senderOf(kind, targets, timeoutMs)
  if (!send) return NO_PURGER
  const fallback = kind === 'everything' ? undefined : targets.everything

  /** Surrogate keys waiting for the next purge, or everything. */
  let pending: Set<string> | typeof EVERYTHING | undefined
  let timer: NodeJS.Timeout | undefined
  let waitingForReads = false
  let closed = false
  const sending = new Set<Promise<void>>()

  function schedule(): void {
    if (timer || waitingForReads || closed) return
    timer = setTimeout(() => {
      timer = undefined
      void purgeWhenReadsCurrent()
    }, debounceMs)
    timer.unref()
  }

  async function purgeWhenReadsCurrent(): Promise<void> {
    waitingForReads = true
    const started = Date.now()
    while (!closed && !readsCurrent()) {
      if (Date.now() - started >= readsWaitMaxMs) {
        log.warn(
          { waitedMs: Date.now() - started },
          'shared cache purged before replicas caught up',
        )
        break
      }
      await new Promise((resolve) => setTimeout(resolve, READS_POLL_MS).unref())
    }
    waitingForReads = false
    // Taken in the same turn as the check: a change heard after it waits for the next purge.
    const change = pending
    pending = undefined
    if (closed || change === undefined) return
    const purge = purgeNow(change === EVERYTHING ? purgeKeysOf(EVERYTHING) : [...change])
    sending.add(purge)
    void purge.finally(() => sending.delete(purge))
  }

  async function purgeNow(keys: string[]): Promise<void> {
    const failure = await send!(keys)
    if (failure === undefined) return
    log.warn({ kind, keys: keys.length, failure }, 'shared cache purge failed')
    if (!fallback) return
    const everything = await purgeEverything(fallback, timeoutMs)
    if (everything === undefined) log.info({ kind }, 'shared cache purged everything instead')
    else log.warn({ failure: everything }, 'CDN purge of everything failed')
  }

  return {
    changed(change) {
      if (closed) return
      if (change === EVERYTHING || pending === EVERYTHING) pending = EVERYTHING
      else {
        pending ??= new Set()
        for (const key of purgeKeysOf(change)) pending.add(key)
      }
      schedule()
    },
    async whenIdle() {
      while (timer || waitingForReads || sending.size > 0)
        await Promise.race([...sending, new Promise((resolve) => setTimeout(resolve, 5))])
    },
    close() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = undefined
      pending = undefined
    },
  }
}

/** How keys are sent to the configured cache, or null when its settings are missing. */
function senderOf(kind: PurgeKind, targets: PurgeTargets, timeoutMs: number): SendKeys | null {
  switch (kind) {
    case 'varnish': {
      const urls = targets.varnishUrls ?? []
      if (urls.length === 0) return null
      return inBatches(PURGE_HEADER_MAX_BYTES, Infinity, ' ', (batch) =>
        firstFailure(urls.map((url) => request(url, 'PURGE', { xkey: batch.join(' ') }))),
      )
    }
    case 'cloudflare': {
      const zone = targets.cloudflare
      if (!zone) return null
      const url = `${zone.apiUrl ?? CLOUDFLARE_API_URL}/zones/${encodeURIComponent(zone.zoneId)}/purge_cache`
      return inBatches(Infinity, CLOUDFLARE_TAGS_PER_PURGE, ',', (tags) =>
        request(
          url,
          'POST',
          { authorization: `Bearer ${zone.apiToken}`, 'content-type': 'application/json' },
          JSON.stringify({ tags }),
          // Cloudflare answers `{ "success": false, "errors": [...] }` for what it refused.
          (body) => (cloudflareRefused(body) ? body.slice(0, 200) : undefined),
        ),
      )
    }
    case 'fastly': {
      const service = targets.fastly
      if (!service) return null
      const url = `${service.apiUrl ?? FASTLY_API_URL}/service/${encodeURIComponent(service.serviceId)}/purge`
      return inBatches(PURGE_HEADER_MAX_BYTES, FASTLY_KEYS_PER_PURGE, ' ', (keys) =>
        request(url, 'POST', { 'fastly-key': service.apiToken, 'surrogate-key': keys.join(' ') }),
      )
    }
    case 'everything': {
      const endpoint = targets.everything
      if (!endpoint) return null
      return () => purgeEverything(endpoint, timeoutMs)
    }
  }

  async function request(
    url: string,
    method: string,
    headers: Record<string, string>,
    body?: string,
    refusal: (body: string) => string | undefined = () => undefined,
  ): Promise<string | undefined> {
    try {
      const response = await fetch(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
      const text = await response.text()
      if (!response.ok) return `${url}: status ${response.status}`
      return refusal(text)
    } catch (error) {
      return `${url}: ${String(error)}`
    }
  }
}

function cloudflareRefused(body: string): boolean {
  try {
    return (JSON.parse(body) as { success?: unknown }).success === false
  } catch {
    return false
  }
}

/** Sends `keys` in batches of at most `maxCount` keys and `maxBytes` joined, all at once. */
function inBatches(
  maxBytes: number,
  maxCount: number,
  separator: string,
  sendBatch: (batch: readonly string[]) => Promise<string | undefined>,
): SendKeys {
  return (keys) =>
    firstFailure(batchesOf(keys, maxBytes, maxCount, separator).map((batch) => sendBatch(batch)))
}

async function firstFailure(attempts: Promise<string | undefined>[]): Promise<string | undefined> {
  return (await Promise.all(attempts)).find((failure) => failure !== undefined)
}

/**
 * `keys` in order, in batches of at most `maxCount` keys whose join with `separator` is at most
 * `maxBytes` long (a key longer than that alone goes in a batch of its own).
 */
export function batchesOf(
  keys: readonly string[],
  maxBytes: number,
  maxCount: number,
  separator: string,
): string[][] {
  const batches: string[][] = []
  let batch: string[] = []
  let bytes = 0
  for (const key of keys) {
    const added = Buffer.byteLength(key) + (batch.length > 0 ? separator.length : 0)
    if (batch.length > 0 && (batch.length >= maxCount || bytes + added > maxBytes)) {
      batches.push(batch)
      batch = []
      bytes = 0
    }
    bytes += Buffer.byteLength(key) + (batch.length > 0 ? separator.length : 0)
    batch.push(key)
  }
  if (batch.length > 0) batches.push(batch)
  return batches
}

/** The purge settings (src/env.ts) as the purger's targets. */
export function purgeTargetsOf(settings: {
  CDN_PURGE_KIND?: PurgeKind
  varnishPurgeUrls: readonly string[]
  CLOUDFLARE_ZONE_ID?: string
  CLOUDFLARE_API_TOKEN?: string
  FASTLY_SERVICE_ID?: string
  FASTLY_API_TOKEN?: string
  CDN_PURGE_URL?: string
  CDN_PURGE_TOKEN?: string
}): PurgeTargets {
  return {
    kind: settings.CDN_PURGE_KIND,
    varnishUrls: settings.varnishPurgeUrls,
    cloudflare:
      settings.CLOUDFLARE_ZONE_ID && settings.CLOUDFLARE_API_TOKEN
        ? { zoneId: settings.CLOUDFLARE_ZONE_ID, apiToken: settings.CLOUDFLARE_API_TOKEN }
        : undefined,
    fastly:
      settings.FASTLY_SERVICE_ID && settings.FASTLY_API_TOKEN
        ? { serviceId: settings.FASTLY_SERVICE_ID, apiToken: settings.FASTLY_API_TOKEN }
        : undefined,
    everything: settings.CDN_PURGE_URL
      ? { url: settings.CDN_PURGE_URL, token: settings.CDN_PURGE_TOKEN }
      : undefined,
  }
}
