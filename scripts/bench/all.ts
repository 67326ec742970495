/**
 * `npm run bench`: every workload in turn, each in a process of its own (each is also an npm
 * script, `bench:<name>`, and finishes in about ten minutes; the memory run's mixed load alone
 * lasts BENCH_MEMORY_MINUTES). One that fails does not stop the others. At the end it prints how
 * each went and, together, the tables they wrote: each prints its figures beside their targets.
 * It exits non-zero when a workload failed or ended without writing its table.
 * It builds first when there is no build (`ensureBuild`), so no workload builds while another
 * measures.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

import { ensureBuild, reportPath, workloadOutcome } from './lib'
import { runWorkload } from './workload'

interface Workload {
  name: string
  /** What it measures, for the summary. */
  measures: string
}

const WORKLOADS: Workload[] = [
  {
    name: 'site',
    measures: 'cached reads, misses, publish to visible',
  },
  { name: 'media', measures: 'media streaming and memory' },
  { name: 'search', measures: 'site search' },
  {
    name: 'scale',
    measures: 'whole-site files and deep pages at 11,000 documents',
  },
  {
    name: 'churn',
    measures: 'one publish a second during Zipf reads',
  },
  {
    name: 'memory',
    measures: 'RSS through misses and a mixed load',
  },
  {
    name: 'lighthouse',
    measures: 'phones: Lighthouse mobile, JavaScript shipped',
  },
]

async function main(): Promise<void> {
  await ensureBuild()
  const outcomes: { workload: Workload; status: string; minutes: number }[] = []
  for (const workload of WORKLOADS) {
    // A table left by an earlier run must not pass for this one's.
    rmSync(reportPath(workload.name), { force: true })
    console.log(`\n=== bench:${workload.name} (${workload.measures}) ===\n`)
    const started = performance.now()
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join('scripts/bench', `${workload.name}.ts`)],
      { stdio: 'inherit' },
    )
    const status = workloadOutcome(run, existsSync(reportPath(workload.name)))
    outcomes.push({
      workload,
      status,
      minutes: (performance.now() - started) / 60_000,
    })
  }

  console.log('\n# All workloads\n')
  console.log('| Workload | Measures | Outcome | Minutes |')
  console.log('|---|---|---|---|')
  for (const { workload, status, minutes } of outcomes) {
    console.log(
      `| bench:${workload.name} | ${workload.measures} | ${status} | ${minutes.toFixed(1)} |`,
    )
  }
  for (const { workload } of outcomes) {
    const report = reportPath(workload.name)
    if (!existsSync(report)) continue
    console.log(`\n<!-- bench:${workload.name}, ${report} -->\n`)
    console.log(readFileSync(report, 'utf8'))
  }
  const unfinished = outcomes.filter(({ status }) => status !== 'done')
  if (unfinished.length > 0) {
    throw new Error(
      `Not done: ${unfinished.map(({ workload, status }) => `bench:${workload.name} (${status})`).join(', ')}`,
    )
  }
}

runWorkload(main)
