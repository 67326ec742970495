import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { SURFACES } from '@/http/surface'

import {
  CACHE_RESULT_INDEX,
  CACHE_RESULTS,
  cacheResultIndex,
  REQUEST_DURATION_BUCKETS,
  RequestTally,
  STATUS_CLASSES,
  statusClassIndex,
  SURFACE_MEMO_MAX,
} from './request-tally'

const servers: ReturnType<typeof createServer>[] = []
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/**
 * The response as it stands once sent, answered by `answer` on a real Node server: what the
 * tally reads is Node's, not a double's.
 */
async function sentResponse(answer: (response: ServerResponse) => void): Promise<ServerResponse> {
  let sent: Promise<ServerResponse> | undefined
  const server = createServer((_request, response) => {
    sent = new Promise((resolve) => response.on('close', () => resolve(response)))
    answer(response)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer()
  return sent!
}

describe('statusClassIndex', () => {
  it('names the class of every status Node can send, and aborted responses apart', () => {
    const label = (status: number, finished = true) =>
      STATUS_CLASSES[statusClassIndex(status, finished)]
    expect(label(101)).toBe('1xx')
    expect(label(200)).toBe('2xx')
    expect(label(304)).toBe('3xx')
    expect(label(404)).toBe('4xx')
    expect(label(503)).toBe('5xx')
    expect(label(999)).toBe('5xx')
    expect(label(200, false)).toBe('aborted')
  })
})

describe('cacheResultIndex', () => {
  it("reads a hit's X-Cache from the head Node wrote (writeHead with its headers, nothing set before)", async () => {
    const response = await sentResponse((answer) => {
      answer.writeHead(200, { 'content-type': 'text/plain', 'x-cache': 'HIT' })
      answer.end('ok')
    })
    // What getHeader cannot see: why the head is read.
    expect(response.getHeader('x-cache')).toBeUndefined()
    expect(CACHE_RESULTS[cacheResultIndex(response)]).toBe('hit')
  })

  it('reads a miss and a stale answer set through setHeader, and nothing where the cache said nothing', async () => {
    const miss = await sentResponse((answer) => {
      answer.setHeader('x-request-id', 'one')
      answer.writeHead(200, { 'x-cache': 'MISS' })
      answer.end('ok')
    })
    expect(CACHE_RESULTS[cacheResultIndex(miss)]).toBe('miss')
    const stale = await sentResponse((answer) => {
      answer.setHeader('x-cache', 'STALE')
      answer.end('ok')
    })
    expect(CACHE_RESULTS[cacheResultIndex(stale)]).toBe('stale')
    const uncached = await sentResponse((answer) => answer.end('ok'))
    expect(cacheResultIndex(uncached)).toBe(-1)
  })
})

describe('RequestTally', () => {
  it('counts requests into bounded series: surfaces and status classes, never paths', () => {
    const tally = new RequestTally()
    for (let index = 0; index < 5_000; index += 1) {
      const surface = tally.surfaceIndexOf(`/en/blog/post-${index}?page=${index}`)
      tally.record(surface, statusClassIndex(200 + (index % 4) * 100, index % 7 !== 0), 0.002)
    }
    const series = tally.requestSeries()
    expect(series.every(({ surface }) => surface === 'page')).toBe(true)
    expect(series.length).toBeLessThanOrEqual(STATUS_CLASSES.length)
    expect(series.reduce((sum, { count }) => sum + count, 0)).toBe(5_000)
    // Every possible series at once is still a small number.
    expect(SURFACES.length * STATUS_CLASSES.length).toBeLessThan(100)
  })

  it('keeps cumulative buckets, the sum and the count of each series', () => {
    const tally = new RequestTally()
    const api = tally.surfaceIndexOf('/api/posts/12')
    const ok = statusClassIndex(200, true)
    for (const seconds of [0.0001, 0.003, 0.003, 20]) tally.record(api, ok, seconds)
    const [series] = tally.requestSeries()
    expect(series).toMatchObject({ surface: 'api', status: '2xx', count: 4 })
    expect(series!.sumSeconds).toBeCloseTo(20.0061)
    const at = (bound: number) =>
      series!.cumulative[REQUEST_DURATION_BUCKETS.indexOf(bound as never)]
    expect(at(0.0005)).toBe(1)
    expect(at(0.0025)).toBe(1)
    expect(at(0.005)).toBe(3)
    expect(at(10)).toBe(3)
    expect(series!.cumulative.at(-1)).toBe(4)
    expect(tally.cacheSeries()).toEqual([])
  })

  it('counts what the cache answered per surface, every result shown once one is', () => {
    const tally = new RequestTally()
    const twin = tally.surfaceIndexOf('/en/blog/a-post.md')
    tally.countCacheAnswer(twin, CACHE_RESULT_INDEX.hit)
    tally.countCacheAnswer(twin, CACHE_RESULT_INDEX.hit)
    tally.countCacheAnswer(twin, CACHE_RESULT_INDEX.miss)
    expect(tally.cacheSeries()).toEqual([
      { surface: 'twin', counts: { hit: 2, miss: 1, stale: 0 } },
    ])
  })

  it('remembers surfaces for a bounded number of targets, and still classifies past it', () => {
    const tally = new RequestTally()
    for (let index = 0; index < SURFACE_MEMO_MAX * 2; index += 1) {
      expect(SURFACES[tally.surfaceIndexOf(`/api/posts/${index}`)]).toBe('api')
      expect(tally.rememberedTargets).toBeLessThanOrEqual(SURFACE_MEMO_MAX)
    }
    const remembered = tally.rememberedTargets
    expect(SURFACES[tally.surfaceIndexOf(`/en/${'x'.repeat(10_000)}`)]).toBe('page')
    expect(tally.rememberedTargets).toBe(remembered)
    expect(SURFACES[tally.surfaceIndexOf(undefined)]).toBe('page')
  })
})
