/**
 * What the benchmarks share: a build to run, a seeded database, the cached surfaces and the
 * bare-Node baseline sending their bytes, load runs with the server's CPU, the server's memory,
 * an admin to act as.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'
import pg from 'pg'

import { QUERY_LIMITS } from '@/content/contract'
import { LOCALES } from '@/i18n/locales'

import { createAdmin, signIn } from '../../tests/support/admin'
import { freePort, runScript } from '../../tests/support/app-server'
import { createTestDatabase } from '../../tests/support/database'
import { benchServerNode } from '../lib/image-node'
import { completeBuild, distDir, serverBundlePath } from '../lib/server-bundle'
import { seededRandom } from './corpus-reads'

/** A benchmark's run name (its databases and logs), apart per TEST_RUN_ID. */
export function benchRunName(bench: string): string {
  const id = process.env.TEST_RUN_ID
  return id ? `${bench}_${id.replaceAll('-', '_')}` : bench
}

/** A field of /proc/<pid>/status, in bytes (Linux). */
export function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)
  return match ? Number(match[1]) * 1024 : NaN
}

/** User + system CPU time the process has used so far, in milliseconds (/proc/<pid>/stat). */
export function cpuMillis(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) may hold spaces; count fields from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15)
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
}
/** `getconf CLK_TCK` on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100

/**
 * CPU time used so far by each PostgreSQL backend serving the database of `databaseUrl` (its
 * client connections but the one asking), by pid, in milliseconds; empty when the server is not
 * on this machine (its processes are not in /proc). The app's pool keeps its connections, so
 * the difference between two readings is what its queries cost the database server.
 */
export async function databaseCpuMillis(databaseUrl: string): Promise<Map<number, number>> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const { rows } = await db.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    )
    const cpu = new Map<number, number>()
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuMillis(pid))
      } catch {
        // Not on this machine, or gone since.
      }
    }
    return cpu
  } finally {
    await db.end()
  }
}

/** Database CPU between two readings of `databaseCpuMillis` (a backend new since counts whole). */
export function databaseCpuBetween(
  before: Map<number, number>,
  after: Map<number, number>,
): number {
  let total = 0
  for (const [pid, millis] of after) total += millis - (before.get(pid) ?? 0)
  return total
}

/**
 * Has the servers run on the Node.js line the Docker image runs, as production does
 * (scripts/lib/image-node.ts: `SERVER_NODE` for every server this process and its workloads
 * start, the bare-Node baseline included); `BENCH_SERVER_NODE=own` keeps the benchmark's own.
 */
function runServersOnImageNode(): void {
  const node = benchServerNode(process.env, readFileSync('Dockerfile', 'utf8'))
  if (node) process.env.SERVER_NODE = node
}

/**
 * Builds the app (and the server bundle) first when NEXT_DIST_DIR has no build, and picks the
 * Node.js the servers run on (`runServersOnImageNode`).
 */
export async function ensureBuild(): Promise<void> {
  runServersOnImageNode()
  if (existsSync(path.join(distDir(), 'BUILD_ID')) && existsSync(serverBundlePath())) return
  console.log(`No build in ${distDir()}: building first.`)
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed'))))
  })
  await completeBuild()
}

const BENCH_ADMIN = { email: 'bench@example.test', password: 'bench-password-0123456789' }

/** Creates the admin (the create-admin command) and returns an Authorization header value. */
export async function adminAuthorization(
  baseUrl: string,
  env: Record<string, string>,
): Promise<string> {
  await createAdmin(env, BENCH_ADMIN)
  return `JWT ${await signIn(baseUrl, BENCH_ADMIN)}`
}

/** What one load run measured. */
export interface Load {
  requests: number
  perSecond: number
  p50: number
  p99: number
  errors: number
  serverErrors: number
  cpuPerRequest: number
}

export interface LoadOptions {
  seconds: number
  connections: number
  headers?: Record<string, string>
}

/** Runs autocannon against `url` + `paths` (round robin) while measuring `pid`'s CPU time. */
export async function load(
  url: string,
  paths: string[],
  pid: number,
  { seconds, connections, headers }: LoadOptions,
): Promise<Load> {
  const cpuBefore = cpuMillis(pid)
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  })
  const cpu = cpuMillis(pid) - cpuBefore
  const requests = result.requests.total
  return {
    requests,
    perSecond: requests / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    serverErrors: result['5xx'],
    cpuPerRequest: requests ? cpu / requests : NaN,
  }
}

