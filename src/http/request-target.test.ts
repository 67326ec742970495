import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  checkParsedTarget,
  checkRequestTarget,
  normalisePath,
  parametersWithControlCharacters,
} from './request-target'

describe('normalisePath', () => {
  it.each([
    ['/api/posts', '/api/posts'],
    ['/api/%70osts', '/api/posts'],
    ['/api/%70%6F%73%74%73', '/api/posts'],
    ['/api/case-%73tudies', '/api/case-studies'],
    ['/api/case%2Dstudies', '/api/case-studies'],
    ['/api/media/%66ile/x', '/api/media/file/x'],
    ['/api/posts/%31', '/api/posts/1'],
    ['/%61pi/posts', '/api/posts'],
    ['/api/%7Etilde%5F', '/api/~tilde_'],
    ['/api/posts/', '/api/posts'],
    ['/api//posts', '/api/posts'],
    ['//api/posts', '/api/posts'],
    ['/api/posts/./1', '/api/posts/1'],
    ['/api/posts/../case-studies', '/api/case-studies'],
    ['/api/posts/%2E%2E/users', '/api/users'],
    ['/api/posts/.%2e/users', '/api/users'],
    ['/../../api/posts', '/api/posts'],
    // A dot segment must not leave a protocol-relative `//host` behind.
    ['/%2e%2e//evil.example', '/evil.example'],
    ['/', '/'],
    ['', '/'],
    // Escapes that are not unreserved stay encoded, once, in upper case.
    ['/api/media/file/caf%c3%a9.jpg', '/api/media/file/caf%C3%A9.jpg'],
    ['/api/media/file/a%20b.pdf', '/api/media/file/a%20b.pdf'],
    ['/api/%2570osts', '/api/%2570osts'],
    ['/api/posts%3Bx', '/api/posts%3Bx'],
    ['/api/posts;x', '/api/posts;x'],
    ['/api/media/file/%C4%81.png', '/api/media/file/%C4%81.png'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePath(input)).toEqual({ kind: 'normal', path: expected })
  })

  it.each([
    ['/%E0%A4%A', 'percent-encoding'],
    ['/api/%ff', 'percent-encoding'],
    ['/api/posts%', 'percent-encoding'],
    ['/api/%zz', 'percent-encoding'],
    ['/api/posts%2F1', 'slash'],
    ['/api/posts%2f1', 'slash'],
    ['/api/media/file/..%5Csecret', 'slash'],
    ['/api/posts/%00', 'control'],
    ['/en/blog/%0A', 'control'],
    ['/en/%7F', 'control'],
    ['/en/%C2%85', 'control'],
    // A browser reads `\` in an http(s) path as `/`: `/\\host` would be `//host`.
    ['/\\evil.example/', 'backslash'],
    ['/\\evil.example', 'backslash'],
    ['/\\/evil.example', 'backslash'],
    ['/en\\..\\..\\x', 'backslash'],
    ['/a/..\\secret', 'backslash'],
  ])('%s is refused (%s)', (input, reason) => {
    const verdict = normalisePath(input)
    expect(verdict.kind).toBe('refuse')
    if (verdict.kind !== 'refuse') return
    expect(verdict.message.toLowerCase()).toContain(reason)
    expect(verdict.details).toEqual([{ field: 'path', message: expect.any(String) }])
  })
})

describe('parametersWithControlCharacters', () => {
  it('names each parameter whose decoded name or value holds a control character', () => {
    expect(parametersWithControlCharacters('x=%00')).toEqual(['x'])
    expect(
      parametersWithControlCharacters('a=1&where%5Bslug%5D%5Bequals%5D=a%0Ab&b=%09&a=%1F'),
    ).toEqual(['where[slug][equals]', 'b', 'a'])
    expect(parametersWithControlCharacters('na%00me=1')).toEqual(['na\u0000me'])
    expect(parametersWithControlCharacters('c=%C2%9F')).toEqual(['c'])
    // An invalid escape elsewhere in the value does not hide the NUL.
    expect(parametersWithControlCharacters('x=%ff%00')).toEqual(['x'])
  })

  it('passes ordinary queries, spaces, plus signs and invalid escapes', () => {
    expect(parametersWithControlCharacters('')).toEqual([])
    expect(parametersWithControlCharacters('limit=1&sort=-title&q=a+b%20c&x=%E0%A4%A&y')).toEqual(
      [],
    )
    expect(parametersWithControlCharacters('name=caf%C3%A9&&')).toEqual([])
  })
})

