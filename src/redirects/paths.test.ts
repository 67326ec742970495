import { describe, expect, it } from 'vitest'

import {
  isSafeRedirectTarget,
  normalRedirectSource,
  readRedirectTarget,
  redirectKey,
  twinRedirectTarget,
} from './paths'

describe('redirect paths', () => {
  it.each([
    ['/en/blog/old', '/en/blog/old'],
    ['  /en/blog/old/  ', '/en/blog/old'],
    ['/2019/05/my-post/', '/2019/05/my-post'],
    ['/café', '/caf%C3%A9'],
    // The form a request reaches the lookup in, after the front door's 308.
    ['/%61bout', '/about'],
    ['/%61bout//', '/about'],
    ['/old//page/', '/old/page'],
    ['/old/./page', '/old/page'],
    ['/caf%c3%a9', '/caf%C3%A9'],
    // A page's twin follows its page's redirect: it is the page.
    ['/en/blog/old.md', '/en/blog/old'],
    ['/en.md', '/en'],
    // A `.md` that is no page's twin is a path of its own.
    ['/old-site/notes.md', '/old-site/notes.md'],
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
    '/.//evil.example',
    '/index.md',
    '/a%2Fb',
    '/%ff',
    '/%61pi/posts',
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
    expect(normalRedirectSource('/en/blog/old.md')).toBe('/en/blog/old')
  })
})

describe('a redirect target, read as the site routes it', () => {
  it.each([
    ['/en/blog/new', '/en/blog/new', '/en/blog/new', false],
    ['/en/%62log/new/', '/en/blog/new', '/en/blog/new', false],
    ['/en//blog/./new?x=%2f#top', '/en/blog/new?x=%2f#top', '/en/blog/new', false],
    ['/en/blog/new.md', '/en/blog/new.md', '/en/blog/new', true],
    ['/en/blog/new.md?ref=1', '/en/blog/new.md?ref=1', '/en/blog/new', true],
    ['/', '/', '/', false],
    ['/index.md', '/index.md', '/', true],
    [
      '/api/media/file/report.pdf',
      '/api/media/file/report.pdf',
      '/api/media/file/report.pdf',
      false,
    ],
    ['/old-site/notes.md', '/old-site/notes.md', '/old-site/notes.md', false],
  ])('%j is %j, the page %j (twin: %s)', (given, to, key, twin) => {
    expect(readRedirectTarget(given)).toEqual({ kind: 'path', to, key, twin })
  })

  it.each([
    ['/api/preview/exit?path=/en', /not a page/],
    ['/api/preview?path=/en', /not a page/],
    ['/api/%70review/exit', /not a page/],
    ['/api/posts', /not a page/],
    ['/admin/collections/posts', /not a page/],
    ['/markdown-twin/en', /not a page/],
    ['/_next/static/x.js', /not a page/],
    ['/en/a%2Fb', /not a valid address.*slash/],
    ['/en/\\evil', /path of this site/],
    ['/en/%ff', /not a valid address.*percent-encoding/],
    ['/en/blog?x=%00', /not a valid address.*x/],
    ['/.//evil.example', /path of this site/],
    ['//evil.example', /path of this site/],
  ])('%j is refused (%s)', (given, message) => {
    const reading = readRedirectTarget(given)
    expect(reading.kind).toBe('refused')
    if (reading.kind === 'refused') expect(reading.message).toMatch(message)
  })

  it('matches what the lookup is asked with: every spelling of a page has one key', () => {
    for (const spelling of ['/a', '/a/', '/%61', '/a//', '/./a', '/b/../a']) {
      expect(redirectKey(spelling), spelling).toBe('/a')
    }
    expect(redirectKey('/en/blog/x.md')).toBe('/en/blog/x')
    expect(redirectKey('/en/blog/x')).toBe('/en/blog/x')
    expect(redirectKey('/a%2Fb')).toBeNull()
  })
})
