import { describe, expect, it } from 'vitest'

import { keepsNextRuntime } from './page-scripts'

describe('which pages keep Next.js’s client runtime', () => {
  it.each([
    '/en',
    '/es/blog',
    '/en/blog/observability-before-incidents',
    '/en/contact',
    '/es/search',
    '/docs/api',
    '/en/no-such-page',
  ])('not the site’s page %s', (path) => {
    expect(keepsNextRuntime(path, {})).toBe(false)
    expect(keepsNextRuntime(path, { cookie: 'payload-token=abc' })).toBe(false)
  })

  it('the admin', () => {
    expect(keepsNextRuntime('/admin', {})).toBe(true)
    expect(keepsNextRuntime('/admin/collections/posts', {})).toBe(true)
  })

  it('any page in draft preview', () => {
    expect(keepsNextRuntime('/en/blog/draft', { cookie: '__prerender_bypass=1a2b' })).toBe(true)
    expect(
      keepsNextRuntime('/en/contact', { cookie: 'payload-token=abc; __prerender_bypass=1a2b' }),
    ).toBe(true)
    expect(keepsNextRuntime('/en', { cookie: 'not__prerender_bypass=1' })).toBe(false)
  })
})
