import { describe, expect, it } from 'vitest'

import { CACHING_POLICY } from '@/http/cache-control'
import { TWIN_FORM_PARAMETER } from '@/http/negotiation'
import { siteRoutingOf, TWIN_ROUTE } from './routing'

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
const MARKDOWN = 'text/markdown'

describe('site routing (what the project server does before Next.js routes a request)', () => {
  it('rewrites a page twin `P.md` to the twin route, keeping the query and setting its form', () => {
    expect(siteRoutingOf('/en/blog/a-post.md', HTML, undefined)).toEqual({
      kind: 'rewrite',
      url: `${TWIN_ROUTE}/en/blog/a-post?${TWIN_FORM_PARAMETER}=suffix`,
      form: 'suffix',
    })
    expect(siteRoutingOf('/index.md', undefined, undefined)).toEqual({
      kind: 'rewrite',
      url: `${TWIN_ROUTE}?${TWIN_FORM_PARAMETER}=suffix`,
      form: 'suffix',
    })
    // The caller's own value of the form is overwritten, never trusted.
    expect(siteRoutingOf(`/es/blog.md?page=2&${TWIN_FORM_PARAMETER}=negotiated`, HTML, '')).toEqual(
      {
        kind: 'rewrite',
        url: `${TWIN_ROUTE}/es/blog?page=2&${TWIN_FORM_PARAMETER}=suffix`,
        form: 'suffix',
      },
    )
  })

  it('rewrites a page asked for as markdown to its twin, marked negotiated', () => {
    expect(siteRoutingOf('/es/search?q=cloud', MARKDOWN, undefined)).toEqual({
      kind: 'rewrite',
      url: `${TWIN_ROUTE}/es/search?q=cloud&${TWIN_FORM_PARAMETER}=negotiated`,
      form: 'negotiated',
    })
  })

  it('sends `/` to the visitor’s language, advertising /index.md, unless markdown is preferred', () => {
    expect(siteRoutingOf('/?utm=x', HTML, 'es-ES,es;q=0.9')).toEqual({
      kind: 'redirect',
      location: '/es?utm=x',
      headers: {
        Vary: 'Accept, Accept-Language',
        Link: '</index.md>; rel="alternate"; type="text/markdown"',
      },
    })
    expect(siteRoutingOf('/', HTML, 'de')).toMatchObject({ kind: 'redirect', location: '/en' })
    expect(siteRoutingOf('/', MARKDOWN, 'es')).toMatchObject({
      kind: 'rewrite',
      url: `${TWIN_ROUTE}?${TWIN_FORM_PARAMETER}=negotiated`,
    })
  })

  it('gives a page its locale, its path and query, and the headers every page answers with', () => {
    expect(siteRoutingOf('/es/blog?page=2', HTML, 'en')).toEqual({
      kind: 'page',
      locale: 'es',
      pagePath: '/es/blog?page=2',
      headers: {
        'Cache-Control': CACHING_POLICY.pages.cacheControl,
        Vary: 'Accept',
        Link: '</es/blog.md>; rel="alternate"; type="text/markdown"',
      },
    })
    expect(siteRoutingOf('/en/search?q=a', HTML, undefined)).toMatchObject({
      kind: 'page',
      headers: { 'Cache-Control': CACHING_POLICY.search.cacheControl },
    })
  })

  it('serves the API reference in English, its twin at a route of its own', () => {
    expect(siteRoutingOf('/docs/api', HTML, 'es')).toMatchObject({
      kind: 'page',
      locale: 'en',
      headers: { Link: '</docs/api.md>; rel="alternate"; type="text/markdown"' },
    })
    expect(siteRoutingOf('/docs/api', MARKDOWN, undefined)).toEqual({
      kind: 'rewrite',
      url: '/docs/api.md',
      form: 'negotiated',
    })
  })

  it.each([
    TWIN_ROUTE,
    `${TWIN_ROUTE}/`,
    `${TWIN_ROUTE}/en/blog`,
    `${TWIN_ROUTE}/en/search?q=a&${TWIN_FORM_PARAMETER}=suffix`,
    `${TWIN_ROUTE}/fr/blog`,
  ])('answers %s, the twin route asked for by its own path, as not found', (target) => {
    for (const accept of [HTML, MARKDOWN, undefined]) {
      expect(siteRoutingOf(target, accept, 'es')).toEqual({ kind: 'not-found' })
    }
  })

  it('reads a target only as a path: never a host, and what is no path is left as it is', () => {
    expect(siteRoutingOf('//evil.example/en', HTML, undefined)).toEqual({ kind: 'as-is' })
    expect(siteRoutingOf('*', HTML, undefined)).toEqual({ kind: 'as-is' })
    expect(siteRoutingOf('http://[', HTML, undefined)).toEqual({ kind: 'as-is' })
  })

  it.each([
    '/en/feed.xml',
    '/api/posts.md',
    '/api/posts',
    '/fr',
    '/fr/blog.md',
    '/llms.txt',
    '/docs/api.md',
    '/admin',
    '/_next/static/chunks/a.js',
  ])('leaves %s as it is', (target) => {
    expect(siteRoutingOf(target, MARKDOWN, 'es')).toEqual({ kind: 'as-is' })
  })
})
