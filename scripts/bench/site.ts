/**
 * `npm run bench:site`: published reads of the production build against a bare Node server
 * sending the same bytes, with one load generator (autocannon, 32 connections) for both.
 *
 * On a database of its own (demo content plus BENCH_POSTS generated posts in both locales) it:
 *   1. starts the app (src/server/start.ts, what `npm start` runs) and times its cold start;
 *   2. for each public surface, runs the bare-Node baseline and the app alternately, and reports
 *      req/s, p50, p99, errors, the ratio of the two, and server CPU time per request
 *      (/proc/<pid>/stat before and after);
 *   3. measures cache misses on a second instance with the response cache off, each surface
 *      loaded for BENCH_MISS_WARM_UP_SECONDS first: latency one request at a time, throughput
 *      and CPU per request at 32 connections, the server's and
 *      that of the PostgreSQL backends serving it (when the database server runs on this machine);
 *   4. publishes, unpublishes and deletes on one instance and times until a second instance
 *      (with its cache warm) shows it;
 *   5. drives both cached instances at once with every surface and counts errors and 5xx;
 *   6. reports the first instance's RSS and peak RSS after all that.
 * It prints a markdown report and writes it to .data/benchmarks-site.md.
 *
 * Settings: BENCH_POSTS (1000), BENCH_SECONDS (5), BENCH_CONNECTIONS (32),
 * BENCH_MISS_WARM_UP_SECONDS (5).
 */

import { startApp, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import {
  adminAuthorization,
  baselineRoutes,
  cachedSurfaces,
  databaseCpuBetween,
  databaseCpuMillis,
  ensureBuild,
  load as loadFor,
  machineLine,
  median,
  prepareBenchDatabase,
  procStatus,
  startBaseline,
  type Baseline,
  type LoadOptions,
  benchReport,
  MISS_TARGET_MS,
  reportPath,
} from './lib'
import { runWorkload } from './workload'

const POSTS = Number(process.env.BENCH_POSTS ?? 1000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
/** How long each surface is loaded, at BENCH_CONNECTIONS, before its misses are measured. */
const MISS_WARM_UP_SECONDS = Number(process.env.BENCH_MISS_WARM_UP_SECONDS ?? 5)
// Its own database per TEST_RUN_ID: helpers sharing a PostgreSQL server don't drop each other's.
const RUN = `bench-site${process.env.TEST_RUN_ID ? `-${process.env.TEST_RUN_ID}` : ''}`
const MB = 1024 * 1024

/** A load run with this benchmark's defaults (BENCH_SECONDS, BENCH_CONNECTIONS). */
const load = (url: string, paths: string[], pid: number, options: Partial<LoadOptions> = {}) =>
  loadFor(url, paths, pid, { seconds: SECONDS, connections: CONNECTIONS, ...options })

async function timeUntil(check: () => Promise<boolean>, limitMs = 10_000): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > limitMs) return Infinity
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return performance.now() - started
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'never')

async function main(): Promise<void> {
  await ensureBuild()
  const { out, write: writeReport } = benchReport('site')
  const env = await prepareBenchDatabase(RUN, POSTS)

  const apps: AppServer[] = []
  let baseline: Baseline | undefined
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

    const surfaces = await cachedSurfaces(app.url)
    const routes = await baselineRoutes(app.url, surfaces)
    baseline = await startBaseline(RUN, routes)

    out(`# Benchmarks`)
    out()
    out(
      machineLine(
        `${POSTS} generated posts + demo content, en/es · autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run`,
      ),
    )
    out()
    out(`## Cached reads against bare Node sending the same bytes`)
    out()
    out(
      '| Surface | Bytes | Baseline req/s | App req/s | Ratio | App p50 | App p99 | Errors | CPU/req baseline | CPU/req app | CPU ratio |',
    )
    out('|---|---|---|---|---|---|---|---|---|---|---|')
    for (const { name, path: surface, headers } of surfaces) {
      const bytes = Buffer.from(routes[surface]!.body, 'base64').length
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
      '| Surface | p50, one at a time | p99, one at a time | req/s at 32 | p99 at 32 | CPU/req | Database CPU/req | Errors | CPU + database | Target | Met |',
    )
    out('|---|---|---|---|---|---|---|---|---|---|---|')
    for (const { name, path: surface, headers } of surfaces.filter(
      ({ name }) => name in MISS_TARGET_MS,
    )) {
      // Past the first few hundred renders of a page, which run code V8 has not optimised yet
      // and grow its heap: their cost is the cold start's, measured above.
      await load(uncached.url, [surface], uncached.process.pid!, {
        seconds: MISS_WARM_UP_SECONDS,
        headers,
      })
      const serial = await load(uncached.url, [surface], uncached.process.pid!, {
        connections: 1,
        headers,
      })
      const databaseBefore = await databaseCpuMillis(env.DATABASE_URL)
      const parallel = await load(uncached.url, [surface], uncached.process.pid!, { headers })
      const databaseCpu = databaseCpuBetween(
        databaseBefore,
        await databaseCpuMillis(env.DATABASE_URL),
      )
      const measuresDatabase = databaseBefore.size > 0
      const databasePerRequest = databaseCpu / parallel.requests
      const total = parallel.cpuPerRequest + databasePerRequest
      const target = MISS_TARGET_MS[name]!
      out(
        `| ${name} | ${serial.p50} ms | ${serial.p99} ms | ${Math.round(parallel.perSecond)} | ` +
          `${parallel.p99} ms | ${parallel.cpuPerRequest.toFixed(2)} ms | ` +
          `${measuresDatabase ? `${databasePerRequest.toFixed(2)} ms` : 'n/a'} | ${serial.errors + parallel.errors} | ` +
          (measuresDatabase
            ? `${total.toFixed(2)} ms | ≤ ${target} ms | ${total <= target ? 'met' : '**not met**'} |`
            : `n/a | ≤ ${target} ms | n/a |`),
      )
    }
    await uncached.stop()
    apps.pop()

    // Publish on A, watch B (cache warm).
    const second = await startApp(`${RUN}-b`, env)
    apps.push(second)
    const authorization = await adminAuthorization(app.url, env)
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
    // Every surface but the one that differs from another only by its Accept header.
    const paths = surfaces.filter(({ headers }) => !headers).map(({ path }) => path)
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
  writeReport()
  console.log(`\nWritten to ${reportPath('site')}`)
}

runWorkload(main)
