import { describe, expect, it } from 'vitest'

import { environmentPairs, reportPath, workloadOutcome } from './lib'

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

describe("a benchmark's environment for one server", () => {
  it('reads NAME=value pairs separated by spaces, a value keeping its own = signs', () => {
    expect(environmentPairs(' MALLOC_ARENA_MAX=1  NODE_OPTIONS=--x=1 EMPTY=')).toEqual({
      MALLOC_ARENA_MAX: '1',
      NODE_OPTIONS: '--x=1',
      EMPTY: '',
    })
    expect(environmentPairs(undefined)).toEqual({})
  })

  it('refuses a pair without a name or an = sign', () => {
    expect(() => environmentPairs('MALLOC_ARENA_MAX')).toThrow(/not NAME=value/)
    expect(() => environmentPairs('=1')).toThrow(/not NAME=value/)
  })
})
