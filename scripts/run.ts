/**
 * The one entry point of `npm run dev|build|start|seed|migrate`: settles the database, applies
 * migrations, then runs Next.js (or the seed) as a child process and forwards signals to it.
 *
 * With no DATABASE_URL it starts an embedded PostgreSQL under .data/ and seeds demo content on
 * the first run, so a newcomer needs nothing installed. With DATABASE_URL set, nothing is
 * seeded unless `npm run seed` is asked for.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'

import nextEnv from '@next/env'

import { startEmbeddedPostgres, type EmbeddedDatabase } from './lib/embedded-postgres'
import { buildServerBundle, serverBundlePath } from './lib/server-bundle'

const SECRET_FILE = '.data/payload-secret'
const SEEDED_MARKER = '.data/seeded'
const EMBEDDED_PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329)

const [command = 'dev', ...rest] = process.argv.slice(2)
nextEnv.loadEnvConfig(process.cwd(), command === 'dev')

let embedded: EmbeddedDatabase | undefined
let child: ReturnType<typeof spawn> | undefined
let stopping = false

function run(bin: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    child = spawn(bin, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const tsx = (script: string, args: string[] = []) =>
  run(process.execPath, ['--import', 'tsx', script, ...args])
const nextBin = 'node_modules/next/dist/bin/next'
const payloadBin = 'node_modules/payload/bin.js'

async function shutdown(code: number): Promise<never> {
  stopping = true
  if (embedded) await embedded.stop().catch(() => {})
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    // Let the child finish in-flight work first; the database stops after it exits.
    if (child && child.exitCode === null) child.kill(signal)
    else void shutdown(130)
  })
}

async function prepareDatabase(): Promise<void> {
  if (process.env.DATABASE_URL) return
  embedded = await startEmbeddedPostgres({ port: EMBEDDED_PG_PORT })
  process.env.DATABASE_URL = embedded.url
  // Zero-config means local: the site is wherever this machine serves it.
  process.env.SITE_URL ??= `http://localhost:${process.env.PORT ?? '3000'}`
  if (!process.env.PAYLOAD_SECRET) {
    // A per-checkout secret, so even the zero-config production start has a real one.
    if (!existsSync(SECRET_FILE)) {
      mkdirSync('.data', { recursive: true })
      writeFileSync(SECRET_FILE, randomBytes(32).toString('hex'), { mode: 0o600 })
    }
    process.env.PAYLOAD_SECRET = readFileSync(SECRET_FILE, 'utf8').trim()
  }
}

async function migrateAndMaybeSeed(seed: 'always' | 'first-run'): Promise<void> {
  let code = await tsx('scripts/migrate.ts')
  if (code !== 0) await shutdown(code)
  const firstEmbeddedRun = embedded !== undefined && !existsSync(SEEDED_MARKER)
  if (seed === 'always' || firstEmbeddedRun) {
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
      if (code === 0) await buildServerBundle()
      return shutdown(code)
    }
    case 'migrate':
      await prepareDatabase()
      return shutdown(await tsx('scripts/migrate.ts'))
    case 'seed':
      await prepareDatabase()
      await migrateAndMaybeSeed('always')
      return shutdown(0)
    case 'payload':
      await prepareDatabase()
      return shutdown(await run(process.execPath, [payloadBin, ...rest]))
    case 'dev':
    case 'start':
      await prepareDatabase()
      await migrateAndMaybeSeed('first-run')
      return shutdown(
        await run(
          process.execPath,
          command === 'dev'
            ? ['--import', 'tsx', 'src/server/main.ts', ...rest]
            : [serverBundlePath(), ...rest],
          { NODE_ENV: command === 'dev' ? 'development' : 'production', PORT: port },
        ),
      )
    default:
      console.error(
        `Unknown command "${command}". Use dev, build, start, seed, migrate or payload.`,
      )
      return shutdown(2)
  }
}

void main()
