import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { keepVaryAccept } from './vary'

let server: Server
let port: number

beforeAll(async () => {
  server = createServer((req, res) => {
    keepVaryAccept(res)
    const url = new URL(req.url ?? '/', 'http://localhost')
    // What Next.js does with a page: its own Vary replaces the proxy's, headers one by one.
    const vary = url.searchParams.get('vary')
    if (vary) res.setHeader('Vary', vary)
    const link = url.searchParams.get('link')
    if (link) res.setHeader('Link', link)
    res.statusCode = 200
    res.end('ok')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function headersOf(query: Record<string, string>): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/?${new URLSearchParams(query)}` }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.headers))
    })
      .on('error', reject)
      .end()
  })
}

const TWIN_LINK = '</en/blog.md>; rel="alternate"; type="text/markdown", </x.css>; rel=preload'

describe('keepVaryAccept', () => {
  it('adds Accept to the Vary of a page that advertises a markdown twin', async () => {
    const headers = await headersOf({ link: TWIN_LINK, vary: 'rsc, next-router-state-tree' })
    expect(headers.vary).toBe('rsc, next-router-state-tree, Accept')
  })

  it('sets Vary: Accept when the page has none', async () => {
    expect((await headersOf({ link: TWIN_LINK })).vary).toBe('Accept')
  })

  it('leaves a Vary that already names Accept (or *) alone', async () => {
    expect((await headersOf({ link: TWIN_LINK, vary: 'accept, rsc' })).vary).toBe('accept, rsc')
    expect((await headersOf({ link: TWIN_LINK, vary: '*' })).vary).toBe('*')
  })

  it('leaves other responses alone', async () => {
    expect((await headersOf({ vary: 'rsc' })).vary).toBe('rsc')
    expect((await headersOf({ link: '<https://x.test/en>; rel="canonical"' })).vary).toBeUndefined()
  })
})
