/**
 * `npm run bench:churn`: what publishing costs the response cache. The production build runs
 * with the response cache on over the generated corpus (scripts/bench/corpus.ts: 10,000 posts and
 * 1,000 case studies, English and Spanish), under a read load of a few connections whose
 * documents follow a Zipf distribution (rank k read in proportion to 1/k; popularity is shuffled,
 * not the publication order), each read one of the document's surfaces: its page and markdown
 * twin in either language, or its API answer; a small share of reads are the home pages and the
 * first blog page, which depend on every publish.
 *
 *   - warm-up (the most read documents' surfaces rendered once, then the load until the share
 *     answered from the cache is steady);
 *   - slices of the load alone (A) and of the same load while an editor publishes one edit per
 *     second (B: a new title) of a frequently read document, through the REST API of a second
 *     instance (no cache of its own), so this instance hears of it as it would of any other
 *     instance's publish: by the database's change notification; in the order ABBAABBA.
 *
 * It prints throughput B / A (target ≥ 80%), the share of reads answered from the cache, and the
 * staleness of each publish: the time from the publish's response (committed) until the
 * document's page, twin and API answer all serve the new title through the cached instance
 * (max and p99; target ≤ 2 s). It writes the table to .data/benchmarks-churn.md.
 *
 * Settings: BENCH_CHURN_SLICE_SECONDS (10), BENCH_CHURN_CONNECTIONS (8),
 * BENCH_CHURN_WARM_DOCUMENTS (500: whose surfaces are rendered once before the runs),
 * BENCH_CHURN_WARM_SLICES (10: the most warm-up slices of 15 s),
 * BENCH_CORPUS_POSTS / BENCH_CORPUS_CASE_STUDIES (the corpus's size).
 */

import autocannon from 'autocannon'

import { startApp, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import { corpusDatabase, DEFAULT_CORPUS } from './corpus'
import {
  apiPath,
  type CorpusDoc as Doc,
  documentsByPopularity,
  pagePath,
  seededRandom,
  surfaceOf,
  zipf,
} from './corpus-reads'
import {
  adminAuthorization,
  benchReport,
  benchRunName,
  cpuMillis,
  databaseCpuBetween,
  databaseCpuMillis,
  ensureBuild,
  machineLine,
} from './lib'
import { runWorkload } from './workload'

const RUN = benchRunName('bench_churn')
const CONNECTIONS = Number(process.env.BENCH_CHURN_CONNECTIONS ?? 8)
/**
 * The warm-up runs the load in slices of this many seconds until the share answered from the
 * cache stops rising (by less than `WARM_STEADY_POINTS` from one slice to the next), at most
 * `WARM_UP_SLICES` slices: run A and run B must start from the same steady cache, or B / A
 * measures the cache still warming, not publishing (a run showed A at 75% and, two runs later,
 * at 99% from the cache).
 */
const WARM_UP_SECONDS = 15
const WARM_UP_SLICES = Number(process.env.BENCH_CHURN_WARM_SLICES ?? 10)
const WARM_STEADY_POINTS = 1
/**
 * The timed load runs in slices, without publishes (A) and with one per second (B), in an order
 * that cancels a steady drift (ABBA, twice): the cache keeps warming through the long tail of a
 * Zipf load, and a run after another reads a warmer cache (one run of A, B, then A again read
 * 85% and then 99.5% from the cache).
 */
const SLICE_SECONDS = Number(process.env.BENCH_CHURN_SLICE_SECONDS ?? 10)
const SLICE_ORDER = 'ABBAABBA'
/**
 * Before the timed runs, every surface of the most read documents is requested once: on a live
 * site the hot set has long been cached, and a cold cache over 55,000 URLs would measure the
 * cost of misses (bench:site, bench:scale), not of publishing.
 */
const WARM_DOCUMENTS = Number(process.env.BENCH_CHURN_WARM_DOCUMENTS ?? 500)
/** Share of reads that go to pages listing everything (home, blog). */
const LIST_SHARE = 0.03
const LIST_PATHS = ['/en', '/es', '/en/blog']
/** Publishes pick among the most read documents (by Zipf rank, itself Zipf-weighted). */
const HOT_DOCUMENTS = 200
const STALE_POLL_MS = 25
const STALE_GIVE_UP_MS = 30_000

interface Run {
  perSecond: number
  hitShare: number
  errors: number
  p99: number
}

interface Totals {
  seconds: number
  requests: number
  hits: number
  errors: number
  p99: number
  /** CPU time of the cached instance, and of the editor's instance (its publishes), in ms. */
  appCpu: number
  editorCpu: number
  /** CPU time of the PostgreSQL backends serving both instances, in ms. */
  databaseCpu: number
  publishes: number
}

const emptyTotals = (): Totals => ({
  seconds: 0,
  requests: 0,
  hits: 0,
  errors: 0,
  p99: 0,
  appCpu: 0,
  editorCpu: 0,
  databaseCpu: 0,
  publishes: 0,
})

function addSlice(totals: Totals, run: Run): void {
  const requests = run.perSecond * SLICE_SECONDS
  totals.seconds += SLICE_SECONDS
  totals.requests += requests
  totals.hits += run.hitShare * requests
  totals.errors += run.errors
  totals.p99 = Math.max(totals.p99, run.p99)
}

async function readLoad(app: AppServer, docs: Doc[], seconds: number, seed: number): Promise<Run> {
  const random = seededRandom(seed)
  const rank = zipf(docs.length, random)
  let hits = 0
  let answered = 0
  const result = await autocannon({
    url: app.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const draw = random()
          const path =
            draw < LIST_SHARE
              ? LIST_PATHS[Math.floor(random() * LIST_PATHS.length)]!
              : surfaceOf(docs[rank()]!, random())
          return { ...request, path }
        },
        onResponse: (_status, _body, _context, headers) => {
          answered += 1
          if (headers?.['x-cache'] === 'HIT') hits += 1
        },
      },
    ],
  })
  return {
    perSecond: result.requests.total / seconds,
    hitShare: answered ? hits / answered : NaN,
    errors: result.errors + result.timeouts + result.non2xx,
    p99: result.latency.p99,
  }
}

