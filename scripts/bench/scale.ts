/**
 * `npm run bench:scale`: what the size of the site costs. The production build runs with the
 * response cache off (RESPONSE_CACHE=off: every request is a miss) twice, on the demo content
 * and on the generated corpus (scripts/bench/corpus.ts: 10,000 posts and 1,000 case studies in
 * both locales, built once into a template database and copied), and for each it measures,
 * one request at a time:
 *   - start (process start to ready) and RSS once started;
 *   - /sitemap.xml: time, bytes, whether it is an index;
 *   - /llms.txt: time and bytes;
 *   - /llms-full.txt and /feeds/schema.jsonl: time to the first byte, total time, bytes, and the
 *     server's peak RSS above what it was before the request (sampled every 20 ms);
 *   - /en/feed.xml: time, bytes, items;
 *   - a document's markdown twin (the median of five documents) and the first twin after a
 *     publish (an editor's PATCH of another document, then the twin);
 *   - the API list (limit 10) at page 1 and at page 500: the median of LIST_PAGE_SAMPLES misses
 *     each after LIST_PAGE_WARM_UP, asked in turns, since an OFFSET that grows with the page
 *     would show here.
 * Then, on the corpus with the response cache on (as it runs in production), the whole-site
 * files, too large for an in-memory entry: READERS readers asking at once for one freshly
 * started instance's first copy (one render, written to disk, the others waiting for it), then
 * STORED_READS reads one at a time, gzip and identity, from disk; each with the server's CPU, and
 * its peak RSS above what it was before. The same with the files kept off disk
 * (RESPONSE_CACHE_DISK_MB=0), where every reader renders: there two readers at once and one read
 * after, since each costs a whole render (llms-full.txt: about 30 s of CPU).
 * It prints a table beside the targets and writes it to .data/benchmarks-scale.md.
 *
 * Settings: BENCH_CORPUS_POSTS (10000), BENCH_CORPUS_CASE_STUDIES (1000).
 */
import { request as httpRequest } from 'node:http'

import { startApp, type AppServer } from '../../tests/support/app-server'
import { stopTestDatabaseServer } from '../../tests/support/database'
import { corpusDatabase, DEFAULT_CORPUS, type CorpusSize } from './corpus'
import {
  adminAuthorization,
  benchReport,
  benchRunName,
  cpuMillis,
  ensureBuild,
  machineLine,
  median,
  procStatus,
} from './lib'
import { runWorkload } from './workload'

const RUN = benchRunName('bench_scale')
/**
 * Misses of each API list page whose median is compared, after LIST_PAGE_WARM_UP of each. A miss
 * costs about 10 ms here, and this machine's single requests vary by more than the 20% compared.
 */
const LIST_PAGE_SAMPLES = 101
const LIST_PAGE_WARM_UP = 50
/** The far page of the API list compared with the first (limit 10: the 4,991st post on). */
const FAR_PAGE = 500
const KB = 1024
/**
 * Readers asking for a whole-site file at once, and later reads of it one at a time: with the
 * files on disk, and without (where each one renders it).
 */
const READERS = { stored: 8, rendered: 2 }
const LATER_READS = { stored: 10, rendered: 1 }
const WHOLE_SITE_FILES = ['/llms-full.txt', '/feeds/schema.jsonl'] as const
const MB = 1024 * 1024

interface Fetched {
  status: number
  ms: number
  firstByteMs: number
  bytes: number
  text: string
  /** The server's peak RSS during the request, above its RSS before it. */
  peakRssDelta: number
}

/** One GET, read to the end, with the server's RSS sampled while it runs. */
async function timed(app: AppServer, path: string, init: RequestInit = {}): Promise<Fetched> {
  const pid = app.process.pid!
  const before = procStatus(pid, 'VmRSS')
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, procStatus(pid, 'VmRSS'))
  }, 20)
  const started = performance.now()
  try {
    const response = await fetch(`${app.url}${path}`, init)
    const reader = response.body!.getReader()
    const chunks: Uint8Array[] = []
    let firstByteMs = NaN
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started
      chunks.push(value)
    }
    const ms = performance.now() - started
    peak = Math.max(peak, procStatus(pid, 'VmRSS'))
    const body = Buffer.concat(chunks)
    return {
      status: response.status,
      ms,
      firstByteMs,
      bytes: body.length,
      text: body.toString('utf8'),
      peakRssDelta: peak - before,
    }
  } finally {
    clearInterval(sampler)
  }
}

