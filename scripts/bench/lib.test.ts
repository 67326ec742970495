import { describe, expect, it } from 'vitest'

import {
  distinctBlocks,
  distinctMissPaths,
  environmentPairs,
  reportPath,
  seededShuffle,
  workloadOutcome,
} from './lib'

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

describe('BENCH_MISSES=distinct: the distinct URLs of a surface', () => {
  const posts = Array.from({ length: 23 }, (_, index) => ({ id: 100 + index, slug: `p-${index}` }))

  it("names every post's API document with the surface's query", () => {
    const paths = distinctMissPaths(
      { name: 'API document (depth 2)', path: '/api/posts/7?depth=2' },
      posts,
    )!
    expect(paths).toHaveLength(23)
    expect(paths[0]).toBe('/api/posts/100?depth=2')
    expect(paths.at(-1)).toBe('/api/posts/122?depth=2')
  })

  it('pages an API list through every page, in each locale too when it names none', () => {
    const wide = distinctMissPaths({ name: 'API list', path: '/api/posts?limit=10' }, posts)!
    // 23 posts: three pages of ten, with no locale (all of them), in English and in Spanish.
    expect(wide).toEqual([
      '/api/posts?limit=10&page=1',
      '/api/posts?limit=10&page=2',
      '/api/posts?limit=10&page=3',
      '/api/posts?limit=10&page=1&locale=en',
      '/api/posts?limit=10&page=2&locale=en',
      '/api/posts?limit=10&page=3&locale=en',
      '/api/posts?limit=10&page=1&locale=es',
      '/api/posts?limit=10&page=2&locale=es',
      '/api/posts?limit=10&page=3&locale=es',
    ])
    const narrow = distinctMissPaths(
      { name: 'narrow', path: '/api/posts?locale=es&sort=title&page=3&select=title,slug' },
      posts,
    )!
    expect(narrow).toEqual([
      '/api/posts?locale=es&sort=title&page=1&select=title%2Cslug',
      '/api/posts?locale=es&sort=title&page=2&select=title%2Cslug',
      '/api/posts?locale=es&sort=title&page=3&select=title%2Cslug',
    ])
  })

  it("names every post's twin and page in each locale", () => {
    const twins = distinctMissPaths({ name: 'Markdown twin', path: '/en/blog/newest.md' }, posts)!
    expect(twins).toHaveLength(46)
    expect(twins).toContain('/en/blog/p-0.md')
    expect(twins).toContain('/es/blog/p-22.md')
    const accept = { accept: 'text/markdown' }
    const pages = distinctMissPaths(
      { name: 'Markdown by Accept', path: '/es/blog/newest', headers: accept },
      posts,
    )!
    expect(pages).toHaveLength(46)
    expect(pages).toContain('/en/blog/p-3')
    expect(new Set(pages).size).toBe(46)
  })

  it('has none for a surface with one URL per locale', () => {
    expect(distinctMissPaths({ name: 'HTML home', path: '/en' }, posts)).toBeNull()
    expect(distinctMissPaths({ name: 'llms.txt', path: '/llms.txt' }, posts)).toBeNull()
  })
})

describe('BENCH_MISSES=distinct: the order of a list and its blocks', () => {
  const items = Array.from({ length: 50 }, (_, index) => index)

  it('shuffles to the same order for the same seed, every item once', () => {
    expect(seededShuffle(items, 7)).toEqual(seededShuffle(items, 7))
    expect(seededShuffle(items, 7)).not.toEqual(items)
    expect(seededShuffle(items, 7)).not.toEqual(seededShuffle(items, 8))
    expect([...seededShuffle(items, 7)].sort((a, b) => a - b)).toEqual(items)
  })

  it('cuts each run into a warm-up and one block per slice, in order, none shared', () => {
    // 50 URLs, 3 runs of 1 + 3 blocks: 12 blocks of 4, the last 2 URLs unused.
    const runs = distinctBlocks(items, 3, 3)
    expect(runs).toHaveLength(3)
    expect(runs[0]).toEqual({
      warmUp: [0, 1, 2, 3],
      slices: [
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [12, 13, 14, 15],
      ],
    })
    expect(runs[2]!.slices[2]).toEqual([44, 45, 46, 47])
    const used = runs.flatMap((run) => [...run.warmUp, ...run.slices.flat()])
    expect(used).toEqual(items.slice(0, 48))
  })

  it('caps the block size, leaving the rest of a long list unused', () => {
    const runs = distinctBlocks(items, 1, 2, 5)
    expect(runs[0]).toEqual({
      warmUp: [0, 1, 2, 3, 4],
      slices: [
        [5, 6, 7, 8, 9],
        [10, 11, 12, 13, 14],
      ],
    })
  })

  it('refuses a list too short to give every block a URL', () => {
    expect(() => distinctBlocks(items.slice(0, 11), 3, 3)).toThrow(/11 distinct URLs cannot fill/)
  })
})
