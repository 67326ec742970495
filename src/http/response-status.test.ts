import type { ServerResponse } from 'node:http'

import { describe, expect, it } from 'vitest'

import { answerOne } from '../../tests/support/one-request'

import { setResponseStatus, withResponseStatus } from './response-status'

/**
 * Serves one request through `withResponseStatus`, the handler answering later (as a render
 * does). Returns the status the client got and what `setResponseStatus` reported in the handler.
 */
async function answer(
  handler: (response: ServerResponse, askFor: (status: number) => void) => void,
  headers: Record<string, string> = {},
): Promise<{ status: number | undefined; asked: boolean[] }> {
  const asked: boolean[] = []
  const { status } = await answerOne(
    (req, res) =>
      withResponseStatus(req, res, () =>
        setTimeout(() => handler(res, (wanted) => asked.push(setResponseStatus(wanted))), 5),
      ),
    headers,
  )
  return { status, asked }
}

const notFoundPage = (res: ServerResponse, askFor: (status: number) => void) => {
  askFor(404)
  res.end('not here')
}

describe('withResponseStatus', () => {
  it('gives the response the status asked for during the (asynchronous) render', async () => {
    expect(await answer(notFoundPage)).toEqual({ status: 404, asked: [true] })
  })

  it('applies it to an explicit writeHead(200, "OK") as well', async () => {
    const { status } = await answer((res, askFor) => {
      askFor(404)
      res.writeHead(200, 'OK', { 'Content-Type': 'text/html' }).end()
    })
    expect(status).toBe(404)
  })

  it('leaves a response alone when nothing was asked', async () => {
    expect((await answer((res) => res.end('fine'))).status).toBe(200)
  })

  it.each([500, 307, 308])('keeps a %i the application chose', async (chosen) => {
    const { status } = await answer((res, askFor) => {
      askFor(404)
      res.statusCode = chosen
      if (chosen !== 500) res.setHeader('Location', '/elsewhere')
      res.end()
    })
    expect(status).toBe(chosen)
  })

  it.each<Record<string, string>>([{ RSC: '1' }, { 'Next-Action': 'abc123' }])(
    "leaves the router's and server actions' requests with the application's status (%o)",
    async (headers) => {
      expect((await answer(notFoundPage, headers)).status).toBe(200)
    },
  )

  it('treats any other RSC header value as a document request, as Next.js does', async () => {
    expect((await answer(notFoundPage, { RSC: '0' })).status).toBe(404)
  })
})

describe('setResponseStatus', () => {
  it('reports false outside a request slot, so the caller can fall back', () => {
    expect(setResponseStatus(404)).toBe(false)
  })
})
