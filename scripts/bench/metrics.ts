/**
 * `npx tsx scripts/bench/metrics.ts`: what collecting metrics costs the hit path. Two instances of
 * this build on one database (demo content plus BENCH_POSTS generated posts, as `bench:site`):
 * one with metrics on (METRICS_PORT, scraped every BENCH_SCRAPE_MS all through, Prometheus's
 * default 15 s unless set), one with neither metrics setting; tracing off in both. For each
 * cached surface of `bench:site` it loads both at once, BENCH_CONNECTIONS each, in BENCH_ROUNDS
 * slices of BENCH_SLICE_SECONDS: on a shared machine, slices taken one after the other saw
 * background load come and go between them (on/off from 48% to 218% on one surface), while two
 * servers loaded together share each moment's. It compares their requests a second and each
 * server's CPU per request (/proc), which the scheduler's share moves least. Each of the
 * BENCH_RUNS runs starts a fresh pair, the one started first alternating (`startPair`); the
 * report gives, per surface, the geometric mean over the runs, and overall the geometric mean over
 * the surfaces. The target: metrics on within 3% of off. BENCH_CALIBRATE=1 runs two instances
 * without metrics (an A/A run: what the harness makes of two identical servers). It writes
 * .data/benchmarks-metrics.md.
 *
 * Settings: BENCH_CALIBRATE (off), BENCH_ON_ENV (none), BENCH_SURFACES (all), BENCH_POSTS (1000),
 * BENCH_RUNS (4), BENCH_ROUNDS (4), BENCH_SLICE_SECONDS (2), BENCH_CONNECTIONS (32),
 * BENCH_SCRAPE_MS (15000).
 */
import { startApp, freePort, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import {
  benchReport,
  benchRunName,
  cachedSurfaces,
  ensureBuild,
  environmentPairs,
  load,
  machineLine,
  prepareBenchDatabase,
  reportPath,
  type Surface,
} from './lib'
import { benchStep, runWorkload } from './workload'

const POSTS = Number(process.env.BENCH_POSTS ?? 1000)
const RUNS = Number(process.env.BENCH_RUNS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4)
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SCRAPE_MS = Number(process.env.BENCH_SCRAPE_MS ?? 15_000)
/**
 * BENCH_CALIBRATE=1: both sides without metrics (an A/A run), to see what the harness itself
 * makes of two identical instances.
 */
const CALIBRATE = process.env.BENCH_CALIBRATE === '1'
/** BENCH_ON_ENV: `NAME=value` pairs separated by spaces, for the metrics-on instance alone. */
const ON_ENV = environmentPairs(process.env.BENCH_ON_ENV)
/** BENCH_SURFACES: names of the surfaces to measure, comma-separated (default: all). */
const ONLY_SURFACES = process.env.BENCH_SURFACES?.split(',').map((name) => name.trim())
const RUN = benchRunName('bench-metrics')
/** Metrics on must keep at least this share of the throughput without them. */
const REQUIRED_SHARE = 0.97

type Side = 'on' | 'off'
const SIDES = ['on', 'off'] as const

interface Totals {
  requests: number
  seconds: number
  cpuMs: number
  errors: number
}

interface Ratios {
  /** on / off requests a second */
  throughput: number
  /** on / off CPU per request */
  cpu: number
  /** Each side's server CPU per request, in microseconds. */
  onMicros: number
  offMicros: number
  errors: number
}

const geometricMean = (values: number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length)
const percent = (value: number) => `${(value * 100).toFixed(1)}%`
const times = (value: number) => `${value.toFixed(3)}×`

/** Scrapes `url` every SCRAPE_MS until stopped; returns how many scrapes answered 200. */
function scraping(url: string): { stop: () => Promise<number> } {
  let answered = 0
  let inFlight: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    inFlight = fetch(url)
      .then(async (response) => {
        await response.arrayBuffer()
        if (response.status === 200) answered += 1
      })
      .catch(() => undefined)
  }, SCRAPE_MS)
  return {
    stop: async () => {
      clearInterval(timer)
      await inFlight
      return answered
    },
  }
}

/**
 * Measures one surface: BENCH_ROUNDS slices in which both instances are loaded at once, so that
 * whatever else the machine runs falls on both alike, moment by moment.
 */
