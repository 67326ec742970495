import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const workload = path.resolve(import.meta.dirname, 'workload.ts')

/** Runs a tiny workload in its own Node process, as `npm run bench:<name>` runs one. */
function run(body: string): { status: number | null; stderr: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workload-'))
  const script = path.join(dir, 'main.ts')
  writeFileSync(
    script,
    `import { benchStep, runWorkload } from ${JSON.stringify(workload)}\n${body}\n`,
  )
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
    timeout: 20_000,
  })
  return { status: result.status, stderr: result.stderr }
}

describe('a workload process', () => {
  it('exits 0 when it finishes, after its cleanup', () => {
    const { status, stderr } = run(
      `runWorkload(async () => {}, async () => { console.error('cleaned up') })`,
    )
    expect(status).toBe(0)
    expect(stderr).toContain('cleaned up')
  })

  it('exits 1 when it throws, and still cleans up', () => {
    const { status, stderr } = run(
      `runWorkload(async () => { throw new Error('no build') }, async () => { console.error('cleaned up') })`,
    )
    expect(status).toBe(1)
    expect(stderr).toContain('no build')
    expect(stderr).toContain('cleaned up')
  })

  it('exits 1, naming its step, when its event loop empties while it still waits', () => {
    const { status, stderr } = run(
      `runWorkload(async () => { benchStep('downloading round 3'); await new Promise(() => {}) })`,
    )
    expect(status).toBe(1)
    expect(stderr).toContain('The workload stopped while downloading round 3')
  })
})
