/**
 * `npx tsx scripts/bench/varnish.ts`: cached reads answered by Varnish in front of the site against
 * the same reads answered by the site's own response cache, in the same run, with one load
 * generator (autocannon) for both.
 *
 * On a database of its own (demo content plus BENCH_POSTS generated posts in both locales) it
 * starts one instance told to purge Varnish (CDN_PURGE_KIND=varnish) and Debian's varnishd with
 * the repository's VCL in front of it (tests/support/varnish.ts), then for each cached surface
 * (the site benchmark's) warms both and loads them in alternating slices: req/s, p50, p99, errors
 * (any answer through Varnish that was not a hit counts as one), and CPU per request of the
 * process that answered (the app's Node, or Varnish's cache process) and of the app during the
 * Varnish slice (what still reached it). Then it times a publish on the instance until Varnish
 * answers with the new version. Both are asked with `Accept-Encoding: gzip`, as browsers do
 * (Varnish stores gzip and would otherwise gunzip every answer).
 *
 * It prints a markdown report and writes it to .data/benchmarks-varnish.md.
 *
 * Settings: BENCH_POSTS (200), BENCH_SECONDS (5), BENCH_CONNECTIONS (32), BENCH_ROUNDS (2).
 */
import { readFileSync } from 'node:fs'

import { PURGE_DEBOUNCE_MS } from '@/cache/targeted-purge'

