import { context, SpanKind, TraceFlags, type Span } from '@opentelemetry/api'
import {
  ATTR_DB_NAMESPACE,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_SUMMARY,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions'
import pg from 'pg'

import { activeTracer, markFailed, openParentSpan } from './tracing'

/**
 * node-postgres whose pools make a span of each query, for Payload's adapter (payload.config.ts)
 * when tracing is on. The server's bundle and Next's include their own copy of `pg`, which no
 * module hook can reach: the spans are made here, around the pool the adapter is given (plain
 * `pg`, or the pool preparing statements, src/lib/prepared-statements.ts). Every query of
 * Payload's and of the project's own SQL (read-database.ts reads through the same pools, read
 * replicas included) goes through one.
 *
 * A query is traced only inside an open span (a request's, or a span of `withSpan`): the job
 * queue's and the mail outbox's polls would otherwise each begin a trace of one span, every few
 * seconds. What a span says of its statement is its operation and the tables it names (the
 * semantic conventions' query summary: `SELECT posts posts_locales`); never its text, which may
 * hold literals, nor its values.
 */

/** The tables named in a span's summary, at most. */
export const SUMMARY_TABLES_MAX = 4

/** A summary's length, at most (the semantic conventions' limit). */
export const SUMMARY_LENGTH_MAX = 255

type Query = (...args: unknown[]) => unknown
type Callback = (...args: unknown[]) => void
type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void

/** A first word that can be a statement's operation. */
const OPERATION = /^[a-z]+/i

/** What could hide a table's name or look like one: comments and literals. */
const COMMENTS_AND_LITERALS = /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|\$(\w*)\$[\s\S]*?\$\1\$/g

/** `from` that names no table: `is [not] distinct from`, `extract(field from …)`, `trim(… from …)`. */
const FROM_OF_AN_EXPRESSION =
  /\bdistinct\s+from\b|\(\s*\w+\s+from\b|\b(?:both|leading|trailing)\s+from\b/gi

/** A name, quoted or not. */
const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[a-z_][\w$]*)`

/**
 * A table after the keyword that introduces it: a name, perhaps with its schema, not a subquery
 * (`join lateral (select …)`) nor a function's result (`from unnest(…)`, its parenthesis right
 * after its name, where `insert into "t" (…)` has a space).
 */
const TABLE = new RegExp(
  String.raw`\b(?:from|join|into|update|table)\s+(?:(?:lateral|only)\s+)?(?!(?:lateral|only)\b)` +
    String.raw`(${IDENTIFIER}(?:\s*\.\s*${IDENTIFIER})?)(?![\w$"(])`,
  'gi',
)

/** An innermost parenthesised group. */
const INNERMOST_GROUP = /\([^()]*\)/g

/** What a `with` statement does, at its outermost level (after its common tables). */
const MAIN_OPERATION = /\b(select|insert|update|delete|merge)\b/i

/** A common table's name, at a `with` statement's outermost level. */
const COMMON_TABLE = new RegExp(
  String.raw`(?:\bwith(?:\s+recursive)?|,)\s+(${IDENTIFIER})\s+as\b`,
  'gi',
)

/** A statement's outermost level: its text with every parenthesised group taken out. */
function outermostLevel(words: string): string {
  let level = words
  for (let previous = ''; previous !== level;) {
    previous = level
    level = level.replace(INNERMOST_GROUP, ' ')
  }
  return level
}

const unquoted = (name: string) =>
  name
    .replace(/\s+/g, '')
    .replace(/"((?:[^"]|"")+)"/g, (_, quoted: string) => quoted.replace(/""/g, '"'))

/**
 * A statement's operation and the semantic conventions' summary of it: the operation and the
 * tables it names, in order, each once (`SELECT posts posts_locales`). The operation is the
 * first word, or for `with` what the statement does after its common tables, whose names are no
 * tables.
 */
