import { describe, expect, it } from 'vitest'

import { LOCALES, type Locale } from '@/i18n/locales'
import { AGENT_PATHS } from '@/site/agent-paths'
import { paths } from '@/site/routes'

import { classifyPath, isSearchPage, TWIN_ROUTE, type PathKind, type SitePage } from './path-kind'

const INDEX: SitePage = { kind: 'index', path: '/' }
/** A page under a locale (every locale's code is two letters long). */
const page = (path: string): SitePage => ({
  kind: 'page',
  path,
  locale: path.slice(1, 3) as Locale,
  rest: path.slice(3),
})
const API_REFERENCE: SitePage = { kind: 'standalone-page', path: '/docs/api' }
const api = (resource: string, id?: string, deeper = false): PathKind => ({
  kind: 'api',
  resource,
  id,
  deeper,
})

describe('classifyPath', () => {
  it.each<[string, PathKind]>([
    // The site's pages: `/`, everything under a locale without a dot, the API reference.
    ['/', INDEX],
    ['/en', page('/en')],
    ['/es', page('/es')],
    ['/en/blog', page('/en/blog')],
    ['/es/blog/some-post', page('/es/blog/some-post')],
    ['/en/blog/category/cloud', page('/en/blog/category/cloud')],
    ['/en/search', page('/en/search')],
    ['/en/no-such-page', page('/en/no-such-page')],
    ['/en/', page('/en/')],
    ['/en/blog/', page('/en/blog/')],
    ['/en/blog?page=2', page('/en/blog')],
    ['/en?utm_source=x&q=a.b', page('/en')],
    ['/docs/api', API_REFERENCE],
    // Twins: `P.md` of a site page, `/index.md` for `/`.
    ['/index.md', { kind: 'twin', page: INDEX }],
    // `P.md` taken literally for `/` (as the server has always read it).
    ['/.md', { kind: 'twin', page: INDEX }],
    ['/en.md', { kind: 'twin', page: page('/en') }],
    ['/en/blog.md', { kind: 'twin', page: page('/en/blog') }],
    ['/es/blog/some-post.md?x=1', { kind: 'twin', page: page('/es/blog/some-post') }],
    ['/en/search.md', { kind: 'twin', page: page('/en/search') }],
    ['/docs/api.md', { kind: 'twin', page: API_REFERENCE }],
    // The twin route, where the server rewrites twins to.
    [TWIN_ROUTE, { kind: 'twin-route', page: INDEX }],
    ['/markdown-twin/', { kind: 'twin-route', page: INDEX }],
    ['/markdown-twin/en/blog', { kind: 'twin-route', page: page('/en/blog') }],
    ['/markdown-twin/en/search?q=a', { kind: 'twin-route', page: page('/en/search') }],
    ['/markdown-twin/fr/blog', { kind: 'twin-route', page: null }],
    ['/markdown-twin/en/blog.md', { kind: 'twin-route', page: null }],
    // The API, its media files apart.
    ['/api', api('')],
    ['/api/', api('')],
    ['/api/posts', api('posts')],
    ['/api/posts?limit=2', api('posts')],
    ['/api/posts/', api('posts', '')],
    ['/api/case-studies/12', api('case-studies', '12')],
    ['/api/posts/12/versions', api('posts', '12', true)],
    ['/api/categories', api('categories')],
    ['/api/users/me', api('users', 'me')],
    ['/api/graphql', api('graphql')],
    ['/api/search', api('search')],
    ['/api/mcp', api('mcp')],
    ['/api/inquiries', api('inquiries')],
    ['/api/health', api('health')],
    ['/api/ready', api('ready')],
    ['/api/preview', api('preview')],
    ['/api/posts.md', api('posts.md')],
    ['/api/media/3', api('media', '3')],
    ['/api/media/file', api('media', 'file')],
    ['/api/media/file/x.png', { kind: 'media-file' }],
    ['/api/media/file/x.png?download=1', { kind: 'media-file' }],
    // Feeds.
    ['/sitemap.xml', { kind: 'feed', feed: 'sitemap' }],
    ['/sitemap/1.xml', { kind: 'feed', feed: 'sitemap-part' }],
    ['/sitemap/0.xml', { kind: 'other' }],
    ['/feeds/schema.jsonl', { kind: 'feed', feed: 'schema' }],
    ['/en/feed.xml', { kind: 'feed', feed: 'rss' }],
    ['/es/case-studies/feed.xml', { kind: 'feed', feed: 'rss' }],
    ['/fr/feed.xml', { kind: 'other' }],
    ['/en/blog/feed.xml', { kind: 'other' }],
    // Files for agents, and the crawl rules.
    ['/llms.txt', { kind: 'agent-file', file: 'llms' }],
    ['/llms-full.txt', { kind: 'agent-file', file: 'llms-full' }],
    ['/openapi.json', { kind: 'agent-file', file: 'openapi' }],
    ['/.well-known/mcp/server-card', { kind: 'agent-file', file: 'mcp-server-card' }],
    ['/.well-known/mcp/server-card.json', { kind: 'agent-file', file: 'mcp-server-card' }],
    ['/.well-known/agent-skills/index.json', { kind: 'agent-file', file: 'agent-skill' }],
    [
      '/.well-known/agent-skills/contact-team/SKILL.md',
      { kind: 'agent-file', file: 'agent-skill' },
    ],
    ['/.well-known/security.txt', { kind: 'other' }],
    ['/robots.txt', { kind: 'robots' }],
    // The admin and Next.js's own files.
    ['/admin', { kind: 'admin' }],
    ['/admin?x=1', { kind: 'admin' }],
    ['/admin/collections/posts', { kind: 'admin' }],
    ['/administrator', { kind: 'other' }],
    ['/_next/static/chunks/a.js', { kind: 'next-asset', immutable: true }],
    ['/_next/image?url=%2Fa.png&w=64', { kind: 'next-asset', immutable: false }],
    ['/_next', { kind: 'next-asset', immutable: false }],
    // Anything else.
    ['/favicon.ico', { kind: 'other' }],
    ['/docs', { kind: 'other' }],
    ['/docs/api/', { kind: 'other' }],
    ['/fr', { kind: 'other' }],
    ['/fr/blog', { kind: 'other' }],
    ['/EN', { kind: 'other' }],
    ['/en/blog/a.b', { kind: 'other' }],
    ['/fr/blog.md', { kind: 'other' }],
    ['/en/blog/x.md.md', { kind: 'other' }],
    ['/llms.md', { kind: 'other' }],
    ['/index', { kind: 'other' }],
    ['/markdown-twinx', { kind: 'other' }],
    // Odd targets: a path that looks like a host, the asterisk of `OPTIONS *`, nothing, no slash.
    ['//evil.example/en', { kind: 'other' }],
    ['//en', { kind: 'other' }],
    ['*', { kind: 'other' }],
    ['', { kind: 'other' }],
    ['en/blog', { kind: 'other' }],
    ['https://example.test/en', { kind: 'other' }],
  ])('%j is %j', (path, kind) => {
    expect(classifyPath(path)).toEqual(kind)
  })

  it('gives a page under every locale its locale and the path after it', () => {
    for (const locale of LOCALES) {
      expect(classifyPath(paths.post(locale, 'a-post'))).toEqual({
        kind: 'page',
        path: `/${locale}/blog/a-post`,
        locale,
        rest: '/blog/a-post',
      })
      expect(classifyPath(paths.home(locale))).toMatchObject({ locale, rest: '' })
      expect(classifyPath(paths.feed('posts', locale))).toEqual({ kind: 'feed', feed: 'rss' })
      expect(classifyPath(paths.feed('case-studies', locale))).toEqual({
        kind: 'feed',
        feed: 'rss',
      })
    }
  })

  it('classifies every page twin as the twin of its page', () => {
    for (const pagePath of ['/', '/en', '/es/blog', '/en/blog/category/cloud', '/docs/api']) {
      const twin = classifyPath(paths.twin(pagePath))
      expect(twin).toEqual({ kind: 'twin', page: classifyPath(pagePath) })
    }
  })

  it('knows where the site keeps its files for agents (src/site/agent-paths.ts)', () => {
    expect(classifyPath(AGENT_PATHS.llms)).toMatchObject({ kind: 'agent-file' })
    expect(classifyPath(AGENT_PATHS.llmsFull)).toMatchObject({ kind: 'agent-file' })
    expect(classifyPath(AGENT_PATHS.openapi)).toMatchObject({ kind: 'agent-file' })
    expect(classifyPath(AGENT_PATHS.mcpServerCard)).toMatchObject({ kind: 'agent-file' })
    expect(classifyPath(AGENT_PATHS.skillsIndex)).toMatchObject({ kind: 'agent-file' })
    expect(classifyPath(AGENT_PATHS.skill('contact-team'))).toMatchObject({ kind: 'agent-file' })
    expect(classifyPath(AGENT_PATHS.schemaFeed)).toMatchObject({ kind: 'feed' })
    expect(classifyPath(AGENT_PATHS.mcp)).toMatchObject({ kind: 'api', resource: 'mcp' })
    expect(classifyPath(AGENT_PATHS.apiReference)).toEqual(API_REFERENCE)
    expect(classifyPath(AGENT_PATHS.apiReferenceTwin)).toEqual({
      kind: 'twin',
      page: API_REFERENCE,
    })
  })
})

describe('isSearchPage', () => {
  it('is a locale’s search page, not a page under it', () => {
    expect(isSearchPage(page('/en/search'))).toBe(true)
    expect(isSearchPage(page('/en/search/'))).toBe(false)
    expect(isSearchPage(page('/en/blog/search'))).toBe(false)
    expect(isSearchPage(INDEX)).toBe(false)
    expect(isSearchPage(null)).toBe(false)
  })
})
