import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { startApp, type AppServer } from '../support/app-server'
import { createDocumentUsing, createMedia, fakeMp4, fileUrl } from '../support/media'

/**
 * The server's connection limits (src/server/limits.ts), on an instance whose timeouts are
 * lowered to seconds: clients that trickle a request in are cut, everyone else is served, and
 * responses that take long to deliver are not cut.
 */

const HEADERS_TIMEOUT_MS = 1_500
const REQUEST_TIMEOUT_MS = 2_000
const MAX_CONNECTIONS = 16
/** Node looks for expired requests every second; then the answer has to travel. */
const SLACK_MS = 4_000
const TRICKLE_EVERY_MS = 200

let app: AppServer
const openSockets: Socket[] = []

beforeAll(async () => {
  app = await startApp('connections', {
    ...inject('appEnv'),
    SERVER_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    SERVER_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    SERVER_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
  })
})

afterAll(async () => {
  for (const socket of openSockets) socket.destroy()
  await app?.stop()
})

interface Trickle {
  /** Resolves when the server closes the connection: what it answered, and after how long. */
  closed: Promise<{ answer: string; afterMs: number }>
}

/** Opens a connection that sends `head` at once and then `slowly`, one byte every 200 ms. */
function trickle(head: string, slowly: string): Trickle {
  const socket = connect(app.port, '127.0.0.1')
  openSockets.push(socket)
  let answer = ''
  socket.on('data', (chunk) => (answer += chunk.toString()))
  socket.on('error', () => {})
  const started = Date.now()
  let sent = 0
  socket.once('connect', () => socket.write(head))
  const timer = setInterval(() => {
    if (socket.writable && sent < slowly.length) socket.write(slowly[sent++]!)
  }, TRICKLE_EVERY_MS)
  const closed = new Promise<{ answer: string; afterMs: number }>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer)
      resolve({ answer, afterMs: Date.now() - started })
    }),
  )
  return { closed }
}

/** The connection's fate within 10 s: closed (with what it got), or still open. */
function within10s(trickling: Trickle) {
  return Promise.race([
    trickling.closed,
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 10_000)),
  ])
}

describe('clients that send their request slowly', () => {
  it('are cut at the headers timeout, or the request timeout for a body, while others are served', async () => {
    const host = `Host: 127.0.0.1:${app.port}\r\n`
    const slowHeaders = trickle(`GET /api/health HTTP/1.1\r\n${host}`, `X-Slow: ${'a'.repeat(200)}`)
    const body = JSON.stringify({
      name: 'Slow',
      email: 'slow@example.com',
      message: 'x'.repeat(300),
    })
    const slowBody = trickle(
      `POST /api/inquiries HTTP/1.1\r\n${host}Content-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      body,
    )

    // Meanwhile, another connection is served as usual.
    const health = await fetch(`${app.url}/api/health`)
    expect(health.status).toBe(200)

    const [headers, bodyFate] = await Promise.all([within10s(slowHeaders), within10s(slowBody)])
    for (const [fate, deadline] of [
      [headers, HEADERS_TIMEOUT_MS],
      [bodyFate, REQUEST_TIMEOUT_MS],
    ] as const) {
      expect(fate).not.toBe('still open')
      if (fate === 'still open') continue
      // A 408 when the server could still answer, else just the end of the connection.
      if (fate.answer) expect(fate.answer).toMatch(/^HTTP\/1\.1 408 /)
      expect(fate.afterMs).toBeGreaterThanOrEqual(deadline - 100)
      expect(fate.afterMs).toBeLessThan(deadline + SLACK_MS)
    }

    expect((await fetch(`${app.url}/api/ready`)).status).toBe(200)
  })

  it('a body that arrives in time, even in pieces, is answered', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'slow', version: '1' },
      },
    })
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        `${app.url}/api/mcp`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'Content-Length': Buffer.byteLength(initialize),
          },
        },
        (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        },
      )
      request.on('error', reject)
      request.write(initialize.slice(0, 20))
      setTimeout(() => request.end(initialize.slice(20)), REQUEST_TIMEOUT_MS / 2)
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ id: 1, result: { serverInfo: {} } })
  })
})

describe('responses that take longer than the request timeout to deliver', () => {
  const SIZE = 24 * 1024 * 1024 + 7
  let url: string

  beforeAll(async () => {
    const video = await createMedia(fakeMp4(SIZE), 'slow-reader.mp4', 'video/mp4')
    await createDocumentUsing(video.id, 'coverImage', { status: 'published' })
    url = `${app.url}${fileUrl(video.filename)}`
  }, 120_000)

  it.each([
    ['the whole file', undefined, 200, SIZE],
    ['a range', 'bytes=1000-', 206, SIZE - 1000],
  ])('are not cut: %s, read by a client that stalls', async (_, range, status, length) => {
    const result = await new Promise<{ status: number; received: number }>((resolve, reject) => {
      const request = httpRequest(url, { headers: range ? { Range: range } : {} }, (response) => {
        let received = 0
        response.pause()
        // The server's writes back up while this client reads nothing, past the request timeout.
        setTimeout(() => response.resume(), REQUEST_TIMEOUT_MS + 1_500)
        response.on('data', (chunk: Buffer) => (received += chunk.length))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, received }))
        response.on('error', reject)
      })
      request.on('error', reject)
      request.end()
    })
    expect(result).toEqual({ status, received: length })
  })
})

describe('the connection cap', () => {
  it('closes connections beyond it at once, and serves again once they are gone', async () => {
    const extra = 3
    const sockets = Array.from({ length: MAX_CONNECTIONS + extra }, () => {
      const socket = connect(app.port, '127.0.0.1')
      socket.on('error', () => {})
      openSockets.push(socket)
      return socket
    })
    // Held connections are closed only at the headers timeout; refused ones at once.
    const closedAtOnce = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<boolean>((resolve) => {
            socket.once('close', () => resolve(true))
            setTimeout(() => resolve(false), HEADERS_TIMEOUT_MS / 2)
          }),
      ),
    )
    expect(closedAtOnce.filter(Boolean).length).toBeGreaterThanOrEqual(extra)
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200)
  })
})
