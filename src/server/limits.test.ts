import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'

import { afterEach, describe, expect, it, vi } from 'vitest'

import {
  applyConnectionLimits,
  CONNECTION_LIMITS,
  connectionLimits,
  connectionServerOptions,
} from './limits'

const original = { ...process.env }

async function loadEnv(values: Record<string, string>) {
  vi.resetModules()
  process.env = { ...original, NODE_ENV: 'development', ...values }
  return (await import('@/env')).env
}

afterEach(() => {
  process.env = { ...original }
})

describe('connection settings', () => {
  it('default to the named limits', async () => {
    const env = await loadEnv({})
    expect(connectionLimits(env)).toEqual(CONNECTION_LIMITS)
  })

  it('let an operator change the timeouts and the connection cap', async () => {
    const env = await loadEnv({
      SERVER_HEADERS_TIMEOUT_MS: '20000',
      SERVER_REQUEST_TIMEOUT_MS: '120000',
      SERVER_KEEP_ALIVE_TIMEOUT_MS: '65000',
      SERVER_MAX_CONNECTIONS: '900',
    })
    expect(connectionLimits(env)).toMatchObject({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 900,
      maxHeadersCount: CONNECTION_LIMITS.maxHeadersCount,
    })
  })

  it('refuse values that are not durations of a second or more, naming them', async () => {
    await expect(loadEnv({ SERVER_REQUEST_TIMEOUT_MS: 'soon' })).rejects.toThrow(
      /SERVER_REQUEST_TIMEOUT_MS/,
    )
    await expect(loadEnv({ SERVER_KEEP_ALIVE_TIMEOUT_MS: '10' })).rejects.toThrow(
      /SERVER_KEEP_ALIVE_TIMEOUT_MS/,
    )
    await expect(loadEnv({ SERVER_MAX_CONNECTIONS: '0' })).rejects.toThrow(/SERVER_MAX_CONNECTIONS/)
  })

  it('refuse a headers timeout longer than the request timeout (Node would throw)', async () => {
    await expect(
      loadEnv({ SERVER_HEADERS_TIMEOUT_MS: '30000', SERVER_REQUEST_TIMEOUT_MS: '20000' }),
    ).rejects.toThrow(/SERVER_HEADERS_TIMEOUT_MS: must not exceed SERVER_REQUEST_TIMEOUT_MS/)
  })
})

describe('a server with the limits applied', () => {
  let server: Server | undefined

  afterEach(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
  })

  it('carries every limit', () => {
    const limits = { ...CONNECTION_LIMITS, maxConnections: 7 }
    server = createServer(connectionServerOptions(limits))
    applyConnectionLimits(server, limits)
    expect(server).toMatchObject({
      headersTimeout: CONNECTION_LIMITS.headersTimeoutMs,
      requestTimeout: CONNECTION_LIMITS.requestTimeoutMs,
      keepAliveTimeout: CONNECTION_LIMITS.keepAliveTimeoutMs,
      maxConnections: 7,
      maxHeadersCount: CONNECTION_LIMITS.maxHeadersCount,
      // No cap on requests per connection: Node answers 503 to what a client sends after it.
      maxRequestsPerSocket: 0,
    })
  })

  it('answers 408 to headers still trickling in after the headers timeout, about on time', async () => {
    const limits = { ...CONNECTION_LIMITS, headersTimeoutMs: 1_000, requestTimeoutMs: 1_000 }
    server = createServer(connectionServerOptions(limits), (_request, response) => response.end())
    applyConnectionLimits(server, limits)
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1')
    const started = Date.now()
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    const request = 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(100)
    let sent = 0
    const trickle = setInterval(() => {
      if (!socket.destroyed && sent < request.length) socket.write(request[sent++]!)
    }, 100)
    await new Promise((resolve) => socket.on('close', resolve))
    clearInterval(trickle)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    // Node's own check runs every 30 s; ours every second.
    expect(Date.now() - started).toBeLessThan(
      limits.headersTimeoutMs + 2 * limits.timeoutCheckIntervalMs + 1_000,
    )
  }, 10_000)
})