async function measureSurface(surface: Surface, apps: Record<Side, AppServer>): Promise<Ratios> {
  const totals: Record<Side, Totals> = {
    on: { requests: 0, seconds: 0, cpuMs: 0, errors: 0 },
    off: { requests: 0, seconds: 0, cpuMs: 0, errors: 0 },
  }
  const slice = async (seconds: number, onFirst: boolean) => {
    const loading = (side: Side) =>
      load(apps[side].url, [surface.path], apps[side].process.pid!, {
        seconds,
        connections: CONNECTIONS,
        headers: surface.headers,
      })
    // Each side's load starts first in every other slice: neither gets a head start throughout.
    const [first, second] = await Promise.all(
      onFirst ? [loading('on'), loading('off')] : [loading('off'), loading('on')],
    )
    return onFirst ? { on: first, off: second } : { on: second, off: first }
  }
  // Warm both on this surface (JIT, sockets) without counting it.
  await slice(1, true)
  for (let round = 0; round < ROUNDS; round += 1) {
    const results = await slice(SLICE_SECONDS, round % 2 === 0)
    for (const side of SIDES) {
      const sum = totals[side]
      const result = results[side]
      sum.requests += result.requests
      sum.seconds += SLICE_SECONDS
      sum.cpuMs += result.cpuPerRequest * result.requests
      sum.errors += result.errors
    }
  }
  const perSecond = (side: Side) => totals[side].requests / totals[side].seconds
  const cpuPerRequest = (side: Side) => totals[side].cpuMs / totals[side].requests
  return {
    throughput: perSecond('on') / perSecond('off'),
    cpu: cpuPerRequest('on') / cpuPerRequest('off'),
    onMicros: cpuPerRequest('on') * 1000,
    offMicros: cpuPerRequest('off') * 1000,
    errors: totals.on.errors + totals.off.errors,
  }
}

/** Requests every surface until both instances answer it from their cache. */
async function warmCaches(surfaces: Surface[], apps: Record<Side, AppServer>): Promise<void> {
  for (const surface of surfaces) {
    for (const side of SIDES) {
      let cache: string | null = null
      for (let attempt = 0; attempt < 5 && cache !== 'HIT'; attempt += 1) {
        const response = await fetch(`${apps[side].url}${surface.path}`, {
          headers: surface.headers,
        })
        await response.arrayBuffer()
        cache = response.headers.get('x-cache')
      }
      if (cache !== 'HIT') throw new Error(`${side} ${surface.path} is not cached (${cache})`)
    }
  }
}

/**
 * Starts the two instances, the one started first alternating by run: in a run of two instances
 * without metrics (BENCH_CALIBRATE), the one started first used 1–10% more CPU per request.
 */
async function startPair(
  env: Record<string, string>,
  run: number,
): Promise<{ apps: Record<Side, AppServer>; metricsUrl: string }> {
  const metricsPort = await freePort()
  const settings: Record<Side, Record<string, string>> = {
    on: CALIBRATE
      ? { ...env, ...ON_ENV }
      : { ...env, METRICS_PORT: String(metricsPort), ...ON_ENV },
    off: env,
  }
  const order: Side[] = run % 2 === 0 ? ['on', 'off'] : ['off', 'on']
  const started: Partial<Record<Side, AppServer>> = {}
  for (const side of order) started[side] = await startApp(`${RUN}-${side}`, settings[side])
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  if (!CALIBRATE && (await fetch(metricsUrl)).status !== 200)
    throw new Error('metrics are not served')
  return { apps: started as Record<Side, AppServer>, metricsUrl }
}

