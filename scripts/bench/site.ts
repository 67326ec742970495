/**
 * `npm run bench:site`: published reads of the production build against a bare Node server
 * sending the same bytes, with one load generator (autocannon, 32 connections) for both.
 *
 * On a database of its own (demo content plus BENCH_POSTS generated posts in both locales) it:
 *   1. starts the app (src/server/main.ts, what `npm start` runs) and times its cold start;
 *   2. for each public surface, runs the bare-Node baseline and the app alternately, and reports
 *      req/s, p50, p99, errors, the ratio of the two, and server CPU time per request
 *      (/proc/<pid>/stat before and after);
 *   3. measures cache misses on a second instance with the response cache off: latency one
 *      request at a time, throughput and CPU per request at 32 connections;
 *   4. publishes, unpublishes and deletes on one instance and times until a second instance
 *      (with its cache warm) shows it;
 *   5. drives both cached instances at once with every surface and counts errors and 5xx;
 *   6. reports the first instance's RSS and peak RSS after all that.
 * It prints a markdown report and writes it to .data/benchmarks-site.md.
 *
 * Settings: BENCH_POSTS (1000), BENCH_SECONDS (5), BENCH_CONNECTIONS (32).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'
import pg from 'pg'

import { freePort, runScript, startApp, type AppServer } from '../../tests/support/app-server'
import { createTestDatabase, stopTestDatabaseServer } from '../../tests/support/database'
import { adminAuthorization, cpuMillis, ensureBuild, procStatus } from './lib'

const POSTS = Number(process.env.BENCH_POSTS ?? 1000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const RUN = 'bench-site'
const MB = 1024 * 1024

interface Load {
  requests: number
  perSecond: number
  p50: number
  p99: number
  errors: number
  serverErrors: number
  cpuPerRequest: number
}

/** Runs autocannon against `url` + `paths` (round robin) while measuring `pid`'s CPU time. */
async function load(
  url: string,
  paths: string[],
  pid: number,
  options: { seconds?: number; connections?: number; headers?: Record<string, string> } = {},
): Promise<Load> {
  const cpuBefore = cpuMillis(pid)
  const result = await autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.seconds ?? SECONDS,
    requests: paths.map((path) => ({ method: 'GET', path, headers: options.headers })),
  })
  const cpu = cpuMillis(pid) - cpuBefore
  const requests = result.requests.total
  return {
    requests,
    perSecond: requests / (options.seconds ?? SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    serverErrors: result['5xx'],
    cpuPerRequest: requests ? cpu / requests : NaN,
  }
}

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
  } finally {
    await db.end()
  }
}

async function startBaseline(routes: Record<string, { type: string; body: string }>) {
  const file = path.resolve(`.data/${RUN}-routes.json`)
  writeFileSync(file, JSON.stringify(routes))
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/bare-node.ts', file, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()))
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() }
}