/** What requesting each of a list of URLs once measured. */
export interface FirstRequests {
  requests: number
  seconds: number
  /** The server's CPU time over the requests, in milliseconds. */
  cpuMs: number
  /** Answers other than 200. */
  errors: number
  /** Body bytes received. */
  bytes: number
  /** Answers by their `X-Cache` (`none` for an answer without one). */
  cache: Record<string, number>
  /** A few of the paths answered with an `X-Cache` other than MISS, with it. */
  notMisses: string[]
}

/**
 * Requests each of `paths` once, at most `connections` at a time (kept-alive connections of
 * their own), while measuring `pid`'s CPU time, and tallies the answers' `X-Cache`: a URL the
 * server has never been sent is a MISS.
 */
export async function loadFirstRequests(
  url: string,
  paths: readonly string[],
  pid: number,
  { connections, headers }: Omit<LoadOptions, 'seconds'>,
): Promise<FirstRequests> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const cache: Record<string, number> = {}
  const notMisses: string[] = []
  let errors = 0
  let bytes = 0
  let next = 0
  const request = (path: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${url}${path}`, { agent, headers }, (response) => {
          const status = String(response.headers['x-cache'] ?? 'none')
          cache[status] = (cache[status] ?? 0) + 1
          if (status !== 'MISS' && notMisses.length < 5) notMisses.push(`${path} (${status})`)
          if (response.statusCode !== 200) errors += 1
          response.on('data', (chunk: Buffer) => (bytes += chunk.length))
          response.on('end', resolve)
          response.on('error', reject)
        })
        .on('error', reject)
    })
  const connection = async () => {
    while (next < paths.length) await request(paths[next++]!)
  }
  const cpuBefore = cpuMillis(pid)
  const started = performance.now()
  try {
    await Promise.all(Array.from({ length: Math.min(connections, paths.length) }, connection))
  } finally {
    agent.destroy()
  }
  return {
    requests: paths.length,
    seconds: (performance.now() - started) / 1000,
    cpuMs: cpuMillis(pid) - cpuBefore,
    errors,
    bytes,
    cache,
    notMisses,
  }
}

/**
 * Environment variables written as `NAME=value` pairs separated by spaces (a benchmark's setting
 * for one of the servers it starts); a pair without `=` or a name is refused.
 */
export function environmentPairs(pairs: string | undefined): Record<string, string> {
  const entries = (pairs ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 1) throw new Error(`"${pair}" is not NAME=value`)
      return [pair.slice(0, equals), pair.slice(equals + 1)] as const
    })
  return Object.fromEntries(entries)
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Inserts `count` published posts in English and Spanish, like the seeded ones, in one go. */
async function addPosts(databaseUrl: string, count: number): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    await db.query('BEGIN')
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO posts (slug, published_at, _status)
       SELECT 'bench-post-' || n, now() - n * interval '1 hour', 'published'
       FROM generate_series(1, $1) AS n RETURNING id`,
      [count],
    )
    await db.query(
      `INSERT INTO posts_locales (title, excerpt, content, meta_title, meta_description, _locale, _parent_id)
       SELECT CASE l._locale WHEN 'en' THEN 'Benchmark post ' ELSE 'Artículo de prueba ' END || p.id,
              l.excerpt, l.content, NULL, l.meta_description, l._locale, p.id
       FROM unnest($1::int[]) AS p(id)
       CROSS JOIN LATERAL (
         SELECT DISTINCT ON (_locale) excerpt, content, meta_description, _locale
         FROM posts_locales WHERE content IS NOT NULL ORDER BY _locale, _parent_id
       ) AS l`,
      [rows.map((row) => row.id)],
    )
    await db.query('COMMIT')
    // Statistics and the visibility map, as a live database's autovacuum leaves them after a bulk
    // insert (this machine's PostgreSQL runs without autovacuum): without statistics PostgreSQL
    // took the generated posts for a handful and sorted all of them to find the newest few,
    // instead of reading its index; without the map no index can answer alone (a list sorted by
    // title read every translation's rich text to sort).
    await db.query('VACUUM ANALYZE')
  } finally {
    await db.end()
  }
}

/**
 * A database of the benchmark's own (`consultancy_<run>`), migrated and seeded with the demo
 * content plus `posts` generated published posts in both locales, and a media directory; returns
 * the environment an app is started with.
 */
