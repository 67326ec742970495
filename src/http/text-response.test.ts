import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'
import { DECLARED_LENGTH_HEADER } from '@/http/declared-length'

import {
  estimateTokens,
  etagOf,
  partedTextResponse,
  partsDigest,
  streamedTextResponse,
  textResponse,
  validatorsOf,
} from './text-response'

const body = 'héllo\n'
const resource = { body, contentType: 'text/plain; charset=utf-8', headers: { Vary: 'Accept' } }
const request = (method = 'GET', headers: Record<string, string> = {}) =>
  new Request('https://example.test/x', { method, headers })

describe('textResponse', () => {
  it('answers the UTF-8 bytes with a strong ETag, a Repr-Digest and the declared length', async () => {
    const response = textResponse(request(), resource)
    const bytes = Buffer.from(body, 'utf8')
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/)
    expect(response.headers.get('repr-digest')).toBe(
      `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`,
    )
    expect(response.headers.get(DECLARED_LENGTH_HEADER)).toBe(String(bytes.byteLength))
    expect(response.headers.get('vary')).toBe('Accept')
    expect(response.headers.get('cache-control')).toBe(PUBLISHED_CACHE_CONTROL)
  })

  it('answers HEAD with the same headers and no body', async () => {
    const get = textResponse(request(), resource)
    const head = textResponse(request('HEAD'), resource)
    expect(await head.text()).toBe('')
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'))
    expect(head.headers.get(DECLARED_LENGTH_HEADER)).toBe(get.headers.get(DECLARED_LENGTH_HEADER))
  })

  it('answers 304 to a matching If-None-Match, and 200 to another', async () => {
    const { etag } = validatorsOf(body)
    const notModified = textResponse(
      request('GET', { 'If-None-Match': `"other", W/${etag}` }),
      resource,
    )
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe(etag)
    expect(await notModified.text()).toBe('')
    expect(textResponse(request('GET', { 'If-None-Match': '"other"' }), resource).status).toBe(200)
  })

  it('keeps 404s out of caches and gives them no ETag', () => {
    const response = textResponse(request('GET', { 'If-None-Match': '*' }), {
      ...resource,
      status: 404,
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('etag')).toBeNull()
  })
})

describe('estimateTokens', () => {
  it('counts about four characters a token', () => {
    expect(estimateTokens('')).toBe(0)
    expect(estimateTokens('abcd')).toBe(1)
    expect(estimateTokens('abcde')).toBe(2)
    expect(estimateTokens('ñññññññ')).toBe(2)
  })
})

describe('streamedTextResponse', () => {
  /** Parts that count how many were produced. */
  function counted(count: number) {
    const state = { produced: 0 }
    return {
      state,
      resource: {
        contentType: 'text/plain; charset=utf-8',
        etag: etagOf('what the body is made of'),
        parts: async function* () {
          for (let index = 0; index < count; index += 1) {
            state.produced += 1
            yield `part ${index}\n`
          }
        },
      },
    }
  }

  it('sends the parts in order, producing each only when the one before was taken', async () => {
    const { state, resource } = counted(1000)
    const response = streamedTextResponse(request(), resource)
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toBe(resource.etag)
    expect(response.headers.get('cache-control')).toBe(PUBLISHED_CACHE_CONTROL)
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toBe('part 0\n')
    // Nothing was produced ahead of the reader: memory holds a part, not the body.
    expect(state.produced).toBeLessThanOrEqual(2)
    let rest = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      rest += new TextDecoder().decode(value)
    }
    expect(rest).toBe(Array.from({ length: 999 }, (_, index) => `part ${index + 1}\n`).join(''))
  })

  it('answers HEAD and a matching If-None-Match without producing anything', async () => {
    const { state, resource } = counted(3)
    const head = streamedTextResponse(request('HEAD'), resource)
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    const notModified = streamedTextResponse(
      request('GET', { 'If-None-Match': resource.etag }),
      resource,
    )
    expect(notModified.status).toBe(304)
    expect(state.produced).toBe(0)
  })

  it('stops producing when the client goes away', async () => {
    const { state, resource } = counted(1000)
    const reader = streamedTextResponse(request(), resource).body!.getReader()
    await reader.read()
    await reader.cancel()
    expect(state.produced).toBeLessThanOrEqual(2)
  })
})

describe('partedTextResponse', () => {
  const parts = ['<a>', 'ñandú ', '', 'b'.repeat(10_000), '</a>\n']
  /** A resource of `parts` that counts the parts produced, with its validators from `partsDigest`. */
  function parted() {
    const digest = partsDigest()
    for (const part of parts) digest.add(part)
    const state = { produced: 0 }
    return {
      state,
      resource: {
        contentType: 'application/xml; charset=utf-8',
        validators: digest.validators(),
        parts: function* () {
          for (const part of parts) {
            state.produced += 1
            yield part
          }
        },
      },
    }
  }
  const whole = { body: parts.join(''), contentType: 'application/xml; charset=utf-8' }

  it('answers as textResponse does for the parts joined: the same head and bytes', async () => {
    const { resource } = parted()
    const streamed = partedTextResponse(request(), resource)
    const built = textResponse(request(), whole)
    expect(streamed.status).toBe(200)
    expect([...streamed.headers]).toEqual([...built.headers])
    expect(Buffer.from(await streamed.arrayBuffer())).toEqual(
      Buffer.from(await built.arrayBuffer()),
    )
  })

  it('produces the parts only as they are read', async () => {
    const { state, resource } = parted()
    const reader = partedTextResponse(request(), resource).body!.getReader()
    expect(state.produced).toBe(0)
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('<a>')
    expect(state.produced).toBeLessThanOrEqual(2)
    await reader.cancel()
  })

  it('answers HEAD and a matching If-None-Match as textResponse does, producing nothing', async () => {
    const { state, resource } = parted()
    const head = partedTextResponse(request('HEAD'), resource)
    expect([...head.headers]).toEqual([...textResponse(request('HEAD'), whole).headers])
    expect(head.body).toBeNull()
    const ifNoneMatch = { 'If-None-Match': resource.validators.etag }
    const notModified = partedTextResponse(request('GET', ifNoneMatch), resource)
    expect(notModified.status).toBe(304)
    expect([...notModified.headers]).toEqual([
      ...textResponse(request('GET', ifNoneMatch), whole).headers,
    ])
    expect(state.produced).toBe(0)
  })
})
