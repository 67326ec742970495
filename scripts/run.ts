/**
 * The one entry point of `npm run dev|build|start|seed|migrate|create-admin`: settles the database, applies
 * migrations, then runs Next.js (or the seed) as a child process and forwards signals to it.
 *
 * With no DATABASE_URL it starts an embedded PostgreSQL under .data/ and seeds demo content on
 * the first run, so a newcomer needs nothing installed. With DATABASE_URL set, nothing is
 * seeded unless `npm run seed` is asked for.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { constants as osConstants } from 'node:os'
import path from 'node:path'

import nextEnv from '@next/env'

import { startEmbeddedPostgres, type EmbeddedDatabase } from './lib/embedded-postgres'
import { scriptNodeArgs, untilStarted } from './lib/script-process'
import { completeBuild, serverBundlePath, serverEnv, serverNodeArgs } from './lib/server-bundle'

const SECRET_FILE = '.data/payload-secret'
const EMBEDDED_PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329)
/** Where the embedded PostgreSQL keeps its data (another directory: another, separate database). */
const EMBEDDED_PG_DATA_DIR = process.env.EMBEDDED_PG_DATA_DIR || '.data/postgres'
/** Beside the embedded data: written once its demo content is in (`.data/seeded` by default). */
const SEEDED_MARKER = path.join(path.dirname(EMBEDDED_PG_DATA_DIR), 'seeded')

const [command = 'dev', ...rest] = process.argv.slice(2)
nextEnv.loadEnvConfig(process.cwd(), command === 'dev')

let embedded: EmbeddedDatabase | undefined
let child: ReturnType<typeof spawn> | undefined
/** The signal that asked this run to stop, if one did. */
let stopSignal: StopSignal | undefined

/**
 * Ctrl-C (SIGINT, sent by the terminal to its whole foreground process group: this process and
 * the child), a closing terminal (SIGHUP), or a process manager (SIGTERM, to this process only).
 */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
type StopSignal = (typeof STOP_SIGNALS)[number]

/** A process's exit code, 128 + the signal's number when a signal ended it (as shells report it). */
const exitCode = (code: number | null, signal: NodeJS.Signals | null): number =>
  code ?? 128 + (signal ? osConstants.signals[signal] : 0)

function run(bin: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  // Asked to stop between two steps: the next one does not start.
  if (stopSignal) return Promise.resolve(exitCode(null, stopSignal))
  return new Promise((resolve) => {
    child = spawn(bin, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code, signal) => resolve(exitCode(code, signal)))
  })
}

const tsx = (script: string, args: string[] = [], env: Record<string, string> = {}) =>
  untilStarted(() => run(process.execPath, scriptNodeArgs(script, args), env))
const nextBin = 'node_modules/next/dist/bin/next'
const payloadBin = 'node_modules/payload/bin.js'

/**
 * The end of every run, once its child has exited: the database stops last (it is in a process
 * group of its own, so Ctrl-C reaches it only through here). A run that was asked to stop, and
 * whose child stopped as asked, ends as if by that signal (130 for Ctrl-C), without a word.
 */
async function shutdown(code: number): Promise<never> {
  if (embedded) {
    await embedded.stop().catch((error: unknown) => {
      console.error(`[embedded-postgres] did not stop cleanly: ${String(error)}`)
    })
  }
  const stoppedAsAsked =
    stopSignal !== undefined &&
    (code === 0 || STOP_SIGNALS.some((signal) => code === exitCode(null, signal)))
  process.exit(stoppedAsAsked ? exitCode(null, stopSignal!) : code)
}

for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    if (stopSignal) return
    stopSignal = signal
    // The child stops first and on its own terms (the server finishes in-flight requests); the
    // step under way then returns and shutdown() follows. A SIGHUP is passed on as SIGTERM: the
    // server shuts down gracefully on that, not on a hang-up.
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal)
    }
  })
}

async function prepareDatabase(): Promise<void> {
  if (process.env.DATABASE_URL) return
  embedded = await startEmbeddedPostgres({ port: EMBEDDED_PG_PORT, dataDir: EMBEDDED_PG_DATA_DIR })
  process.env.DATABASE_URL = embedded.url
  // Zero-config means local: the site is wherever this machine serves it, and its mail is kept
  // as files to read (a production start elsewhere must name a mail server or ask for files).
  process.env.SITE_URL ??= `http://localhost:${process.env.PORT ?? '3000'}`
  if (!process.env.SMTP_URL) process.env.MAIL_TRANSPORT ??= 'files'
  if (!process.env.PAYLOAD_SECRET) {
    // A per-checkout secret, so even the zero-config production start has a real one.
    if (!existsSync(SECRET_FILE)) {
      mkdirSync('.data', { recursive: true })
      writeFileSync(SECRET_FILE, randomBytes(32).toString('hex'), { mode: 0o600 })
    }
    process.env.PAYLOAD_SECRET = readFileSync(SECRET_FILE, 'utf8').trim()
  }
}

async function migrateAndMaybeSeed(seed: 'always' | 'first-run' | 'never'): Promise<void> {
  let code = await tsx('scripts/migrate.ts')
  if (code !== 0) await shutdown(code)
  const firstEmbeddedRun = embedded !== undefined && !existsSync(SEEDED_MARKER)
  if (seed === 'always' || (seed === 'first-run' && firstEmbeddedRun)) {
    code = await tsx('scripts/seed.ts')
    if (code !== 0) await shutdown(code)
    if (embedded) writeFileSync(SEEDED_MARKER, new Date().toISOString())
  }
}

async function main(): Promise<never> {
  const port = process.env.PORT ?? '3000'
  switch (command) {
    case 'build': {
      // The build queries nothing, so it needs no database (Docker builds have none).
      const code = await run(process.execPath, [nextBin, 'build', ...rest])
      if (code === 0) {
        const shared = await completeBuild()
        console.log(
          `Server chunks: ${shared.replaced} further copies of ${shared.chunks} chunks now load the first (${(shared.bytes / 1e6).toFixed(1)} MB not loaded twice)`,
        )
      }
      return shutdown(code)
    }
    case 'migrate':
      await prepareDatabase()
      return shutdown(await tsx('scripts/migrate.ts'))
    case 'seed':
      await prepareDatabase()
      await migrateAndMaybeSeed('always')
      return shutdown(0)
    case 'create-admin':
      await prepareDatabase()
      await migrateAndMaybeSeed('never')
      return shutdown(await tsx('scripts/create-admin.ts', rest))
    case 'payload':
      await prepareDatabase()
      return shutdown(await run(process.execPath, [payloadBin, ...rest]))
    case 'dev':
    case 'start':
      await prepareDatabase()
      await migrateAndMaybeSeed('first-run')
      if (command === 'dev') {
        const env = { NODE_ENV: 'development', PORT: port }
        return shutdown(await tsx('src/server/start.ts', rest, env))
      }
      return shutdown(
        await run(process.execPath, [...serverNodeArgs(), serverBundlePath(), ...rest], {
          ...serverEnv(),
          NODE_ENV: 'production',
          PORT: port,
        }),
      )
    default:
      console.error(
        `Unknown command "${command}". Use dev, build, start, seed, migrate, create-admin or payload.`,
      )
      return shutdown(2)
  }
}

main().catch(async (error: unknown) => {
  // A step that could not run (the embedded database did not start, …): its message, no trace.
  console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
})