export async function prepareBenchDatabase(
  run: string,
  posts: number,
): Promise<{ DATABASE_URL: string; MEDIA_DIR: string; LOG_LEVEL: string }> {
  const databaseUrl = await createTestDatabase(`consultancy_${run.replaceAll('-', '_')}`)
  const mediaDir = path.resolve(`.data/${run}-media`)
  rmSync(mediaDir, { recursive: true, force: true })
  mkdirSync(mediaDir, { recursive: true })
  const env = { DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, LOG_LEVEL: 'warn' }
  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrate failed')
  if ((await runScript('scripts/seed.ts', env)) !== 0) throw new Error('seed failed')
  await addPosts(databaseUrl, posts)
  return env
}

/**
 * The surfaces whose misses have a target, each with it: server CPU (Node and PostgreSQL
 * together) per miss, in milliseconds.
 */
export const MISS_TARGET_MS: Record<string, number> = {
  'API list': 2,
  'API list, es, sorted, paged, select': 2,
  'API document (depth 2)': 2,
  'Markdown twin': 2,
  'Markdown by Accept': 2,
  'HTML post': 8,
  'HTML home': 8,
}

/** A public surface the response cache answers: its name, path and request headers. */
export interface Surface {
  name: string
  path: string
  headers?: Record<string, string>
}

/** The cached surfaces of the site benchmark, on the newest post of the app at `baseUrl`. */
export async function cachedSurfaces(baseUrl: string): Promise<Surface[]> {
  const posts = (await (await fetch(`${baseUrl}/api/posts?limit=1`)).json()) as {
    docs: { id: number; slug: string }[]
  }
  const { id, slug } = posts.docs[0]!
  return [
    { name: 'API list', path: '/api/posts?limit=10' },
    {
      name: 'API list, es, sorted, paged, select',
      path: '/api/posts?locale=es&sort=title&page=3&select=title,slug,publishedAt',
    },
    { name: 'API document (depth 2)', path: `/api/posts/${id}?depth=2` },
    { name: 'API case studies', path: '/api/case-studies?locale=es' },
    { name: 'Markdown twin', path: `/en/blog/${slug}.md` },
    { name: 'Markdown by Accept', path: `/es/blog/${slug}`, headers: { accept: 'text/markdown' } },
    { name: 'llms.txt', path: '/llms.txt' },
    { name: 'schema.jsonl', path: '/feeds/schema.jsonl' },
    { name: 'openapi.json', path: '/openapi.json' },
    { name: 'HTML home', path: '/en' },
    { name: 'HTML blog list', path: '/en/blog?page=2' },
    { name: 'HTML post', path: `/en/blog/${slug}` },
  ]
}

/** A published post as the content API lists it. */
export interface ListedPost {
  id: number
  slug: string
}

/**
 * The distinct URLs a surface of `cachedSurfaces` has on `posts` (the API's published posts), each
 * a response cache entry of its own (src/cache/policy.ts keys requests by their canonical query):
 * the API document at every post's id, its query kept (depth); the API list at every page that
 * has posts, and, when the surface names no locale, without one (all locales) and in each locale;
 * a post's twin, by `.md` or by `Accept`, and its page, in each locale. `null` for a surface that
 * has no such variants (the home page, the site-wide files).
 */
export function distinctMissPaths(
  surface: Surface,
  posts: readonly ListedPost[],
  locales: readonly string[] = LOCALES,
): string[] | null {
  const url = new URL(surface.path, 'http://bench.invalid')
  if (/^\/api\/posts\/\d+$/.test(url.pathname)) {
    return posts.map(({ id }) => `/api/posts/${id}${url.search}`)
  }
  if (url.pathname === '/api/posts') {
    const limit = Number(url.searchParams.get('limit') ?? QUERY_LIMITS.limitDefault)
    const pages = Math.ceil(posts.length / limit)
    const named = url.searchParams.get('locale')
    const variants = named === null ? [null, ...locales] : [named]
    return variants.flatMap((locale) =>
      Array.from({ length: pages }, (_, index) => {
        const query = new URLSearchParams(url.searchParams)
        query.set('page', String(index + 1))
        if (locale !== null) query.set('locale', locale)
        return `/api/posts?${query}`
      }),
    )
  }
  const page = /^\/[a-z]{2}\/blog\/[^/]+?(\.md)?$/.exec(url.pathname)
  if (page) {
    return locales.flatMap((locale) =>
      posts.map(({ slug }) => `/${locale}/blog/${slug}${page[1] ?? ''}${url.search}`),
    )
  }
  return null
}
/** `items` in an order fixed by `seed` (Fisher–Yates on `seededRandom`). */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed)
  const shuffled = [...items]
  for (let last = shuffled.length - 1; last > 0; last -= 1) {
    const other = Math.floor(random() * (last + 1))
    ;[shuffled[last], shuffled[other]] = [shuffled[other]!, shuffled[last]!]
  }
  return shuffled
}

