import pg from 'pg'

import { watchReplicaLag } from '@/metrics/sources'

/**
 * Read replicas replay the primary's WAL with some delay, so a read right after a change may
 * still see the old rows. Reads that fill a shared cache (the response cache, the site
 * settings, the embargo list) must not be older than the change that emptied it, or the stale
 * copy would stay until the next change.
 *
 * So when a change is heard, reads stop counting as current until every replica has replayed
 * the primary's WAL up to where it stood just after the change: its position is read on the
 * primary after the notification arrived, and NOTIFY is delivered only after the writing
 * transaction committed (and, with `synchronous_commit` on, flushed its commit record), so that
 * position is at or past the change. Replicas are polled with backoff, without a deadline: a
 * replica paused or far behind keeps the caches off (responses are still rendered, just not
 * kept) rather than letting it refill them with what the change replaced.
 */
export interface ReplicaFreshness {
  /** Whether reads from every replica include every change heard so far. */
  readonly current: boolean
  /**
   * How long reads have not been current, in seconds: since the oldest change heard that a
   * replica has not replayed yet (or since the start, before the first wait ended); 0 when current.
   */
  readonly behindSeconds: number
  /** A change was heard, or may have been missed: wait for the replicas to replay it. */
  changeHeard(): void
  close(): Promise<void>
}

/** How the primary and the replicas are asked where their WAL stands. */
export interface WalProbes {
  /** The primary's WAL position now, as PostgreSQL writes it (`0/16B3748`). */
  primaryPosition(): Promise<string>
  /** Whether every replica has replayed the WAL up to `position`. */
  replayedUpTo(position: string): Promise<boolean>
  close(): Promise<void>
}

export interface ReplicaFreshnessOptions {
  /** Runs whenever `current` changes. */
  onCurrent: (current: boolean) => void
  /** Told once per wait that replicas are still behind after `slowAfterMs`, and when they catch up. */
  onSlow?: (event: { behindMs: number; caughtUp: boolean; error?: string }) => void
  pollMinMs?: number
  pollMaxMs?: number
  slowAfterMs?: number
}

const POLL_MIN_MS = 20
const POLL_MAX_MS = 250
const SLOW_AFTER_MS = 5_000
/** A replica or primary that doesn't answer within this counts as behind, and is asked again. */
const PROBE_TIMEOUT_MS = 2_000

/** Without replicas every read is from the primary: always current, and nothing is queried. */
const NO_REPLICAS: ReplicaFreshness = {
  current: true,
  behindSeconds: 0,
  changeHeard: () => undefined,
  close: async () => undefined,
}

/** The freshness of `replicaUrls` against `primaryUrl`, probed over connections of its own. */
export function replicaFreshnessOf(
  primaryUrl: string,
  replicaUrls: readonly string[],
  options: ReplicaFreshnessOptions,
): ReplicaFreshness {
  const freshness =
    replicaUrls.length === 0
      ? NO_REPLICAS
      : replicaFreshness(postgresWalProbes(primaryUrl, replicaUrls), options)
  // Read as a metric when scraped (site_replica_lag_seconds).
  watchReplicaLag(freshness)
  return freshness
}

export function replicaFreshness(
  probes: WalProbes,
  {
    onCurrent,
    onSlow = () => undefined,
    pollMinMs = POLL_MIN_MS,
    pollMaxMs = POLL_MAX_MS,
    slowAfterMs = SLOW_AFTER_MS,
  }: ReplicaFreshnessOptions,
): ReplicaFreshness {
  // Not current until the first wait (the change feed's first connection) has completed: a
  // replica may be behind changes made before this process started.
  let current = false
  /** Since when (Date.now()) reads have not been current. */
  let behindSince = Date.now()
  let changesHeard = 0
  let waiting = false
  let closed = false
  let sleeper: { timer: NodeJS.Timeout; wake: () => void } | undefined

  function setCurrent(value: boolean): void {
    if (current === value) return
    current = value
    if (!value) behindSince = Date.now()
    onCurrent(value)
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        sleeper = undefined
        resolve()
      }, ms)
      timer.unref()
      sleeper = { timer, wake: resolve }
    })
  }

  async function waitForReplicas(): Promise<void> {
    waiting = true
    const started = Date.now()
    let delay = pollMinMs
    let reportedSlow = false
    let lastError: string | undefined
    let position: string | undefined
    let positionAfter = -1
    try {
      while (!closed) {
        try {
          if (positionAfter !== changesHeard) {
            // Read after the change was heard, so the position is at or past its commit.
            const heard = changesHeard
            position = await probes.primaryPosition()
            positionAfter = heard
          }
          if (position !== undefined && (await probes.replayedUpTo(position))) {
            if (closed) return
            // Another change heard while asking: its position is taken on the next turn.
            if (positionAfter !== changesHeard) continue
            if (reportedSlow) onSlow({ behindMs: Date.now() - started, caughtUp: true })
            setCurrent(true)
            return
          }
          lastError = undefined
        } catch (error) {
          lastError = error instanceof Error ? error.message : String(error)
        }
        if (!reportedSlow && Date.now() - started >= slowAfterMs) {
          reportedSlow = true
          onSlow({ behindMs: Date.now() - started, caughtUp: false, error: lastError })
        }
        await sleep(delay)
        delay = Math.min(delay * 2, pollMaxMs)
      }
    } finally {
      waiting = false
    }
  }

  return {
    get current() {
      return current
    },
    get behindSeconds() {
      return current ? 0 : (Date.now() - behindSince) / 1000
    },
    changeHeard() {
      if (closed) return
      changesHeard += 1
      setCurrent(false)
      if (!waiting) void waitForReplicas()
    },
    async close() {
      closed = true
      if (sleeper) {
        clearTimeout(sleeper.timer)
        sleeper.wake()
      }
      await probes.close()
    },
  }
}

/**
 * Asks PostgreSQL itself: `pg_current_wal_lsn()` on the primary, `pg_last_wal_replay_lsn()` on
 * each replica. A server that is not in recovery (the primary under another name, a promoted
 * replica) reads what its own writes made, so it counts as caught up. One small pool per server,
 * whose connection closes when idle: between changes nothing is held or queried.
 */
export function postgresWalProbes(primaryUrl: string, replicaUrls: readonly string[]): WalProbes {
  const poolOf = (connectionString: string) => {
    const pool = new pg.Pool({
      connectionString,
      application_name: 'replica-freshness',
      max: 1,
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      allowExitOnIdle: true,
    })
    // An idle connection that drops is simply opened again on the next probe.
    pool.on('error', () => undefined)
    return pool
  }
  const primary = poolOf(primaryUrl)
  const replicas = replicaUrls.map(poolOf)
  return {
    async primaryPosition() {
      const { rows } = await primary.query<{ position: string }>(
        'select pg_current_wal_lsn()::text as position',
      )
      return rows[0]!.position
    },
    async replayedUpTo(position) {
      const answers = await Promise.all(
        replicas.map((replica) =>
          replica.query<{ replayed: boolean }>(
            `select not pg_is_in_recovery()
                    or coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as replayed`,
            [position],
          ),
        ),
      )
      return answers.every(({ rows }) => rows[0]?.replayed === true)
    },
    async close() {
      await Promise.all([primary, ...replicas].map((pool) => pool.end().catch(() => undefined)))
    },
  }
}
