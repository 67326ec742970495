/**
 * `npx tsx scripts/bench/metrics-instructions.ts`: what collecting metrics costs a cached hit, in
 * instructions. `bench:metrics` times two servers loaded together, which a busy machine blurs;
 * this one counts the instructions each server runs for the same requests (valgrind's callgrind:
 * the same count whatever else the machine does), so the figure holds on a shared machine too.
 *
 * Two instances of this build on one database (demo content plus BENCH_POSTS generated posts), one
 * with metrics on (METRICS_PORT), one without (BENCH_CALIBRATE=1: both without, an A/A run), each
 * under callgrind with instrumentation off until asked. For each run: both started, every cached
 * surface of `bench:site` warmed (the cache filled, then BENCH_WARM requests a surface so the JIT
 * has settled), instrumentation switched on, BENCH_REQUESTS requests a surface over
 * BENCH_CONNECTIONS connections, instrumentation off, the servers stopped and their counts read.
 * Not counted: the scrape (Prometheus's every 15 s falls on some 100,000 hits of a busy server).
 * Counted: everything the server runs meanwhile, its garbage collection (a major one is some 300
 * million instructions, so a few thousand hits blur the figure: the runs show how far) and its
 * timers, which run by the wall clock that valgrind stretches some fifty times: the event loop
 * monitor's ticks weigh more here than natively, so the figure leans against metrics, not for.
 *
 * Settings: BENCH_CALIBRATE (off), BENCH_ON_ENV (none), BENCH_POSTS (200), BENCH_RUNS (2),
 * BENCH_WARM (1000), BENCH_REQUESTS (2000), BENCH_CONNECTIONS (4). Needs valgrind. Writes
 * .data/benchmarks-metrics-instructions.md.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import autocannon from 'autocannon'

import { startApp, freePort, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import {
  benchReport,
  benchRunName,
  cachedSurfaces,
  ensureBuild,
  environmentPairs,
  machineLine,
  prepareBenchDatabase,
  reportPath,
  type Surface,
} from './lib'
import { benchStep } from './workload'

const POSTS = Number(process.env.BENCH_POSTS ?? 200)
const RUNS = Number(process.env.BENCH_RUNS ?? 2)
const WARM = Number(process.env.BENCH_WARM ?? 1000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4)
const CALIBRATE = process.env.BENCH_CALIBRATE === '1'
const ON_ENV = environmentPairs(process.env.BENCH_ON_ENV)
const RUN = benchRunName('bench-metrics-instructions')
/** Metrics on may cost at most this much more per hit than off. */
const ALLOWED_RATIO = 1.03
/** Starting under valgrind takes minutes (instrumentation off: some ten times slower). */
const READY_WITHIN_MS = 15 * 60_000

type Side = 'on' | 'off'
const SIDES = ['on', 'off'] as const
const WORK_DIR = path.resolve('.data', RUN)
/**
 * The user and host vgdb puts in its pipes' names, the same for the server and its controller:
 * HOST is the server's address setting (`startApp`'s), USER the wrapper's.
 */
const VGDB_NAMES = { USER: 'bench', HOST: '127.0.0.1' }

/** What one run counted: instructions per hit, all a server ran while loaded over its requests. */
interface RunCount {
  on: number
  off: number
  requests: number
  failures: number
}

interface Counted {
  app: AppServer
  outFile: string
}

/** A Node.js "binary" that runs the server under callgrind, instrumentation off from the start. */
function valgrindNode(side: Side, run: number): { node: string; outFile: string } {
  const outFile = path.join(WORK_DIR, `callgrind-${side}-${run}.out`)
  const node = path.join(WORK_DIR, `node-${side}.sh`)
  writeFileSync(
    node,
    [
      '#!/bin/sh',
      // vgdb, through which callgrind_control speaks, names its pipes after USER and HOST.
      `export USER=${VGDB_NAMES.USER}`,
      `exec valgrind --tool=callgrind --instr-atstart=no --smc-check=all-non-file \\`,
      // The Node.js the servers run on (the image's, as in every benchmark: `ensureBuild`).
      `  --callgrind-out-file=${outFile} --log-file=${outFile}.log ${process.env.SERVER_NODE ?? process.execPath} "$@"`,
      '',
    ].join('\n'),
  )
  chmodSync(node, 0o755)
  return { node, outFile }
}

/** Asks callgrind in the server `app` to do `command` (`-i on`, `-d`, …). */
function control(app: AppServer, ...command: string[]): void {
  const answer = execFileSync('callgrind_control', [...command, String(app.process.pid)], {
    encoding: 'utf8',
    env: { ...process.env, ...VGDB_NAMES },
  })
  if (!answer.includes('OK')) throw new Error(`callgrind_control ${command.join(' ')}: ${answer}`)
}

/** The instructions callgrind counted, from the `totals:` line of its output file. */
function countedInstructions(outFile: string): number {
  const line = /^totals:\s*(\d+)/m.exec(readFileSync(outFile, 'utf8'))
  if (!line) throw new Error(`no totals in ${outFile}`)
  return Number(line[1])
}

/**
 * Sends `amount` requests for `surface` over CONNECTIONS connections; returns how many failed.
 * Under valgrind a request now and then outlasts a server's own time limits (a 503): more than
 * one in a hundred stops the benchmark.
 */