/** One run's blocks of a list of distinct URLs: a warm-up, then one block per slice. */
export interface DistinctRun<T> {
  warmUp: T[]
  slices: T[][]
}

/**
 * Splits a list of distinct URLs, each to be requested once by each build, into `runs` runs of a
 * warm-up block and `slices` slice blocks, all of one size (the most the list holds, at most
 * `maxSize`), taken in order: no URL is in two blocks, and what is left over is not used. Throws
 * when the list cannot give every block one URL.
 */
export function distinctBlocks<T>(
  items: readonly T[],
  runs: number,
  slices: number,
  maxSize = Infinity,
): DistinctRun<T>[] {
  const blocksPerRun = slices + 1
  const size = Math.min(maxSize, Math.floor(items.length / (runs * blocksPerRun)))
  if (!(size >= 1)) {
    throw new Error(
      `${items.length} distinct URLs cannot fill ${runs} runs of a warm-up and ${slices} slices`,
    )
  }
  const block = (index: number) => items.slice(index * size, (index + 1) * size)
  return Array.from({ length: runs }, (_, run) => ({
    warmUp: block(run * blocksPerRun),
    slices: Array.from({ length: slices }, (_, slice) => block(run * blocksPerRun + 1 + slice)),
  }))
}

/** What the bare-Node baseline sends for a path: the content type and the body, base64. */
export type BaselineRoutes = Record<string, { type: string; body: string }>

/** The bytes each surface answers on the app at `baseUrl`, for the baseline to send. */
export async function baselineRoutes(
  baseUrl: string,
  surfaces: Surface[],
): Promise<BaselineRoutes> {
  const routes: BaselineRoutes = {}
  for (const surface of surfaces) {
    const response = await fetch(`${baseUrl}${surface.path}`, { headers: surface.headers })
    if (response.status !== 200) throw new Error(`${surface.path}: ${response.status}`)
    routes[surface.path] = {
      type: response.headers.get('content-type') ?? 'application/octet-stream',
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    }
  }
  return routes
}

export interface Baseline {
  url: string
  pid: number
  stop: () => void
}

/** Starts scripts/bench/bare-node.ts answering `routes`. */
export async function startBaseline(run: string, routes: BaselineRoutes): Promise<Baseline> {
  const file = path.resolve(`.data/${run}-routes.json`)
  writeFileSync(file, JSON.stringify(routes))
  const port = await freePort()
  // On the app's Node (runServersOnImageNode), so that the two send the same bytes on the same runtime.
  const child: ChildProcess = spawn(
    process.env.SERVER_NODE || process.execPath,
    ['--import', 'tsx', 'scripts/bench/bare-node.ts', file, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()))
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() }
}

/**
 * The Node.js the app's server runs on: the benchmark's own, or `SERVER_NODE`'s
 * (tests/support/app-server.ts), which a report names beside it.
 */
function serverNode(): string {
  const binary = process.env.SERVER_NODE
  if (!binary) return `Node ${process.version}`
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim()
  return `Node ${process.version}, the server on Node ${version}`
}

/** One line naming the machine and the run's settings, for a report's head. */
export function machineLine(settings: string): string {
  return (
    `${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} · ` +
    `${Math.round(os.totalmem() / 1024 ** 3)} GiB · ${serverNode()} · ${settings}`
  )
}

/** Where workload `name` (`npm run bench:<name>`) writes its table; `npm run bench` shows them. */
export const reportPath = (name: string): string => path.join('.data', `benchmarks-${name}.md`)

/** A workload's report: each line printed as it comes, and all of them written to `reportPath`. */
export function benchReport(name: string): { out: (line?: string) => void; write: () => void } {
  const lines: string[] = []
  return {
    out: (line = '') => {
      lines.push(line)
      console.log(line)
    },
    write: () => {
      mkdirSync('.data', { recursive: true })
      writeFileSync(reportPath(name), `${lines.join('\n')}\n`)
    },
  }
}

/**
 * How a workload's run went, for `npm run bench`'s summary: a run that exits 0 without its table
 * stopped before measuring (`runWorkload` exits 1 when that happens; this catches any other way).
 */
export function workloadOutcome(
  run: { status: number | null; signal: NodeJS.Signals | null },
  wroteTable: boolean,
): 'done' | 'ended without its table' | `failed (${string})` {
  if (run.status !== 0) return `failed (${run.status ?? run.signal})`
  return wroteTable ? 'done' : 'ended without its table'
}
