/**
 * `npm run bench:memory`: what one instance holds after a long tail of misses and a long mixed
 * load. The production build runs with its default settings (response cache on, bounded by
 * RESPONSE_CACHE_MAX_MB) over the generated corpus (scripts/bench/corpus.ts), and its resident
 * memory (VmRSS, and the kernel's high-water mark VmHWM) is sampled from /proc:
 *
 *   - misses: 20,000 distinct canonical URLs, each requested once (every document's page and
 *     markdown twin in both languages, and its API answer, in popularity order), so every one is
 *     rendered and offered to the cache;
 *   - mixed: a load of Zipf-distributed document reads, list pages at any depth, API lists with
 *     varied parameters, site searches, and the site-wide files (llms.txt, the sitemap, feeds),
 *     for BENCH_MEMORY_MINUTES.
 *
 * Target: RSS under 512 MB throughout. It writes the table to .data/benchmarks-memory.md.
 *
 * Settings: BENCH_MEMORY_URLS (20000), BENCH_MEMORY_MINUTES (10), BENCH_MEMORY_CONNECTIONS (8).
 */

import autocannon from 'autocannon'

import { startApp } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import { corpusDatabase, DEFAULT_CORPUS } from './corpus'
import {
  apiPath,
  documentsByPopularity,
  pagePath,
  seededRandom,
  surfaceOf,
  zipf,
} from './corpus-reads'
import { benchReport, benchRunName, ensureBuild, machineLine, procStatus } from './lib'
import { runWorkload } from './workload'

const RUN = benchRunName('bench_memory')
const DISTINCT_URLS = Number(process.env.BENCH_MEMORY_URLS ?? 20_000)
const MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 10)
const CONNECTIONS = Number(process.env.BENCH_MEMORY_CONNECTIONS ?? 8)
const TARGET_BYTES = 512 * 1024 * 1024
const SAMPLE_MS = 1_000

const SITE_FILES = [
  '/llms.txt',
  '/sitemap.xml',
  '/en/feed.xml',
  '/es/feed.xml',
  '/feeds/schema.jsonl',
  '/openapi.json',
]
const SEARCH_WORDS = ['cloud', 'data', 'migration', 'platform', 'nube', 'datos', 'team', 'costs']

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** Samples a process's RSS every second until stopped: its peak and its last sample. */
function sampleRss(pid: number) {
  let peak = procStatus(pid, 'VmRSS')
  let last = peak
  const timer = setInterval(() => {
    last = procStatus(pid, 'VmRSS')
    peak = Math.max(peak, last)
  }, SAMPLE_MS)
  return {
    stop: () => {
      clearInterval(timer)
      last = procStatus(pid, 'VmRSS')
      return { peak: Math.max(peak, last), last }
    },
  }
}

async function main(): Promise<void> {
  const began = performance.now()
  await ensureBuild()
  console.log('preparing the corpus database…')
  const { env } = await corpusDatabase(RUN, DEFAULT_CORPUS)
  const docs = await documentsByPopularity(env.DATABASE_URL)
  const app = await startApp(`${RUN}-app`, env)
  const pid = app.process.pid!
  try {
    await (await fetch(`${app.url}/en`)).arrayBuffer()
    const atStart = procStatus(pid, 'VmRSS')

    // Every surface of each document in turn, until DISTINCT_URLS.
    const distinct = docs
      .flatMap((doc) => [
        pagePath(doc, 'en'),
        pagePath(doc, 'es'),
        `${pagePath(doc, 'en')}.md`,
        `${pagePath(doc, 'es')}.md`,
        apiPath(doc),
      ])
      .slice(0, DISTINCT_URLS)
    console.log(`${distinct.length} distinct URLs, ${CONNECTIONS} at a time…`)
    const misses = sampleRss(pid)
    let next = 0
    let done = 0
    let failed = 0
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < distinct.length) {
          const path = distinct[next++]!
          const response = await fetch(`${app.url}${path}`)
          await response.arrayBuffer()
          if (!response.ok) failed += 1
          done += 1
          if (done % 2_000 === 0) console.log(`  ${done}: RSS ${mb(procStatus(pid, 'VmRSS'))}`)
        }
      }),
    )
    const afterMisses = misses.stop()
    // A server that fails fast holds little: such a run measures nothing.
    if (failed > distinct.length / 100)
      throw new Error(`${failed} of ${distinct.length} requests failed; see .data/test-logs`)

    console.log(`mixed load for ${MINUTES} min…`)
    const random = seededRandom(11)
    const rank = zipf(docs.length, random)
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!
    const mixedPath = () => {
      const draw = random()
      if (draw < 0.8) return surfaceOf(docs[rank()]!, random())
      if (draw < 0.88) return `/${pick(['en', 'es'])}/blog?page=${1 + Math.floor(random() * 500)}`
      if (draw < 0.95)
        return `/api/${pick(['posts', 'case-studies'])}?locale=${pick(['en', 'es'])}&limit=${pick([5, 10, 50, 100])}&page=${1 + Math.floor(random() * 100)}&sort=${pick(['-publishedAt', 'title', '-title'])}`
      if (draw < 0.99)
        return `/${pick(['en', 'es'])}/search?q=${pick(SEARCH_WORDS)}+${pick(SEARCH_WORDS)}`
      return pick(SITE_FILES)
    }
    const mixed = sampleRss(pid)
    const result = await autocannon({
      url: app.url,
      connections: CONNECTIONS,
      duration: MINUTES * 60,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: mixedPath() }) }],
    })
    const afterMixed = mixed.stop()
    const highWater = procStatus(pid, 'VmHWM')

    const { out, write: writeReport } = benchReport('memory')
    const verdict = (bytes: number) => (bytes < TARGET_BYTES ? 'met' : '**not met**')
    out('# Memory benchmark')
    out()
    out(
      machineLine(
        `production build, default settings, ${docs.length} bilingual documents, ${CONNECTIONS} connections`,
      ),
    )
    out()
    out('| phase | requests | errors | peak RSS | RSS at its end | target < 512 MB |')
    out('| --- | --- | --- | --- | --- | --- |')
    out(
      `| started, one page served | 1 | 0 | ${mb(atStart)} | ${mb(atStart)} | ${verdict(atStart)} |`,
    )
    out(
      `| ${distinct.length} distinct URLs, once each | ${distinct.length} | ${failed} | ${mb(afterMisses.peak)} | ${mb(afterMisses.last)} | ${verdict(afterMisses.peak)} |`,
    )
    out(
      `| mixed load, ${MINUTES} min | ${result.requests.total} | ${result.errors + result.non2xx} | ${mb(afterMixed.peak)} | ${mb(afterMixed.last)} | ${verdict(afterMixed.peak)} |`,
    )
    out()
    // Site searches are budgeted per client, and the load is one client: 429s are expected.
    // (autocannon's `errors` counts its timeouts among them.)
    out(
      `Mixed load's errors: ${result.timeouts} timeouts, ${result.errors - result.timeouts} other errors, ${result.non2xx} non-2xx answers (${Object.entries(
        result.statusCodeStats ?? {},
      )
        .map(([status, { count }]) => `${status}: ${count}`)
        .join(', ')}).`,
    )
    out()
    out(
      `High-water mark over the whole run (VmHWM): ${mb(highWater)}. Run time ${((performance.now() - began) / 60_000).toFixed(1)} min.`,
    )
    writeReport()
  } finally {
    await app.stop()
  }
}

runWorkload(main, stopTestDatabaseServer)
