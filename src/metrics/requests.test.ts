import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { parseExposition, sampleTotal } from './exposition'
import { siteMetrics } from './registry'
import { countRequest, startCountingRequests } from './requests'

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/** A server that counts every request, then answers as the cache would (a HIT) or hangs. */
async function countingServer(): Promise<string> {
  const server = createServer((request, response) => {
    countRequest(request, response)
    if (request.url === '/en/slow') return // never answered: its client gives up
    // Answered after the sweep has looked at it (and given it a listener): counted once.
    if (request.url === '/en/later') {
      setTimeout(() => response.writeHead(200).end('late'), 1_200)
      return
    }
    response.writeHead(200, { 'content-type': 'application/json', 'x-cache': 'HIT' })
    response.end('{}')
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const scrape = async () => parseExposition(await siteMetrics().registry.metrics())

describe('countRequest', () => {
  it('counts nothing until metrics are switched on', async () => {
    const url = await countingServer()
    await (await fetch(`${url}/api/posts/1`)).text()
    expect((await scrape()).has('site_http_requests_total')).toBe(false)
  })

  it('counts each request by surface and status, and its latency', async () => {
    startCountingRequests()
    const url = await countingServer()
    const before = await scrape()
    for (const path of ['/api/posts/1', '/api/posts/2?depth=2', '/en/blog/a-post.md', '/en/later'])
      await (await fetch(`${url}${path}`)).text()
    const aborted = new AbortController()
    const slow = fetch(`${url}/en/slow`, { signal: aborted.signal }).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 50))
    aborted.abort()
    await slow
    // A response left unended is looked at by the next request or, on an idle server, the sweep.
    let after = await scrape()
    for (let waited = 0; waited < 3_000; waited += 100) {
      after = await scrape()
      if (sampleTotal(after, 'site_http_requests_total', { status: 'aborted' }) > 0) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }

    const grew = (name: string, labels: Record<string, string>) =>
      sampleTotal(after, name, labels) - sampleTotal(before, name, labels)
    expect(grew('site_http_requests_total', { surface: 'api', status: '2xx' })).toBe(2)
    expect(grew('site_http_requests_total', { surface: 'twin', status: '2xx' })).toBe(1)
    expect(grew('site_http_requests_total', { surface: 'page', status: 'aborted' })).toBe(1)
    expect(grew('site_http_requests_total', { surface: 'page', status: '2xx' })).toBe(1)
    expect(
      grew('site_http_request_duration_seconds_count', { surface: 'api', status: '2xx' }),
    ).toBe(2)
    expect(
      grew('site_http_request_duration_seconds_bucket', {
        surface: 'page',
        status: 'aborted',
        le: '0.025',
      }),
    ).toBe(0)
  })
})
