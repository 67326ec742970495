/**
 * What counting visits (src/audience/) costs a cached hit: one build started three times on one
 * database, `AUDIENCE_COUNTING=on` (the default), `off`, and `off` again as a control (what two
 * identical servers differ by on this machine: the noise), every cache warmed, then for each
 * surface all three loaded in alternating slices (BENCH_ROUNDS rounds of BENCH_SLICE_SECONDS, the
 * order rotated each round, so background load falls on all alike). The requests carry a rotating
 * mix of real User-Agents and referrers (tests/fixtures/user-agents/), so the counting classifies
 * browsers, crawlers and referrals as production would, and writes to PostgreSQL every flush.
 * Per surface: req/s of on against off, each one's CPU per hit (Node, /proc), and the difference;
 * overall, the geometric means. Then, in this process, the counting alone: CPU per request of
 * `countVisitIn` (the listener, the classification and the map update) against the same requests
 * without it, as a share of a hit's CPU. The verdict: the counting costs at most 5% of a hit's
 * CPU, and on keeps 95% of off's throughput unless the control shows the machine itself moved
 * more than that during the run (a shared machine's load swings more than 5% between slices).
 *
 * Run: NEXT_DIST_DIR=.next-X npx tsx scripts/bench/audience.ts (builds first when there is none).
 * Settings: BENCH_POSTS (100), BENCH_ROUNDS (6: each target twice in each place of the
 * rotation), BENCH_SLICE_SECONDS (3), BENCH_CONNECTIONS (32).
 * Writes .data/benchmarks-audience.md.
 */
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'

import autocannon from 'autocannon'

import { agentTable } from '@/audience/agents'
import { CallerClassifier } from '@/audience/classify'
import { VisitCounter } from '@/audience/counter'
import type { CountStore } from '@/audience/store'
import { countVisitIn } from '@/audience/visits'

