/**
 * `npm run bench:compare`: the cached reads of this build against another build (a checkout of the
 * previous release, BENCH_BASELINE_DIR) and against bare Node sending the same bytes, in one run.
 *
 * Absolute figures vary about 2× between machines and with whatever else a shared machine runs,
 * so this benchmark reports only same-run ratios. On one database (demo content plus BENCH_POSTS
 * generated posts, as `bench:site`) it starts both builds, warms their response caches and checks
 * that every surface is a cache hit on both; then, for each cached surface of `bench:site`, it
 * loads the current build, the previous build and the bare-Node baseline in alternating slices
 * (BENCH_ROUNDS rounds of BENCH_SLICE_SECONDS each, the order rotated every round), so background
 * load falls on all three alike. A run's figure per target is its requests and server CPU summed
 * over its slices. It does BENCH_RUNS full runs and reports, per surface, the median over the runs
 * of: current/previous req/s and CPU per request, and each build's req/s and CPU per request
 * relative to bare Node; overall, the geometric mean over the surfaces, and the verdict over the
 * surfaces whose bytes are the same in both builds (within 10%). It prints a markdown report and
 * writes it to .data/benchmarks-compare.md.
 *
 * The other checkout must be built (`npm run build` there) and must read this build's database
 * schema (a release's migrations are a prefix of the next one's).
 *
 * With BENCH_MISSES=1 it compares misses instead: both builds with the response cache off, on the
 * surfaces whose misses have a target (`MISS_TARGET_MS`), in the same alternating slices and
 * without bare Node (which has nothing to render). Misses cost the machine's CPU and memory
 * bandwidth, which vary about 2× between runs on a shared machine, so this is how a change to
 * the read path is told from the machine: each build's CPU per miss, Node and PostgreSQL, side
 * by side (PostgreSQL's is the whole server's during a slice, when only one build is loaded).
 * It writes .data/benchmarks-compare-misses.md.
 *
 * BENCH_BASELINE_NODE runs the other build on another Node.js binary: with BENCH_BASELINE_DIR=.
 * and SERVER_NODE, one build on two release lines side by side. BENCH_BASELINE_NODE_ARGS, Node
 * arguments for the other build alone (after the server's own, so a V8 flag there wins): one
 * build, one Node, with and without a setting. BENCH_BASELINE_ENV, `NAME=value` pairs separated
 * by spaces, sets environment variables for the other build alone (an allocator's setting, say).
 *
 * Settings: BENCH_BASELINE_DIR (required), BENCH_BASELINE_NODE (the current build's Node),
 * BENCH_BASELINE_NODE_ARGS (none), BENCH_BASELINE_ENV (none), BENCH_MISSES (off), BENCH_POSTS (1000), BENCH_RUNS (3), BENCH_ROUNDS (3),
 * BENCH_SLICE_SECONDS (2), BENCH_CONNECTIONS (32).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'

import { startApp, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import { serverBundlePath } from '../lib/server-bundle'
import {
  type Baseline,
  baselineRoutes,
  benchReport,
  cachedSurfaces,
  databaseCpuBetween,
  databaseCpuMillis,
  ensureBuild,
  environmentPairs,
  load,
  machineLine,
  median,
  MISS_TARGET_MS,
  prepareBenchDatabase,
  reportPath,
  startBaseline,
  type Surface,
} from './lib'
import { runWorkload } from './workload'

const BASELINE_DIR = process.env.BENCH_BASELINE_DIR
const BASELINE_NODE = process.env.BENCH_BASELINE_NODE
const BASELINE_NODE_ARGS = process.env.BENCH_BASELINE_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []
const BASELINE_ENV = environmentPairs(process.env.BENCH_BASELINE_ENV)
const POSTS = Number(process.env.BENCH_POSTS ?? 1000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const MISSES = process.env.BENCH_MISSES === '1'
const RUN = 'bench-compare'
const REPORT = MISSES ? 'compare-misses' : 'compare'
/** The current build must keep at least this share of the previous build's throughput. */
const REQUIRED_SHARE = 0.95
/** Surfaces whose size changed by more than this between the builds are not compared. */
const MAX_SIZE_DIFFERENCE = 0.1

