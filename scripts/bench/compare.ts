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
 * With BENCH_MISSES=distinct it compares misses as production has them: the first request for a
 * URL, with the response cache on (its default settings). Both builds start on the one database;
 * for each surface of `MISS_TARGET_MS` that has distinct URLs (`distinctMissPaths`: the API
 * document at every post's id, the API lists at every page, in each locale too when the surface
 * names none, a post's twin by `.md` and by `Accept` and its page, in both locales), the list of
 * them, in an order fixed by a seed, is cut into blocks of one size (`distinctBlocks`: per run a
 * warm-up block and one block per round, the most the list holds, at most DISTINCT_MAX_SLICE).
 * Each slice requests its block once per URL, BENCH_CONNECTIONS at a time; both builds walk the
 * same blocks in the same order, each with its own cache, so every request is the first its
 * build is sent for that URL: a HIT in `X-Cache` stops the benchmark, and a URL sent twice to one
 * build too. Before the runs, each build answers every post's API document at its default depth
 * (URLs none of the lists holds) to warm its JIT. A slice's figure is the server's CPU (Node,
 * /proc) plus PostgreSQL's during it, per request, as with BENCH_MISSES=1; the report gives
 * each build's milliseconds per miss, their ratio and the geometric means, and how many distinct
 * URLs each build was sent. The home page has no distinct URLs (one per locale): it is left out,
 * and the report says so (BENCH_MISSES=1 measures its misses). The lists grow with BENCH_POSTS
 * (an API list has one URL per page of ten): with the defaults, a slice of the Spanish API list
 * holds 8 requests and one of the other list 25, too few for CPU read in 10 ms ticks (the report
 * marks such a surface); an API document's 84, a post's twin or page 168. It writes
 * .data/benchmarks-compare-distinct.md.
 *
 * BENCH_BASELINE_NODE runs the other build on another Node.js binary: with BENCH_BASELINE_DIR=.
 * and SERVER_NODE, one build on two release lines side by side. BENCH_BASELINE_NODE_ARGS, Node
 * arguments for the other build alone (after the server's own, so a V8 flag there wins): one
 * build, one Node, with and without a setting. BENCH_BASELINE_ENV, `NAME=value` pairs separated
 * by spaces, sets environment variables for the other build alone (an allocator's setting, say).
 *
 * Settings: BENCH_BASELINE_DIR (required), BENCH_BASELINE_NODE (the current build's Node),
 * BENCH_BASELINE_NODE_ARGS (none), BENCH_BASELINE_ENV (none), BENCH_MISSES (off; 1 or distinct),
 * BENCH_POSTS (1000), BENCH_RUNS (3), BENCH_ROUNDS (3), BENCH_SLICE_SECONDS (2; not with
 * BENCH_MISSES=distinct, whose slices are blocks of URLs), BENCH_CONNECTIONS (32).
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
  distinctBlocks,
  distinctMissPaths,
  type DistinctRun,
  ensureBuild,
  environmentPairs,
  type ListedPost,
  load,
  loadFirstRequests,
  machineLine,
  median,
  MISS_TARGET_MS,
  prepareBenchDatabase,
  reportPath,
  seededShuffle,
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
const MISSES_MODE = process.env.BENCH_MISSES ?? ''
const MISSES = MISSES_MODE === '1'
/** First requests to distinct URLs, the response cache on (BENCH_MISSES=distinct). */
const DISTINCT = MISSES_MODE === 'distinct'
const RUN = 'bench-compare'
const REPORT = DISTINCT ? 'compare-distinct' : MISSES ? 'compare-misses' : 'compare'
/** The most requests one slice of distinct URLs sends: a long list is not spent on one run. */
const DISTINCT_MAX_SLICE = 1000
/** Fixes the order of each list of distinct URLs: every run of the benchmark walks the same. */
const DISTINCT_SEED = 20_250_601
/** The current build must keep at least this share of the previous build's throughput. */
const REQUIRED_SHARE = 0.95
/** Surfaces whose size changed by more than this between the builds are not compared. */
const MAX_SIZE_DIFFERENCE = 0.1

type TargetName = 'current' | 'previous' | 'bare'
/** Bare Node sends stored bytes: it is a baseline for cached reads only. */
const TARGETS: TargetName[] =
  MISSES || DISTINCT ? ['current', 'previous'] : ['current', 'previous', 'bare']

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

type BuildName = 'current' | 'previous'
const BUILDS: BuildName[] = ['current', 'previous']

/** A surface measured on distinct URLs: how long its list is and how it is cut. */
interface DistinctPlan {
  surface: Surface
  listed: number
  sliceSize: number
  runs: DistinctRun<string>[]
}

/** One build's totals over a run's slices of one surface's distinct URLs. */
interface DistinctTotals {
  requests: number
  nodeMs: number
  databaseMs: number
  bytes: number
  errors: number
}

/** One run's figures for one surface's distinct URLs: per miss, but for `nodeTotalMs`. */
interface DistinctFigures {
  /** Node and PostgreSQL CPU per miss, in milliseconds. */
  ms: Record<BuildName, number>
  nodeMs: Record<BuildName, number>
  databaseMs: Record<BuildName, number>
  /** The server's CPU over the run's slices: what its 10 ms ticks are read against. */
  nodeTotalMs: Record<BuildName, number>
  bytes: Record<BuildName, number>
  /** current / previous `ms` */
  ratio: number
  errors: number
}

/** The API's published posts, their ids and slugs, page by page. */
async function listedPosts(baseUrl: string): Promise<ListedPost[]> {
  const posts: ListedPost[] = []
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${baseUrl}/api/posts?limit=100&page=${page}&select=slug`)
    if (response.status !== 200)
      throw new Error(`${baseUrl}: posts page ${page}: ${response.status}`)
    const body = (await response.json()) as { docs: ListedPost[]; hasNextPage: boolean }
    posts.push(...body.docs.map(({ id, slug }) => ({ id, slug })))
    if (!body.hasNextPage) return posts
  }
}

/** Every URL (with its request headers) each build has been sent in this mode. */
const sentTo: Record<BuildName, Set<string>> = { current: new Set(), previous: new Set() }

/**
 * Sends `paths` to build `name` once each; refuses a URL the build was sent before and throws
 * when an answer came from its cache (a HIT, or a STALE one).
 */
async function firstRequests(
  name: BuildName,
  target: Target,
  label: string,
  paths: readonly string[],
  headers?: Record<string, string>,
) {
  const spelledHeaders = JSON.stringify(headers ?? {})
  for (const path of paths) {
    const key = `${path} ${spelledHeaders}`
    if (sentTo[name].has(key)) throw new Error(`${name} was sent ${path} (${label}) before`)
    sentTo[name].add(key)
  }
  const result = await loadFirstRequests(target.url, paths, target.pid, {
    connections: CONNECTIONS,
    headers,
  })
  const cached = (result.cache.HIT ?? 0) + (result.cache.STALE ?? 0)
  if (cached > 0) {
    throw new Error(
      `${name} answered ${cached} of ${paths.length} first requests of ${label} from its cache ` +
        `(X-Cache ${JSON.stringify(result.cache)}), e.g. ${result.notMisses.join(', ')}`,
    )
  }
  return result
}

/**
 * Measures one surface in one run: each build's warm-up block, then ROUNDS rounds of one slice
 * per build, the order rotated each round, both builds walking the same blocks.
 */
async function measureDistinct(
  surface: Surface,
  blocks: DistinctRun<string>,
  targets: Record<BuildName, Target>,
  databaseUrl: string,
  notMisses: Record<BuildName, Record<string, number>>,
): Promise<DistinctFigures> {
  const totals = Object.fromEntries(
    BUILDS.map((name) => [
      name,
      { requests: 0, nodeMs: 0, databaseMs: 0, bytes: 0, errors: 0 } satisfies DistinctTotals,
    ]),
  ) as Record<BuildName, DistinctTotals>
  const slice = async (name: BuildName, paths: string[], label: string) => {
    const result = await firstRequests(name, targets[name], label, paths, surface.headers)
    for (const [status, count] of Object.entries(result.cache)) {
      if (status !== 'MISS') notMisses[name][status] = (notMisses[name][status] ?? 0) + count
    }
    return result
  }
  for (const name of BUILDS) await slice(name, blocks.warmUp, `${surface.name} (warm-up)`)
  for (let round = 0; round < blocks.slices.length; round += 1) {
    for (let step = 0; step < BUILDS.length; step += 1) {
      const name = BUILDS[(round + step) % BUILDS.length]!
      const databaseBefore = await databaseCpuMillis(databaseUrl)
      const result = await slice(name, blocks.slices[round]!, surface.name)
      const sum = totals[name]
      sum.databaseMs += databaseCpuBetween(databaseBefore, await databaseCpuMillis(databaseUrl))
      sum.requests += result.requests
      sum.nodeMs += result.cpuMs
      sum.bytes += result.bytes
      sum.errors += result.errors
    }
  }
  const per = (pick: (sum: DistinctTotals) => number) =>
    Object.fromEntries(BUILDS.map((name) => [name, pick(totals[name])])) as Record<
      BuildName,
      number
    >
  const ms = per((sum) => (sum.nodeMs + sum.databaseMs) / sum.requests)
  return {
    ms,
    nodeMs: per((sum) => sum.nodeMs / sum.requests),
    databaseMs: per((sum) => sum.databaseMs / sum.requests),
    nodeTotalMs: per((sum) => sum.nodeMs),
    bytes: per((sum) => sum.bytes / sum.requests),
    ratio: ms.current / ms.previous,
    errors: totals.current.errors + totals.previous.errors,
  }
}

/** Below this much server CPU per build and run, the 10 ms ticks it is read in weigh (±10%). */
const FEWEST_TICKS_MS = 200

/** BENCH_MISSES=distinct: first requests to distinct URLs, both builds' caches on. */
async function compareDistinct(
  builds: Record<BuildName, AppServer>,
  databaseUrl: string,
  out: (line?: string) => void,
  previousBuild: string,
): Promise<void> {
  const posts = await listedPosts(builds.current.url)
  const previousPosts = await listedPosts(builds.previous.url)
  const spelled = (list: ListedPost[]) => JSON.stringify(list.map(({ id, slug }) => [id, slug]))
  if (spelled(posts) !== spelled(previousPosts)) {
    throw new Error(
      'The two builds list different published posts: they would render different URLs.',
    )
  }
  const plans: DistinctPlan[] = []
  const skipped: Surface[] = []
  for (const surface of await cachedSurfaces(builds.current.url)) {
    if (!(surface.name in MISS_TARGET_MS)) continue
    const paths = distinctMissPaths(surface, posts)
    if (paths === null) {
      skipped.push(surface)
      continue
    }
    const runs = distinctBlocks(
      seededShuffle(paths, DISTINCT_SEED),
      RUNS,
      ROUNDS,
      DISTINCT_MAX_SLICE,
    )
    plans.push({ surface, listed: paths.length, sliceSize: runs[0]!.warmUp.length, runs })
  }
  const targets = Object.fromEntries(
    BUILDS.map((name) => [name, { url: builds[name].url, pid: builds[name].process.pid! }]),
  ) as Record<BuildName, Target>
  for (const plan of plans) {
    const perBuild = RUNS * (ROUNDS + 1) * plan.sliceSize
    console.log(
      `${plan.surface.name}: ${plan.listed} distinct URLs; ${perBuild} per build, in ${RUNS} × ` +
        `(1 warm-up + ${ROUNDS}) blocks of ${plan.sliceSize}`,
    )
  }

  // Warms each build's JIT on the API's read path with URLs none of the lists holds.
  const warmUp = posts.map(({ id }) => `/api/posts/${id}`)
  const notMisses = { current: {}, previous: {} } as Record<BuildName, Record<string, number>>
  for (const name of BUILDS) {
    await firstRequests(name, targets[name], 'API documents, default depth (warm-up)', warmUp)
  }

  const runs: Map<string, DistinctFigures>[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const figures = new Map<string, DistinctFigures>()
    for (const plan of plans) {
      const measured = await measureDistinct(
        plan.surface,
        plan.runs[run]!,
        targets,
        databaseUrl,
        notMisses,
      )
      figures.set(plan.surface.name, measured)
      console.log(
        `run ${run + 1}/${RUNS} · ${plan.surface.name}: current ${millis(measured.ms.current)}, ` +
          `previous ${millis(measured.ms.previous)} per miss with PostgreSQL (${times(measured.ratio)})`,
      )
    }
    runs.push(figures)
    console.log(
      `run ${run + 1}/${RUNS} overall (geometric mean): current/previous CPU per miss ` +
        `${times(geometricMean([...figures.values()].map((figure) => figure.ratio)))}`,
    )
  }

  const medianOf = (surface: Surface, pick: (figures: DistinctFigures) => number) =>
    median(runs.map((figures) => pick(figures.get(surface.name)!)))
  const pair = (surface: Surface, pick: (figures: DistinctFigures) => Record<BuildName, number>) =>
    `${millis(medianOf(surface, (f) => pick(f).current))} / ${millis(medianOf(surface, (f) => pick(f).previous))}`
  const fewTicks = (plan: DistinctPlan) =>
    BUILDS.some((name) => medianOf(plan.surface, (f) => f.nodeTotalMs[name]) < FEWEST_TICKS_MS)

  out(
    '# Against the previous release: first requests to distinct URLs, response cache on (same run)',
  )
  out()
  out(
    machineLine(
      `${POSTS} generated posts + demo content, en/es · ${CONNECTIONS} connections · ${RUNS} runs ` +
        `of a warm-up block and ${ROUNDS} slices per build and surface, order rotated; ` +
        'each URL requested once per build',
    ),
  )
  out()
  out(
    `Previous build: ${previousBuild}. Per miss: the server's CPU (Node) and PostgreSQL's during ` +
      `the slice, per request; figures are medians over the ${RUNS} runs.`,
  )
  out()
  out(
    '| Surface | Distinct URLs (listed / sent to each build) | Requests per slice | ' +
      'Bytes per answer (current / previous) | Current CPU + database per miss | ' +
      'Previous CPU + database per miss | Current / previous | Node (current / previous) | ' +
      'PostgreSQL (current / previous) | Target | Errors |',
  )
  out('|---|---|---|---|---|---|---|---|---|---|---|')
  for (const plan of plans) {
    const { surface } = plan
    const errors = runs.reduce((sum, figures) => sum + figures.get(surface.name)!.errors, 0)
    const bytes = (name: BuildName) =>
      Math.round(medianOf(surface, (f) => f.bytes[name])).toLocaleString('en')
    out(
      `| ${surface.name}${fewTicks(plan) ? ' †' : ''} | ${plan.listed.toLocaleString('en')} / ` +
        `${(RUNS * (ROUNDS + 1) * plan.sliceSize).toLocaleString('en')} | ${plan.sliceSize} | ` +
        `${bytes('current')} / ${bytes('previous')} | ` +
        `${millis(medianOf(surface, (f) => f.ms.current))} | ` +
        `${millis(medianOf(surface, (f) => f.ms.previous))} | ` +
        `${times(medianOf(surface, (f) => f.ratio))} | ${pair(surface, (f) => f.nodeMs)} | ` +
        `${pair(surface, (f) => f.databaseMs)} | ${millis(MISS_TARGET_MS[surface.name]!)} | ${errors} |`,
    )
  }
  const overall = (pick: (figures: DistinctFigures) => number) =>
    geometricMean(plans.map((plan) => medianOf(plan.surface, pick)))
  out(
    `| **Overall (geometric mean)** | | | | **${millis(overall((f) => f.ms.current))}** | ` +
      `**${millis(overall((f) => f.ms.previous))}** | **${times(overall((f) => f.ratio))}** | | | | |`,
  )
  out()
  const perRun = runs.map((figures) =>
    times(geometricMean([...figures.values()].map((figure) => figure.ratio))),
  )
  out(`Current / previous CPU + database per miss, per run: ${perRun.join(', ')}.`)
  if (plans.some(fewTicks)) {
    out()
    out(
      `† Under ${FEWEST_TICKS_MS} ms of server CPU per build and run: /proc counts it in 10 ms ` +
        'ticks, which weigh here; more posts (BENCH_POSTS) make its list, and its slices, longer.',
    )
  }
  for (const surface of skipped) {
    out()
    out(
      `${surface.name} (\`${surface.path}\`) is not measured: it has no distinct URLs to request ` +
        'once each (one per locale). BENCH_MISSES=1 measures its misses, with the response cache off.',
    )
  }
  out()
  for (const name of BUILDS) {
    const other = Object.entries(notMisses[name])
      .map(([status, count]) => `${count} ${status}`)
      .join(', ')
    out(
      `The ${name} build was sent ${sentTo[name].size.toLocaleString('en')} distinct URLs, each ` +
        `once: ${warmUp.length.toLocaleString('en')} API documents at their default depth before ` +
        `the runs, then the surfaces' blocks; ${other ? `answers not a MISS: ${other}` : 'every answer was a MISS'}.`,
    )
  }
}

/** The previous build's checkout, and the Node, arguments and environment it runs with. */
function previousBuildOf(baselineDir: string): string {
  const previousNode =
    (BASELINE_NODE ? `, on \`${BASELINE_NODE}\`` : '') +
    (BASELINE_NODE_ARGS.length > 0 ? `, with \`${BASELINE_NODE_ARGS.join(' ')}\`` : '') +
    (Object.keys(BASELINE_ENV).length > 0
      ? `, with \`${Object.entries(BASELINE_ENV)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ')}\``
      : '')
  return `\`${baselineDir}\`${previousNode}`
}

async function main(): Promise<void> {
  if (!['', '0', '1', 'distinct'].includes(MISSES_MODE)) {
    throw new Error(`BENCH_MISSES is 1 or distinct (or unset), not "${MISSES_MODE}".`)
  }
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
    const previousBuild = previousBuildOf(baselineDir)
    if (DISTINCT) {
      await compareDistinct({ current, previous }, env.DATABASE_URL, out, previousBuild)
    } else {
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

      out(
        `# Against the previous release${MISSES ? ': misses, response cache off' : ''} (same run)`,
      )
      out()
      out(
        machineLine(
          `${POSTS} generated posts + demo content, en/es · autocannon, ${CONNECTIONS} connections · ` +
            `${RUNS} runs of ${ROUNDS} rounds × ${SLICE_SECONDS} s slices per build and surface, order rotated`,
        ),
      )
      out()
      out(`Previous build: ${previousBuild}. Figures are medians over the ${RUNS} runs.`)
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
    }
  } finally {
    baseline?.stop()
    for (const app of apps) await app.stop()
    await stopTestDatabaseServer()
  }
  writeReport()
  console.log(`\nWritten to ${reportPath(REPORT)}`)
}

runWorkload(main)
