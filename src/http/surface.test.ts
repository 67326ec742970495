import { describe, expect, it } from 'vitest'

import { SURFACES, surfaceOf } from './surface'

describe('surfaceOf', () => {
  it.each([
    ['/', 'page'],
    ['/en/blog/a-post', 'page'],
    ['/docs/api', 'page'],
    ['/en/blog/a-post.md', 'twin'],
    ['/markdown-twin/en', 'twin'],
    ['/api/posts?limit=3', 'api'],
    ['/api/posts/12', 'api'],
    ['/api/mcp', 'mcp'],
    ['/api/search?q=x', 'search'],
    ['/api/inquiries', 'inquiry'],
    ['/api/media/file/a.png', 'media'],
    ['/sitemap.xml', 'feed'],
    ['/en/feed.xml', 'feed'],
    ['/llms.txt', 'agent-file'],
    ['/robots.txt', 'robots'],
    ['/admin/collections/posts', 'admin'],
    ['/_next/static/chunk.js', 'next-asset'],
    ['/favicon.ico', 'other'],
    ['*', 'other'],
  ] as const)('%s is %s', (target, surface) => {
    expect(surfaceOf(target)).toBe(surface)
  })

  it('has no label outside the listed surfaces', () => {
    for (const target of ['/x/y/z', '/api', '/en', undefined])
      expect(SURFACES).toContain(surfaceOf(target))
  })
})