import { freePort, startApp, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import { startVarnish, type Varnish } from '../../tests/support/varnish'
import {
  adminAuthorization,
  benchReport,
  cachedSurfaces,
  cpuMillis,
  ensureBuild,
  load as loadFor,
  machineLine,
  median,
  prepareBenchDatabase,
  reportPath,
  type Load,
  type LoadOptions,
} from './lib'
import { benchStep, runWorkload } from './workload'

const POSTS = Number(process.env.BENCH_POSTS ?? 200)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const RUN = `bench-varnish${process.env.TEST_RUN_ID ? `-${process.env.TEST_RUN_ID}` : ''}`
const GZIP = { 'accept-encoding': 'gzip' }

/**
 * The pid of varnishd's cache process (the child of its manager, `-F` keeps the manager in the
 * foreground): the one that answers requests.
 */
function cacheProcessOf(managerPid: number): number {
  const children = readFileSync(`/proc/${managerPid}/task/${managerPid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
  if (children.length !== 1) throw new Error(`varnishd ${managerPid} has children ${children}`)
  return children[0]!
}

/** One load run, and the CPU another process spent meanwhile, per request. */
async function loadWatching(
  url: string,
  paths: string[],
  pid: number,
  watched: number,
  options: Partial<LoadOptions>,
): Promise<Load & { watchedCpuPerRequest: number }> {
  const before = cpuMillis(watched)
  const result = await loadFor(url, paths, pid, {
    seconds: SECONDS,
    connections: CONNECTIONS,
    ...options,
  })
  const watchedCpuPerRequest = result.requests
    ? (cpuMillis(watched) - before) / result.requests
    : NaN
  return { ...result, watchedCpuPerRequest }
}

async function main(): Promise<void> {
  await ensureBuild()
  const { out, write: writeReport } = benchReport('varnish')
  benchStep('preparing the database')
  const env = await prepareBenchDatabase(RUN, POSTS)
  let app: AppServer | undefined
  let varnish: Varnish | undefined
  try {
    benchStep('starting the app and Varnish')
    const varnishPort = await freePort()
    app = await startApp(`${RUN}-app`, {
      ...env,
      CDN_PURGE_KIND: 'varnish',
      VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
    })
    varnish = await startVarnish(`${RUN}-varnishd`, [{ host: '127.0.0.1', port: app.port }], {
      port: varnishPort,
      storageMb: 256,
    })
    const appPid = app.process.pid!
    const varnishPid = cacheProcessOf(varnish.process.pid!)
    const surfaces = await cachedSurfaces(app.url)

    out(`# Varnish in front of the site against the site's own cache`)
    out()
    out(
      machineLine(
        `${POSTS} generated posts + demo content · autocannon, ${CONNECTIONS} connections, ` +
          `${SECONDS} s per run, medians of ${ROUNDS} rounds · Accept-Encoding: gzip · varnishd 7.1 (Debian)`,
      ),
    )
    out()
    out(
      '| Surface | App req/s | Varnish req/s | Ratio | App p50 / p99 | Varnish p50 / p99 | App CPU/req | Varnish CPU/req | App CPU/req under Varnish | Errors (app, Varnish) |',
    )
    out('|---|---|---|---|---|---|---|---|---|---|')
    for (const { name, path, headers } of surfaces) {
      benchStep(`loading ${name}`)
      const asked = { ...GZIP, ...headers }
      // Warm both: the app's entry, and Varnish's object (filled from the app).
      await loadFor(app.url, [path], appPid, { seconds: 1, connections: 4, headers: asked })
      await loadFor(varnish.url, [path], varnishPid, { seconds: 1, connections: 4, headers: asked })
      const check = await fetch(`${varnish.url}${path}`, { headers: asked })
      await check.arrayBuffer()
      if (check.headers.get('x-shared-cache') !== 'HIT')
        throw new Error(`${path} is not a Varnish hit: ${check.headers.get('x-shared-cache')}`)
      const own: Load[] = []
      const shared: (Load & { watchedCpuPerRequest: number })[] = []
      for (let round = 0; round < ROUNDS; round += 1) {
        own.push(
          await loadFor(app.url, [path], appPid, {
            seconds: SECONDS,
            connections: CONNECTIONS,
            headers: asked,
          }),
        )
        shared.push(await loadWatching(varnish.url, [path], varnishPid, appPid, { headers: asked }))
      }
      const m = (runs: Load[], pick: (run: Load) => number) => median(runs.map(pick))
      const appRate = m(own, (run) => run.perSecond)
      const varnishRate = m(shared, (run) => run.perSecond)
      out(
        `| ${name} | ${Math.round(appRate).toLocaleString('en')} | ${Math.round(varnishRate).toLocaleString('en')} | ` +
          `${(varnishRate / appRate).toFixed(2)}× | ${m(own, (run) => run.p50)} / ${m(own, (run) => run.p99)} ms | ` +
          `${m(shared, (run) => run.p50)} / ${m(shared, (run) => run.p99)} ms | ` +
          `${m(own, (run) => run.cpuPerRequest).toFixed(3)} ms | ${m(shared, (run) => run.cpuPerRequest).toFixed(3)} ms | ` +
          `${median(shared.map((run) => run.watchedCpuPerRequest)).toFixed(4)} ms | ` +
          `${own.reduce((sum, run) => sum + run.errors, 0)}, ${shared.reduce((sum, run) => sum + run.errors, 0)} |`,
      )
    }

    // A publish on the instance until Varnish answers with it.
    benchStep('timing publishes through Varnish')
    const authorization = await adminAuthorization(app.url, env)
    const post = surfaces.find((surface) => surface.name === 'API document (depth 2)')!.path
    const id = /\/api\/posts\/(\d+)/.exec(post)![1]!
    const twin = surfaces.find((surface) => surface.name === 'Markdown twin')!.path
    const visible: number[] = []
    for (let round = 0; round < 5; round += 1) {
      const title = `Varnish bench ${Date.now()}-${round}`
      for (let warm = 0; warm < 2; warm += 1) await (await fetch(`${varnish.url}${twin}`)).text()
      const published = await fetch(`${app.url}/api/posts/${id}?locale=en`, {
        method: 'PATCH',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title }),
      })
      if (!published.ok) throw new Error(`publish: ${published.status}`)
      const started = performance.now()
      for (;;) {
        if ((await (await fetch(`${varnish.url}${twin}`)).text()).includes(title)) break
        if (performance.now() - started > 10_000) throw new Error('publish never reached Varnish')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      visible.push(performance.now() - started)
    }
    out()
    out(
      `Publish on the instance until Varnish answers the twin with it: median ${median(visible).toFixed(0)} ms, ` +
        `max ${Math.max(...visible).toFixed(0)} ms (5 rounds; the purge's debounce of ${PURGE_DEBOUNCE_MS} ms included).`,
    )
  } finally {
    await varnish?.stop()
    await app?.stop()
    await stopTestDatabaseServer()
  }
  writeReport()
  console.log(`\nWritten to ${reportPath('varnish')}`)
}

runWorkload(main)
