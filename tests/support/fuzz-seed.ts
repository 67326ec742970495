import { randomInt } from 'node:crypto'

/**
 * The seed of a property test or fuzzer (fast-check's `fc.assert`, `fc.sample`). Every call site
 * passes its own fixed default, so CI runs the same cases every time and a failure there replays
 * as it is; the environment variable `FUZZ_SEED` overrides it:
 *
 * - unset (or empty): the call site's `fallback`;
 * - an integer (a 32-bit one, as fast-check prints it): that seed, at every call site, to replay a
 *   failure: `FUZZ_SEED=1234 npx vitest run --project int tests/int/query-fuzz.test.ts`;
 * - `random`: a fresh seed at each call site, to explore beyond the fixed cases.
 *
 * A failure prints the seed that produced it: fast-check's own report starts
 * `Property failed after N tests { seed: S, path: "…", endOnFailure: true }` (with the seed given,
 * S is that seed), and a fuzzer that samples with `fc.sample` names the seed in its test's name and
 * in its assertion's message.
 */
export function fuzzSeed(fallback: number): number {
  const given = process.env.FUZZ_SEED?.trim()
  if (!given) return int32(fallback, 'the fallback seed')
  if (given.toLowerCase() === 'random') return randomInt(0, 2 ** 31 - 1)
  return int32(Number(given), `FUZZ_SEED=${given}`)
}

/** fast-check folds any other number into 32 bits, and would print a seed other than the one given. */
function int32(seed: number, what: string): number {
  if (!Number.isInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    throw new Error(`${what}: a seed is 'random' or an integer of 32 bits (signed)`)
  }
  return seed
}
