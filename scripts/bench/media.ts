/**
 * `node --import tsx scripts/bench/media.ts`: streams a large media file from the production
 * build, as anonymous visitors would, and reports throughput and the server's memory.
 *
 * It uses its own database and storage (nothing shared with the tests or `npm run dev`), builds
 * the app first when NEXT_DIST_DIR has no build, creates a ~200 MB MP4 as a media record that a
 * published post uses, starts the server (src/server/start.ts, what `npm start` runs) and then:
 *   1. downloads the file BENCH_ROUNDS times, one after another (throughput);
 *   2. downloads it BENCH_PARALLEL times at once;
 *   3. downloads it once through a client reading at BENCH_SLOW_MBPS (a slow phone: a server
 *      that does not stream would buffer the rest of the file in memory here);
 *   4. aborts 20 downloads after their first megabyte (file handles must be released);
 *   5. uploads the same file through the REST API as an editor (multipart), when the multipart
 *      limit in payload.config.ts allows a file that large.
 * Memory is read from /proc/<pid>/status (Linux): VmRSS sampled every 20 ms, and VmHWM, the
 * kernel's own peak, reset after warm-up via /proc/<pid>/clear_refs. It prints the figures and
 * writes them to .data/benchmarks-media.md.
 *
 * Settings: BENCH_FILE_MB (200), BENCH_ROUNDS (5), BENCH_PARALLEL (4), BENCH_SLOW_MBPS (40).
 */
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import {
  createReadStream,
  createWriteStream,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { get as httpGet, request as httpRequest, type IncomingMessage } from 'node:http'
import path from 'node:path'

import pg from 'pg'

import { runScript, startApp, type AppServer } from '../../tests/support/app-server'
import { adminAuthorization, ensureBuild, procStatus, benchReport } from './lib'
import { createTestDatabase, stopTestDatabaseServer } from '../../tests/support/database'
import { benchStep, runWorkload } from './workload'

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4)
const SLOW_MBPS = Number(process.env.BENCH_SLOW_MBPS ?? 40)
const MB = 1024 * 1024

const RUN = 'bench-media'
const MEDIA_DIR = path.resolve(`.data/${RUN}`)
const SOURCE = path.join(MEDIA_DIR, '..', `${RUN}-source.mp4`)

// ---------------------------------------------------------------------------------------------
// Memory of the server process
// ---------------------------------------------------------------------------------------------

/** File descriptors of the server that point into the storage directory. */
function openMediaFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(MEDIA_DIR)
    } catch {
      return false
    }
  }).length
}

/** Samples VmRSS until stopped; returns the highest value seen. */
function sampleRss(pid: number): () => number {
  let peak = procStatus(pid, 'VmRSS')
  const timer = setInterval(() => {
    peak = Math.max(peak, procStatus(pid, 'VmRSS'))
  }, 20)
  return () => {
    clearInterval(timer)
    return Math.max(peak, procStatus(pid, 'VmRSS'))
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

// ---------------------------------------------------------------------------------------------
// Setup: database, media record, server
// ---------------------------------------------------------------------------------------------

/** An MP4 structure Payload accepts (ftyp + one mdat box), written in 8 MB pieces. */
async function writeSourceFile(bytes: number): Promise<void> {
  const out = createWriteStream(SOURCE)
  const header = Buffer.alloc(32)
  header.writeUInt32BE(24, 0)
  header.write('ftypisommp41', 4, 'latin1')
  header.writeUInt32BE(0x200, 12)
  header.write('isommp41', 16, 'latin1')
  header.writeUInt32BE(bytes - 24, 24)
  header.write('mdat', 28, 'latin1')
  out.write(header)
  const piece = randomBytes(8 * MB)
  for (let left = bytes - header.length; left > 0; left -= piece.length) {
    if (!out.write(left >= piece.length ? piece : piece.subarray(0, left))) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
}

/**
 * Creates the media record and a published post using it, through Payload's Local API (the REST
 * upload would also work, but the multipart limit in payload.config.ts may be lower than the
 * file). Runs in this process; the server measured later never saw the upload.
 */
async function createPublishedVideo(env: Record<string, string>): Promise<string> {
  Object.assign(process.env, env)
  // Payload's start-up can be left waiting only on unreferenced handles (see scripts/migrate.ts):
  // the event loop would empty and the process end mid-run. Hold it open until the record exists.
  const keepAlive = setInterval(() => {}, 1_000)
  try {
    return await createVideoRecords()
  } finally {
    clearInterval(keepAlive)
  }
}

async function createVideoRecords(): Promise<string> {
  const { getPayload } = await import('payload')
  const { default: config } = await import('@payload-config')
  const payload = await getPayload({ config })
  try {
    const media = await payload.create({
      collection: 'media',
      data: { alt: 'Benchmark video' },
      filePath: SOURCE,
      locale: 'en',
    })
    await payload.create({
      collection: 'posts',
      data: {
        title: 'Benchmark',
        slug: `bench-${Date.now()}`,
        _status: 'published',
        coverImage: media.id,
      },
      locale: 'en',
    })
    return media.filename!
  } finally {
    await payload.destroy()
  }
}

// ---------------------------------------------------------------------------------------------
// Downloads
// ---------------------------------------------------------------------------------------------

function request(url: string, headers: Record<string, string> = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, resolve).on('error', reject)
  })
}