async function timeUntil(check: () => Promise<boolean>, limitMs = 10_000): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > limitMs) return Infinity
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return performance.now() - started
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'never')
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main(): Promise<void> {
  await ensureBuild()
  const report: string[] = []
  const out = (line = '') => {
    report.push(line)
    console.log(line)
  }
  const databaseUrl = await createTestDatabase(`consultancy_${RUN.replace('-', '_')}`)
  const mediaDir = path.resolve(`.data/${RUN}-media`)
  rmSync(mediaDir, { recursive: true, force: true })
  mkdirSync(mediaDir, { recursive: true })
  const env = { DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, LOG_LEVEL: 'warn' }
  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrate failed')
  if ((await runScript('scripts/seed.ts', env)) !== 0) throw new Error('seed failed')
  await addPosts(databaseUrl, POSTS)

  const apps: AppServer[] = []
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined
  try {
    // Cold start: process start to the first 200 of a content read.
    const spawned = performance.now()
    const app = await startApp(`${RUN}-a`, env)
    apps.push(app)
    const firstContent = await timeUntil(
      async () => (await fetch(`${app.url}/api/posts?limit=1`)).status === 200,
      60_000,
    )
    const coldStart = performance.now() - spawned
    const firstPage = await fetch(`${app.url}/en`)
    const firstPageMs = performance.now() - spawned

    const posts = (await (await fetch(`${app.url}/api/posts?limit=1`)).json()) as {
      docs: { id: number; slug: string }[]
    }
    const { id, slug } = posts.docs[0]!
    const surfaces: [string, string][] = [
      ['API list', '/api/posts?limit=10'],
      [
        'API list, es, sorted, paged, select',
        '/api/posts?locale=es&sort=title&page=3&select=title,slug,publishedAt',
      ],
      ['API document (depth 2)', `/api/posts/${id}?depth=2`],
      ['API case studies', '/api/case-studies?locale=es'],
      ['Markdown twin', `/en/blog/${slug}.md`],
      ['Markdown by Accept', `/es/blog/${slug}`],
      ['llms.txt', '/llms.txt'],
      ['schema.jsonl', '/feeds/schema.jsonl'],
      ['openapi.json', '/openapi.json'],
      ['HTML home', '/en'],
      ['HTML blog list', '/en/blog?page=2'],
      ['HTML post', `/en/blog/${slug}`],
    ]
    const markdownAccept = 'Markdown by Accept'

    // The bytes each surface answers, for the baseline to send.
    const routes: Record<string, { type: string; body: string }> = {}
    for (const [name, surface] of surfaces) {
      const headers = name === markdownAccept ? { Accept: 'text/markdown' } : undefined
      const response = await fetch(`${app.url}${surface}`, { headers })
      if (response.status !== 200) throw new Error(`${surface}: ${response.status}`)
      routes[surface] = {
        type: response.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await response.arrayBuffer()).toString('base64'),
      }
    }
    baseline = await startBaseline(routes)

    out(`# Benchmarks`)
    out()
    out(
      `${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()} · ` +
        `${Math.round(os.totalmem() / 1024 ** 3)} GiB · Node ${process.version} · ` +
        `${POSTS} generated posts + demo content, en/es · autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run`,
    )
    out()
    out(`## Cached reads against bare Node sending the same bytes`)
    out()
    out(
      '| Surface | Bytes | Baseline req/s | App req/s | Ratio | App p50 | App p99 | Errors | CPU/req baseline | CPU/req app | CPU ratio |',
    )
    out('|---|---|---|---|---|---|---|---|---|---|---|')
    const markdownHeaders = { accept: 'text/markdown' }
    for (const [name, surface] of surfaces) {
      const bytes = Buffer.from(routes[surface]!.body, 'base64').length
      const headers = name === markdownAccept ? markdownHeaders : undefined
      // Warm both (JIT, the app's cache entry), then measure one after the other.
      await load(baseline.url, [surface], baseline.pid, { seconds: 1 })
      await load(app.url, [surface], app.process.pid!, { seconds: 1, headers })
      const base = await load(baseline.url, [surface], baseline.pid)
      const mine = await load(app.url, [surface], app.process.pid!, { headers })
      out(
        `| ${name} | ${bytes.toLocaleString('en')} | ${Math.round(base.perSecond).toLocaleString('en')} | ` +
          `${Math.round(mine.perSecond).toLocaleString('en')} | ${((mine.perSecond / base.perSecond) * 100).toFixed(0)}% | ` +
          `${mine.p50} ms | ${mine.p99} ms | ${mine.errors} | ${base.cpuPerRequest.toFixed(3)} ms | ` +
          `${mine.cpuPerRequest.toFixed(3)} ms | ${(mine.cpuPerRequest / base.cpuPerRequest).toFixed(2)}× |`,
      )
    }
    baseline.stop()
    baseline = undefined

    // Cache misses: the same build with the response cache off.
    const uncached = await startApp(`${RUN}-uncached`, { ...env, RESPONSE_CACHE: 'off' })
    apps.push(uncached)
    out()
    out(`## Cache misses (response cache off, ${POSTS + 8} posts)`)
    out()
    out(
      '| Surface | p50, one at a time | p99, one at a time | req/s at 32 | p99 at 32 | CPU/req | Errors |',
    )
    out('|---|---|---|---|---|---|---|')
    for (const [name, surface] of surfaces.filter(([name]) =>
      [
        'API list',
        'API list, es, sorted, paged, select',
        'API document (depth 2)',
        'Markdown twin',
        'HTML post',
        'HTML home',
      ].includes(name),
    )) {
      await load(uncached.url, [surface], uncached.process.pid!, { seconds: 1, connections: 4 })
      const serial = await load(uncached.url, [surface], uncached.process.pid!, {
        connections: 1,
      })
      const parallel = await load(uncached.url, [surface], uncached.process.pid!)
      out(
        `| ${name} | ${serial.p50} ms | ${serial.p99} ms | ${Math.round(parallel.perSecond)} | ` +
          `${parallel.p99} ms | ${parallel.cpuPerRequest.toFixed(2)} ms | ${serial.errors + parallel.errors} |`,
      )
    }
    await uncached.stop()
    apps.pop()

    // Publish on A, watch B (cache warm).
    const second = await startApp(`${RUN}-b`, env)
    apps.push(second)
    const authorization = await adminAuthorization(app.url)
    const visibility: Record<'publish' | 'unpublish' | 'delete', number[]> = {
      publish: [],
      unpublish: [],
      delete: [],
    }
    for (let round = 0; round < 5; round += 1) {
      const newSlug = `bench-visibility-${Date.now()}-${round}`
      const query = `${second.url}/api/posts?where[slug][equals]=${newSlug}&select=slug`
      const count = async () =>
        ((await (await fetch(query)).json()) as { totalDocs: number }).totalDocs
      await count()
      await count() // now cached on B
      const write = (method: string, target: string, body?: unknown) =>
        fetch(`${app.url}${target}`, {
          method,
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      const created = await write('POST', '/api/posts?locale=en', {
        _status: 'published',
        slug: newSlug,
        title: `Visibility ${round}`,
      })
      const { doc } = (await created.json()) as { doc: { id: number } }
      visibility.publish.push(await timeUntil(async () => (await count()) === 1))
      await write('PATCH', `/api/posts/${doc.id}?locale=en`, { _status: 'draft' })
      visibility.unpublish.push(await timeUntil(async () => (await count()) === 0))
      await write('PATCH', `/api/posts/${doc.id}?locale=en`, { _status: 'published' })
      await timeUntil(async () => (await count()) === 1)
      await write('DELETE', `/api/posts/${doc.id}`)
      visibility.delete.push(await timeUntil(async () => (await count()) === 0))
    }
    out()
    out(`## Publish to visible on the other instance (5 rounds, timed from the write's response)`)
    out()
    out('| Change | Median | Worst |')
    out('|---|---|---|')
    for (const [change, times] of Object.entries(visibility)) {
      out(`| ${change} | ${ms(median(times))} | ${ms(Math.max(...times))} |`)
    }

    // Both instances at once, every surface.
    const paths = surfaces.filter(([name]) => name !== markdownAccept).map(([, path]) => path)
    const [onA, onB] = await Promise.all([
      load(app.url, paths, app.process.pid!, { seconds: 10, connections: CONNECTIONS / 2 }),
      load(second.url, paths, second.process.pid!, { seconds: 10, connections: CONNECTIONS / 2 }),
    ])
    out()
    out(`## Two instances together (every surface, ${CONNECTIONS / 2} connections each, 10 s)`)
    out()
    out('| Instance | req/s | p99 | Errors | 5xx |')
    out('|---|---|---|---|---|')
    out(
      `| A | ${Math.round(onA.perSecond)} | ${onA.p99} ms | ${onA.errors} | ${onA.serverErrors} |`,
    )
    out(
      `| B | ${Math.round(onB.perSecond)} | ${onB.p99} ms | ${onB.errors} | ${onB.serverErrors} |`,
    )
    out(
      `| Both | ${Math.round(onA.perSecond + onB.perSecond)} | — | ${onA.errors + onB.errors} | ${onA.serverErrors + onB.serverErrors} |`,
    )

    const pid = app.process.pid!
    out()
    out(`## Start and memory`)
    out()
    out(
      `- Cold start, process start to first 200 of \`/api/posts\`: ${ms(coldStart)} (first content request itself: ${ms(firstContent)}); to first 200 of \`/en\`: ${ms(firstPageMs)} (${firstPage.status})`,
    )
    out(
      `- RSS of instance A after the load runs: ${(procStatus(pid, 'VmRSS') / MB).toFixed(0)} MB (peak ${(procStatus(pid, 'VmHWM') / MB).toFixed(0)} MB)`,
    )
  } finally {
    baseline?.stop()
    for (const app of apps) await app.stop()
    await stopTestDatabaseServer()
  }
  writeFileSync(path.resolve(`.data/benchmarks-site.md`), `${report.join('\n')}\n`)
  console.log(`\nWritten to .data/benchmarks-site.md`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
