import pg from 'pg'

import { env } from '@/env'
import {
  AGENT_ACCESS_TABLES,
  PURPOSE_COLUMNS,
  type OverrideChoice,
} from '@/globals/agent-access-schema'
import {
  AGENT_ACCESS_KEY,
  contentVersions,
  EVERYTHING,
  type ContentChange,
  type ContentVersions,
} from '@/lib/content-version'
import { logger } from '@/lib/logger'
import { onShutdown, processSingleton } from '@/lib/process-singleton'

import {
  OPEN_POLICY,
  refusesRequests,
  type AccessPolicy,
  type CrawlerOverride,
  type Purpose,
} from './access-policy'
import { usageHeaders, type UsageHeaders } from './usage-preferences'

/*
 * The agent access policy as this process holds it: read from the `agent-access` global's two
 * tables, kept while its content-version key (`agent-access`) has not advanced, and read again as
 * soon as the change feed says it did (`accessPolicyChanged`, from the project's server), so that
 * the server's per-request check (crawler-refusal.ts) and the headers of the response pipeline
 * read it without waiting. One holder per process (processSingleton): the server in front of
 * Next.js and every route chunk share it.
 *
 * It is read in SQL of our own, not through Payload's Local API: the server in front of Next.js
 * (which refuses crawlers before the response cache) has no Payload, and the policy must be known
 * there before the first request. The SQL reads the columns Payload's adapter made of the
 * global's fields (agent-access-schema.ts; the integration test holds the two together through
 * the REST API). It reads the primary: a save is seen as soon as the change feed announces it.
 */

/** The policy, when it was read, and what the hot paths need of it, worked out once. */
export interface PolicySnapshot {
  policy: AccessPolicy
  /** The content-version stamp taken before it was read (null: the change feed was down). */
  stamp: number | null
  /** Whether any request may be refused: the server's one check per request. */
  refusing: boolean
  headers: UsageHeaders
}

interface Held {
  /**
   * Whether this process follows the policy (the project's server started it): until then, as in
   * unit tests and scripts, responses state nothing and nothing is read for them.
   */
  started?: boolean
  snapshot?: PolicySnapshot
  /** The read under way, with the stamp it was taken under. */
  loading?: { stamp: number | null; promise: Promise<PolicySnapshot> }
  pool?: pg.Pool
  /** When a read last began while the feed was down (reads then are spaced, not per request). */
  unstampedAt?: number
}

const held = (): Held => processSingleton<Held>('agent-access-policy', () => ({}))

/** While the change feed is down, the policy is read again at most this often. */
const UNSTAMPED_READ_EVERY_MS = 1_000

/** The policy of the global's row as read: defaults fill what was never saved. */
export function policyOfRow(row: PolicyRow | undefined): AccessPolicy {
  if (!row) return OPEN_POLICY
  const allow = {} as Record<Purpose, boolean>
  for (const { purpose, siteColumn } of PURPOSE_COLUMNS) allow[purpose] = row[siteColumn] !== false
  const crawlers: CrawlerOverride[] = (row.crawlers ?? []).map((crawler) => {
    const own: Partial<Record<Purpose, boolean>> = {}
    for (const { purpose, crawlerColumn } of PURPOSE_COLUMNS) {
      const choice = crawler[crawlerColumn] as OverrideChoice | null | undefined
      if (choice === 'allow') own[purpose] = true
      else if (choice === 'refuse') own[purpose] = false
    }
    return { agent: crawler.agent, allow: own, refuseRequests: crawler.refuse_requests === true }
  })
  return { allow, crawlers }
}

type SiteColumn = (typeof PURPOSE_COLUMNS)[number]['siteColumn']
type CrawlerColumn = (typeof PURPOSE_COLUMNS)[number]['crawlerColumn']

export type PolicyRow = Partial<Record<SiteColumn, boolean | null>> & {
  crawlers?: (Partial<Record<CrawlerColumn, string | null>> & {
    agent: string
    refuse_requests?: boolean | null
  })[]
}

const [SITE_TABLE, CRAWLERS_TABLE] = AGENT_ACCESS_TABLES

/** The global's one row with its overrides in their order, in one statement. */
const POLICY_STATEMENT = `
SELECT ${PURPOSE_COLUMNS.map(({ siteColumn }) => `a.${siteColumn}`).join(', ')},
  (SELECT json_agg(json_build_object(
      'agent', c.agent,
      ${PURPOSE_COLUMNS.map(({ crawlerColumn }) => `'${crawlerColumn}', c.${crawlerColumn}`).join(',\n      ')},
      'refuse_requests', c.refuse_requests) ORDER BY c._order)
    FROM ${CRAWLERS_TABLE} c WHERE c._parent_id = a.id) AS crawlers
FROM ${SITE_TABLE} a ORDER BY a.id LIMIT 1`

function pool(state: Held): pg.Pool {
  if (!state.pool) {
    const created = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 1,
      application_name: 'agent-access-policy',
      connectionTimeoutMillis: 5_000,
    })
    created.on('error', (error) =>
      logger.warn({ err: String(error) }, 'agent access policy: connection lost'),
    )
    state.pool = created
    onShutdown('agent access policy', () => created.end())
  }
  return state.pool
}