export function querySummary(text: string): { operation?: string; summary: string } {
  const words = text.replace(COMMENTS_AND_LITERALS, ' ').trimStart()
  let operation = OPERATION.exec(words)?.[0].toUpperCase()
  const commonTables = new Set<string>()
  if (operation === 'WITH') {
    const level = outermostLevel(words)
    operation = MAIN_OPERATION.exec(level)?.[1]?.toUpperCase() ?? operation
    for (const [, name] of level.matchAll(COMMON_TABLE)) commonTables.add(unquoted(name!))
  }
  const tables: string[] = []
  for (const [, name] of words.replace(FROM_OF_AN_EXPRESSION, ' ').matchAll(TABLE)) {
    const table = unquoted(name!)
    if (!tables.includes(table) && !commonTables.has(table)) tables.push(table)
    if (tables.length === SUMMARY_TABLES_MAX) break
  }
  const summary = [operation ?? DB_SYSTEM_NAME_VALUE_POSTGRESQL, ...tables].join(' ')
  return { operation, summary: summary.slice(0, SUMMARY_LENGTH_MAX) }
}

/** The text of what `client.query` was given: a string, or a config object's `text`. */
function textOf(config: unknown): string | undefined {
  if (typeof config === 'string') return config
  const text = (config as { text?: unknown } | null | undefined)?.text
  return typeof text === 'string' ? text : undefined
}

function endQuerySpan(span: Span, error?: unknown): void {
  if (error) {
    const { code } = error as { code?: unknown }
    if (typeof code === 'string') span.setAttribute(ATTR_DB_RESPONSE_STATUS_CODE, code)
    markFailed(span, error)
  }
  span.end()
}

/**
 * Makes a span of each query `client` runs inside an open span, ended when its promise settles,
 * its callback is called, or (a cursor, a stream) it ends.
 */
function traceQueries(client: pg.ClientBase): void {
  const { host, port, database } = client as pg.ClientBase & {
    host?: string
    port?: number
    database?: string
  }
  const query = client.query.bind(client) as Query
  ;(client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const tracer = activeTracer()
    const active = context.active()
    if (tracer === undefined) return query(...args)
    // Nothing to record outside an open span, or in a trace not sampled.
    const parent = openParentSpan(active)
    if (parent === undefined || !(parent.spanContext().traceFlags & TraceFlags.SAMPLED))
      return query(...args)
    const { operation, summary } = querySummary(textOf(args[0]) ?? '')
    const span = tracer.startSpan(
      summary,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
          [ATTR_DB_QUERY_SUMMARY]: summary,
          ...(operation ? { [ATTR_DB_OPERATION_NAME]: operation } : {}),
          ...(database ? { [ATTR_DB_NAMESPACE]: database } : {}),
          ...(host ? { [ATTR_SERVER_ADDRESS]: host } : {}),
          ...(port ? { [ATTR_SERVER_PORT]: port } : {}),
        },
      },
      active,
    )
    const last = args.length - 1
    const callback = args[last]
    if (typeof callback === 'function') {
      args[last] = (error: unknown, ...results: unknown[]) => {
        endQuerySpan(span, error)
        ;(callback as Callback)(error, ...results)
      }
      return query(...args)
    }
    let result: unknown
    try {
      result = query(...args)
    } catch (error) {
      endQuerySpan(span, error)
      throw error
    }
    if (result instanceof Promise) {
      result.then(
        () => endQuerySpan(span),
        (error: unknown) => endQuerySpan(span, error),
      )
    } else if (typeof (result as { once?: unknown } | null)?.once === 'function') {
      // A submittable (cursor, stream): done when it ends or fails.
      const emitter = result as NodeJS.EventEmitter
      emitter.once('end', () => endQuerySpan(span))
      emitter.once('error', (error: unknown) => endQuerySpan(span, error))
    } else {
      span.end()
    }
    return result
  }
}

/**
 * The `pg` module for Payload's adapter with tracing on: `base` (by default `pg` itself) whose
 * pools trace their clients' queries. A pool hands its clients to waiting queries when another
 * query releases one, in that query's context; the callbacks of `connect` are bound to their
 * caller's context, so that each query's span has its own request as parent.
 */
export function pgTracingQueries(base: typeof pg = pg): typeof pg {
  class TracingPool extends base.Pool {
    constructor(config?: pg.PoolConfig) {
      super(config)
      this.on('connect', (client) => traceQueries(client))
    }

    override connect(): Promise<pg.PoolClient>
    override connect(callback: ConnectCallback): void
    override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
      if (callback === undefined) return super.connect()
      return super.connect(context.bind(context.active(), callback))
    }
  }
  return { ...base, Pool: TracingPool }
}