/** How long after `since` until every URL serves a body containing `text` (ms). */
async function freshAfter(app: AppServer, paths: string[], text: string, since: number) {
  const each = await Promise.all(
    paths.map(async (path) => {
      for (;;) {
        const body = await (await fetch(`${app.url}${path}`)).text()
        if (body.includes(text)) return performance.now() - since
        if (performance.now() - since > STALE_GIVE_UP_MS) return Infinity
        await new Promise((resolve) => setTimeout(resolve, STALE_POLL_MS))
      }
    }),
  )
  return Math.max(...each)
}

/**
 * One publish per second for `seconds`: a new title for a frequently read document, through
 * `editor`; the staleness of each, measured on `app`.
 */
interface Publisher {
  /** The next document to publish (Zipf over the most read). */
  pick: () => number
  /** Publishes so far, over every slice: each title is new. */
  round: number
}

async function publishEverySecond(
  app: AppServer,
  editor: AppServer,
  authorization: string,
  docs: Doc[],
  seconds: number,
  publisher: Publisher,
): Promise<{ staleness: number[]; failed: number }> {
  const measurements: Promise<number>[] = []
  let failed = 0
  const deadline = performance.now() + seconds * 1000
  while (performance.now() < deadline) {
    const tick = performance.now()
    const doc = docs[publisher.pick()]!
    publisher.round += 1
    const title = `${doc.title} · edit ${publisher.round}`
    measurements.push(
      (async () => {
        // Asked as the admin's form asks when an editor saves (depth 0, no fallback locale).
        const save = `${editor.url}/api/${doc.collection}/${doc.id}?locale=en&depth=0&fallback-locale=null`
        const response = await fetch(save, {
          method: 'PATCH',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ title, _status: 'published' }),
        })
        await response.arrayBuffer()
        if (!response.ok) {
          failed += 1
          return NaN
        }
        const committed = performance.now()
        // A twin and an API answer write the title as they are (a page escapes HTML).
        return freshAfter(
          app,
          [pagePath(doc, 'en'), `${pagePath(doc, 'en')}.md`, apiPath(doc)],
          title.replaceAll('&', '&amp;'),
          committed,
        )
      })(),
    )
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, tick + 1000 - performance.now())),
    )
  }
  const staleness = (await Promise.all(measurements)).filter((value) => !Number.isNaN(value))
  return { staleness, failed }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}