type TargetName = 'current' | 'previous' | 'bare'
/** Bare Node sends stored bytes: it is a baseline for cached reads only. */
const TARGETS: TargetName[] = MISSES ? ['current', 'previous'] : ['current', 'previous', 'bare']

interface Target {
  url: string
  pid: number
}

/** One target's totals over a run's slices of one surface. */
interface Totals {
  requests: number
  seconds: number
  cpuMs: number
  /** PostgreSQL's CPU during the target's slices (misses only). */
  databaseMs: number
  errors: number
}

/** One run's ratios for one surface. */
interface Ratios {
  /** current / previous req/s */
  throughput: number
  /** current / previous CPU per request */
  cpu: number
  currentToBare: number
  previousToBare: number
  currentCpuToBare: number
  previousCpuToBare: number
  /** Each build's CPU per request, Node and PostgreSQL together (misses only). */
  currentMs: number
  previousMs: number
  errors: number
}

const perSecond = (totals: Totals) => totals.requests / totals.seconds
const cpuPerRequest = (totals: Totals) => totals.cpuMs / totals.requests
const serverPerRequest = (totals: Totals) => (totals.cpuMs + totals.databaseMs) / totals.requests
const geometricMean = (values: number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length)
const percent = (value: number) => `${(value * 100).toFixed(1)}%`
const times = (value: number) => `${value.toFixed(2)}×`
const millis = (value: number) => `${value.toFixed(2)} ms`

/** Measures one surface: ROUNDS rounds of one slice per target, the order rotated each round. */
async function measureSurface(
  surface: Surface,
  targets: Partial<Record<TargetName, Target>>,
  databaseUrl: string,
): Promise<Ratios> {
  const totals = Object.fromEntries(
    ['current', 'previous', 'bare'].map((name) => [
      name,
      { requests: 0, seconds: 0, cpuMs: 0, databaseMs: 0, errors: 0 },
    ]),
  ) as Record<TargetName, Totals>
  const slice = (name: TargetName, seconds: number) =>
    load(targets[name]!.url, [surface.path], targets[name]!.pid, {
      seconds,
      connections: CONNECTIONS,
      // The baseline answers by path alone; the builds negotiate on the headers.
      headers: name === 'bare' ? undefined : surface.headers,
    })
  // Warm each target on this surface (JIT, sockets; for misses, past the renders V8 has not
  // optimised yet) without counting it.
  for (const name of TARGETS) await slice(name, MISSES ? 5 : 1)
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let step = 0; step < TARGETS.length; step += 1) {
      const name = TARGETS[(round + step) % TARGETS.length]!
      const databaseBefore = MISSES ? await databaseCpuMillis(databaseUrl) : null
      const result = await slice(name, SLICE_SECONDS)
      const sum = totals[name]
      if (databaseBefore) {
        sum.databaseMs += databaseCpuBetween(databaseBefore, await databaseCpuMillis(databaseUrl))
      }
      sum.requests += result.requests
      sum.seconds += SLICE_SECONDS
      sum.cpuMs += result.cpuPerRequest * result.requests
      sum.errors += result.errors
    }
  }
  const { current, previous, bare } = totals
  return {
    throughput: perSecond(current) / perSecond(previous),
    cpu: cpuPerRequest(current) / cpuPerRequest(previous),
    currentToBare: perSecond(current) / perSecond(bare),
    previousToBare: perSecond(previous) / perSecond(bare),
    currentCpuToBare: cpuPerRequest(current) / cpuPerRequest(bare),
    previousCpuToBare: cpuPerRequest(previous) / cpuPerRequest(bare),
    currentMs: serverPerRequest(current),
    previousMs: serverPerRequest(previous),
    errors: current.errors + previous.errors + bare.errors,
  }
}

/**
 * Requests every surface until both builds answer it from their cache (once each when they have
 * none: misses); returns the sizes.
 */
