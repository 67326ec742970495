/**
 * The agent access global's shape as stored: its slug, its tables and the values of its fields.
 * Free of Payload and of the agent table, so that the change feed (src/cache/invalidation.ts) and
 * the policy's reader (src/agents/access-policy-store.ts) import it without the global's config.
 */
export const AGENT_ACCESS_SLUG = 'agent-access'

/**
 * The global's tables (no version tables: it has no drafts). A committed write to either notifies
 * the content change feed (the agent-access migration's triggers), which advances the policy's
 * own content-version key (src/cache/invalidation.ts).
 */
export const AGENT_ACCESS_TABLES = ['agent_access', 'agent_access_crawlers'] as const

/** The most crawler overrides: each is a group of robots.txt, repeating the base rules. */
export const CRAWLER_OVERRIDES_MAX = 50

/** A crawler's choice for one purpose: the site's choice, or its own. */
export const OVERRIDE_CHOICES = ['inherit', 'allow', 'refuse'] as const
export type OverrideChoice = (typeof OVERRIDE_CHOICES)[number]

/**
 * The purposes as the fields name them, each with the column it is stored in (the site's choice
 * in `agent_access`, a crawler's in `agent_access_crawlers`). The same three, in the same order,
 * as `PURPOSES` in src/agents/access-policy.ts, whose names they map to (a test holds them
 * together).
 */
export const PURPOSE_COLUMNS = [
  { field: 'search', purpose: 'search', siteColumn: 'allow_search', crawlerColumn: 'search' },
  {
    field: 'aiInput',
    purpose: 'ai-input',
    siteColumn: 'allow_ai_input',
    crawlerColumn: 'ai_input',
  },
  {
    field: 'aiTrain',
    purpose: 'ai-train',
    siteColumn: 'allow_ai_train',
    crawlerColumn: 'ai_train',
  },
] as const
