import { readFileSync } from 'node:fs'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import type { SiteServer } from '@/server/main'

import { freePort, TEST_SECRET } from '../support/app-server'
import { readUntil } from '../support/poll'

/**
 * The project's server built in this process through `createServer()` (what src/server/start.ts
 * runs), on the production build and the test database: its response pipeline and response cache
 * as a client sees them.
 */
let site: SiteServer
let url: string

beforeAll(async () => {
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  // Settings are read once, when the server's modules load.
  Object.assign(process.env, {
    ...inject('appEnv'),
    PAYLOAD_SECRET: TEST_SECRET,
    SITE_URL: url,
    HOST: '127.0.0.1',
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: '1',
  })
  const { createServer } = await import('@/server/main')
  site = await createServer({ dev: false })
  const address = await site.listen()
  expect(address.port).toBe(port)
}, 120_000)

afterAll(async () => {
  await site?.close()
})

describe('createServer', () => {
  it('serves a page through the pipeline, then from its cache with the same head', async () => {
    // The change feed connects in the background: until then nothing is cached.
    const miss = await readUntil(
      () => fetch(`${url}/en`),
      (response) => response.headers.get('x-cache') === 'MISS',
      { attempts: 51, everyMs: 100 },
    )
    const hit = await fetch(`${url}/en`)
    expect(miss.status).toBe(200)
    expect(miss.headers.get('x-cache')).toBe('MISS')
    expect(miss.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(hit.headers.get('x-cache')).toBe('HIT')
    for (const name of ['cache-control', 'vary', 'content-security-policy', 'link'])
      expect(hit.headers.get(name), name).toBe(miss.headers.get(name))
    expect(miss.headers.get('cache-control')).toMatch(/^public, /)
    expect(miss.headers.get('vary')).toMatch(/\bAccept\b/)
    expect(miss.headers.get('accept-ch')).toBeNull()
  })

  it('answers a page that finds nothing 404, kept by nobody', async () => {
    const missing = await fetch(`${url}/en/blog/no-such-post`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
    expect(missing.headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it("starts on the configuration the build resolved, without Next's compiler in memory", () => {
    // Loading next.config.ts again compiled it with Next's SWC binary, kept mapped for good.
    const mapped = readFileSync('/proc/self/maps', 'utf8')
    expect(mapped).toContain('[stack]')
    expect(mapped).not.toMatch(/next-swc|@next\/swc/)
  })

  it("reads the stack of the error React ends a page's render with, so the render can go", async () => {
    // V8 formats a stack, calling Error.prepareStackTrace, only when it is first read
    // (src/lib/render-end.ts says why reading it matters).
    const read: string[] = []
    const previous = Error.prepareStackTrace
    Error.prepareStackTrace = (error, frames) => {
      read.push(error.message)
      return previous ? previous(error, frames) : `${error.name}: ${error.message}`
    }
    try {
      // A cookie keeps the cache out of the way: the page is rendered.
      const response = await fetch(`${url}/en/privacy`, { headers: { cookie: 'visit=1' } })
      await response.arrayBuffer()
      expect(response.status).toBe(200)
    } finally {
      Error.prepareStackTrace = previous
    }
    expect(read).toContainEqual(expect.stringMatching(/^This render completed successfully/))
  })
})