async function warmCaches(
  surfaces: Surface[],
  builds: Record<'current' | 'previous', AppServer>,
): Promise<Map<string, Record<'current' | 'previous', number>>> {
  const sizes = new Map<string, Record<'current' | 'previous', number>>()
  for (const surface of surfaces) {
    const size = { current: 0, previous: 0 }
    for (const name of ['current', 'previous'] as const) {
      let cache: string | null = null
      for (let attempt = 0; attempt < (MISSES ? 1 : 5) && cache !== 'HIT'; attempt += 1) {
        const response = await fetch(`${builds[name].url}${surface.path}`, {
          headers: surface.headers,
        })
        if (response.status !== 200) throw new Error(`${name} ${surface.path}: ${response.status}`)
        size[name] = (await response.arrayBuffer()).byteLength
        cache = response.headers.get('x-cache')
      }
      if (MISSES && cache === 'HIT') throw new Error(`${name} ${surface.path} is cached`)
      if (!MISSES && cache !== 'HIT') {
        throw new Error(`${name} ${surface.path} is not cached (${cache})`)
      }
    }
    sizes.set(surface.path, size)
  }
  return sizes
}

async function main(): Promise<void> {
  if (!BASELINE_DIR) throw new Error('Set BENCH_BASELINE_DIR to a built checkout to compare with.')
  const baselineDir = path.resolve(BASELINE_DIR)
  if (!existsSync(path.join(baselineDir, serverBundlePath()))) {
    throw new Error(`${baselineDir} has no build: run \`npm run build\` there first.`)
  }
  await ensureBuild()
  const env = await prepareBenchDatabase(RUN, POSTS)
  const apps: AppServer[] = []
  let baseline: Baseline | undefined
  const { out, write: writeReport } = benchReport(REPORT)
  const appEnv = MISSES ? { ...env, RESPONSE_CACHE: 'off' } : env
  try {
    const current = await startApp(`${RUN}-current`, appEnv)
    apps.push(current)
    const previous = await startApp(
      `${RUN}-previous`,
      { ...appEnv, ...BASELINE_ENV },
      {
        dir: baselineDir,
        node: BASELINE_NODE,
        nodeArgs: BASELINE_NODE_ARGS,
      },
    )
    apps.push(previous)
    const surfaces = (await cachedSurfaces(current.url)).filter(
      ({ name }) => !MISSES || name in MISS_TARGET_MS,
    )
    const sizes = await warmCaches(surfaces, { current, previous })
    const targets: Partial<Record<TargetName, Target>> = {
      current: { url: current.url, pid: current.process.pid! },
      previous: { url: previous.url, pid: previous.process.pid! },
    }
    if (!MISSES) {
      baseline = await startBaseline(RUN, await baselineRoutes(current.url, surfaces))
      targets.bare = { url: baseline.url, pid: baseline.pid }
    }

    const runs: Map<string, Ratios>[] = []
    for (let run = 0; run < RUNS; run += 1) {
      const ratios = new Map<string, Ratios>()
      for (const surface of surfaces) {
        const measured = await measureSurface(surface, targets, env.DATABASE_URL)
        ratios.set(surface.name, measured)
        console.log(
          `run ${run + 1}/${RUNS} · ${surface.name}: current/previous ${percent(measured.throughput)} req/s, ` +
            `${times(measured.cpu)} CPU/req; ` +
            (MISSES
              ? `current ${millis(measured.currentMs)}, previous ${millis(measured.previousMs)} with PostgreSQL`
              : `current/bare ${percent(measured.currentToBare)}, previous/bare ${percent(measured.previousToBare)}`),
        )
      }
      runs.push(ratios)
      console.log(
        `run ${run + 1}/${RUNS} overall (geometric mean): current/previous ` +
          `${percent(geometricMean([...ratios.values()].map((ratio) => ratio.throughput)))}`,
      )
    }

    const medianOf = (surface: string, pick: (ratios: Ratios) => number) =>
      median(runs.map((ratios) => pick(ratios.get(surface)!)))
    const columns: [string, (ratios: Ratios) => number, (value: number) => string][] = [
      ['Current / previous req/s', (r) => r.throughput, percent],
      ['Current / previous CPU/req', (r) => r.cpu, times],
      ...((MISSES
        ? [
            ['Current CPU + database per miss', (r) => r.currentMs, millis],
            ['Previous CPU + database per miss', (r) => r.previousMs, millis],
          ]
        : [
            ['Current / bare req/s', (r) => r.currentToBare, percent],
            ['Previous / bare req/s', (r) => r.previousToBare, percent],
            ['Current / bare CPU/req', (r) => r.currentCpuToBare, times],
            ['Previous / bare CPU/req', (r) => r.previousCpuToBare, times],
          ]) satisfies [string, (ratios: Ratios) => number, (value: number) => string][]),
    ]

    out(`# Against the previous release${MISSES ? ': misses, response cache off' : ''} (same run)`)
    out()
    out(
      machineLine(
        `${POSTS} generated posts + demo content, en/es · autocannon, ${CONNECTIONS} connections · ` +
          `${RUNS} runs of ${ROUNDS} rounds × ${SLICE_SECONDS} s slices per build and surface, order rotated`,
      ),
    )
    out()
    const previousNode =
      (BASELINE_NODE ? `, on \`${BASELINE_NODE}\`` : '') +
      (BASELINE_NODE_ARGS.length > 0 ? `, with \`${BASELINE_NODE_ARGS.join(' ')}\`` : '') +
      (Object.keys(BASELINE_ENV).length > 0
        ? `, with \`${Object.entries(BASELINE_ENV)
            .map(([name, value]) => `${name}=${value}`)
            .join(' ')}\``
        : '')
    out(
      `Previous build: \`${baselineDir}\`${previousNode}. Figures are medians over the ${RUNS} runs.`,
    )
    out()
    out(
      `| Surface | Bytes (current / previous) | ${columns.map(([title]) => title).join(' | ')} | Errors |`,
    )
    out(`|---|---|${columns.map(() => '---|').join('')}---|`)
    for (const surface of surfaces) {
      const size = sizes.get(surface.path)!
      const errors = runs.reduce((sum, ratios) => sum + ratios.get(surface.name)!.errors, 0)
      out(
        `| ${surface.name} | ${size.current.toLocaleString('en')} / ${size.previous.toLocaleString('en')} | ` +
          `${columns.map(([, pick, show]) => show(medianOf(surface.name, pick))).join(' | ')} | ${errors} |`,
      )
    }
    const overall = columns.map(([, pick]) =>
      geometricMean(surfaces.map((surface) => medianOf(surface.name, pick))),
    )
    out(
      `| **Overall (geometric mean)** | | ${columns.map(([, , show], index) => `**${show(overall[index]!)}**`).join(' | ')} | |`,
    )
    out()
    // A surface whose bytes changed between the releases (a format grew, a file was split) measures
    // different work: the verdict is taken over the surfaces that send the same bytes, within 10%.
    const comparable = surfaces.filter((surface) => {
      const size = sizes.get(surface.path)!
      return Math.abs(size.current - size.previous) <= MAX_SIZE_DIFFERENCE * size.previous
    })
    const comparableShare = geometricMean(
      comparable.map((surface) => medianOf(surface.name, (r) => r.throughput)),
    )
    const comparableCpu = geometricMean(
      comparable.map((surface) => medianOf(surface.name, (r) => r.cpu)),
    )
    const perRun = runs.map((ratios) =>
      percent(geometricMean(comparable.map((surface) => ratios.get(surface.name)!.throughput))),
    )
    out(
      `Over the ${comparable.length} surfaces whose bytes differ by at most ${MAX_SIZE_DIFFERENCE * 100}% ` +
        `(${comparable.map((surface) => surface.name).join(', ')}): current / previous req/s ` +
        `${percent(comparableShare)} (per run ${perRun.join(', ')}), CPU per request ${times(comparableCpu)}: ` +
        (comparableShare >= REQUIRED_SHARE
          ? `within ${Math.round((1 - REQUIRED_SHARE) * 100)}% of the previous release.`
          : `NOT within ${Math.round((1 - REQUIRED_SHARE) * 100)}% of the previous release.`),
    )
  } finally {
    baseline?.stop()
    for (const app of apps) await app.stop()
    await stopTestDatabaseServer()
  }
  writeReport()
  console.log(`\nWritten to ${reportPath(REPORT)}`)
}

runWorkload(main)
