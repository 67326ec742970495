import pg from 'pg'

import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../scripts/lib/embedded-postgres'

/**
 * Tests run against a real PostgreSQL server: TEST_DATABASE_ADMIN_URL if set, else the local
 * server on 127.0.0.1:5432, else (a machine with none) an embedded one under .data/.
 */
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

let embedded: EmbeddedDatabase | undefined

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

async function adminUrl(): Promise<string> {
  const configured = process.env.TEST_DATABASE_ADMIN_URL
  if (configured) return configured
  if (await reachable(DEFAULT_ADMIN_URL)) return DEFAULT_ADMIN_URL
  embedded ??= await startEmbeddedPostgres({
    port: 54339,
    dataDir: '.data/test-postgres',
    database: 'postgres_admin',
  })
  return embedded.url
}

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
export async function withConnection<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Drops and recreates database `name`; returns its connection URL. */
export async function createTestDatabase(name: string): Promise<string> {
  const url = await adminUrl()
  await withConnection(url, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.query(`create database "${name}"`)
  })
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/**
 * Drops and recreates database `name` as a copy of `template` (which must have no open
 * connections); returns its connection URL. Copying a seeded database takes a fraction of a
 * second, seeding another one several.
 */
export async function copyTestDatabase(template: string, name: string): Promise<string> {
  const url = await adminUrl()
  await withConnection(url, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.query(`create database "${name}" template "${template}"`)
  })
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

export async function stopTestDatabaseServer(): Promise<void> {
  await embedded?.stop()
  embedded = undefined
}
