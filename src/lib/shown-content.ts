import { AsyncLocalStorage } from 'node:async_hooks'

import { processSingleton } from './process-singleton'

/**
 * What one render of a page reports it showed, as content-version keys (src/lib/content-version.ts)
 * beyond those its URL tells: the document it was found to be, the documents it shows (related
 * posts, linked documents). The response cache (src/cache/response-cache.ts) collects the report
 * around the render of a miss and keeps the entry for as long as those keys (and the URL's base
 * keys) are unchanged; a render that reports nothing is kept under its URL's broad keys.
 *
 * A report is made once, by the page, from what it is about to render — not piecemeal by the
 * data-access functions — so a read that is shared with another request (React's `cache`, a
 * deduplicated fetch) cannot leave a key out of it.
 */
export interface ShownContent {
  keys: Set<string>
  /** Whether the render reported (only then are `keys` what it shows). */
  reported: boolean
}

const storage = () => processSingleton('shown-content', () => new AsyncLocalStorage<ShownContent>())

/** Runs `render` collecting what it reports showing. */
export function collectShownContent(render: () => void): ShownContent {
  const shown: ShownContent = { keys: new Set(), reported: false }
  storage().run(shown, render)
  return shown
}

/** Reports keys of what the current render shows (nothing when no one collects). */
export function reportShown(keys: Iterable<string>): void {
  const shown = storage().getStore()
  if (shown === undefined) return
  for (const key of keys) shown.keys.add(key)
  shown.reported = true
}
