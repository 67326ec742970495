/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset (a mid-range phone on slow 4G, simulated)
 * against the production build on the demo content: the median of five runs per page of the
 * performance score, total blocking time and largest contentful paint, and the JavaScript each
 * page ships, Next's runtime (the scripts every page of the app router loads unless the server
 * takes them out: src/site/page-scripts.ts) apart from the page's own; and, as the baseline, how
 * large that runtime is. Prints a table beside the targets and writes it to
 * .data/benchmarks-lighthouse.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import path from 'node:path'

import { startApp } from '../../tests/support/app-server'
import { audit, score, scriptTransfers, withChromium } from '../../tests/support/lighthouse'
import { ensureBuild, machineLine, median, prepareBenchDatabase, reportPath } from './lib'
import { runWorkload } from './workload'

const RUN = 'bench-lighthouse'
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)
const PAGES = [
  { name: 'home', path: '/en' },
  { name: 'home', path: '/es' },
  { name: 'post', path: '/en/blog/observability-before-incidents' },
  { name: 'post', path: '/es/blog/observability-before-incidents' },
  { name: 'contact', path: '/en/contact' },
  { name: 'contact', path: '/es/contact' },
  { name: 'about', path: '/en/about' },
  { name: 'about', path: '/es/sobre-nosotros' },
]

/**
 * Next's runtime: the build manifest's `rootMainFiles` (runtime, React, the router) and
 * polyfills, which every app-router page loads whatever it renders.
 */
function runtimeChunks(): Set<string> {
  const distDir = process.env.NEXT_DIST_DIR || '.next'
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles?: string[]
    polyfillFiles?: string[]
  }
  return new Set([...(manifest.rootMainFiles ?? []), ...(manifest.polyfillFiles ?? [])])
}

/**
 * The runtime's size as Chromium downloads it (compressed as it asks; headers left out, and the
 * polyfills, which it skips as `noModule`): what each page loaded before the server took it out,
 * and still loads where it is kept.
 */
async function runtimeBaselineBytes(appUrl: string): Promise<number> {
  const distDir = process.env.NEXT_DIST_DIR || '.next'
  const { rootMainFiles = [] } = JSON.parse(
    readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'),
  ) as { rootMainFiles?: string[] }
  const sizes = await Promise.all(
    rootMainFiles.map(
      (file) =>
        new Promise<number>((resolve, reject) => {
          get(
            `${appUrl}/_next/${file}`,
            { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } },
            (response) => {
              let bytes = 0
              response.on('data', (chunk: Buffer) => (bytes += chunk.length))
              response.on('end', () =>
                response.statusCode === 200
                  ? resolve(bytes)
                  : reject(new Error(`${file}: ${response.statusCode}`)),
              )
            },
          ).on('error', reject)
        }),
    ),
  )
  return sizes.reduce((total, size) => total + size, 0)
}

interface Measured {
  performance: number
  tbtMs: number
  lcpMs: number
  scriptBytes: number
  runtimeBytes: number
}

async function measure(url: string, port: number, runtime: Set<string>): Promise<Measured> {
  // On a loaded machine Lighthouse now and then loses the trace (NO_NAVSTART): run that one again.
  const lhr = await audit(url, port, ['performance']).catch(() => audit(url, port, ['performance']))
  const scripts = scriptTransfers(lhr)
  // The manifest names files under the build's static root: `static/chunks/…` is `/_next/static/chunks/…`.
  const isRuntime = (scriptUrl: string) =>
    runtime.has(new URL(scriptUrl).pathname.replace(/^\/_next\//, ''))
  const sum = (list: { bytes: number }[]) => list.reduce((total, item) => total + item.bytes, 0)
  return {
    performance: score(lhr, 'performance'),
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    scriptBytes: sum(scripts),
    runtimeBytes: sum(scripts.filter((script) => isRuntime(script.url))),
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function main(): Promise<void> {
  await ensureBuild()
  const runtime = runtimeChunks()
  const env = await prepareBenchDatabase(RUN, 0)
  const app = await startApp(RUN, { ...env, MAIL_TRANSPORT: 'files' })
  const rows: string[] = []
  let baseline = ''
  try {
    baseline = `Next's runtime (React and the app router): ${kb(await runtimeBaselineBytes(app.url))} compressed, loaded by every app-router page that keeps it.`
    console.log(baseline)
    await withChromium(async (port) => {
      // One unrecorded run warms the server's caches and Chromium's.
      await audit(`${app.url}${PAGES[0]!.path}`, port, ['performance'])
      for (const page of PAGES) {
        const runs: Measured[] = []
        for (let run = 0; run < RUNS; run++)
          runs.push(await measure(`${app.url}${page.path}`, port, runtime))
        const mid = (pick: (m: Measured) => number) => median(runs.map(pick))
        const line = `| ${page.name} \`${page.path}\` | ${mid((m) => m.performance)} | ${mid((m) => m.tbtMs).toFixed(0)} ms | ${(mid((m) => m.lcpMs) / 1000).toFixed(2)} s | ${kb(mid((m) => m.scriptBytes))} | ${kb(mid((m) => m.runtimeBytes))} | ${kb(mid((m) => m.scriptBytes - m.runtimeBytes))} |`
        rows.push(line)
        console.log(line)
      }
    })
  } finally {
    await app.stop()
  }
  const report = [
    '# Phones (Lighthouse)',
    '',
    machineLine(`production build, Lighthouse mobile preset, median of ${RUNS} runs`),
    '',
    baseline,
    '',
    '| page | performance | total blocking time | LCP | JavaScript (transfer) | of it Next runtime | of it the page |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '| target | ≥ 95 | < 200 ms | | | | |',
  ]
  console.log(`\n${report.join('\n')}`)
  mkdirSync('.data', { recursive: true })
  writeFileSync(reportPath('lighthouse'), `${report.join('\n')}\n`)
}

runWorkload(main)