describe('checkRequestTarget', () => {
  it('passes normal targets and the asterisk of OPTIONS *', () => {
    expect(checkRequestTarget('/api/posts?limit=1&locale=en')).toEqual({ kind: 'pass' })
    expect(checkRequestTarget('/en/blog')).toEqual({ kind: 'pass' })
    expect(checkRequestTarget('*')).toEqual({ kind: 'pass' })
  })

  it('redirects any other spelling to the normal path, keeping the query as sent', () => {
    expect(checkRequestTarget('/api/%70osts?limit=1000&pagination=false')).toEqual({
      kind: 'redirect',
      location: '/api/posts?limit=1000&pagination=false',
    })
    expect(checkRequestTarget('/api/posts/?where%5Bslug%5D%5Bequals%5D=a')).toEqual({
      kind: 'redirect',
      location: '/api/posts?where%5Bslug%5D%5Bequals%5D=a',
    })
  })

  it('refuses bad paths, control characters in the query and absolute-form targets', () => {
    expect(checkRequestTarget('/api/posts%2F1')).toMatchObject({ kind: 'refuse' })
    expect(checkRequestTarget('/llms.txt?x=%00')).toEqual({
      kind: 'refuse',
      message: 'Invalid query parameter(s): x.',
      details: [{ field: 'x', message: 'must not contain control characters' }],
    })
    // The query is checked on the normal path too, before any redirect.
    expect(checkRequestTarget('/api/%70osts?x=%00')).toMatchObject({ kind: 'refuse' })
    expect(checkRequestTarget('http://example.test/api/%70osts')).toMatchObject({
      kind: 'refuse',
      details: [{ field: 'path' }],
    })
  })
})

describe('the 308 to the normal path', () => {
  const SITE = 'https://www.example.test'

  it('never names another host, however dot, empty and backslashed segments fold', () => {
    const segment = fc.constantFrom(
      '',
      '.',
      '..',
      '%2e',
      '%2E%2E',
      '\\',
      '\\evil.example',
      'a',
      'evil.example',
    )
    const target = fc
      .tuple(
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('', '?q=//x', '?a=1'),
      )
      .map(([segments, query]) => `/${segments.join('/')}${query}`)
    fc.assert(
      fc.property(target, (sent) => {
        const verdict = checkRequestTarget(sent)
        if (verdict.kind !== 'redirect') return
        const { location } = verdict
        expect(location, sent).toMatch(/^\/(?![/\\])/)
        expect(location.includes('\\'), sent).toBe(false)
        const read = new URL(location, SITE)
        expect(read.origin, sent).toBe(SITE)
        // What the browser asks for next is the normal path itself: no second redirect.
        expect(checkRequestTarget(`${read.pathname}${read.search}`), sent).toEqual({ kind: 'pass' })
      }),
      { seed: 5, numRuns: 5_000 },
    )
  })

  it('is a 400 for `/\\host/` rather than a Location a browser reads as `//host`', () => {
    expect(checkRequestTarget('/\\evil.example/')).toMatchObject({
      kind: 'refuse',
      details: [{ field: 'path' }],
    })
    expect(checkRequestTarget('/.//evil.example/')).toEqual({
      kind: 'redirect',
      location: '/evil.example',
    })
  })
})

describe('the shortcut for targets in normal form', () => {
  it('passes only what the full check passes', () => {
    const segment = fc.stringMatching(/^[\w.~!$&'()*+,;=:@%/?[\]-]{0,12}$/)
    const target = fc
      .tuple(fc.array(segment, { maxLength: 5 }), fc.option(segment, { nil: undefined }))
      .map(([parts, query]) => `/${parts.join('/')}${query === undefined ? '' : `?${query}`}`)
    const plain = [
      '/',
      '/en',
      '/api/posts?locale=es&limit=5&select=title,slug',
      '/es/blog/a-post.md',
      '/.well-known/agent-skills/index.json',
      '/api/posts?where[slug][equals]=x',
    ]
    for (const sample of [...plain, ...fc.sample(target, { seed: 7, numRuns: 2_000 })]) {
      expect(checkRequestTarget(sample), sample).toEqual(checkParsedTarget(sample))
    }
  })
})
