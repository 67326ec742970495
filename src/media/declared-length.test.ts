import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DECLARED_LENGTH_HEADER, restoreDeclaredLength } from './declared-length'

let server: Server
let port: number

beforeAll(async () => {
  server = createServer((req, res) => {
    restoreDeclaredLength(res)
    const url = new URL(req.url ?? '/', 'http://localhost')
    // What Next.js does with a route handler's Response: headers one by one, then the body.
    res.appendHeader(DECLARED_LENGTH_HEADER, url.searchParams.get('declare') ?? '5')
    if (url.searchParams.has('gzip')) res.setHeader('Content-Encoding', 'gzip')
    res.statusCode = 200
    if (req.method === 'HEAD') return void res.end()
    res.write('hel')
    res.end('lo')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function fetchHead(path: string, method = 'GET'): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, method }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.headers))
    })
      .on('error', reject)
      .end()
  })
}

describe('restoreDeclaredLength', () => {
  it('turns the declared length into Content-Length, and hides the internal header', async () => {
    const headers = await fetchHead('/')
    expect(headers['content-length']).toBe('5')
    expect(headers['transfer-encoding']).toBeUndefined()
    expect(headers[DECLARED_LENGTH_HEADER]).toBeUndefined()
  })

  it('declares the length on HEAD too', async () => {
    expect((await fetchHead('/', 'HEAD'))['content-length']).toBe('5')
  })

  it('leaves re-encoded bodies and malformed values alone', async () => {
    for (const path of ['/?gzip', '/?declare=5x']) {
      const headers = await fetchHead(path)
      expect(headers['content-length']).toBeUndefined()
      expect(headers[DECLARED_LENGTH_HEADER]).toBeUndefined()
    }
  })
})
