import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'

import { describe, expect, it } from 'vitest'

import type { CountRow } from './aggregator'
import { agentTable } from './agents'
import { CallerClassifier } from './classify'
import { VisitCounter } from './counter'
import { noteMcpClient } from './mcp-clients'
import type { CountStore } from './store'
import { countVisitIn, surfaceCounted } from './visits'

const request = (method: string, url: string, headers: Record<string, string> = {}) => ({
  method,
  url,
  headers,
})

describe('which requests are counted', () => {
  it('counts reads of public surfaces, and MCP calls', () => {
    expect(surfaceCounted(request('GET', '/en/blog/a-post'))).toBe('page')
    expect(surfaceCounted(request('HEAD', '/llms.txt'))).toBe('llms')
    expect(surfaceCounted(request('POST', '/api/mcp'))).toBe('mcp')
  })

  it('counts no write, no other method and no request of the team', () => {
    expect(surfaceCounted(request('POST', '/en/contact'))).toBeNull()
    expect(surfaceCounted(request('POST', '/api/inquiries'))).toBeNull()
    expect(surfaceCounted(request('GET', '/api/mcp'))).toBeNull()
    expect(surfaceCounted(request('OPTIONS', '/en'))).toBeNull()
    expect(surfaceCounted(request('DELETE', '/api/posts/1'))).toBeNull()
    expect(surfaceCounted(request('GET', '/admin'))).toBeNull()
    expect(
      surfaceCounted(request('GET', '/api/posts', { authorization: 'users API-Key x' })),
    ).toBeNull()
    expect(
      surfaceCounted(request('GET', '/en', { cookie: 'theme=dark; payload-token=abc' })),
    ).toBeNull()
    expect(surfaceCounted(request('GET', '/en', { cookie: 'theme=dark' }))).toBe('page')
  })
})

describe('counting a response once it has gone out', () => {
  const FIREFOX = 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:47.0) Gecko/20100101 Firefox/47.0'

  function counted() {
    const written: CountRow[] = []
    const store: CountStore = {
      add: async (rows) => void written.push(...rows),
      prune: async () => 0,
    }
    const visits = new VisitCounter({
      classifier: new CallerClassifier(agentTable()),
      store,
      flushMs: 60_000,
      retentionDays: 400,
    })
    const send = (
      method: string,
      url: string,
      status: number,
      headers: Record<string, string> = {},
      contentType = 'text/html',
    ) => {
      const request = new IncomingMessage(new Socket())
      request.method = method
      request.url = url
      request.headers = { 'user-agent': FIREFOX, ...headers }
      const response = new ServerResponse(request)
      response.statusCode = status
      response.setHeader('content-type', contentType)
      countVisitIn(visits, request, response)
      // Rewritten on its way through (a twin's route): the path asked for is the one counted.
      request.url = '/markdown-twin/rewritten'
      response.emit('finish')
    }
    return { send, flush: async () => (await visits.flush(), written) }
  }

  it('counts 2xx and 304 answers under the path asked for, and nothing else', async () => {
    const { send, flush } = counted()
    send('GET', '/en/blog/a?page=2', 200)
    send('GET', '/en/blog/a', 304)
    send('GET', '/en/blog/a', 404)
    send('GET', '/en/blog/a', 500)
    send('GET', '/', 307)
    expect(await flush()).toEqual([
      expect.objectContaining({ channel: 'person', surface: 'page', path: '/en/blog/a', count: 2 }),
    ])
  })

  it('counts a page answered as markdown as a twin, and an MCP call by the name noted', async () => {
    const { send, flush } = counted()
    send('GET', '/es/blog/a', 200, { accept: 'text/markdown' }, 'text/markdown; charset=utf-8')
    noteMcpClient({ headers: new Headers({ 'x-request-id': 'mcp-1' }) }, 'Claude Desktop')
    send('POST', '/api/mcp', 200, { 'x-request-id': 'mcp-1' }, 'application/json')
    expect(await flush()).toEqual([
      expect.objectContaining({
        channel: 'mcp-client',
        surface: 'mcp',
        agent: 'Claude Desktop',
        count: 1,
      }),
      expect.objectContaining({ channel: 'person', surface: 'twin', path: '/es/blog/a', count: 1 }),
    ])
  })
})