const ms = (value: number) =>
  !Number.isFinite(value)
    ? 'never (gave up)'
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${value.toFixed(0)} ms`
const percent = (value: number) => `${(value * 100).toFixed(1)}%`

/** Requests every surface of `docs` once, CONNECTIONS at a time (ranks are the array's order). */
async function renderHotSet(app: AppServer, docs: Doc[]): Promise<void> {
  const paths = [
    ...LIST_PATHS,
    ...docs.flatMap((doc) => [0, 0.5, 0.7, 0.77, 0.9].map((draw) => surfaceOf(doc, draw))),
  ]
  let next = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!
        await (await fetch(`${app.url}${path}`)).arrayBuffer()
      }
    }),
  )
}

async function main(): Promise<void> {
  const began = performance.now()
  await ensureBuild()
  console.log('preparing the corpus database…')
  const { env, generatedSeconds } = await corpusDatabase(RUN, DEFAULT_CORPUS)
  if (generatedSeconds !== null)
    console.log(`generated the corpus template in ${generatedSeconds.toFixed(0)} s`)
  const docs = await documentsByPopularity(env.DATABASE_URL)
  const [app, editor] = await Promise.all([
    startApp(`${RUN}-cached`, { ...env, RESPONSE_CACHE_MAX_MB: '512' }),
    startApp(`${RUN}-editor`, { ...env, RESPONSE_CACHE: 'off' }),
  ])
  try {
    const authorization = await adminAuthorization(editor.url, env)
    console.log(`${docs.length} documents; rendering the ${WARM_DOCUMENTS} most read…`)
    await renderHotSet(app, docs.slice(0, WARM_DOCUMENTS))
    let warmShare = 0
    for (let slice = 1; slice <= WARM_UP_SLICES; slice += 1) {
      const warm = await readLoad(app, docs, WARM_UP_SECONDS, 100 + slice)
      console.log(
        `warm-up ${slice}: ${warm.perSecond.toFixed(0)} requests/s, ${percent(warm.hitShare)} from the cache`,
      )
      const steady = warm.hitShare - warmShare < WARM_STEADY_POINTS / 100
      warmShare = warm.hitShare
      if (steady) break
    }
    const publisher: Publisher = {
      pick: zipf(Math.min(HOT_DOCUMENTS, docs.length), seededRandom(99)),
      round: 0,
    }
    const totals = { A: emptyTotals(), B: emptyTotals() }
    const staleness: number[] = []
    let failed = 0
    for (const [index, kind] of [...SLICE_ORDER].entries()) {
      const cpuBefore = {
        app: cpuMillis(app.process.pid!),
        editor: cpuMillis(editor.process.pid!),
        database: await databaseCpuMillis(env.DATABASE_URL),
      }
      const slice =
        kind === 'A'
          ? await readLoad(app, docs, SLICE_SECONDS, 2 + index)
          : await Promise.all([
              readLoad(app, docs, SLICE_SECONDS, 2 + index),
              publishEverySecond(app, editor, authorization, docs, SLICE_SECONDS, publisher),
            ]).then(([run, published]) => {
              staleness.push(...published.staleness)
              failed += published.failed
              totals.B.publishes += published.staleness.length + published.failed
              return run
            })
      addSlice(totals[kind as 'A' | 'B'], slice)
      totals[kind as 'A' | 'B'].appCpu += cpuMillis(app.process.pid!) - cpuBefore.app
      totals[kind as 'A' | 'B'].editorCpu += cpuMillis(editor.process.pid!) - cpuBefore.editor
      totals[kind as 'A' | 'B'].databaseCpu += databaseCpuBetween(
        cpuBefore.database,
        await databaseCpuMillis(env.DATABASE_URL),
      )
      console.log(
        `slice ${index + 1} (${kind}): ${slice.perSecond.toFixed(0)} requests/s, ${percent(slice.hitShare)} from the cache`,
      )
    }

    const { out, write: writeReport } = benchReport('churn')
    out('# Churn benchmark')
    out()
    out(
      machineLine(
        `production build, response cache on, ${docs.length} bilingual documents, ${CONNECTIONS} connections, slices of ${SLICE_SECONDS} s`,
      ),
    )
    out()
    out(
      '| slices | requests/s | from the cache | p99 latency (worst slice) | errors | CPU per request (cached instance) | PostgreSQL CPU per second |',
    )
    out('| --- | --- | --- | --- | --- | --- | --- |')
    const row = (name: string, run: Totals) =>
      out(
        `| ${name} | ${(run.requests / run.seconds).toFixed(0)} | ${percent(run.hits / run.requests)} | ${run.p99} ms | ${run.errors} | ${(run.appCpu / run.requests).toFixed(2)} ms | ${(run.databaseCpu / run.seconds).toFixed(0)} ms |`,
      )
    row('A, no publishes', totals.A)
    row('B, one publish per second', totals.B)
    out()
    out(
      `Throughput B / A: **${percent(totals.B.requests / totals.B.seconds / (totals.A.requests / totals.A.seconds))}** (target ≥ 80%; slices of ${SLICE_SECONDS} s in the order ${SLICE_ORDER}).`,
    )
    out(
      `Staleness over ${staleness.length} publishes${failed ? ` (${failed} failed)` : ''}: max **${ms(Math.max(...staleness))}**, p99 **${ms(percentile(staleness, 99))}**, median ${ms(percentile(staleness, 50))} (target ≤ 2 s; from the publish's response until the page, twin and API answer serve the new title).`,
    )
    out(
      `The editor's instance spent ${ms(totals.B.editorCpu / Math.max(1, totals.B.publishes))} of CPU per publish (${totals.B.publishes} publishes; it shares the machine's cores with the cached instance).`,
    )
    out()
    out(
      `Run time ${ms(performance.now() - began)} (target: within 10 minutes once the corpus template exists).`,
    )
    writeReport()
  } finally {
    await Promise.all([app.stop(), editor.stop()])
  }
}

runWorkload(main, stopTestDatabaseServer)
