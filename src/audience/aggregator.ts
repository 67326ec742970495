import type { AudienceSurface, Channel } from './channels'

/**
 * The counts of one process between two flushes, in memory: one number per day, channel,
 * surface, agent and path. Nothing in it grows without bound, whatever callers send:
 * - a path is the request's path without its query, cut to `PATH_MAX_LENGTH`;
 * - each day, the first `PATHS_PER_DAY_MAX` distinct paths are counted as themselves and any
 *   later new one as `OTHER`, and so are names callers chose themselves (an MCP client's name, a
 *   User-Agent's family: `OWN_NAMES_PER_DAY_MAX`);
 * - between two flushes at most `KEYS_PER_FLUSH_MAX` rows are held; past that a new row's path
 *   is `OTHER`.
 * Only requests answered 2xx or 304 reach it (visits.ts), so its paths are paths that exist.
 */

export interface VisitKey {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string
  channel: Channel
  surface: AudienceSurface
  agent: string
  path: string
}

export interface CountRow extends VisitKey {
  count: number
}

/** The longest path kept, in characters; a longer one is cut. */
export const PATH_MAX_LENGTH = 256
/** Distinct paths counted as themselves per day and process. */
export const PATHS_PER_DAY_MAX = 2_000
/** Distinct caller-chosen names (MCP clients, User-Agent families) per day and process. */
export const OWN_NAMES_PER_DAY_MAX = 50
/** Rows held between two flushes. */
export const KEYS_PER_FLUSH_MAX = 10_000
/** What a path or name beyond its cap is counted as (a real path always starts with `/`). */
export const OTHER = 'other'

// Never in a path (the front door refuses control characters) nor in a cleaned name (names.ts).
const SEPARATOR = '\u001f'
const CONTROL = /[\u0000-\u001f\u007f]/

/** The path of `target` as it is counted: no query or fragment, cut to `PATH_MAX_LENGTH`. */
export function countedPath(target: string): string {
  let end = target.length
  const query = target.indexOf('?')
  if (query !== -1) end = query
  const fragment = target.indexOf('#')
  if (fragment !== -1 && fragment < end) end = fragment
  const path = target.slice(0, Math.min(end, PATH_MAX_LENGTH))
  return path.startsWith('/') && !CONTROL.test(path) ? path : OTHER
}

export class VisitCounts {
  private counts = new Map<string, number>()
  private day = ''
  private readonly paths = new Set<string>()
  private readonly ownNames = new Set<string>()

  /** Counts `count` visits (1 per request; a failed flush gives its rows back with theirs). */
  add(key: VisitKey, ownName: boolean, count = 1): void {
    if (key.day !== this.day) {
      // A new day: its caps start again. Rows of the day before still in `counts` are kept.
      if (key.day > this.day) {
        this.day = key.day
        this.paths.clear()
        this.ownNames.clear()
      }
    }
    const path = key.day === this.day ? admit(this.paths, key.path, PATHS_PER_DAY_MAX) : key.path
    const agent =
      ownName && key.day === this.day
        ? admit(this.ownNames, key.agent, OWN_NAMES_PER_DAY_MAX)
        : key.agent
    const prefix = key.day + SEPARATOR + key.channel + SEPARATOR + key.surface + SEPARATOR + agent
    let id = prefix + SEPARATOR + path
    let held = this.counts.get(id)
    if (held === undefined && this.counts.size >= KEYS_PER_FLUSH_MAX) {
      id = prefix + SEPARATOR + OTHER
      held = this.counts.get(id)
    }
    this.counts.set(id, (held ?? 0) + count)
  }

  /** Rows held. */
  get size(): number {
    return this.counts.size
  }

  /**
   * The rows held, in one order every process agrees on (so that two instances writing the same
   * rows at once take their locks in the same order and never deadlock), and forgets them.
   */
  drain(): CountRow[] {
    const drained = this.counts
    this.counts = new Map()
    return [...drained.keys()].sort().map((id) => {
      const [day, channel, surface, agent, path] = id.split(SEPARATOR) as [
        string,
        Channel,
        AudienceSurface,
        string,
        string,
      ]
      return { day, channel, surface, agent, path, count: drained.get(id)! }
    })
  }
}

/** `value` if it is already counted today or there is room for it, else `OTHER`. */
function admit(seen: Set<string>, value: string, max: number): string {
  if (seen.has(value)) return value
  if (seen.size >= max) return OTHER
  seen.add(value)
  return value
}