import fixture from '../../tests/fixtures/user-agents/2026-11-28.json'
import { startApp, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import {
  benchReport,
  benchRunName,
  cachedSurfaces,
  cpuMillis,
  ensureBuild,
  machineLine,
  median,
  prepareBenchDatabase,
  type Surface,
} from './lib'
import { benchStep, runWorkload } from './workload'

const POSTS = Number(process.env.BENCH_POSTS ?? 100)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
/** Counting on must keep at least this share of counting off's throughput. */
const REQUIRED_SHARE = 0.95
/** The surfaces measured: one of each kind the counting treats differently. */
const MEASURED = ['HTML post', 'Markdown twin', 'API document (depth 2)', 'llms.txt', 'HTML home']

const USER_AGENTS = fixture.userAgents.map((entry) => entry.userAgent)
const REFERRERS = ['https://chatgpt.com/', 'https://www.google.com/', undefined, undefined]

type Target = 'on' | 'off' | 'control'
const TARGETS: Target[] = ['on', 'off', 'control']

interface Totals {
  requests: number
  seconds: number
  cpuMs: number
  errors: number
}

/** Requests for one surface: its path and headers, one per User-Agent of the mix. */
function requestsFor(surface: Surface) {
  return USER_AGENTS.map((userAgent, index) => {
    const referer = REFERRERS[index % REFERRERS.length]
    return {
      method: 'GET' as const,
      path: surface.path,
      headers: { ...surface.headers, 'user-agent': userAgent, ...(referer ? { referer } : {}) },
    }
  })
}

async function slice(server: AppServer, surface: Surface, seconds: number) {
  const pid = server.process.pid!
  const before = cpuMillis(pid)
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: requestsFor(surface),
  })
  return {
    requests: result.requests.total,
    cpuMs: cpuMillis(pid) - before,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** Requests `surface` on `server` until its cache answers it. */
async function warm(server: AppServer, surface: Surface): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const response = await fetch(`${server.url}${surface.path}`, { headers: surface.headers })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${surface.path}: ${response.status}`)
    if (response.headers.get('x-cache') === 'HIT') return
  }
  throw new Error(`${surface.path} is not cached`)
}

async function measure(servers: Record<Target, AppServer>, surface: Surface) {
  const totals = Object.fromEntries(
    TARGETS.map((name) => [name, { requests: 0, seconds: 0, cpuMs: 0, errors: 0 }]),
  ) as Record<Target, Totals>
  for (const name of TARGETS) await slice(servers[name], surface, 1)
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let step = 0; step < TARGETS.length; step += 1) {
      const name = TARGETS[(round + step) % TARGETS.length]!
      const result = await slice(servers[name], surface, SLICE_SECONDS)
      totals[name].requests += result.requests
      totals[name].seconds += SLICE_SECONDS
      totals[name].cpuMs += result.cpuMs
      totals[name].errors += result.errors
    }
  }
  return totals
}

/**
 * The counting alone, in this process: CPU per request of a response's end with `countVisitIn`
 * (the listener, the classification, the map update; the store a no-op) against without it.
 */
function countingCost(): { withNs: number; withoutNs: number } {
  const store: CountStore = { add: async () => {}, prune: async () => 0 }
  const counter = new VisitCounter({
    classifier: new CallerClassifier(agentTable()),
    store,
    flushMs: 60_000,
    retentionDays: 400,
  })
  const requests = USER_AGENTS.map((userAgent, index) => {
    const request = new IncomingMessage(new Socket())
    request.method = 'GET'
    request.url = `/en/blog/post-${index % 20}`
    const referer = REFERRERS[index % REFERRERS.length]
    request.headers = {
      'user-agent': userAgent,
      accept: 'text/html',
      ...(referer ? { referer } : {}),
    }
    return request
  })
  const rounds = 200_000
  const run = (counting: boolean) => {
    const before = process.cpuUsage()
    for (let index = 0; index < rounds; index += 1) {
      const request = requests[index % requests.length]!
      const response = new ServerResponse(request)
      response.statusCode = 200
      if (counting) countVisitIn(counter, request, response)
      response.emit('finish')
    }
    const used = process.cpuUsage(before)
    return ((used.user + used.system) * 1000) / rounds
  }
  run(true)
  run(false)
  const withNs = median([run(true), run(true), run(true)])
  const withoutNs = median([run(false), run(false), run(false)])
  return { withNs, withoutNs }
}

const report = benchReport('audience')
const out = report.out
let servers: Partial<Record<Target, AppServer>> = {}

async function main(): Promise<void> {
  benchStep('building')
  await ensureBuild()
  benchStep('preparing the database')
  const run = benchRunName('bench-audience')
  const env = await prepareBenchDatabase(run, POSTS)
  benchStep('starting the servers')
  servers = {
    on: await startApp(`${run}-on`, { ...env, AUDIENCE_COUNTING: 'on' }),
    off: await startApp(`${run}-off`, { ...env, AUDIENCE_COUNTING: 'off' }),
    control: await startApp(`${run}-control`, { ...env, AUDIENCE_COUNTING: 'off' }),
  }
  const started = servers as Record<Target, AppServer>
  const surfaces = (await cachedSurfaces(started.on.url)).filter((surface) =>
    MEASURED.includes(surface.name),
  )
  for (const surface of surfaces) for (const name of TARGETS) await warm(started[name], surface)

  out('# Counting visits: cached hits with counting on and off')
  out()
  out(machineLine(`${ROUNDS} rounds of ${SLICE_SECONDS} s per surface, ${CONNECTIONS} connections`))
  out()
  out(
    `Each request carries one of ${USER_AGENTS.length} real User-Agents (browsers, crawlers, assistants) and, one in four, an AI referrer.`,
  )
  out()
  out(
    '| Surface | on / off req/s | control / off req/s | CPU per hit, on | off | control | on − off | errors |',
  )
  out('| --- | --- | --- | --- | --- | --- | --- | --- |')
  const ratios: number[] = []
  const controls: number[] = []
  const extra: number[] = []
  const offCpus: number[] = []
  for (const surface of surfaces) {
    benchStep(`measuring ${surface.name}`)
    const { on, off, control } = await measure(started, surface)
    const perSecond = (totals: Totals) => totals.requests / totals.seconds
    const cpu = (totals: Totals) => totals.cpuMs / totals.requests
    const ratio = perSecond(on) / perSecond(off)
    const controlRatio = perSecond(control) / perSecond(off)
    ratios.push(ratio)
    controls.push(controlRatio)
    extra.push(cpu(on) - cpu(off))
    offCpus.push(cpu(off))
    const micro = (ms: number) => `${(ms * 1000).toFixed(1)} µs`
    out(
      `| ${surface.name} | ${(ratio * 100).toFixed(1)}% | ${(controlRatio * 100).toFixed(1)}% | ${micro(cpu(on))} | ${micro(cpu(off))} | ${micro(cpu(control))} | ${micro(cpu(on) - cpu(off))} | ${on.errors + off.errors + control.errors} |`,
    )
  }
  const geometricMean = (values: number[]) =>
    Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length)
  const geometric = geometricMean(ratios)
  const control = geometricMean(controls)
  const offCpuMs = median(offCpus)
  out()
  out(
    `Throughput with counting on: ${(geometric * 100).toFixed(1)}% of off (geometric mean; required ≥ ${REQUIRED_SHARE * 100}%). ` +
      `The control, a second server with counting off: ${(control * 100).toFixed(1)}% of off, what identical servers differ by on this machine during the run. ` +
      `Median CPU added per hit: ${(median(extra) * 1000).toFixed(1)} µs (CPU read in 10 ms ticks over each run's slices).`,
  )
  const alone = countingCost()
  const addedMs = (alone.withNs - alone.withoutNs) / 1e6
  const share = addedMs / offCpuMs
  out()
  out(
    `The counting alone, in this process (${USER_AGENTS.length} User-Agents rotating, CPU time): a response's end costs ${(alone.withNs / 1000).toFixed(2)} µs with countVisitIn, ${(alone.withoutNs / 1000).toFixed(2)} µs without: ${(addedMs * 1000).toFixed(2)} µs per counted hit, ` +
      `${(share * 100).toFixed(1)}% of a hit's CPU with counting off (median ${(offCpuMs * 1000).toFixed(1)} µs): ${share <= 1 - REQUIRED_SHARE ? 'pass' : 'FAIL'} (at most ${((1 - REQUIRED_SHARE) * 100).toFixed(0)}%).`,
  )
  report.write()
  // The A/B throughput is judged against the control's spread: a loss no larger than the one
  // between two identical servers is the machine's, not the counting's.
  if (share > 1 - REQUIRED_SHARE || (geometric < REQUIRED_SHARE && geometric < control)) {
    throw new Error(
      `counting on: ${(geometric * 100).toFixed(1)}% of the throughput (control ${(control * 100).toFixed(1)}%), ${(share * 100).toFixed(1)}% of a hit's CPU`,
    )
  }
}

runWorkload(main, async () => {
  await Promise.all(Object.values(servers).map((server) => server?.stop()))
  await stopTestDatabaseServer()
})
