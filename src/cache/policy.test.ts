import { describe, expect, it } from 'vitest'

import { nextRequestHeaders } from '../../tests/support/next-headers'

import {
  altersRender,
  cacheKeyOf,
  cacheTargetOf,
  contentWriteChange,
  isContentWrite,
  isPersonal,
  negotiateEncoding,
  takesStale,
} from './policy'

describe('cacheKeyOf', () => {
  it('keys the content API by its parsed parameters in one canonical form', () => {
    const key = (url: string) => cacheKeyOf('GET', url, {})
    expect(key('/api/posts?locale=es&limit=2')).toBe('/api/posts?locale=es&limit=2')
    expect(key('/api/posts?limit=2&locale=es')).toBe('/api/posts?locale=es&limit=2')
    // Defaults, re-spellings and parameters outside the contract name the same request.
    for (const spelling of [
      '/api/posts?limit=10',
      '/api/posts?limit=010&page=1&depth=1',
      '/api/posts?sort=-publishedAt',
      '/api/posts?utm_source=x&draft=true&pagination=false',
      '/api/posts?x=1,2,3,4,5,6,7,8,9',
      `/api/posts?pad=${'x'.repeat(600)}`,
      '/api/posts?select=title,slug,excerpt,content,publishedAt,coverImage,categories,author,meta,createdAt,updatedAt',
    ])
      expect(key(spelling), spelling).toBe('/api/posts')
    expect(key('/api/posts?limit=500')).toBe('/api/posts?limit=100')
    expect(key('/api/posts?select=slug,title,slug')).toBe('/api/posts?select=title%2Cslug')
    expect(key('/api/posts?select=id')).toBe('/api/posts?select=id')
    expect(key('/api/posts?where[slug][equals]=a b')).toBe(
      '/api/posts?where%5Bslug%5D%5Bequals%5D=a+b',
    )
    expect(key('/api/case-studies/12?depth=9&limit=3')).toBe('/api/case-studies/12?depth=3')
    expect(cacheKeyOf('HEAD', '/api/case-studies/12', {})).toBe('/api/case-studies/12')
    // What the parser refuses is an error, rendered as asked and never stored.
    for (const refused of [
      '/api/posts?limit=abc',
      '/api/posts?where[title][equals]=x',
      '/api/posts/abc',
      '/api/posts/99999999999',
      '/api/posts?locale=fr',
    ])
      expect(key(refused), refused).toBeNull()
  })

  it('keys files and feeds by their path alone', () => {
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
      '/es/case-studies/feed.xml',
      '/.well-known/mcp/server-card.json',
      '/es/blog/x.md',
    ]) {
      expect(cacheKeyOf('GET', path, {})).toBe(path)
      expect(cacheKeyOf('GET', `${path}?v=${Math.random()}`, {})).toBe(path)
    }
  })

  it('keys site pages by the page they name and the representation negotiation picks', () => {
    expect(cacheKeyOf('GET', '/en/blog?page=2', { accept: 'text/html' })).toBe(
      '/en/blog?page=2 html',
    )
    expect(cacheKeyOf('GET', '/en/blog?utm=1&page=2', { accept: 'text/markdown' })).toBe(
      '/en/blog?page=2 md',
    )
    expect(cacheKeyOf('GET', '/en/blog?page=1', {})).toBe('/en/blog html')
    expect(cacheKeyOf('GET', '/es?fbclid=1', {})).toBe('/es html')
    expect(cacheKeyOf('GET', '/en/blog.md?page=3&x=1', {})).toBe('/en/blog.md?page=3')
    // `page` means nothing on other pages; a page that is not one of the site's is a 404.
    expect(cacheKeyOf('GET', '/en/contact?page=7', {})).toBe('/en/contact html')
    for (const notAPage of ['/en/blog?page=0', '/en/blog?page=1&page=2', '/en/nope', '/fr/blog'])
      expect(cacheKeyOf('GET', notAPage, {}), notAPage).toBeNull()
  })

  it('keys category pages by their page, and never caches search results', () => {
    expect(cacheKeyOf('GET', '/en/blog/category/cloud?page=2&utm=1', {})).toBe(
      '/en/blog/category/cloud?page=2 html',
    )
    expect(cacheKeyOf('GET', '/es/blog/category/cloud.md', {})).toBe('/es/blog/category/cloud.md')
    for (const search of [
      '/en/search',
      '/en/search?q=cloud',
      '/es/search.md?q=nube',
      '/api/search?q=x',
    ])
      expect(cacheKeyOf('GET', search, {}), search).toBeNull()
  })

  it('renders the canonical URL of a miss', () => {
    expect(cacheTargetOf('GET', '/en/blog?utm=1', {})).toMatchObject({
      key: '/en/blog html',
      renderUrl: '/en/blog',
    })
    expect(cacheTargetOf('GET', '/api/posts?x=1&locale=en', {})?.renderUrl).toBe(
      '/api/posts?locale=en',
    )
  })

  it('never keys personal, router or write requests', () => {
    expect(cacheKeyOf('POST', '/api/posts', {})).toBeNull()
    expect(cacheKeyOf('GET', '/api/posts', { authorization: 'users API-Key x' })).toBeNull()
    expect(cacheKeyOf('GET', '/en', { cookie: 'payload-token=x' })).toBeNull()
    expect(cacheKeyOf('GET', '/en', { cookie: '__prerender_bypass=1' })).toBeNull()
    expect(cacheKeyOf('GET', '/en', { rsc: '1' })).toBeNull()
    expect(cacheKeyOf('GET', '/en/contact', { 'next-action': 'abc' })).toBeNull()
    expect(cacheKeyOf('GET', '/en', { 'x-middleware-prefetch': '1' })).toBeNull()
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
  })
})

