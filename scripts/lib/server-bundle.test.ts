import { readFileSync } from 'node:fs'

import { afterEach, describe, expect, it } from 'vitest'

import {
  SERVER_ALLOCATOR_ENV,
  SERVER_HEAP_MB,
  serverChunkSharing,
  serverEnv,
  serverNodeArgs,
} from './server-bundle'

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

describe('sharing the build’s server chunks', () => {
  it('is on unless SHARE_SERVER_CHUNKS or FRAMEWORK_BYPASSES turns it off', () => {
    expect(serverChunkSharing({})).toBe(true)
    expect(serverChunkSharing({ SHARE_SERVER_CHUNKS: 'off' })).toBe(false)
    expect(serverChunkSharing({ FRAMEWORK_BYPASSES: 'off' })).toBe(false)
    expect(serverChunkSharing({ FRAMEWORK_BYPASSES: 'on', SHARE_SERVER_CHUNKS: 'on' })).toBe(true)
  })
})
