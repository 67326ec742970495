import { describe, expect, it } from 'vitest'

import { reportPath, workloadOutcome } from './lib'

describe("npm run bench's summary of a workload", () => {
  it('is done only when the workload exited 0 and wrote its table', () => {
    expect(workloadOutcome({ status: 0, signal: null }, true)).toBe('done')
  })

  it('says when a workload exited 0 without its table (it stopped before measuring)', () => {
    expect(workloadOutcome({ status: 0, signal: null }, false)).toBe('ended without its table')
  })

  it('says how a workload failed: its exit status, or the signal that ended it', () => {
    expect(workloadOutcome({ status: 1, signal: null }, true)).toBe('failed (1)')
    expect(workloadOutcome({ status: null, signal: 'SIGKILL' }, false)).toBe('failed (SIGKILL)')
  })

  it("finds each workload's table where the workload writes it", () => {
    expect(reportPath('media')).toBe('.data/benchmarks-media.md')
  })
})