/** Downloads the whole body, optionally throttled; resolves with bytes and seconds. */
async function download(url: string, mbps?: number): Promise<{ bytes: number; seconds: number }> {
  const started = performance.now()
  const response = await request(url)
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`)
  let bytes = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    bytes += chunk.length
    if (mbps) {
      const due = started + (bytes / MB / mbps) * 1000
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
  return { bytes, seconds: (performance.now() - started) / 1000 }
}

/** Streams `file` as a multipart upload to /api/media; resolves with the status and seconds. */
function uploadFile(
  baseUrl: string,
  authorization: string,
  file: string,
  size: number,
): Promise<{ status: number; body: string; seconds: number }> {
  const boundary = `bench${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n` +
      `${JSON.stringify({ alt: 'Uploaded benchmark video' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.mp4"\r\n` +
      `Content-Type: video/mp4\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseUrl}/api/media`,
      {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + size + tail.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            seconds: (performance.now() - started) / 1000,
          }),
        )
      },
    )
    request.on('error', reject)
    request.write(head)
    const source = createReadStream(file)
    source.pipe(request, { end: false })
    source.on('end', () => request.end(tail))
    source.on('error', reject)
  })
}

async function abortAfterFirstMegabyte(url: string): Promise<void> {
  const response = await request(url)
  let bytes = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    bytes += chunk.length
    if (bytes >= MB) break
  }
  response.destroy()
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (process.platform !== 'linux') throw new Error('The benchmark reads /proc: run it on Linux.')
  benchStep('checking the build')
  await ensureBuild()

  benchStep('creating the database')
  rmSync(MEDIA_DIR, { recursive: true, force: true })
  await mkdir(MEDIA_DIR, { recursive: true })
  const databaseUrl = await createTestDatabase('consultancy_bench_media')
  const env = { DATABASE_URL: databaseUrl, MEDIA_DIR }
  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrations failed')

  const size = FILE_MB * MB
  benchStep('writing the source file')
  await writeSourceFile(size)
  benchStep('creating the media record through the Local API')
  const filename = await createPublishedVideo(env)

  let app: AppServer | undefined
  try {
    benchStep('starting the server')
    app = await startApp(RUN, env)
    const pid = app.process.pid!
    const url = `${app.url}/api/media/file/${encodeURIComponent(filename)}`

    benchStep('warming up')
    // Warm-up: routes compiled, Payload initialised, first database connections open.
    const head = await request(`${url}`, { Range: 'bytes=0-1048575' })
    if (head.statusCode !== 206) throw new Error(`warm-up: ${head.statusCode}`)
    head.resume()
    await once(head, 'end')
    await new Promise((resolve) => setTimeout(resolve, 1000))

    const baseline = procStatus(pid, 'VmRSS')
    writeFileSync(`/proc/${pid}/clear_refs`, '5') // resets VmHWM to the current RSS
    const results: string[] = []
    const peaks: Record<string, number> = {}

    let stop = sampleRss(pid)
    const rates: number[] = []
    for (let round = 1; round <= ROUNDS; round += 1) {
      benchStep(`downloading round ${round}`)
      const { bytes, seconds } = await download(url)
      if (bytes !== size) throw new Error(`round ${round}: got ${bytes} of ${size} bytes`)
      rates.push(bytes / MB / seconds)
      results.push(
        `  round ${round}: ${mb(bytes)} in ${seconds.toFixed(2)} s = ${(bytes / MB / seconds).toFixed(0)} MB/s`,
      )
    }
    peaks.sequential = stop()

    benchStep('downloading in parallel')
    stop = sampleRss(pid)
    const started = performance.now()
    const parallel = await Promise.all(Array.from({ length: PARALLEL }, () => download(url)))
    const parallelSeconds = (performance.now() - started) / 1000
    const parallelBytes = parallel.reduce((sum, result) => sum + result.bytes, 0)
    peaks.parallel = stop()

    benchStep('downloading as a slow client')
    stop = sampleRss(pid)
    const slow = await download(url, SLOW_MBPS)
    peaks.slow = stop()

    benchStep('aborting downloads')
    stop = sampleRss(pid)
    for (let index = 0; index < 20; index += 1) await abortAfterFirstMegabyte(url)
    await new Promise((resolve) => setTimeout(resolve, 500))
    peaks.aborted = stop()
    const filesAfter = openMediaFiles(pid)
    const hwm = procStatus(pid, 'VmHWM')

    benchStep('uploading through the REST API')
    const authorization = await adminAuthorization(app.url, env)
    const beforeUpload = procStatus(pid, 'VmRSS')
    stop = sampleRss(pid)
    const upload = await uploadFile(app.url, authorization, SOURCE, size)
    const uploadPeak = stop()

    const sorted = [...rates].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]!
    const growth = (peak: number) => `${mb(peak)} (+${mb(peak - baseline)})`
    const { out, write: writeReport } = benchReport('media')
    out(`\nMedia streaming benchmark: ${mb(size)} MP4, anonymous GET ${new URL(url).pathname}`)
    out(`Sequential downloads (${ROUNDS}):`)
    for (const line of results) out(line)
    out(`  median: ${median.toFixed(0)} MB/s`)
    out(
      `Parallel downloads (${PARALLEL}): ${mb(parallelBytes)} in ${parallelSeconds.toFixed(2)} s = ` +
        `${(parallelBytes / MB / parallelSeconds).toFixed(0)} MB/s aggregate`,
    )
    out(`Slow client (${SLOW_MBPS} MB/s): ${mb(slow.bytes)} in ${slow.seconds.toFixed(1)} s`)
    out(`Server memory (pid ${pid}):`)
    out(`  baseline RSS after warm-up: ${mb(baseline)}`)
    out(`  peak RSS, sequential:       ${growth(peaks.sequential!)}`)
    out(`  peak RSS, parallel:         ${growth(peaks.parallel!)}`)
    out(`  peak RSS, slow client:      ${growth(peaks.slow!)}`)
    out(`  peak RSS, 20 aborted:       ${growth(peaks.aborted!)}`)
    out(`  VmHWM (kernel peak) since warm-up: ${growth(hwm)}`)
    out(`Media files still open after 20 aborted downloads: ${filesAfter}`)
    if (upload.status === 201) {
      out(
        `REST upload of the same file (editor, multipart): ${upload.seconds.toFixed(1)} s, ` +
          `peak RSS ${mb(uploadPeak)} (+${mb(uploadPeak - beforeUpload)})`,
      )
    } else {
      out(
        `REST upload of the same file: refused with ${upload.status} (${upload.body.slice(0, 120)}); ` +
          'the multipart limit in payload.config.ts (upload.limits.fileSize) is below the file size',
      )
    }
    writeReport()
  } finally {
    benchStep('cleaning up')
    await app?.stop()
    const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, '/postgres') })
    await admin.connect()
    await admin
      .query('drop database if exists consultancy_bench_media with (force)')
      .catch(() => {})
    await admin.end()
    await stopTestDatabaseServer()
    rmSync(MEDIA_DIR, { recursive: true, force: true })
    rmSync(SOURCE, { force: true })
  }
}

runWorkload(main)