interface Measured {
  startMs: number
  startRss: number
  sitemap: Fetched & { index: boolean; urls: number }
  llms: Fetched
  llmsFull: Fetched
  schema: Fetched
  feed: Fetched & { items: number }
  twinMs: number
  twinAfterPublishMs: number
  /** Median milliseconds of an API list miss (limit 10) at page 1 and at FAR_PAGE. */
  listFirstPageMs: number
  listFarPageMs: number
  /** Whether FAR_PAGE holds documents (the demo content has fewer). */
  farPageFilled: boolean
}

async function measure(label: string, size: CorpusSize): Promise<Measured> {
  const database = `${RUN}_${label}`
  console.log(`${label}: preparing the database…`)
  const { env, generatedSeconds } = await corpusDatabase(database, size)
  if (generatedSeconds !== null) {
    console.log(`${label}: generated the template in ${generatedSeconds.toFixed(0)} s`)
  }
  const started = performance.now()
  const app = await startApp(`${RUN}-${label}`, { ...env, RESPONSE_CACHE: 'off' })
  try {
    const startMs = performance.now() - started
    const startRss = procStatus(app.process.pid!, 'VmRSS')
    const expectOk = (fetched: Fetched, path: string) => {
      if (fetched.status !== 200) throw new Error(`${label} ${path}: ${fetched.status}`)
      return fetched
    }
    const get = async (path: string) => expectOk(await timed(app, path), path)

    const sitemap = await get('/sitemap.xml')
    const llms = await get('/llms.txt')
    const llmsFull = await get('/llms-full.txt')
    const schema = await get('/feeds/schema.jsonl')
    const feed = await get('/en/feed.xml')
    console.log(`${label}: files measured`)

    const { docs } = (await (await fetch(`${app.url}/api/posts?limit=100&depth=0`)).json()) as {
      docs: { id: number; slug: string }[]
    }
    const twinTimes: number[] = []
    // Five documents spread over the newest hundred (the demo content has fewer).
    const step = Math.max(1, Math.floor(docs.length / 5))
    for (const doc of docs.filter((_, index) => index % step === step - 1).slice(0, 5)) {
      twinTimes.push((await get(`/en/blog/${doc.slug}.md`)).ms)
    }
    // An editor publishes an edit of one post; the next twin is another post's.
    const authorization = await adminAuthorization(app.url, env)
    const edited = docs[0]!
    const patched = await fetch(`${app.url}/api/posts/${edited.id}?locale=en`, {
      method: 'PATCH',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        excerpt: `Edited at ${new Date().toISOString()}`,
        _status: 'published',
      }),
    })
    if (!patched.ok) throw new Error(`${label} publish: ${patched.status}`)
    const twinAfterPublish = await get(`/en/blog/${docs[1]!.slug}.md`)

    const firstPage: number[] = []
    const farPage: number[] = []
    let farPageFilled = false
    // Past the list read's first, unoptimised runs, which both pages share.
    for (let sample = 0; sample < LIST_PAGE_WARM_UP; sample++) {
      await get('/api/posts?limit=10&page=1')
      await get(`/api/posts?limit=10&page=${FAR_PAGE}`)
    }
    for (let sample = 0; sample < LIST_PAGE_SAMPLES; sample++) {
      firstPage.push((await get('/api/posts?limit=10&page=1')).ms)
      const far = await get(`/api/posts?limit=10&page=${FAR_PAGE}`)
      farPage.push(far.ms)
      farPageFilled = (JSON.parse(far.text) as { docs: unknown[] }).docs.length > 0
    }

    return {
      startMs,
      startRss,
      sitemap: {
        ...sitemap,
        index: sitemap.text.includes('<sitemapindex'),
        urls: (sitemap.text.match(/<loc>/g) ?? []).length,
      },
      llms,
      llmsFull,
      schema,
      feed: { ...feed, items: (feed.text.match(/<item>/g) ?? []).length },
      twinMs: median(twinTimes),
      twinAfterPublishMs: twinAfterPublish.ms,
      listFirstPageMs: median(firstPage),
      listFarPageMs: median(farPage),
      farPageFilled,
    }
  } finally {
    await app.stop()
  }
}

