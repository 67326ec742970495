import { describe, expect, it } from 'vitest'

import {
  answerBeforeCache,
  answerBeforeRouting,
  answerFromMethodTable,
  clientErrorAnswer,
  malformedActionAnswer,
  rawResponse,
} from './front-door'

const parse = (body: string) => JSON.parse(body) as { error: Record<string, unknown> }

describe('answerBeforeRouting', () => {
  it('hands the methods a path answers on normal targets to the application', () => {
    for (const method of ['GET', 'HEAD']) {
      expect(answerBeforeRouting(method, '/api/posts?limit=1')).toBeNull()
      expect(answerBeforeRouting(method, '/en/blog')).toBeNull()
    }
    expect(answerBeforeRouting('POST', '/api/inquiries')).toBeNull()
    expect(answerBeforeRouting('POST', '/en/contact')).toBeNull()
    // Methods only signed-in users can use still reach the route, which says why it refuses.
    expect(answerBeforeRouting('POST', '/api/posts')).toBeNull()
    expect(answerBeforeRouting('GET', '/api/inquiries')).toBeNull()
  })

  it("hands every method on Payload's paths to Payload, whose endpoints decide", () => {
    for (const method of ['GET', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(answerBeforeRouting(method, '/api/users')).toBeNull()
      expect(answerBeforeRouting(method, '/api/globals/home')).toBeNull()
    }
  })

  it.each([
    ['PUT', '/en'],
    ['PATCH', '/en/blog'],
    ['DELETE', '/es/case-studies/x'],
    ['POST', '/en/blog'],
    ['POST', '/docs/api'],
    ['PUT', '/en/contact'],
    ['POST', '/llms.txt'],
    ['DELETE', '/api/media/file/a.png'],
    ['POST', '/api/health'],
    ['PUT', '/admin'],
  ])('%s %s is a 405 naming what the path answers, never stored', (method, target) => {
    const answer = answerBeforeRouting(method, target)!
    expect(answer.status).toBe(405)
    expect(answer.headers['Cache-Control']).toBe('no-store')
    expect(answer.headers.Allow).toContain('OPTIONS')
    expect(answer.headers.Allow).not.toContain(method)
    expect(parse(answer.body).error.code).toBe('method_not_allowed')
  })

  it("leaves the MCP server's refusals to it, in JSON-RPC's shape, and answers its OPTIONS", () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(answerBeforeRouting(method, '/api/mcp'), method).toBeNull()
    }
    expect(answerBeforeRouting('OPTIONS', '/api/mcp')?.status).toBe(204)
  })

  it("names in Allow only the methods the caller can use: an inquiry's inbox is for editors", () => {
    expect(answerBeforeRouting('PUT', '/api/inquiries')!.headers.Allow).toBe('OPTIONS, POST')
    const signedIn = answerBeforeRouting('PUT', '/api/inquiries', { authorization: 'JWT x' })!
    expect(signedIn.headers.Allow).toBe('GET, HEAD, OPTIONS, POST')
  })

  it('answers OPTIONS with 204 and the Allow of the path, including OPTIONS', () => {
    expect(answerBeforeRouting('OPTIONS', '/en')).toEqual({
      status: 204,
      headers: { Allow: 'GET, HEAD, OPTIONS', 'Cache-Control': 'no-store' },
      body: '',
    })
    expect(answerBeforeRouting('OPTIONS', '/en/contact')?.headers.Allow).toBe(
      'GET, HEAD, OPTIONS, POST',
    )
    expect(answerBeforeRouting('OPTIONS', '/api/mcp')?.headers.Allow).toBe(
      'GET, HEAD, OPTIONS, POST',
    )
  })

  it('answers the asterisk target: OPTIONS with every routed method, anything else 400', () => {
    expect(answerBeforeRouting('OPTIONS', '*')).toEqual({
      status: 204,
      headers: {
        Allow: 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE',
        'Cache-Control': 'no-store',
      },
      body: '',
    })
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE', 'TRACE']) {
      const answer = answerBeforeRouting(method, '*')!
      expect(answer.status, method).toBe(400)
      expect(answer.headers['Content-Type']).toBe('application/json')
      expect(parse(answer.body).error.code).toBe('invalid_parameter')
    }
  })

  it.each(['TRACE', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'PURGE', 'QUERY'])(
    '%s is 405 with Allow and the JSON error shape, on any path',
    (method) => {
      for (const [target, allow] of [
        ['/api/posts', 'GET, HEAD, OPTIONS'],
        ['/en', 'GET, HEAD, OPTIONS'],
        // Where the path is not known yet (or is Payload's): every method something routes.
        ['/api/%70osts', 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'],
        ['/%ff', 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'],
        ['/api/users', 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'],
      ]) {
        const answer = answerBeforeRouting(method, target)
        expect(answer?.status).toBe(405)
        expect(answer?.headers.Allow).toBe(allow)
        expect(parse(answer!.body).error).toEqual({
          code: 'method_not_allowed',
          message: `The method ${method} is not supported here.`,
        })
      }
    },
  )

  it('redirects (308) other spellings of a path, with no body', () => {
    expect(answerBeforeRouting('POST', '/api/%69nquiries')).toEqual({
      status: 308,
      headers: { Location: '/api/inquiries' },
      body: '',
    })
  })

  it('refuses targets that name nothing with a JSON 400 naming the part at fault', () => {
    const answer = answerBeforeRouting('GET', '/en?x=%00')!
    expect(answer.status).toBe(400)
    expect(answer.headers['Content-Type']).toBe('application/json')
    expect(parse(answer.body).error).toMatchObject({
      code: 'invalid_parameter',
      details: [{ field: 'x', message: 'must not contain control characters' }],
    })
    expect(parse(answerBeforeRouting('GET', '/api/posts%2F1')!.body).error).toMatchObject({
      details: [{ field: 'path' }],
    })
  })
})

describe('clientErrorAnswer', () => {
  it('is 405 for methods the parser does not know, 431 for huge headers, 408 for timeouts, else 400', () => {
    expect(clientErrorAnswer('HPE_INVALID_METHOD').status).toBe(405)
    expect(clientErrorAnswer('HPE_INVALID_METHOD').headers.Allow).toContain('GET')
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW').status).toBe(431)
    expect(clientErrorAnswer('HPE_INVALID_URL').status).toBe(400)
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT').status).toBe(408)
    expect(parse(clientErrorAnswer(undefined).body).error.code).toBe('invalid_parameter')
  })
})

describe('rawResponse', () => {
  it('is a complete response that closes the connection', () => {
    const text = rawResponse(clientErrorAnswer('HPE_INVALID_METHOD'), [
      ['X-Content-Type-Options', 'nosniff'],
    ])
    const [head, body] = text.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/)
    expect(head).toContain('X-Content-Type-Options: nosniff')
    expect(head).toContain('Connection: close')
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body!)}`)
    expect(parse(body!).error.code).toBe('method_not_allowed')
  })
})

describe('malformedActionAnswer', () => {
  it('passes requests without a Next-Action header and well-formed action ids', () => {
    expect(malformedActionAnswer(undefined)).toBeNull()
    expect(malformedActionAnswer('7f' + 'a1b2c3d4e5'.repeat(4))).toBeNull()
  })

  it('refuses anything that cannot name a server action with a JSON 400', () => {
    for (const junk of ['', '1', '{}', '%00', 'x'.repeat(42), 'ab'.repeat(22), ['a', 'b']]) {
      const answer = malformedActionAnswer(junk)
      expect(answer?.status, String(junk)).toBe(400)
      expect(JSON.parse(answer!.body).error.code).toBe('invalid_parameter')
    }
  })
})

describe('answerBeforeCache and answerFromMethodTable', () => {
  it('split the front door around the response cache: the table is asked only after it', () => {
    // A method the path lacks, or OPTIONS, goes past the first (the cache serves neither)…
    expect(answerBeforeCache('PUT', '/en/blog')).toBeNull()
    expect(answerBeforeCache('OPTIONS', '/en/blog')).toBeNull()
    // …and the table answers it.
    expect(answerFromMethodTable('PUT', '/en/blog')?.status).toBe(405)
    expect(answerFromMethodTable('OPTIONS', '/en/blog')?.status).toBe(204)
    expect(answerFromMethodTable('GET', '/en/blog')).toBeNull()
    // What is wrong whatever the path answers is answered before the cache.
    expect(answerBeforeCache('TRACE', '/en/blog')?.status).toBe(405)
    expect(answerBeforeCache('GET', '/en//blog')?.status).toBe(308)
    expect(answerBeforeCache('GET', '*')?.status).toBe(400)
  })
})
