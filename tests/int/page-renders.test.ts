import { connect, type Socket } from 'node:net'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { startApp, type AppServer } from '../support/app-server'

/**
 * The site's pages rendered a few at a time (src/server/page-renders.ts), on an instance that
 * renders one at a time: every page is still answered, clients that leave don't hold up the
 * others, and a twin (which reads its page through the server) never waits on itself.
 */

let app: AppServer
const openSockets: Socket[] = []

beforeAll(async () => {
  app = await startApp('page-renders', { ...inject('appEnv'), PAGE_RENDERS_MAX: '1' })
})

afterAll(async () => {
  for (const socket of openSockets) socket.destroy()
  await app?.stop()
})

/** A page rendered now, not answered by the response cache. */
const renderedPage = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, {
    headers: { 'Cache-Control': 'no-cache', ...headers },
    signal: AbortSignal.timeout(10_000),
  })

describe('pages rendered one at a time', () => {
  it('answers every page asked for at once, each with its own content', async () => {
    const paths = [
      '/en',
      '/es',
      '/en/blog',
      '/es/blog',
      '/en/contact',
      '/es/contact',
      '/en/privacy',
    ]
    const answers = await Promise.all(
      [...paths, ...paths].map(async (path) => {
        const response = await renderedPage(path)
        return { path, status: response.status, html: await response.text() }
      }),
    )
    for (const { path, status, html } of answers) {
      expect({ path, status }).toEqual({ path, status: 200 })
      expect(html).toContain(`<html lang="${path.slice(1, 3)}"`)
    }
  })

  it('lets no client that leaves while its page waits hold up the pages after it', async () => {
    const leaving = Array.from({ length: 8 }, () => {
      const socket = connect(app.port, '127.0.0.1')
      socket.on('error', () => {})
      openSockets.push(socket)
      socket.write('GET /en HTTP/1.1\r\nHost: localhost\r\nCache-Control: no-cache\r\n\r\n')
      return socket
    })
    // The first is rendering, the others wait for it; they all leave before it is done.
    await new Promise((resolve) => setTimeout(resolve, 5))
    for (const socket of leaving) socket.destroy()
    for (const path of ['/en/blog', '/es', '/en/contact']) {
      expect((await renderedPage(path)).status).toBe(200)
    }
  })

  it('answers a page asked for as markdown, whose twin reads the page through the server', async () => {
    const response = await renderedPage('/en', { Accept: 'text/markdown' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/)
    expect(await response.text()).toMatch(/^# /m)
  })
})
