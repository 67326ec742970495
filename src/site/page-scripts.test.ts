import { describe, expect, it } from 'vitest'

import { sendsNextRuntime } from './page-scripts'

describe('which pages carry Next.js’s client runtime', () => {
  it.each([
    '/en',
    '/es/blog',
    '/en/blog/observability-before-incidents',
    '/en/contact',
    '/es/search',
    '/docs/api',
    '/en/no-such-page',
  ])('not on the site’s page %s', (path) => {
    expect(sendsNextRuntime(path, {})).toBe(false)
    expect(sendsNextRuntime(path, { cookie: 'payload-token=abc' })).toBe(false)
  })

  it('outside the site’s pages: the admin', () => {
    expect(sendsNextRuntime('/admin', {})).toBe(true)
    expect(sendsNextRuntime('/admin/collections/posts', {})).toBe(true)
    expect(sendsNextRuntime('/api/posts', {})).toBe(true)
  })

  it('not files under a locale: feeds and twins are sent as their routes write them', () => {
    expect(sendsNextRuntime('/en/feed.xml', {})).toBe(true)
    expect(sendsNextRuntime('/es/blog/observability-before-incidents.md', {})).toBe(true)
  })

  it('any page in draft preview', () => {
    expect(sendsNextRuntime('/en/blog/draft', { cookie: '__prerender_bypass=1a2b' })).toBe(true)
    expect(
      sendsNextRuntime('/en/contact', { cookie: 'payload-token=abc; __prerender_bypass=1a2b' }),
    ).toBe(true)
    expect(sendsNextRuntime('/en', { cookie: 'not__prerender_bypass=1' })).toBe(false)
  })
})
