import { createHash } from 'node:crypto'

import pg from 'pg'

/**
 * node-postgres with every parameterised statement prepared once per connection, handed to
 * Payload's adapter (`pg` in payload.config.ts).
 *
 * Drizzle sends each of Payload's statements unnamed, so PostgreSQL parses, analyses and plans it
 * anew on every execution; for Payload's reads (lateral joins per localized field and
 * relationship) that costs several times the execution itself. Named after a hash of its text, a
 * statement is parsed once per connection and PostgreSQL may settle on a generic plan after a few
 * executions. Answers are unchanged: the same text with the same values.
 *
 * Named are statements sent with parameters (they use the extended protocol either way) and
 * reads without them that are certainly one statement (a `select` or `with` text without a
 * semicolon: a text of several statements, which a prepared statement cannot be, needs one; a
 * page's limit and offset are written into the text, src/lib/sql-literals.ts), and only once
 * their text has been sent before: Payload names the tables it joins
 * for a relationship condition with random aliases, so those texts never repeat and preparing them
 * would only fill the database session's memory. Each connection keeps at most
 * `PREPARED_STATEMENTS_PER_CONNECTION`, so that an unbounded variety of texts (a `select` of any
 * combination of fields) cannot grow a session without end: past it, new texts go unnamed.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 100

/** How many texts sent once a pool remembers (then it starts over) to know one sent again. */
const TEXTS_SEEN_MAX = 5_000

/**
 * How many prepared statements' names a pool keeps by their text (then it starts over): a text
 * of Payload's runs to several kilobytes, and hashing it on every execution was a few percent of
 * a document twin's miss.
 */
export const NAMES_KEPT_MAX = 1_000

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown }
type Query = (...args: unknown[]) => unknown

/** A text that is one read: `select` or `with`, and no semicolon that could end it. */
const ONE_READ = /^\s*(?:select|with)\b[^;]*$/i

/** A name PostgreSQL accepts (at most 63 bytes) that differs whenever the text does. */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url')}`
}

/**
 * The names of a pool's statements: those of texts sent more than once kept by their text, so
 * that a text is hashed at most twice (its first and second sending) while it stays kept.
 */
export class StatementNames {
  private readonly byText = new Map<string, string>()
  /** The names of texts sent once (the text itself is not kept: most never come again). */
  readonly seen = new Set<string>()
  /** How many times a text was hashed. */
  hashed = 0

  of(text: string): string {
    const kept = this.byText.get(text)
    if (kept !== undefined) return kept
    this.hashed += 1
    return statementName(text)
  }

  /** Keeps the name of a text sent again. */
  keep(text: string, name: string): void {
    if (this.byText.size >= NAMES_KEPT_MAX) this.byText.clear()
    this.byText.set(text, name)
  }

  get kept(): number {
    return this.byText.size
  }
}

/** The query config to send: named when it is a parameterised statement and the bound allows. */
function withStatementName(
  config: unknown,
  values: unknown,
  prepared: Set<string>,
  names: StatementNames,
): QueryConfig | undefined {
  const query: QueryConfig | undefined =
    typeof config === 'string'
      ? { text: config }
      : typeof config === 'object' && config !== null
        ? (config as QueryConfig)
        : undefined
  // A Query or cursor object (it has `submit`) is passed through as it is.
  if (query === undefined || typeof query.text !== 'string') return undefined
  if (query.name !== undefined || query.submit !== undefined) return undefined
  const parameters = values !== undefined && typeof values !== 'function' ? values : query.values
  const parameterised = Array.isArray(parameters) && parameters.length > 0
  if (!parameterised && !ONE_READ.test(query.text)) return undefined
  const name = names.of(query.text)
  if (!prepared.has(name)) {
    const { seen } = names
    if (!seen.has(name)) {
      if (seen.size >= TEXTS_SEEN_MAX) seen.clear()
      seen.add(name)
      return undefined
    }
    names.keep(query.text, name)
    if (prepared.size >= PREPARED_STATEMENTS_PER_CONNECTION) return undefined
    prepared.add(name)
  }
  return { ...query, name }
}

/**
 * Makes one connection name its parameterised statements (see the module's comment); `names` is
 * shared by a pool's connections.
 */
function prepareRepeatedStatements(client: pg.ClientBase, names: StatementNames): void {
  const prepared = new Set<string>()
  const query = client.query.bind(client) as Query
  ;(client as unknown as { query: Query }).query = (config: unknown, ...rest: unknown[]) =>
    query(withStatementName(config, rest[0], prepared, names) ?? config, ...rest)
}

export class PreparingPool extends pg.Pool {
  readonly statementNames = new StatementNames()

  constructor(config?: pg.PoolConfig) {
    super(config)
    this.on('connect', (client) => prepareRepeatedStatements(client, this.statementNames))
  }
}

/** The `pg` module for Payload's adapter, its pools preparing repeated statements. */
export const pgPreparingStatements: typeof pg = { ...pg, Pool: PreparingPool }
