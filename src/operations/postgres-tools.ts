/**
 * PostgreSQL's own client tools, pg_dump and pg_restore, as backup and restore run them, and the
 * two questions asked of the server first (its version; whether the target is empty).
 */
import { execFile, spawn } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'

const run = promisify(execFile)

export type PgTool = 'pg_dump' | 'pg_restore'

/** The tool's path: in `pgBin` when given, else found on PATH. */
export const toolPath = (tool: PgTool, pgBin?: string) => (pgBin ? path.join(pgBin, tool) : tool)

/** `pg_dump --version`'s answer, or a refusal-worthy message when there is no such tool. */
export async function toolVersion(tool: PgTool, pgBin?: string): Promise<string> {
  try {
    const { stdout } = await run(toolPath(tool, pgBin), ['--version'])
    return stdout.trim()
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : 'failed'
    throw new Error(
      `${toolPath(tool, pgBin)} ${reason}: install PostgreSQL's client tools ` +
        `(postgresql-client on Debian/Ubuntu), or name their directory with --pg-bin.`,
      { cause: error },
    )
  }
}

/**
 * A connection URL for the tools without its password, and the password in PGPASSWORD: a
 * command line is visible to every user of the machine (`ps`), a child's environment is not.
 */
export function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return {
    url: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  }
}

export interface ServerInfo {
  database: string
  version: string
  versionNum: number
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export function serverInfo(databaseUrl: string): Promise<ServerInfo> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ database: string; version: string; num: string }>(
      `select current_database() as database, current_setting('server_version') as version,
              current_setting('server_version_num') as num`,
    )
    const row = rows[0]!
    return { database: row.database, version: row.version, versionNum: Number(row.num) }
  })
}

/** Up to `limit` tables, views and sequences of the public schema, by name. */
export function publicRelations(databaseUrl: string, limit: number): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        order by c.relname limit $1`,
      [limit],
    )
    return rows.map((row) => row.name)
  })
}

/** Runs a tool, its output passed through (its progress and errors are the operator's to read). */
function runTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv, pgBin?: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(toolPath(tool, pgBin), args, {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${tool} failed (${signal ? `signal ${signal}` : `exit ${code}`})`)),
    )
  })
}

/**
 * One consistent snapshot of the database (pg_dump reads it in a single repeatable-read
 * transaction while the site keeps running), in the custom format: compressed, and read by
 * pg_restore object by object rather than as one SQL script.
 */
export function dumpDatabase(databaseUrl: string, file: string, pgBin?: string): Promise<void> {
  const connection = toolConnection(databaseUrl)
  return runTool(
    'pg_dump',
    ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${connection.url}`],
    connection.env,
    pgBin,
  )
}

/**
 * Restores an archive into an empty database: objects owned and granted as the restoring user
 * (the source's roles need not exist here), all in one transaction, stopping at the first error,
 * so a failed restore leaves the database as empty as it was.
 */
export function restoreDatabase(databaseUrl: string, file: string, pgBin?: string): Promise<void> {
  const connection = toolConnection(databaseUrl)
  return runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--no-password',
      `--dbname=${connection.url}`,
      file,
    ],
    connection.env,
    pgBin,
  )
}