interface StoredFileFigures {
  path: string
  /** `readers` at once on a fresh instance: wall time, the server's CPU, how many were hits. */
  readers: number
  togetherMs: number
  togetherCpuMs: number
  togetherHits: number
  /** Later reads one at a time: median wall time and CPU per read, gzip and identity. */
  gzipMs: number
  gzipCpuMs: number
  gzipBytes: number
  identityMs: number
  identityCpuMs: number
  identityBytes: number
  peakRssDelta: number
}

/** A GET whose body is read to its end without being decoded (fetch would gunzip it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; cache: string | undefined; status: number }>(
    (resolve, reject) => {
      const req = httpRequest(url, { headers }, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () =>
          resolve({ bytes, cache: res.headers['x-cache'] as string, status: res.statusCode! }),
        )
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end()
    },
  )
}

/** The whole-site files with the response cache on: see the header comment. */
async function measureStoredFiles(diskMb: number): Promise<StoredFileFigures[]> {
  const label = `stored_${diskMb}`
  const { env } = await corpusDatabase(`${RUN}_${label}`, DEFAULT_CORPUS)
  const figures: StoredFileFigures[] = []
  const readers = diskMb > 0 ? READERS.stored : READERS.rendered
  const laterReads = diskMb > 0 ? LATER_READS.stored : LATER_READS.rendered
  for (const path of WHOLE_SITE_FILES) {
    // A fresh instance per file, so the first readers find nothing stored.
    const app = await startApp(`${RUN}-${label}`, {
      ...env,
      RESPONSE_CACHE_DISK_MB: String(diskMb),
    })
    const pid = app.process.pid!
    try {
      const before = procStatus(pid, 'VmRSS')
      let peak = before
      const sampler = setInterval(() => (peak = Math.max(peak, procStatus(pid, 'VmRSS'))), 20)
      const gzip = { 'accept-encoding': 'gzip' }
      let cpu = cpuMillis(pid)
      let started = performance.now()
      const together = await Promise.all(
        Array.from({ length: readers }, () => rawGet(`${app.url}${path}`, gzip)),
      )
      const togetherMs = performance.now() - started
      const togetherCpuMs = cpuMillis(pid) - cpu
      if (together.some((answer) => answer.status !== 200)) throw new Error(`${path}: not 200`)
      const oneByOne = async (headers: Record<string, string>) => {
        const times: number[] = []
        const cpus: number[] = []
        let bytes = 0
        for (let read = 0; read < laterReads; read++) {
          cpu = cpuMillis(pid)
          started = performance.now()
          bytes = (await rawGet(`${app.url}${path}`, headers)).bytes
          times.push(performance.now() - started)
          cpus.push(cpuMillis(pid) - cpu)
        }
        return { ms: median(times), cpuMs: median(cpus), bytes }
      }
      const gzipped = await oneByOne(gzip)
      const identity = await oneByOne({})
      clearInterval(sampler)
      figures.push({
        path,
        togetherMs,
        togetherCpuMs,
        readers,
        togetherHits: together.filter((answer) => answer.cache === 'HIT').length,
        gzipMs: gzipped.ms,
        gzipCpuMs: gzipped.cpuMs,
        gzipBytes: gzipped.bytes,
        identityMs: identity.ms,
        identityCpuMs: identity.cpuMs,
        identityBytes: identity.bytes,
        peakRssDelta: Math.max(peak, procStatus(pid, 'VmRSS')) - before,
      })
      console.log(`${label}: ${path} measured`)
    } finally {
      await app.stop()
    }
  }
  return figures
}

