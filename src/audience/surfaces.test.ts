import { describe, expect, it } from 'vitest'

import { audienceSurfaceOf } from './surfaces'

describe('audienceSurfaceOf', () => {
  it.each([
    ['/', 'page'],
    ['/en', 'page'],
    ['/es/blog/un-articulo?page=2', 'page'],
    ['/docs/api', 'page'],
    ['/en/blog/a-post.md', 'twin'],
    ['/index.md', 'twin'],
    ['/llms.txt', 'llms'],
    ['/llms-full.txt', 'llms'],
    ['/openapi.json', 'llms'],
    ['/.well-known/mcp/server-card.json', 'llms'],
    ['/robots.txt', 'llms'],
    ['/en/feed.xml', 'feed'],
    ['/sitemap.xml', 'feed'],
    ['/feeds/schema.jsonl', 'feed'],
    ['/api/posts?limit=10', 'api'],
    ['/api/case-studies/12', 'api'],
    ['/api/search?q=x', 'api'],
    ['/api/mcp', 'mcp'],
    ['/api/media/file/cover.jpg', 'media'],
  ])('counts %s as %s', (target, surface) => {
    expect(audienceSurfaceOf(target)).toBe(surface)
  })

  it.each([
    '/admin',
    '/admin/collections/posts',
    '/_next/static/chunks/a.js',
    '/api/users/me',
    '/api/payload-preferences',
    '/api/health',
    '/api/ready',
    '/api/inquiries',
    '/api/posts/12/versions',
    '/api/mcp/extra',
    '/markdown-twin/en/blog/a-post',
    '/favicon.ico',
    '*',
  ])('does not count %s', (target) => {
    expect(audienceSurfaceOf(target)).toBeNull()
  })
})
