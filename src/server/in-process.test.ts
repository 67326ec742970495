import { createServer, type Server } from 'node:http'
import { gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { registerInProcessRoutes, type InProcessRequestFacts } from '@/lib/in-process-routes'

import { askServer, closeServer, listenLocally } from '../../tests/support/local-server'

import { answeredInProcessOr } from './in-process'

const asked: InProcessRequestFacts[] = []
const received: Request[] = []
let server: Server
let unregister: () => void

beforeAll(async () => {
  unregister = registerInProcessRoutes('in-process-test', (facts) => {
    asked.push(facts)
    if (facts.credentialed || !facts.pathname.startsWith('/direct')) return null
    if (facts.pathname === '/direct/fails')
      return () => Promise.reject(new Error('database on fire'))
    if (facts.pathname === '/direct/large')
      return async () => Response.json({ words: 'published words '.repeat(200) })
    return async (request) => {
      received.push(request)
      const headers = new Headers({
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
        'X-Route': 'direct',
      })
      headers.append('Set-Cookie', 'a=1')
      headers.append('Set-Cookie', 'b=2')
      return new Response(JSON.stringify({ url: request.url }), { status: 203, headers })
    }
  })
  server = createServer(
    answeredInProcessOr((_request, response) => {
      response.setHeader('X-Route', 'next')
      response.end('from next')
    }),
  )
  await listenLocally(server)
})

afterAll(async () => {
  unregister()
  await closeServer(server)
})

describe('answeredInProcessOr', () => {
  it('answers a registered route with its handler: status, headers and body', async () => {
    const answer = await askServer(server, '/direct/1?locale=es&x=%20', { Host: 'evil.test' })
    expect(answer.status).toBe(203)
    expect(answer.headers['x-route']).toBe('direct')
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2'])
    // The handler's framing is not copied; Node declares the length of the body it sends whole.
    expect(answer.headers['transfer-encoding']).toBeUndefined()
    expect(answer.headers['content-length']).toBe(String(answer.bytes.length))
    // The query arrives as sent, on a fixed origin whatever the caller's Host header says.
    expect(JSON.parse(answer.bytes.toString())).toEqual({
      url: 'http://localhost/direct/1?locale=es&x=%20',
    })
    expect(asked.at(-1)).toEqual({
      method: 'GET',
      pathname: '/direct/1',
      credentialed: false,
      accept: undefined,
    })
  })

  it('hands the request on with its headers', async () => {
    await askServer(server, '/direct/2', {
      Accept: 'text/markdown',
      'Accept-Language': 'es',
      'X-Forwarded-For': '1.2.3.4',
    })
    expect(asked.at(-1)?.accept).toBe('text/markdown')
    expect(received.at(-1)?.headers.get('accept-language')).toBe('es')
    expect(received.at(-1)?.headers.get('x-forwarded-for')).toBe('1.2.3.4')
  })

  it('hands on header values outside ASCII, and odd characters in the path', async () => {
    const answer = await askServer(server, '/direct/caf%C3%A9|^{x}', { 'X-Name': 'café' })
    expect(answer.status).toBe(203)
    expect(received.at(-1)?.headers.get('x-name')).toBe('café')
  })

  it('sends no body for HEAD, with the same head', async () => {
    const answer = await askServer(server, '/direct/3', {}, 'HEAD')
    expect(answer.status).toBe(203)
    expect(answer.headers['x-route']).toBe('direct')
    expect(answer.bytes.length).toBe(0)
    expect(asked.at(-1)?.method).toBe('HEAD')
  })

  it('compresses what the client accepts, and says the answer varies by it', async () => {
    const plain = await askServer(server, '/direct/large')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    const zipped = await askServer(server, '/direct/large', { 'Accept-Encoding': 'gzip' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers['content-length']).toBe(String(zipped.bytes.length))
    expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true)
    // A head says how it varies, with nothing to compress.
    const head = await askServer(server, '/direct/large', { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(head.headers.vary).toBe('Accept-Encoding')
    expect(head.headers['content-encoding']).toBeUndefined()
  })

  it('leaves requests no router claims to Next.js', async () => {
    const answer = await askServer(server, '/elsewhere')
    expect(answer.headers['x-route']).toBe('next')
    expect(answer.bytes.toString()).toBe('from next')
  })

  it('tells the router whether a request carries a credential', async () => {
    const credentials: Record<string, string>[] = [
      { Authorization: 'users API-Key x' },
      { Cookie: 'a=b; payload-token=t' },
    ]
    for (const headers of credentials) {
      const answer = await askServer(server, '/direct/4', headers)
      expect(answer.headers['x-route']).toBe('next')
      expect(asked.at(-1)?.credentialed).toBe(true)
    }
    await askServer(server, '/direct/4', { Cookie: 'not-payload-token=t' })
    expect(asked.at(-1)?.credentialed).toBe(false)
  })

  it('answers a failing handler with the generic JSON error, not a dropped connection', async () => {
    const answer = await askServer(server, '/direct/fails')
    expect(answer.status).toBe(500)
    expect(JSON.parse(answer.bytes.toString())).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    })
  })
})
