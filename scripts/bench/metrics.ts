/**
 * `npx tsx scripts/bench/metrics.ts`: what collecting metrics costs the hit path. Two instances of
 * this build on one database (demo content plus BENCH_POSTS generated posts, as `bench:site`):
 * one with metrics on (METRICS_PORT, scraped every BENCH_SCRAPE_MS while it is loaded, far more
 * often than Prometheus's 15 s), one with neither metrics setting; tracing off in both. For each
 * cached surface of `bench:site` it loads both at once, BENCH_CONNECTIONS each, in BENCH_ROUNDS
 * slices of BENCH_SLICE_SECONDS: on a shared machine, slices taken one after the other saw
 * background load come and go between them (on/off from 48% to 218% on one surface), while two
 * servers loaded together share each moment's. It compares their requests a second and each
 * server's CPU per request (/proc), the figure the scheduler's share does not move. It does
 * BENCH_RUNS runs and reports, per surface, the median over the runs; overall, the geometric mean
 * over the surfaces. The target: metrics on within 3% of off. It writes
 * .data/benchmarks-metrics.md.
 *
 * Settings: BENCH_CALIBRATE (off), BENCH_POSTS (1000), BENCH_RUNS (5), BENCH_ROUNDS (4), BENCH_SLICE_SECONDS (2),
 * BENCH_CONNECTIONS (32), BENCH_SCRAPE_MS (1000).
 */
import { startApp, freePort, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import {
  benchReport,
  benchRunName,
  cachedSurfaces,
  ensureBuild,
  load,
  machineLine,
  median,
  prepareBenchDatabase,
  reportPath,
  type Surface,
} from './lib'
import { benchStep, runWorkload } from './workload'

const POSTS = Number(process.env.BENCH_POSTS ?? 1000)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4)
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SCRAPE_MS = Number(process.env.BENCH_SCRAPE_MS ?? 1000)
/**
 * BENCH_CALIBRATE=1: both sides without metrics (an A/A run), to see what the harness itself
 * makes of two identical instances.
 */
const CALIBRATE = process.env.BENCH_CALIBRATE === '1'
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
async function measureSurface(
  surface: Surface,
  apps: Record<Side, AppServer>,
  metricsUrl: string,
): Promise<Ratios & { scrapes: number }> {
  const totals: Record<Side, Totals> = {
    on: { requests: 0, seconds: 0, cpuMs: 0, errors: 0 },
    off: { requests: 0, seconds: 0, cpuMs: 0, errors: 0 },
  }
  let scrapes = 0
  const slice = async (seconds: number, onFirst: boolean) => {
    const scraper = CALIBRATE ? null : scraping(metricsUrl)
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
    scrapes += (await scraper?.stop()) ?? 0
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
    scrapes,
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

async function main(): Promise<void> {
  await ensureBuild()
  benchStep('preparing the database')
  const env = await prepareBenchDatabase(RUN, POSTS)
  const apps: AppServer[] = []
  const { out, write } = benchReport('metrics')
  try {
    benchStep('starting the instances')
    const metricsPort = await freePort()
    const on = await startApp(
      `${RUN}-on`,
      CALIBRATE ? env : { ...env, METRICS_PORT: String(metricsPort) },
    )
    apps.push(on)
    const off = await startApp(`${RUN}-off`, env)
    apps.push(off)
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
    if (!CALIBRATE && (await fetch(metricsUrl)).status !== 200)
      throw new Error('metrics are not served')
    const sides = { on, off }
    const surfaces = await cachedSurfaces(on.url)
    benchStep('warming the caches')
    await warmCaches(surfaces, sides)

    const runs: Map<string, Ratios>[] = []
    let scrapes = 0
    for (let run = 0; run < RUNS; run += 1) {
      benchStep(`run ${run + 1}`)
      const ratios = new Map<string, Ratios>()
      for (const surface of surfaces) {
        const measured = await measureSurface(surface, sides, metricsUrl)
        scrapes += measured.scrapes
        ratios.set(surface.name, measured)
        console.log(
          `run ${run + 1}/${RUNS} · ${surface.name}: on/off ${percent(measured.throughput)} req/s, ` +
            `${times(measured.cpu)} CPU/req (${measured.onMicros.toFixed(1)} / ${measured.offMicros.toFixed(1)} µs)`,
        )
      }
      runs.push(ratios)
      console.log(
        `run ${run + 1}/${RUNS} overall: on/off ` +
          `${percent(geometricMean([...ratios.values()].map((ratio) => ratio.throughput)))} req/s`,
      )
    }

    const medianOf = (name: string, pick: (ratios: Ratios) => number) =>
      median(runs.map((ratios) => pick(ratios.get(name)!)))
    out(
      CALIBRATE
        ? '# Calibration: two instances without metrics (A/A), cached hits'
        : '# Metrics on against off: cached hits (same run)',
    )
    out()
    out(
      machineLine(
        `${POSTS} generated posts + demo content · autocannon, ${CONNECTIONS} connections · ` +
          `${RUNS} runs of ${ROUNDS} slices × ${SLICE_SECONDS} s per surface, both loaded at once · ` +
          `metrics scraped every ${SCRAPE_MS} ms while loaded (${scrapes} scrapes) · tracing off`,
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
        `| ${surface.name} | ${percent(medianOf(surface.name, (r) => r.throughput))} | ` +
          `${times(medianOf(surface.name, (r) => r.cpu))} | ` +
          `${medianOf(surface.name, (r) => r.onMicros).toFixed(1)} / ${medianOf(surface.name, (r) => r.offMicros).toFixed(1)} µs | ${errors} |`,
      )
    }
    const share = geometricMean(surfaces.map((s) => medianOf(s.name, (r) => r.throughput)))
    const cpu = geometricMean(surfaces.map((s) => medianOf(s.name, (r) => r.cpu)))
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
    for (const app of apps) await app.stop()
    await stopTestDatabaseServer()
  }
  write()
  console.log(`\nWritten to ${reportPath('metrics')}`)
}

runWorkload(main)
