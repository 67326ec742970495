import { processSingleton } from './process-singleton'

interface ContentVersion {
  value: number
  /** Whether changes are being heard of at all (the change feed is connected). */
  live: boolean
}

const state = () =>
  processSingleton<ContentVersion>('content-version', () => ({ value: 0, live: false }))

/**
 * A counter of published-content changes this process has heard of: the change feed
 * (src/cache/invalidation.ts, run by the project's server) and an editor's write through this
 * instance advance it. What is derived from published content may be kept for as long as the
 * version is unchanged.
 */
export function contentChanged(): void {
  state().value += 1
}

export function setContentFeedLive(live: boolean): void {
  const current = state()
  current.live = live
  current.value += 1
}

/** The current version, or null when changes could go unheard (then keep nothing). */
export function contentVersion(): number | null {
  const current = state()
  return current.live ? current.value : null
}
