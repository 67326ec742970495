import { processSingleton } from './process-singleton'

/**
 * The one record of published-content freshness in a process: everything that keeps something
 * derived from published content (the response cache, the site settings, the embargo
 * list) keeps it for as long as the version of what it depends on is unchanged.
 *
 * Versions are kept per dependency key. A change names what it touched (a document, a
 * collection's lists, the categories, the media), which advances those keys; what was derived
 * records the keys it depends on and the stamp taken before it read anything, and is fresh while
 * none of those keys advanced past the stamp. A change that cannot be attributed advances
 * everything, and while reads may miss a change or be older than one heard (the change feed is
 * down, a read replica has not replayed it yet) no stamp is given, so nothing read then is kept.
 *
 * Keys (strings, built by the functions below):
 * - `document:<collection>:<id>` – one published document as the content API answers it by id;
 *   `document:<collection>:*` – every one of them (a change whose ids are unknown);
 * - `list:<collection>` – whatever shows the collection's published set: its lists and listings
 *   (home, blog, sitemap, feeds, llms files, schema.jsonl); advanced by every change to one of
 *   its documents;
 * - `order:<collection>` – which documents are listed, and in what order: advanced only when a
 *   document enters or leaves the published set, or its publication date, categories or
 *   languages change (src/fields/listing-change.ts) — what a page that shows a *selection* of
 *   the set (a post's related posts) depends on, rather than on every edit of every document;
 *   `order:<collection>:category:<id>` – the same, for the documents of one category (a change
 *   advances those of the categories the document had before and has after);
 * - `categories`, `media` – category titles and media (alt texts, files) wherever shown;
 *   `category:<id>` – one category (its title, slug), `category:*` – any (a change whose ids
 *   are unknown): what a page that reports the categories it shows depends on instead;
 * - `settings` – the published site settings (src/globals/): hero, navigation, footer, contact
 *   copy, tagline and the firm's JSON-LD facts, shown on every page, twin and llms.txt;
 * - `agent-access` – the agent access policy (the `agent-access` global, src/agents/
 *   access-policy.ts): what every surface stating it depends on — robots.txt, pages, twins, the
 *   files for agents (llms.txt, the MCP server card…), feeds and media files (their
 *   `Content-Usage` header).
 * "Everything" (the site as a whole) is not a key: it is advanced by `EVERYTHING`.
 */
export const documentKey = (collection: string, id: number) => `document:${collection}:${id}`
export const everyDocumentKey = (collection: string) => `document:${collection}:*`
export const listKey = (collection: string) => `list:${collection}`
export const orderKey = (collection: string) => `order:${collection}`
export const categoryOrderKey = (collection: string, category: number) =>
  `order:${collection}:category:${category}`
export const categoryKey = (id: number) => `category:${id}`
export const EVERY_CATEGORY_KEY = 'category:*'
export const CATEGORIES_KEY = 'categories'
export const MEDIA_KEY = 'media'
export const SETTINGS_KEY = 'settings'
export const AGENT_ACCESS_KEY = 'agent-access'

/**
 * The PostgreSQL channel on which content changes are announced: by triggers on the content
 * tables (src/cache/invalidation.ts reads them) and by the listing-change hook.
 */
export const CONTENT_CHANNEL = 'content_changed'

/** Advances every key: a change that cannot be attributed, or changes that may have been missed. */
export const EVERYTHING = 'everything'

/** What one change advances. */
export type ContentChange = readonly string[] | typeof EVERYTHING

/**
 * Versions as a logical clock: every advance ticks it and records the tick on the keys it
 * advanced. A stamp is the clock when a read began; a derived thing is fresh while every key it
 * depends on last advanced at or before its stamp.
 */
export class ContentVersions {
  #clock = 0
  #everythingAt = 0
  /** The tick at which each key last advanced (only keys a change ever named). */
  #advancedAt = new Map<string, number>()
  #feedConnected = false
  #readsCurrent = true

  /** Whether reads reflect every change: the change feed listens and reads are not behind it. */
  get live(): boolean {
    return this.#feedConnected && this.#readsCurrent
  }

  /**
   * The stamp for a read beginning now, or null when what is read may not be kept (changes
   * could go unheard, or reads could be older than a change heard).
   */
  stamp(): number | null {
    return this.live ? this.#clock : null
  }

  /**
   * Is what was read under `stamp` still current for `dependsOn`? O(keys), allocates nothing;
   * nothing having changed since the stamp is one comparison.
   */
  isFresh(dependsOn: readonly string[], stamp: number | null): boolean {
    if (stamp === null) return false
    if (stamp === this.#clock) return true
    if (this.#everythingAt > stamp) return false
    for (let index = 0; index < dependsOn.length; index += 1) {
      const advancedAt = this.#advancedAt.get(dependsOn[index]!)
      if (advancedAt !== undefined && advancedAt > stamp) return false
    }
    return true
  }

  /**
   * The keys that advanced after `stamp`, for what can bring itself up to date by re-reading only
   * what changed; `EVERYTHING` when that can't be told (everything advanced since, or no stamp).
   * O(keys ever advanced): for the rare refresh after a change, not for a request's freshness check.
   */
  changedSince(stamp: number | null): ContentChange {
    if (stamp === null || this.#everythingAt > stamp) return EVERYTHING
    const changed: string[] = []
    if (stamp === this.#clock) return changed
    for (const [key, advancedAt] of this.#advancedAt) if (advancedAt > stamp) changed.push(key)
    return changed
  }

  advance(change: ContentChange): void {
    this.#clock += 1
    if (change === EVERYTHING) {
      this.#everythingAt = this.#clock
      return
    }
    for (const key of change) this.#advancedAt.set(key, this.#clock)
  }

  /**
   * The change feed connected or was lost: either way changes may have gone unheard, so
   * everything advances; while it is lost no stamp is given.
   */
  setFeedConnected(connected: boolean): void {
    this.#feedConnected = connected
    this.advance(EVERYTHING)
  }

  /**
   * Whether reads (from read replicas) include every change heard. The changes themselves were
   * advanced when heard; while reads are behind, only no new stamp is given, so what was derived
   * before and depends on nothing that changed stays fresh.
   */
  setReadsCurrent(current: boolean): void {
    this.#readsCurrent = current
  }
}

let processVersions: ContentVersions | undefined

/**
 * This process's content versions: one for every bundle of the application (the server in front
 * of Next.js and every route chunk), so what the server's change feed advances is what pages and
 * routes check.
 */
export function contentVersions(): ContentVersions {
  processVersions ??= processSingleton('content-version', () => new ContentVersions())
  return processVersions
}
