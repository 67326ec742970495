import { execFileSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import {
  bearerTokenMatches,
  listenForScrapes,
  metricsEnabled,
  metricsPortRefusal,
  siteMetricsEndpoint,
} from './endpoint'
import { parseExposition } from './exposition'
import { PROCESS_FAMILIES, SITE_FAMILIES } from './families'

const TOKEN = 'metrics-token-0123456789-abcdefghijklmnopqrstuvwxyz'
const EVERY_RESPONSE = [['X-Content-Type-Options', 'nosniff']] as [string, string][]

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

async function listening(server: Server): Promise<string> {
  servers.push(server)
  if (!server.listening)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A site server whose handler tries the metrics endpoint first, and says when it passed. */
async function siteWith(settings: Parameters<typeof siteMetricsEndpoint>[0]): Promise<string> {
  const metrics = siteMetricsEndpoint(settings, EVERY_RESPONSE)
  return listening(
    createServer((request, response) => {
      if (metrics?.(request, response)) return
      response.writeHead(404, { 'content-type': 'text/plain' }).end('the site answered')
    }),
  )
}

describe('bearerTokenMatches', () => {
  it('takes exactly `Bearer <token>` (the scheme in any case)', () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerTokenMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true)
  })

  it('refuses a missing, malformed or wrong credential, a prefix of the token or more than it', () => {
    for (const authorization of [
      undefined,
      '',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN} ${TOKEN}`,
      'Bearer ',
    ])
      expect(bearerTokenMatches(authorization, TOKEN), String(authorization)).toBe(false)
  })
})

describe('the metrics endpoint on the site port', () => {
  it('is off, and /metrics is the site’s like any path, without either setting', async () => {
    expect(metricsEnabled({})).toBe(false)
    expect(siteMetricsEndpoint({}, EVERY_RESPONSE)).toBeNull()
    // METRICS_PORT alone: collected, served on that port only.
    expect(metricsEnabled({ METRICS_PORT: 9464 })).toBe(true)
    expect(siteMetricsEndpoint({ METRICS_PORT: 9464 }, EVERY_RESPONSE)).toBeNull()
    const url = await siteWith({})
    const response = await fetch(`${url}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    })
    expect(await response.text()).toBe('the site answered')
  })

  it('answers 401 in the JSON error shape without the token, or with a wrong one', async () => {
    const url = await siteWith({ METRICS_TOKEN: TOKEN })
    for (const headers of [{}, { Authorization: 'Bearer not-the-token' }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${url}/metrics`, { headers })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const body = (await response.json()) as { error: { code: string } }
      expect(body.error.code).toBe('unauthorized')
    }
  })

  it('serves Prometheus text, never to be stored, with the token; HEAD without a body', async () => {
    const url = await siteWith({ METRICS_TOKEN: TOKEN })
    const headers = { Authorization: `Bearer ${TOKEN}` }
    const response = await fetch(`${url}/metrics?anything=1`, { headers })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const families = parseExposition(await response.text())
    for (const name of PROCESS_FAMILIES) expect(families.has(name), name).toBe(true)
    for (const name of SITE_FAMILIES) expect(families.has(name), name).toBe(true)
    const head = await fetch(`${url}/metrics`, { method: 'HEAD', headers })
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
    expect(await head.text()).toBe('')
  })

  it('leaves every other path and method to the site', async () => {
    const url = await siteWith({ METRICS_TOKEN: TOKEN })
    const headers = { Authorization: `Bearer ${TOKEN}` }
    for (const [path, method] of [
      ['/metrics', 'POST'],
      ['/metrics/', 'GET'],
      ['/metricsx', 'GET'],
      ['/en/metrics', 'GET'],
    ] as const) {
      const response = await fetch(`${url}${path}`, { method, headers })
      expect(await response.text(), `${method} ${path}`).toBe('the site answered')
    }
  })

  it('passes `promtool check metrics`', async () => {
    const url = await siteWith({ METRICS_TOKEN: TOKEN })
    const text = await (
      await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).text()
    expect(() => execFileSync('promtool', ['check', 'metrics'], { input: text })).not.toThrow()
  })
})

describe('the metrics port', () => {
  it('answers /metrics only, GET and HEAD only, and asks for the token when there is one', () => {
    const request = (method: string, url: string, authorization?: string) => ({
      method,
      url,
      headers: authorization ? { authorization } : {},
    })
    expect(metricsPortRefusal(request('GET', '/metrics'), undefined)).toBeNull()
    expect(metricsPortRefusal(request('HEAD', '/metrics?x=1'), undefined)).toBeNull()
    expect(metricsPortRefusal(request('GET', '/'), undefined)?.status).toBe(404)
    const post = metricsPortRefusal(request('POST', '/metrics'), undefined)
    expect(post?.status).toBe(405)
    expect(post?.headers.Allow).toBe('GET, HEAD')
    expect(metricsPortRefusal(request('GET', '/metrics'), TOKEN)?.status).toBe(401)
    expect(metricsPortRefusal(request('GET', '/metrics', `Bearer ${TOKEN}`), TOKEN)).toBeNull()
  })

  it('listens on a port of its own and serves the registry there', async () => {
    const url = await listening(await listenForScrapes(0, '127.0.0.1', undefined))
    const response = await fetch(`${url}/metrics`)
    expect(response.status).toBe(200)
    expect(parseExposition(await response.text()).has('site_http_requests_total')).toBe(true)
    const elsewhere = await fetch(`${url}/`)
    expect(elsewhere.status).toBe(404)
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('not_found')
  })
})