async function main(): Promise<void> {
  await ensureBuild()
  benchStep('preparing the database')
  const env = await prepareBenchDatabase(RUN, POSTS)
  let pair: Record<Side, AppServer> | undefined
  const { out, write } = benchReport('metrics')
  try {
    const runs: Map<string, Ratios>[] = []
    let scrapes = 0
    let surfaces: Surface[] = []
    for (let run = 0; run < RUNS; run += 1) {
      benchStep(`starting the instances of run ${run + 1}`)
      const started = await startPair(env, run)
      pair = started.apps
      surfaces = (await cachedSurfaces(pair.on.url)).filter(
        ({ name }) => !ONLY_SURFACES || ONLY_SURFACES.includes(name),
      )
      benchStep(`warming the caches of run ${run + 1}`)
      await warmCaches(surfaces, pair)
      benchStep(`run ${run + 1}`)
      // Scraped all through the run, as Prometheus would.
      const scraper = CALIBRATE ? null : scraping(started.metricsUrl)
      const ratios = new Map<string, Ratios>()
      for (const surface of surfaces) {
        const measured = await measureSurface(surface, pair)
        ratios.set(surface.name, measured)
        console.log(
          `run ${run + 1}/${RUNS} · ${surface.name}: on/off ${percent(measured.throughput)} req/s, ` +
            `${times(measured.cpu)} CPU/req (${measured.onMicros.toFixed(1)} / ${measured.offMicros.toFixed(1)} µs)`,
        )
      }
      scrapes += (await scraper?.stop()) ?? 0
      runs.push(ratios)
      console.log(
        `run ${run + 1}/${RUNS} overall: on/off ` +
          `${percent(geometricMean([...ratios.values()].map((ratio) => ratio.throughput)))} req/s, ` +
          `${times(geometricMean([...ratios.values()].map((ratio) => ratio.cpu)))} CPU/req`,
      )
      for (const app of Object.values(pair)) await app.stop()
      pair = undefined
    }

    // Over the runs, half of them with each instance started first: their geometric mean.
    const overRuns = (name: string, pick: (ratios: Ratios) => number) =>
      geometricMean(runs.map((ratios) => pick(ratios.get(name)!)))
    out(
      CALIBRATE
        ? '# Calibration: two instances without metrics (A/A), cached hits'
        : '# Metrics on against off: cached hits (same run)',
    )
    out()
    out(
      machineLine(
        `${POSTS} generated posts + demo content · autocannon, ${CONNECTIONS} connections · ` +
          `${RUNS} runs (a fresh pair each, started in alternate order) of ${ROUNDS} slices × ${SLICE_SECONDS} s per surface, both loaded at once · ` +
          `metrics scraped every ${SCRAPE_MS} ms (${scrapes} scrapes) · tracing off`,
      ),
    )
    out()
    out(
      '| Surface | On / off req/s | On / off CPU per request | CPU per request, on / off | Errors |',
    )
    out('|---|---|---|---|---|')
    for (const surface of surfaces) {
      const errors = runs.reduce((sum, ratios) => sum + ratios.get(surface.name)!.errors, 0)
      out(
        `| ${surface.name} | ${percent(overRuns(surface.name, (r) => r.throughput))} | ` +
          `${times(overRuns(surface.name, (r) => r.cpu))} | ` +
          `${overRuns(surface.name, (r) => r.onMicros).toFixed(1)} / ${overRuns(surface.name, (r) => r.offMicros).toFixed(1)} µs | ${errors} |`,
      )
    }
    const share = geometricMean(surfaces.map((s) => overRuns(s.name, (r) => r.throughput)))
    const cpu = geometricMean(surfaces.map((s) => overRuns(s.name, (r) => r.cpu)))
    out(`| **Overall (geometric mean)** | **${percent(share)}** | **${times(cpu)}** | | |`)
    out()
    const perRun = (pick: (ratio: Ratios) => number, show: (value: number) => string) =>
      runs.map((ratios) => show(geometricMean([...ratios.values()].map(pick)))).join(', ')
    out(
      `Metrics on / off: ${percent(share)} of the requests a second (per run ${perRun((r) => r.throughput, percent)}), ` +
        `CPU per request ${times(cpu)} (per run ${perRun((r) => r.cpu, times)}): ` +
        (share >= REQUIRED_SHARE && cpu <= 1 / REQUIRED_SHARE ? 'within' : 'NOT within') +
        ` ${Math.round((1 - REQUIRED_SHARE) * 100)}%.`,
    )
  } finally {
    for (const app of Object.values(pair ?? {})) await app.stop()
    await stopTestDatabaseServer()
  }
  write()
  console.log(`\nWritten to ${reportPath('metrics')}`)
}

runWorkload(main)
