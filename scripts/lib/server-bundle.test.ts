import { readFileSync } from 'node:fs'

import { afterEach, describe, expect, it } from 'vitest'

import { SERVER_HEAP_MB, serverNodeArgs } from './server-bundle'

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
