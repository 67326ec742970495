import { describe, expect, it } from 'vitest'

import { cacheKeyOf, etagMatches, isPersonal, negotiateEncoding } from './policy'

describe('cacheKeyOf', () => {
  it('keys published-content surfaces by path and query in a stable order', () => {
    expect(cacheKeyOf('GET', '/api/posts?locale=es&limit=2', {})).toBe(
      '/api/posts?limit=2&locale=es',
    )
    expect(cacheKeyOf('GET', '/api/posts?limit=2&locale=es', {})).toBe(
      '/api/posts?limit=2&locale=es',
    )
    // Repeated names keep their order: it can matter to the application.
    expect(cacheKeyOf('GET', '/api/posts?select=b&a=1&select=a', {})).toBe(
      '/api/posts?a=1&select=b&select=a',
    )
    expect(cacheKeyOf('HEAD', '/api/case-studies/12', {})).toBe('/api/case-studies/12')
    for (const path of [
      '/llms.txt',
      '/llms-full.txt',
      '/feeds/schema.jsonl',
      '/openapi.json',
      '/sitemap.xml',
      '/robots.txt',
      '/index.md',
      '/.well-known/agent-skills/index.json',
      '/en/feed.xml',
      '/es/blog/x.md',
    ]) {
      expect(cacheKeyOf('GET', path, {})).toBe(path)
    }
  })

  it('keys site pages by the representation content negotiation picks', () => {
    expect(cacheKeyOf('GET', '/en/blog?page=2', { accept: 'text/html' })).toBe(
      '/en/blog?page=2 html',
    )
    expect(cacheKeyOf('GET', '/en/blog?page=2', { accept: 'text/markdown' })).toBe(
      '/en/blog?page=2 md',
    )
    expect(cacheKeyOf('GET', '/es', {})).toBe('/es html')
  })

  it('never keys personal, router or write requests', () => {
    expect(cacheKeyOf('POST', '/api/posts', {})).toBeNull()
    expect(cacheKeyOf('GET', '/api/posts', { authorization: 'users API-Key x' })).toBeNull()
    expect(cacheKeyOf('GET', '/en', { cookie: 'payload-token=x' })).toBeNull()
    expect(cacheKeyOf('GET', '/en', { cookie: '__prerender_bypass=1' })).toBeNull()
    expect(cacheKeyOf('GET', '/en', { rsc: '1' })).toBeNull()
    expect(cacheKeyOf('GET', '/en?_rsc=abc', {})).toBeNull()
    expect(cacheKeyOf('GET', '/en/contact', { 'next-action': 'abc' })).toBeNull()
  })

  it('leaves every other surface to the application', () => {
    for (const path of [
      '/',
      '/admin',
      '/api/inquiries',
      '/api/mcp',
      '/api/media/file/a.png',
      '/api/media',
      '/api/users/me',
      '/api/graphql',
      '/api/health',
      '/api/preview',
      '/api/posts/1/versions',
      '/_next/static/chunk.js',
      '/fr/blog',
    ]) {
      expect(cacheKeyOf('GET', path, {}), path).toBeNull()
    }
    expect(cacheKeyOf('GET', `/api/posts?q=${'x'.repeat(600)}`, {})).toBeNull()
  })
})

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiateEncoding(undefined)).toBe('identity')
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('*;q=0')).toBe('identity')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('identity')).toBe('identity')
  })
})

describe('etagMatches', () => {
  it('compares weakly, lists and star included', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true)
    expect(etagMatches('W/"a"', '"a"')).toBe(true)
    expect(etagMatches('"b", "a"', '"a"')).toBe(true)
    expect(etagMatches('*', '"a"')).toBe(true)
    expect(etagMatches('"b"', '"a"')).toBe(false)
  })
})

describe('isPersonal', () => {
  it('is any request with credentials or cookies, except for build assets and media files', () => {
    expect(isPersonal('/en', {})).toBe(false)
    expect(isPersonal('/en', { cookie: 'a=b' })).toBe(true)
    expect(isPersonal('/api/posts', { authorization: 'users API-Key x' })).toBe(true)
    expect(isPersonal('/_next/static/chunks/a.js', { cookie: 'payload-token=x' })).toBe(false)
    expect(isPersonal('/api/media/file/a.png', { cookie: 'payload-token=x' })).toBe(false)
  })
})
