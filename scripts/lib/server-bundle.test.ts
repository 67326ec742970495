import { readFileSync } from 'node:fs'

import { afterEach, describe, expect, it } from 'vitest'

import { SERVER_ALLOCATOR_ENV, SERVER_HEAP_MB, serverEnv, serverNodeArgs } from './server-bundle'

describe('the server heap limit', () => {
  afterEach(() => {
    delete process.env.SERVER_HEAP_MB
  })

  it('is given to Node by every start, and SERVER_HEAP_MB overrides it', () => {
    expect(serverNodeArgs()).toEqual([`--max-old-space-size=${SERVER_HEAP_MB}`])
    process.env.SERVER_HEAP_MB = '640'
    expect(serverNodeArgs()).toEqual(['--max-old-space-size=640'])
  })

  it('is the Docker image’s default too', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8')
    const started =
      /exec node --max-old-space-size=\$\{SERVER_HEAP_MB:-(\d+)\} \.next\/server\.mjs/.exec(
        dockerfile,
      )
    expect(started?.[1]).toBe(String(SERVER_HEAP_MB))
  })
})

describe('the server allocator settings', () => {
  it('are given to the server unless the environment sets them itself', () => {
    expect(serverEnv({})).toEqual(SERVER_ALLOCATOR_ENV)
    expect(serverEnv({ MALLOC_ARENA_MAX: '4' })).not.toHaveProperty('MALLOC_ARENA_MAX')
    expect(serverEnv({ MALLOC_ARENA_MAX: '4' })).toHaveProperty('MALLOC_MMAP_THRESHOLD_')
  })

  it('are the Docker image’s too', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8')
    for (const [name, value] of Object.entries(SERVER_ALLOCATOR_ENV))
      expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, 'm'))
  })
})

describe('the Docker image’s Node.js', () => {
  /** The day tests/fixtures/node-release/schedule.json was retrieved (its README). */
  const RETRIEVED = '2026-11-25'
  const schedule = JSON.parse(
    readFileSync('tests/fixtures/node-release/schedule.json', 'utf8'),
  ) as Record<string, { lts?: string; maintenance?: string; end: string }>

  it('is one release line in every stage, in Active LTS when the schedule was retrieved', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8')
    const lines = [...dockerfile.matchAll(/^FROM node:(\d+)[-\s]/gm)].map((match) => match[1])
    expect(lines.length).toBe([...dockerfile.matchAll(/^FROM /gm)].length)
    expect(new Set(lines).size).toBe(1)
    const line = schedule[`v${lines[0]}`]
    expect(line?.lts).toBeDefined()
    // ISO dates compare as text.
    expect(line!.lts! <= RETRIEVED && RETRIEVED < line!.maintenance!).toBe(true)
  })
})
