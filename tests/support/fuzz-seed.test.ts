import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { fuzzSeed } from './fuzz-seed'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('fuzzSeed', () => {
  it("is the call site's fixed seed unless FUZZ_SEED says otherwise", () => {
    vi.stubEnv('FUZZ_SEED', '')
    expect(fuzzSeed(20_261_124)).toBe(20_261_124)
    vi.stubEnv('FUZZ_SEED', '42')
    expect(fuzzSeed(20_261_124)).toBe(42)
    vi.stubEnv('FUZZ_SEED', '-7')
    expect(fuzzSeed(20_261_124)).toBe(-7)
  })

  it('is a fresh 32-bit seed for FUZZ_SEED=random', () => {
    vi.stubEnv('FUZZ_SEED', 'random')
    const seeds = Array.from({ length: 5 }, () => fuzzSeed(1))
    for (const seed of seeds) expect(seed | 0).toBe(seed)
    expect(new Set(seeds).size).toBeGreaterThan(1)
  })

  it('refuses a seed fast-check would print as another', () => {
    for (const given of ['1.5', '4294967296', 'abc']) {
      vi.stubEnv('FUZZ_SEED', given)
      expect(() => fuzzSeed(1)).toThrow(`FUZZ_SEED=${given}`)
    }
    vi.stubEnv('FUZZ_SEED', '')
    expect(() => fuzzSeed(2 ** 31)).toThrow('the fallback seed')
  })

  it("is the seed fast-check's failure report prints, and replays the same cases", async () => {
    const seed = fuzzSeed(20_261_124)
    const failing = () =>
      fc.assert(
        fc.asyncProperty(fc.nat(), async (n) => {
          expect(n).toBeLessThan(1_000)
        }),
        { seed },
      )
    await expect(failing()).rejects.toThrow(`{ seed: ${seed}, path: `)
    expect(fc.sample(fc.nat(), { seed, numRuns: 5 })).toEqual(
      fc.sample(fc.nat(), { seed, numRuns: 5 }),
    )
  })
})