async function queryPolicy(state: Held): Promise<AccessPolicy> {
  const { rows } = await pool(state).query<PolicyRow>(POLICY_STATEMENT)
  return policyOfRow(rows[0])
}

/** Reads the policy (one read at a time per stamp) and holds it if nothing newer is held. */
function loadPolicy(
  state: Held = held(),
  versions: ContentVersions = contentVersions(),
  query: (state: Held) => Promise<AccessPolicy> = queryPolicy,
): Promise<PolicySnapshot> {
  const inFlight = state.loading
  if (inFlight && inFlight.stamp !== null && versions.isFresh([AGENT_ACCESS_KEY], inFlight.stamp))
    return inFlight.promise
  const stamp = versions.stamp()
  if (stamp === null) state.unstampedAt = Date.now()
  const promise = query(state).then((policy) => {
    const snapshot: PolicySnapshot = {
      policy,
      stamp,
      refusing: refusesRequests(policy),
      headers: usageHeaders(policy),
    }
    const current = state.snapshot
    // A read that began earlier may end later: the newest stamp wins (an unstamped read is newest).
    if (!current || stamp === null || current.stamp === null || stamp >= current.stamp)
      state.snapshot = snapshot
    return snapshot
  })
  const loading = { stamp, promise }
  state.loading = loading
  void promise.then(
    () => {
      if (state.loading === loading) state.loading = undefined
    },
    () => {
      if (state.loading === loading) state.loading = undefined
    },
  )
  return promise
}

/**
 * The current agent access policy: the held one while its key has not advanced, else read anew.
 * For the route handlers that state it (robots.txt, llms.txt, the MCP server card) and the
 * Audience dashboard. Rejects when the database cannot be read.
 */
export async function readAccessPolicy(): Promise<AccessPolicy> {
  const state = held()
  const snapshot = state.snapshot
  if (snapshot && contentVersions().isFresh([AGENT_ACCESS_KEY], snapshot.stamp))
    return snapshot.policy
  return (await loadPolicy(state)).policy
}

/** Reads the policy again, logging a failure (the held one stays). */
function refresh(state: Held = held()): void {
  loadPolicy(state).catch((error: unknown) =>
    logger.warn({ err: String(error) }, 'agent access policy not read; the held one stays'),
  )
}

/**
 * The change feed heard `change` (or connected again: `EVERYTHING`): when it touches the policy,
 * read it again now, so that the per-request check and the headers follow without a request
 * having to ask. Called by the project's server (src/server/main.ts), also once at start.
 */
export function accessPolicyChanged(change: ContentChange): void {
  if (change === EVERYTHING || change.includes(AGENT_ACCESS_KEY)) refresh()
}

/** How long the server waits for the first read before it takes requests without it. */
export const FIRST_READ_WAIT_MS = 5_000

/**
 * Starts following the policy (the project's server, once, before it listens): reads it, waiting
 * up to FIRST_READ_WAIT_MS, so that the first requests are checked and stated against it. A read
 * that fails is logged; the next change, or the next response stating the policy, reads again.
 */
export async function startFollowingAccessPolicy(): Promise<void> {
  const state = held()
  state.started = true
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_READ_WAIT_MS)
    timer.unref()
  })
  const read = loadPolicy(state).then(
    () => undefined,
    (error: unknown) =>
      logger.warn(
        { err: String(error) },
        'agent access policy not read at start; read again later',
      ),
  )
  await Promise.race([read, waited])
  clearTimeout(timer)
}

/** What the response pipeline's `agent-access` step reads (src/server/response-pipeline.ts). */
export interface HeldPolicy {
  /** The held policy's headers, or undefined before the first read ends. */
  headers: UsageHeaders | undefined
  /**
   * Whether what is held is current: false before the first read, after the policy's key advanced
   * (a read is then under way), and while the change feed is down. A response stating a policy
   * that may be outdated is not stored by any cache.
   */
  current: boolean
}

const NOT_FOLLOWED: HeldPolicy = { headers: undefined, current: true }

/**
 * The held policy for a response being finalized (nothing, and current, in a process that does
 * not follow the policy: `startFollowingAccessPolicy`). When it is not current, a read is started (at
 * most one per stamp; while the feed is down, at most one a second): the next response has it.
 */
export function heldPolicy(versions: ContentVersions = contentVersions()): HeldPolicy {
  const state = held()
  if (!state.started) return NOT_FOLLOWED
  const snapshot = state.snapshot
  const current = snapshot !== undefined && versions.isFresh([AGENT_ACCESS_KEY], snapshot.stamp)
  if (!current) {
    const unstamped = versions.stamp() === null
    if (!unstamped || Date.now() - (state.unstampedAt ?? 0) >= UNSTAMPED_READ_EVERY_MS)
      refresh(state)
  }
  return { headers: snapshot?.headers, current }
}

/**
 * The process's holder, for the server's per-request check, which keeps it and reads
 * `snapshot?.refusing`: false (or nothing held yet) means no request is refused, and nothing
 * else is looked at.
 */
export function accessPolicyHolder(): { readonly snapshot?: PolicySnapshot } {
  return held()
}

/** For tests: the holder's functions over a state and versions of their own. */
export const testing = { loadPolicy, POLICY_STATEMENT }