describe('altersRender', () => {
  it("covers every internal request header in Next.js's source", () => {
    const headers = nextRequestHeaders()
    // A floor, so a change to how the source is read cannot quietly test nothing.
    expect(headers.length).toBeGreaterThanOrEqual(20)
    for (const required of ['rsc', 'next-action', 'x-middleware-prefetch', 'x-nextjs-data'])
      expect(headers).toContain(required)
    const uncovered = headers.filter((name) => !altersRender({ [name]: '1' }))
    expect(uncovered).toEqual([])
  })

  it('leaves ordinary requests alone', () => {
    expect(
      altersRender({
        host: 'x',
        accept: 'text/html',
        'accept-encoding': 'br',
        'user-agent': 'Mozilla/5.0',
        'sec-fetch-site': 'none',
        'x-forwarded-for': '1.2.3.4',
      }),
    ).toBe(false)
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

describe('isPersonal', () => {
  it('is any request with credentials or cookies, except for build assets and media files', () => {
    expect(isPersonal('/en', {})).toBe(false)
    expect(isPersonal('/en', { cookie: 'a=b' })).toBe(true)
    expect(isPersonal('/api/posts', { authorization: 'users API-Key x' })).toBe(true)
    expect(isPersonal('/_next/static/chunks/a.js', { cookie: 'payload-token=x' })).toBe(false)
    expect(isPersonal('/api/media/file/a.png', { cookie: 'payload-token=x' })).toBe(false)
  })
})

describe('isContentWrite', () => {
  it('is a write to the published collections or their media', () => {
    expect(isContentWrite('PATCH', '/api/posts/1?locale=en')).toBe(true)
    expect(isContentWrite('POST', '/api/media')).toBe(true)
    expect(isContentWrite('DELETE', '/api/categories/3')).toBe(true)
    expect(isContentWrite('GET', '/api/posts')).toBe(false)
    expect(isContentWrite('POST', '/api/inquiries')).toBe(false)
    expect(isContentWrite('POST', '/api/users/login')).toBe(false)
    expect(isContentWrite('POST', '/api/postsx')).toBe(false)
    expect(isContentWrite('PATCH', '/api/services/4')).toBe(true)
  })
})

describe('cache target dependencies', () => {
  const dependsOn = (url: string, accept?: string) =>
    cacheTargetOf('GET', url, accept ? { accept } : {})?.dependsOn
  // Every site page, twin, feed and file for agents, and robots.txt, states the agent access
  // policy (its head, or robots.txt's body): the policy's key comes last in each.
  const policy = 'agent-access'
  const everything = [
    'list:posts',
    'list:case-studies',
    'list:services',
    'list:team-members',
    'list:testimonials',
    'list:client-logos',
    'categories',
    'media',
    'settings',
    policy,
  ]

  it('name the settings for the developers page, everything published for a service page', () => {
    for (const url of ['/en/developers', '/es/desarrolladores', '/es/desarrolladores.md'])
      expect(dependsOn(url), url).toEqual(['settings', policy])
    // A service page shows the services and the case studies and posts it relates: it depends
    // on everything published, as the sitemap does.
    expect(dependsOn('/sitemap.xml')).toContain('list:services')
    for (const url of ['/en/services/cloud', '/es/servicios/cloud', '/es/servicios/cloud.md'])
      expect(dependsOn(url), url).toEqual(dependsOn('/sitemap.xml'))
    // The other language's word is no page, so nothing the cache keeps.
    expect(dependsOn('/es/services/cloud')).toBeUndefined()
  })

  it('name what a page and its twin show, the site settings on every one', () => {
    // A document's author (a team member) shows wherever the document does.
    const posts = ['list:posts', 'categories', 'media', 'list:team-members', 'settings', policy]
    const caseStudies = [
      'list:case-studies',
      'categories',
      'media',
      'list:team-members',
      'settings',
      policy,
    ]
    for (const url of ['/en/blog', '/en/blog?page=2', '/es/blog/a-post', '/es/blog/a-post.md'])
      expect(dependsOn(url), url).toEqual(posts)
    expect(dependsOn('/en/blog/a-post', 'text/markdown')).toEqual(posts)
    for (const url of ['/en/case-studies', '/en/case-studies/one.md'])
      expect(dependsOn(url), url).toEqual(caseStudies)
    expect(dependsOn('/en')).toEqual(everything)
    expect(dependsOn('/en.md')).toEqual(everything)
    for (const url of ['/en/contact', '/es/contact.md', '/index.md'])
      expect(dependsOn(url), url).toEqual(['settings', policy])
  })

  it('let a document’s page and twin, the home page and the blog narrow them to what their render reports showing', () => {
    const reportedBase = (url: string) => cacheTargetOf('GET', url, {})?.reportedBase
    const base = [
      'settings',
      'media',
      'category:*',
      'document:posts:*',
      'document:case-studies:*',
      'document:team-members:*',
    ]
    const stating = [...base, policy]
    for (const url of [
      '/es/blog/a-post',
      '/es/blog/a-post.md',
      '/en/case-studies/one',
      '/en/blog',
      '/es/blog?page=3',
    ])
      expect(reportedBase(url), url).toEqual(stating)
    // The proof section's case studies are the newest featured: any case study may change them.
    expect(reportedBase('/es')).toEqual([
      ...base,
      'list:case-studies',
      'list:services',
      // The proof band: featured quotes and client logos.
      'list:testimonials',
      'list:client-logos',
      policy,
    ])
    for (const url of ['/en/blog/category/x', '/en/case-studies', '/en/contact', '/llms.txt'])
      expect(reportedBase(url), url).toBeUndefined()
  })

  it('name everything published for feeds, llms.txt and the sitemap, only the policy for static files', () => {
    for (const url of [
      '/llms.txt',
      '/llms-full.txt',
      '/feeds/schema.jsonl',
      '/sitemap.xml',
      '/es/feed.xml',
    ])
      expect(dependsOn(url), url).toEqual(everything)
    for (const url of [
      '/robots.txt',
      '/openapi.json',
      '/.well-known/agent-skills/index.json',
      '/.well-known/mcp/server-card.json',
    ])
      expect(dependsOn(url), url).toEqual([policy])
  })

  it('name one document or the list in the content API, with what populated relations bring', () => {
    expect(dependsOn('/api/posts/12')).toEqual([
      'document:posts:12',
      'document:posts:*',
      'categories',
      'media',
      'list:team-members',
    ])
    expect(dependsOn('/api/case-studies/012?depth=0')).toEqual([
      'document:case-studies:12',
      'document:case-studies:*',
    ])
    expect(dependsOn('/api/posts?where[slug][equals]=a&locale=en')).toEqual([
      'list:posts',
      'categories',
      'media',
      'list:team-members',
    ])
    expect(dependsOn('/api/case-studies?depth=0')).toEqual(['list:case-studies'])
  })
})

describe('contentWriteChange', () => {
  it('is the document a write names, or every document of the collection when it names none', () => {
    expect(contentWriteChange('/api/posts/12?locale=en&draft=true')).toEqual([
      'document:posts:12',
      'list:posts',
    ])
    expect(contentWriteChange('/api/case-studies/7')).toEqual([
      'document:case-studies:7',
      'list:case-studies',
    ])
    for (const url of ['/api/posts?locale=en', '/api/posts', '/api/posts/12/duplicate'])
      expect(contentWriteChange(url), url).toEqual(['document:posts:*', 'list:posts'])
    expect(contentWriteChange('/api/categories/3')).toEqual(['categories', 'category:*'])
    expect(contentWriteChange('/api/media?depth=0')).toEqual(['media'])
    expect(contentWriteChange('/api/globals/home')).toEqual(['settings', 'agent-access'])
  })
})

describe('takesStale', () => {
  it('refuses a stale stand-in to a request that asks for a current answer', () => {
    expect(takesStale(undefined)).toBe(true)
    expect(takesStale('max-age=60')).toBe(true)
    expect(takesStale('no-cache')).toBe(false)
    expect(takesStale('Max-Age = 0')).toBe(false)
    expect(takesStale(['public', 'no-cache'])).toBe(false)
  })
})
