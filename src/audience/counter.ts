import { VisitCounts, countedPath } from './aggregator'
import type { AudienceSurface } from './channels'
import type { CallerClassifier } from './classify'
import type { CountStore } from './store'

/**
 * One process's counting: each visit classified (classify.ts) and added in memory
 * (aggregator.ts), and what was added written to the store every `flushMs` in one statement, so
 * a request costs a map update and never waits for the database. A flush that fails gives its
 * rows back to be written with the next one. `stop()` (a shutdown task) writes what is left, so a
 * graceful restart loses nothing and a crash at most the last `flushMs`. Old days are pruned when
 * it starts and every `pruneEveryMs`.
 */

export interface Visit {
  surface: AudienceSurface
  /** The request's target as it arrived (path and query), before any rewrite. */
  target: string
  userAgent: string | undefined
  referer: string | undefined
  mcpClientName?: string
}

export interface VisitCounterOptions {
  classifier: CallerClassifier
  store: CountStore
  flushMs: number
  retentionDays: number
  pruneEveryMs?: number
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number
  /** Where a failed flush or prune is reported. */
  warn?: (details: Record<string, unknown>, message: string) => void
}

/** How often old days are pruned (also once at start). */
export const PRUNE_EVERY_MS = 6 * 60 * 60_000
const DAY_MS = 24 * 60 * 60_000

export class VisitCounter {
  private readonly counts = new VisitCounts()
  private readonly now: () => number
  private flushing: Promise<void> | null = null
  private timers: NodeJS.Timeout[] = []
  private failing = false
  private day = ''
  private dayEnds = 0

  constructor(private readonly options: VisitCounterOptions) {
    this.now = options.now ?? Date.now
  }

  record(visit: Visit): void {
    const caller = this.options.classifier.classify({
      surface: visit.surface,
      userAgent: visit.userAgent,
      referer: visit.referer,
      target: visit.target,
      mcpClientName: visit.mcpClientName,
    })
    this.counts.add(
      {
        day: this.today(),
        channel: caller.channel,
        surface: visit.surface,
        agent: caller.agent,
        path: countedPath(visit.target),
      },
      caller.ownName,
    )
  }

  /** Rows waiting for the next flush. */
  get pending(): number {
    return this.counts.size
  }

  /** Writes what was counted since the last flush (waits for one already under way first). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing
    if (this.counts.size === 0) return
    const rows = this.counts.drain()
    this.flushing = this.options.store
      .add(rows)
      .then(
        () => {
          if (this.failing)
            this.options.warn?.({ rows: rows.length }, 'audience counts written again')
          this.failing = false
        },
        (error: unknown) => {
          for (const row of rows) this.counts.add(row, false, row.count)
          if (!this.failing) {
            this.options.warn?.(
              { err: String(error), rows: rows.length },
              'audience counts not written; kept for the next flush',
            )
          }
          this.failing = true
        },
      )
      .finally(() => {
        this.flushing = null
      })
    await this.flushing
  }

  /** Deletes the days older than the retention. */
  async prune(): Promise<number> {
    try {
      return await this.options.store.prune(this.options.retentionDays)
    } catch (error) {
      this.options.warn?.({ err: String(error) }, 'audience counts: old days not pruned')
      return 0
    }
  }

  /** Flushes every `flushMs` and prunes now and every `pruneEveryMs`; timers never hold the process. */
  start(): void {
    if (this.timers.length > 0) return
    const flush = setInterval(() => void this.flush(), this.options.flushMs)
    const prune = setInterval(() => void this.prune(), this.options.pruneEveryMs ?? PRUNE_EVERY_MS)
    flush.unref()
    prune.unref()
    this.timers = [flush, prune]
    void this.prune()
  }

  /** Stops the timers and writes what is left. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer)
    this.timers = []
    await this.flush()
  }

  /** The UTC day now, `YYYY-MM-DD`, worked out once a day. */
  private today(): string {
    const now = this.now()
    if (now >= this.dayEnds || now < this.dayEnds - DAY_MS) {
      const start = now - (now % DAY_MS)
      this.day = new Date(start).toISOString().slice(0, 10)
      this.dayEnds = start + DAY_MS
    }
    return this.day
  }
}
