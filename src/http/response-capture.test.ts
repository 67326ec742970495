import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { askServer, closeServer, listenLocally } from '../../tests/support/local-server'
import { sourceFiles } from '../../tests/support/source-files'

import { captureResponse, type BodyKeeper } from './response-capture'

const RESPONSE_METHODS = [
  'writeHead',
  'write',
  'end',
  'flushHeaders',
  'emit',
  'destroy',
  'setHeader',
]

describe('the one capture of a response', () => {
  it('is the only code in src/ that replaces, defines or proxies a method of a response', () => {
    const replaced = new RegExp(
      `\\.(?:${RESPONSE_METHODS.join('|')})\\s*=(?!=)|defineProperty\\(\\s*(?:res|response)\\b|new Proxy\\(\\s*(?:res|response)\\b`,
    )
    const offenders = sourceFiles('src')
      .filter((file) => file !== path.join('src', 'http', 'response-capture.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => (replaced.test(line) ? [`${file}:${index + 1}: ${line}`] : [])),
      )
    expect(offenders).toEqual([])
  })

  it('completes the head through writeHead as wrapped after it (Next’s compression decides there)', async () => {
    const seen: string[] = []
    const server = createServer((_request, response) => {
      captureResponse(response, {
        finalizeHead: (head) => head,
        sendHeld: () => undefined,
      })
      // As `on-headers` (under Next's compression) wraps the response after the capture.
      const captured = response.writeHead
      response.writeHead = function (this: typeof response, ...args: unknown[]) {
        seen.push('wrapper')
        return (captured as (...rest: unknown[]) => typeof response).apply(this, args)
      } as typeof response.writeHead
      response.setHeader('content-type', 'text/plain')
      response.flushHeaders()
      response.end('ok')
    })
    await listenLocally(server)
    try {
      const answer = await askServer(server, '/')
      expect(answer.bytes.toString()).toBe('ok')
      expect(seen).toEqual(['wrapper'])
    } finally {
      await closeServer(server)
    }
  })

  describe('with a keeper whose entries hold 1 KB', () => {
    let server: Server
    const kept: { status: number; body: string }[] = []
    const overflowed: string[] = []
    const heldAtMost = { bytes: 0 }

    beforeAll(async () => {
      server = createServer((request, response) => {
        const keep: BodyKeeper = {
          maxBytes: 1024,
          undeclaredMaxBytes: 1024,
          acceptEncoding: undefined,
          overflowed: () => {
            const chunks: Buffer[] = []
            return {
              write: (chunk) => chunks.push(chunk),
              end: () => overflowed.push(Buffer.concat(chunks).toString()),
              abort: () => undefined,
            }
          },
          finish: (status, _headers, body) => {
            kept.push({ status, body: body.toString() })
            return false
          },
        }
        captureResponse(response, {
          finalizeHead: (head) => ({ ...head, headers: { ...head.headers, 'x-final': 'yes' } }),
          keep,
          sendHeld: (held, status, body) => {
            heldAtMost.bytes = Math.max(heldAtMost.bytes, body?.length ?? 0)
            held.setHeader('content-length', body?.length ?? 0)
            held.writeHead(status)
            held.end(body)
          },
        })
        response.setHeader('content-type', 'text/plain')
        const size = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('size'))
        for (let sent = 0; sent < size; sent += 100) response.write('a'.repeat(100))
        response.end('!')
      })
      await listenLocally(server)
    })

    afterAll(() => closeServer(server))

    it('holds a small body whole, gives it to the keeper, and sends it with the final head', async () => {
      const answer = await askServer(server, '/?size=500')
      expect(answer.status).toBe(200)
      expect(answer.headers['x-final']).toBe('yes')
      expect(answer.bytes.toString()).toBe(`${'a'.repeat(500)}!`)
      expect(kept.at(-1)).toEqual({ status: 200, body: `${'a'.repeat(500)}!` })
    })

    it('streams a body past the limit, never holding it whole, every byte to the sink', async () => {
      const keptBefore = kept.length
      const answer = await askServer(server, '/?size=100000')
      expect(answer.headers['x-final']).toBe('yes')
      expect(answer.bytes.length).toBe(100_001)
      expect(overflowed.at(-1)).toHaveLength(100_001)
      expect(kept.length).toBe(keptBefore)
      expect(heldAtMost.bytes).toBeLessThanOrEqual(1024)
    })
  })
})