const ms = (value: number) =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`
const bytes = (value: number) =>
  value >= MB ? `${(value / MB).toFixed(1)} MB` : `${(value / KB).toFixed(1)} KB`

async function main(): Promise<void> {
  const began = performance.now()
  await ensureBuild()
  const { out, write: writeReport } = benchReport('scale')
  const demo = await measure('demo', { posts: 0, caseStudies: 0 })
  const corpus = await measure('corpus', DEFAULT_CORPUS)
  const onDisk = await measureStoredFiles(512)
  const offDisk = await measureStoredFiles(0)

  out('# Scale of content benchmark')
  out()
  out(machineLine(`production build, RESPONSE_CACHE=off, one request at a time`))
  out()
  out(
    `Demo content vs the generated corpus (${DEFAULT_CORPUS.posts} posts, ${DEFAULT_CORPUS.caseStudies} case studies, both locales, plus the demo content). Every figure is a miss.`,
  )
  out()
  out('| surface | demo | corpus | target |')
  out('| --- | --- | --- | --- |')
  const row = (name: string, a: string, b: string, target: string) =>
    out(`| ${name} | ${a} | ${b} | ${target} |`)
  const sitemap = (m: Measured) =>
    `${ms(m.sitemap.ms)}, ${bytes(m.sitemap.bytes)}, ${m.sitemap.index ? `index of ${m.sitemap.urls}` : `${m.sitemap.urls} URLs`}`
  row(
    '`/sitemap.xml`',
    sitemap(demo),
    sitemap(corpus),
    'one narrow query; an index past 50,000 URLs or 50 MB (was 28.7 s at 5,013 posts)',
  )
  row(
    '`/llms.txt`',
    `${ms(demo.llms.ms)}, ${bytes(demo.llms.bytes)}`,
    `${ms(corpus.llms.ms)}, ${bytes(corpus.llms.bytes)}`,
    '< 50 KB (was 13.5 s, 839 KB)',
  )
  const streamed = (f: Fetched) =>
    `first byte ${ms(f.firstByteMs)}, all ${ms(f.ms)}, ${bytes(f.bytes)}, peak RSS +${bytes(Math.max(0, f.peakRssDelta))}`
  row(
    '`/llms-full.txt`',
    streamed(demo.llmsFull),
    streamed(corpus.llmsFull),
    'streams: first byte early, RSS does not grow with the body',
  )
  row(
    '`/feeds/schema.jsonl`',
    streamed(demo.schema),
    streamed(corpus.schema),
    'streams: first byte early, RSS does not grow with the body',
  )
  const feed = (m: Measured) => `${ms(m.feed.ms)}, ${bytes(m.feed.bytes)}, ${m.feed.items} items`
  row('`/en/feed.xml`', feed(demo), feed(corpus), 'the newest 50 items (was 12.2 s, 1.5 MB)')
  row(
    'document twin (median of 5)',
    ms(demo.twinMs),
    ms(corpus.twinMs),
    'does not grow with the site',
  )
  row(
    'first twin after a publish',
    ms(demo.twinAfterPublishMs),
    ms(corpus.twinAfterPublishMs),
    'does not grow with the site (was 13.7 s)',
  )
  const pages = (m: Measured) =>
    `${m.listFirstPageMs.toFixed(1)} vs ${m.listFarPageMs.toFixed(1)} ms${m.farPageFilled ? '' : ' (empty page)'}, page ${FAR_PAGE} at ${((m.listFarPageMs / m.listFirstPageMs) * 100).toFixed(0)}%`
  row(
    `API list, limit 10: page 1 vs page ${FAR_PAGE} (median of ${LIST_PAGE_SAMPLES} misses)`,
    pages(demo),
    pages(corpus),
    'within 20% of each other (was 68 ms vs 713 ms at 5,013 posts)',
  )
  row('start (spawn to ready)', ms(demo.startMs), ms(corpus.startMs), 'does not grow with the site')
  row('RSS at start', bytes(demo.startRss), bytes(corpus.startRss), 'does not grow with the site')
  out()
  out(
    `Whole-site files on the corpus with the response cache on: readers at once on a fresh instance, then reads one at a time (medians; ${LATER_READS.stored} with the files on disk, ${LATER_READS.rendered} without), as gzip and as identity. CPU is the server's.`,
  )
  out()
  out(
    `| file | files on disk | readers at once: time, CPU, hits | later read, gzip: time, CPU, bytes | later read, identity: time, CPU, bytes | peak RSS above start |`,
  )
  out('| --- | --- | --- | --- | --- | --- |')
  for (const [kept, figures] of [
    ['yes (512 MB)', onDisk],
    ['no (0)', offDisk],
  ] as const) {
    for (const f of figures) {
      out(
        `| \`${f.path}\` | ${kept} | ${f.readers}: ${ms(f.togetherMs)}, ${ms(f.togetherCpuMs)}, ${f.togetherHits} | ${ms(f.gzipMs)}, ${ms(f.gzipCpuMs)}, ${bytes(f.gzipBytes)} | ${ms(f.identityMs)}, ${ms(f.identityCpuMs)}, ${bytes(f.identityBytes)} | ${bytes(Math.max(0, f.peakRssDelta))} |`,
      )
    }
  }
  out()
  out(
    `Run time ${ms(performance.now() - began)} (target: within 10 minutes once the corpus template exists).`,
  )
  writeReport()
}

runWorkload(main, stopTestDatabaseServer)
