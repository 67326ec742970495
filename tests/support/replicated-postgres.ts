import { execFileSync, spawn } from 'node:child_process'
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { freePort } from './app-server'
import { withConnection } from './database'
import { waitUntil } from './poll'

/**
 * A throwaway PostgreSQL primary and a hot standby streaming from it, made with the server
 * binaries installed on the machine (Debian's /usr/lib/postgresql/<version>/bin, or
 * POSTGRES_BIN_DIR). The servers refuse to run as root, so as root they run as the `postgres`
 * user, in a temporary directory that user owns. A missing binary fails the test: replication is
 * what it is about, so there is nothing to fall back on.
 */
export interface ReplicatedPostgres {
  /** URL of `database` on the primary, where writes go and content changes are notified. */
  primaryUrl: (database: string) => string
  /** URL of `database` on the standby. */
  standbyUrl: (database: string) => string
  /** Stops the standby applying WAL (it still receives it), as a replica far behind would. */
  pauseReplay: () => Promise<void>
  resumeReplay: () => Promise<void>
  stop: () => Promise<void>
}

function serverBinDir(): string {
  const configured = process.env.POSTGRES_BIN_DIR
  const candidates = configured
    ? [configured]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []
  const found = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'pg_basebackup'].every((name) => existsSync(path.join(dir, name))),
  )
  if (!found) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) not found in ${
        candidates.join(', ') || '/usr/lib/postgresql/*/bin'
      }; install the postgresql package or set POSTGRES_BIN_DIR`,
    )
  }
  return found
}

const asRoot = process.getuid?.() === 0

/** Runs a server binary, as the postgres user when we are root; rejects with its output. */
function run(binary: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args]
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(`${path.basename(binary)} ${args.join(' ')} exited ${code}:\n${output}`),
          ),
    )
  })
}

export async function startReplicatedPostgres(database: string): Promise<ReplicatedPostgres> {
  const bin = serverBinDir()
  const root = mkdtempSync(path.join(tmpdir(), 'replicated-postgres-'))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(root, uid, gid)
  }
  const primaryDir = path.join(root, 'primary')
  const standbyDir = path.join(root, 'standby')
  const [primaryPort, standbyPort] = [await freePort(), await freePort()]
  const urlOf = (port: number, name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`
  const started: string[] = []

  const stopServers = async () => {
    for (const dir of started.reverse()) {
      await run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop']).catch(() => {})
    }
    started.length = 0
    rmSync(root, { recursive: true, force: true })
  }
  // Should the test process die first, the servers must not outlive it.
  const onExit = () => {
    for (const dir of started) {
      try {
        execFileSync(
          asRoot ? 'runuser' : path.join(bin, 'pg_ctl'),
          asRoot
            ? [
                '-u',
                'postgres',
                '--',
                path.join(bin, 'pg_ctl'),
                '-D',
                dir,
                '-m',
                'immediate',
                'stop',
              ]
            : ['-D', dir, '-m', 'immediate', 'stop'],
          { stdio: 'ignore' },
        )
      } catch {
        // Already gone.
      }
    }
  }
  process.once('exit', onExit)

  try {
    await run(path.join(bin, 'initdb'), [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ])
    // initdb's pg_hba.conf already trusts replication connections from 127.0.0.1.
    appendFileSync(
      path.join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'wal_keep_size = 256MB',
        'hot_standby = on',
        'shared_buffers = 32MB',
        'max_connections = 60',
        // Throwaway data: durability on disk is not what is tested.
        'fsync = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    )
    await run(path.join(bin, 'pg_ctl'), [
      '-D',
      primaryDir,
      '-l',
      path.join(root, 'primary.log'),
      '-w',
      'start',
    ])
    started.push(primaryDir)
    await withConnection(urlOf(primaryPort, 'postgres'), (db) =>
      db.query(`create database "${database}"`),
    )

    await run(path.join(bin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ])
    appendFileSync(path.join(standbyDir, 'postgresql.conf'), `port = ${standbyPort}\n`)
    await run(path.join(bin, 'pg_ctl'), [
      '-D',
      standbyDir,
      '-l',
      path.join(root, 'standby.log'),
      '-w',
      'start',
    ])
    started.push(standbyDir)
    const inRecovery = await withConnection(urlOf(standbyPort, 'postgres'), (db) =>
      db.query<{ standby: boolean }>('select pg_is_in_recovery() as standby'),
    )
    if (!inRecovery.rows[0]?.standby) throw new Error('the standby is not in recovery')
  } catch (error) {
    await stopServers()
    process.removeListener('exit', onExit)
    throw error
  }

  const onStandby = (sql: string) =>
    withConnection(urlOf(standbyPort, 'postgres'), (db) => db.query(sql))

  return {
    primaryUrl: (name) => urlOf(primaryPort, name),
    standbyUrl: (name) => urlOf(standbyPort, name),
    async pauseReplay() {
      await onStandby('select pg_wal_replay_pause()')
      // Pausing takes effect between records; wait until it has.
      await waitUntil(
        'replay paused',
        async () => {
          const { rows } = await onStandby('select pg_get_wal_replay_pause_state() as state')
          return (rows[0] as { state: string }).state === 'paused'
        },
        { attempts: 200, everyMs: 25, timeout: 'the standby did not pause replay' },
      )
    },
    async resumeReplay() {
      await onStandby('select pg_wal_replay_resume()')
    },
    async stop() {
      await stopServers()
      process.removeListener('exit', onExit)
    },
  }
}
