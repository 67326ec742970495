import { describe, expect, it } from 'vitest'

import { isSafeRedirectTarget, normalRedirectSource, twinRedirectTarget } from './paths'

describe('redirect paths', () => {
  it.each([
    ['/en/blog/old', '/en/blog/old'],
    ['  /en/blog/old/  ', '/en/blog/old'],
    ['/2019/05/my-post/', '/2019/05/my-post'],
    ['/café', '/caf%C3%A9'],
  ])('from %j is kept as %j', (given, normal) => {
    expect(normalRedirectSource(given)).toBe(normal)
  })

  it.each([
    '',
    '/',
    'en/blog/old',
    '//evil.example/x',
    'https://evil.example/x',
    '/\\evil.example',
    '/en/blog/old?x=1',
    '/en/blog/old#top',
    '/api/posts',
    '/admin/collections/posts',
    '/_next/static/x.js',
    '/a\u0000b',
  ])('from %j is refused', (given) => {
    expect(normalRedirectSource(given)).toBeNull()
  })

  it.each(['/en/blog/new', '/en/blog?page=2', '/es', '/en/contact#form'])(
    'to %j is a safe target',
    (to) => expect(isSafeRedirectTarget(to)).toBe(true),
  )

  it.each([
    '//evil.example',
    '///evil.example',
    'https://evil.example/',
    'https:/evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil.example',
    '/en/blog/x\r\nSet-Cookie: a=b',
    '/en/\tblog',
    'en/blog/new',
    '',
    '/en/../../x',
  ])('to %j is refused', (to) => {
    expect(isSafeRedirectTarget(to)).toBe(false)
  })

  it('a twin moves to the twin of a site page, keeping a query after .md', () => {
    expect(twinRedirectTarget('/en/blog/new')).toBe('/en/blog/new.md')
    expect(twinRedirectTarget('/es/blog?page=2')).toBe('/es/blog.md?page=2')
    expect(twinRedirectTarget('/feeds/schema.jsonl')).toBe('/feeds/schema.jsonl')
    expect(twinRedirectTarget('/llms.txt')).toBe('/llms.txt')
  })
})

describe('a twin’s redirect', () => {
  it('goes to the twin of any site page: `/` and the API reference have one too', () => {
    expect(twinRedirectTarget('/')).toBe('/index.md')
    expect(twinRedirectTarget('/?utm=1')).toBe('/index.md?utm=1')
    expect(twinRedirectTarget('/docs/api')).toBe('/docs/api.md')
  })

  it('drops a fragment, which a twin has no anchor for, and keeps the query whole', () => {
    expect(twinRedirectTarget('/en/contact#form')).toBe('/en/contact.md')
    expect(twinRedirectTarget('/en/blog?page=2#top')).toBe('/en/blog.md?page=2')
    expect(twinRedirectTarget('/en/blog?a=1?b')).toBe('/en/blog.md?a=1?b')
  })

  it('never refuses a source the lookup can reach, nor accepts one it cannot', () => {
    expect(normalRedirectSource('/api')).toBeNull()
    expect(normalRedirectSource('/api/media/file/a.png')).toBeNull()
    expect(normalRedirectSource('/markdown-twin/en')).toBeNull()
    expect(normalRedirectSource('/_next')).toBeNull()
    expect(normalRedirectSource('/apis')).toBe('/apis')
    expect(normalRedirectSource('/en/blog/old.md')).toBe('/en/blog/old.md')
  })
})