async function request(url: string, surface: Surface, amount: number): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    timeout: 120,
    requests: [{ method: 'GET', path: surface.path, headers: surface.headers }],
  })
  const failed = result.errors + result.timeouts + result.non2xx
  if (failed > amount / 100)
    throw new Error(
      `${surface.name}: ${failed} of ${amount} requests failed ` +
        JSON.stringify({
          errors: result.errors,
          timeouts: result.timeouts,
          status: result.statusCodeStats,
        }),
    )
  return failed
}

/** Requests `surface` until the server answers it from its cache. */
async function fillCache(url: string, surface: Surface): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await fetch(`${url}${surface.path}`, { headers: surface.headers })
    await response.arrayBuffer()
    if (response.headers.get('x-cache') === 'HIT') return
  }
  throw new Error(`${surface.path} is not cached`)
}

async function startSide(side: Side, run: number, env: Record<string, string>): Promise<Counted> {
  const { node, outFile } = valgrindNode(side, run)
  const settings =
    side === 'on' && !CALIBRATE
      ? { ...env, METRICS_PORT: String(await freePort()), ...ON_ENV }
      : side === 'on'
        ? { ...env, ...ON_ENV }
        : env
  const app = await startApp(`${RUN}-${side}-${run}`, settings, {
    node,
    readyWithinMs: READY_WITHIN_MS,
  })
  return { app, outFile }
}

/** One run: both servers, the same requests, the instructions each counted. */
async function measureRun(run: number, env: Record<string, string>): Promise<RunCount> {
  let failures = 0
  benchStep(`starting both servers under valgrind (run ${run + 1})`)
  const counted = Object.fromEntries(
    await Promise.all(SIDES.map(async (side) => [side, await startSide(side, run, env)] as const)),
  ) as Record<Side, Counted>
  try {
    const surfaces = await cachedSurfaces(counted.on.app.url)
    const order: Side[] = run % 2 === 0 ? ['on', 'off'] : ['off', 'on']
    for (const side of order) {
      const { app } = counted[side]
      benchStep(`warming ${side} (run ${run + 1})`)
      for (const surface of surfaces) {
        await fillCache(app.url, surface)
        await request(app.url, surface, WARM)
      }
      benchStep(`counting ${side} (run ${run + 1})`)
      control(app, '-i', 'on')
      for (const surface of surfaces) failures += await request(app.url, surface, REQUESTS)
      control(app, '-i', 'off')
    }
    // Stopped, each writes what it counted.
    for (const side of SIDES) await counted[side].app.stop()
    const requests = surfaces.length * REQUESTS
    const perHit = (side: Side) => countedInstructions(counted[side].outFile) / requests
    return { on: perHit('on'), off: perHit('off'), requests, failures }
  } finally {
    for (const side of SIDES) await counted[side].app.stop()
  }
}

async function main(): Promise<void> {
  await ensureBuild()
  rmSync(WORK_DIR, { recursive: true, force: true })
  mkdirSync(WORK_DIR, { recursive: true })
  benchStep('preparing the database')
  const env = await prepareBenchDatabase(RUN, POSTS)
  const { out, write } = benchReport('metrics-instructions')
  try {
    const runs: RunCount[] = []
    for (let run = 0; run < RUNS; run += 1) {
      const counted = await measureRun(run, env)
      runs.push(counted)
      console.log(
        `run ${run + 1}/${RUNS}: ${Math.round(counted.on)} / ${Math.round(counted.off)} ` +
          `instructions per hit, on/off ${(counted.on / counted.off).toFixed(4)}× ` +
          `(${counted.failures} of ${2 * counted.requests} failed)`,
      )
    }
    const ratio =
      runs.reduce((sum, { on }) => sum + on, 0) / runs.reduce((sum, { off }) => sum + off, 0)
    out(
      CALIBRATE
        ? '# Calibration: instructions per cached hit, two servers without metrics (A/A)'
        : '# Metrics on against off: instructions per cached hit (callgrind)',
    )
    out()
    out(
      machineLine(
        `${POSTS} generated posts + demo content · the 12 cached surfaces of bench:site, ` +
          `${WARM} warming and ${REQUESTS} counted requests each, ${CONNECTIONS} connections · ` +
          `${RUNS} runs · not scraped · tracing off`,
      ),
    )
    out()
    out('| Run | Instructions per hit, on | Off | On / off | Failed requests |')
    out('|---|---|---|---|---|')
    runs.forEach(({ on, off, failures }, index) =>
      out(
        `| ${index + 1} | ${Math.round(on)} | ${Math.round(off)} | ${(on / off).toFixed(4)}× | ${failures} |`,
      ),
    )
    out()
    out(
      `Overall: ${ratio.toFixed(4)}× the instructions per hit` +
        (CALIBRATE ? '.' : ` (target at most ${ALLOWED_RATIO}×).`),
    )
    write()
    console.log(`\nWritten to ${reportPath('metrics-instructions')}`)
    if (!CALIBRATE && ratio > ALLOWED_RATIO) process.exitCode = 1
  } finally {
    await stopTestDatabaseServer()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
