import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import type { Resolver } from './addresses'
import { postWebhook, RESPONSE_MAX_BYTES, type PostPolicy } from './http-client'

const servers: Server[] = []

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A local receiver; resolves with its base URL (http://127.0.0.1:port) and what it saw. */
async function receiver(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; port: number; requests: { path: string; body: string }[] }> {
  const requests: { path: string; body: string }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      requests.push({ path: request.url ?? '', body })
      handle(request, response)
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, port, requests }
}

const LOCAL: PostPolicy = {
  timeoutMs: 1_000,
  allowedHosts: new Set(['127.0.0.1']),
  userAgent: 'test-webhooks/1',
}
const HEADERS = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' }
const BODY = '{"type":"webhook.test"}'

describe('posting a webhook', () => {
  it('POSTs the body with the signature headers; a 2xx is a success', async () => {
    let seen: IncomingMessage | undefined
    const target = await receiver((request, response) => {
      seen = request
      response.writeHead(204).end()
    })
    const outcome = await postWebhook(`${target.url}/hooks`, HEADERS, BODY, LOCAL)
    expect(outcome).toMatchObject({ ok: true, status: 204, error: null })
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0)
    expect(target.requests).toEqual([{ path: '/hooks', body: BODY }])
    expect(seen?.method).toBe('POST')
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'webhook-signature': 'v1,x',
      'user-agent': 'test-webhooks/1',
    })
  })

  it('records a refusal with its status and the start of its answer', async () => {
    const target = await receiver((_request, response) =>
      response.writeHead(503).end('maintenance\nback soon'),
    )
    expect(await postWebhook(target.url, HEADERS, BODY, LOCAL)).toMatchObject({
      ok: false,
      status: 503,
      error: 'answered 503: maintenance back soon',
    })
  })

  it('never follows a redirect: a 3xx is a failure, and its target gets nothing', async () => {
    const elsewhere = await receiver((_request, response) => response.writeHead(204).end())
    const target = await receiver((_request, response) =>
      response.writeHead(307, { Location: `${elsewhere.url}/moved` }).end(),
    )
    const outcome = await postWebhook(target.url, HEADERS, BODY, LOCAL)
    expect(outcome).toMatchObject({ ok: false, status: 307 })
    expect(outcome.error).toContain('redirects are not followed')
    expect(elsewhere.requests).toEqual([])
  })

  it('gives up on a receiver that does not answer in time', async () => {
    const target = await receiver(() => {})
    const started = Date.now()
    const outcome = await postWebhook(target.url, HEADERS, BODY, { ...LOCAL, timeoutMs: 300 })
    expect(outcome).toMatchObject({ ok: false, status: null, error: 'no answer within 300 ms' })
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('gives up on an answer that trickles in past the timeout', async () => {
    const target = await receiver((_request, response) => {
      response.writeHead(200)
      const timer = setInterval(() => response.write('.'), 50)
      response.on('close', () => clearInterval(timer))
    })
    const started = Date.now()
    const outcome = await postWebhook(target.url, HEADERS, BODY, { ...LOCAL, timeoutMs: 400 })
    expect(outcome).toMatchObject({
      ok: false,
      status: 200,
      error: 'answer not complete within 400 ms',
    })
    expect(Date.now() - started).toBeLessThan(1_200)
  })

  it('reads at most 64 KiB of an answer: a larger one is a failure, cut off', async () => {
    let written = 0
    let finished = false
    const chunk = Buffer.alloc(64 * 1024, 'x')
    const target = await receiver((_request, response) => {
      response.writeHead(200)
      const pump = () => {
        while (written < 200 * 1024 * 1024) {
          written += chunk.length
          if (!response.write(chunk)) return void response.once('drain', pump)
        }
        response.end(() => (finished = true))
      }
      response.on('error', () => {})
      pump()
    })
    const outcome = await postWebhook(target.url, HEADERS, BODY, LOCAL)
    expect(outcome).toMatchObject({ ok: false, status: 200 })
    expect(outcome.error).toBe(`answer larger than ${RESPONSE_MAX_BYTES / 1024} KiB`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(finished).toBe(false)
    expect(written).toBeLessThan(200 * 1024 * 1024)
  })

  it('refuses at once an answer declaring more than 64 KiB', async () => {
    const target = await receiver((_request, response) =>
      response.writeHead(200, { 'Content-Length': String(RESPONSE_MAX_BYTES + 1) }).end(),
    )
    expect((await postWebhook(target.url, HEADERS, BODY, LOCAL)).error).toBe(
      'answer larger than 64 KiB',
    )
  })

  it('does not connect to a loopback address unless its host is allowed', async () => {
    const target = await receiver((_request, response) => response.writeHead(204).end())
    const https = `https://127.0.0.1:${target.port}/`
    const outcome = await postWebhook(https, HEADERS, BODY, { ...LOCAL, allowedHosts: new Set() })
    expect(outcome).toMatchObject({ ok: false, status: null })
    expect(outcome.error).toContain('127.0.0.1 is a loopback address')
    expect(target.requests).toEqual([])
  })

  it('checks the address a name resolves to when it connects', async () => {
    const target = await receiver((_request, response) => response.writeHead(204).end())
    const toLoopback: Resolver = (_hostname, _options, callback) =>
      setImmediate(() => callback(null, [{ address: '127.0.0.1', family: 4 }]))
    const policy = { ...LOCAL, allowedHosts: new Set<string>(), resolve: toLoopback }
    const outcome = await postWebhook(
      `https://receiver.example:${target.port}/`,
      HEADERS,
      BODY,
      policy,
    )
    expect(outcome.error).toBe(
      'receiver.example resolves to 127.0.0.1, a loopback address: webhooks may not reach ' +
        'loopback, link-local or private networks unless the host is listed in ' +
        'WEBHOOK_ALLOWED_HOSTS.',
    )
    expect(target.requests).toEqual([])
  })

  it('refuses what the URL policy refuses, before any connection', async () => {
    expect((await postWebhook('ftp://127.0.0.1/', HEADERS, BODY, LOCAL)).error).toMatch(/https/)
    expect((await postWebhook('http://user:pw@127.0.0.1/', HEADERS, BODY, LOCAL)).error).toMatch(
      /user name and password/,
    )
  })

  it('reports a refused connection', async () => {
    const target = await receiver(() => {})
    const closed = servers.pop()!
    await new Promise((resolve) => closed.close(resolve))
    const outcome = await postWebhook(target.url, HEADERS, BODY, LOCAL)
    expect(outcome).toMatchObject({ ok: false, status: null })
    expect(outcome.error).toMatch(/^ECONNREFUSED/)
  })
})
