import { describe, expect, it } from 'vitest'

import { parseTwinPath } from './twin-path'

const parse = (path: string, query = '') => parseTwinPath(path, new URLSearchParams(query))

describe('parseTwinPath', () => {
  it.each([
    ['/', '', { kind: 'index' }],
    ['/en', '', { kind: 'home', locale: 'en' }],
    ['/es/blog', '', { kind: 'blog', locale: 'es', page: 1 }],
    ['/es/blog', 'page=3', { kind: 'blog', locale: 'es', page: 3 }],
    ['/en/blog', 'page=1&utm=x', { kind: 'blog', locale: 'en', page: 1 }],
    ['/en/blog/a-post', '', { kind: 'post', locale: 'en', slug: 'a-post' }],
    ['/en/case-studies', '', { kind: 'case-studies', locale: 'en' }],
    ['/es/case-studies/a-study', '', { kind: 'case-study', locale: 'es', slug: 'a-study' }],
    ['/en/contact', '', { kind: 'contact', locale: 'en' }],
    ['/es/privacy', '', { kind: 'privacy', locale: 'es' }],
    ['/en/search', 'q=x&page=2', { kind: 'search', locale: 'en' }],
    ['/es/blog/category/cloud', '', { kind: 'category', locale: 'es', slug: 'cloud', page: 1 }],
    [
      '/en/blog/category/cloud',
      'page=2',
      { kind: 'category', locale: 'en', slug: 'cloud', page: 2 },
    ],
    // A post may be called `category`.
    ['/en/blog/category', '', { kind: 'post', locale: 'en', slug: 'category' }],
    // Sections named in the page's language.
    ['/en/developers', '', { kind: 'developers', locale: 'en' }],
    ['/es/desarrolladores', '', { kind: 'developers', locale: 'es' }],
    ['/en/services/cloud', '', { kind: 'service', locale: 'en', slug: 'cloud' }],
    ['/es/servicios/cloud', '', { kind: 'service', locale: 'es', slug: 'cloud' }],
  ])('%s?%s is a page', (path, query, expected) => {
    expect(parse(path, query)).toEqual(expected)
  })

  it.each([
    ['/fr', ''],
    ['/en/unknown', ''],
    ['/en/blog/Not_A_Slug', ''],
    ['/en/blog/a/b', ''],
    ['/en/contact/x', ''],
    ['/es/developers', ''],
    ['/en/desarrolladores', ''],
    ['/es/services/cloud', ''],
    ['/en/servicios/cloud', ''],
    ['/en/services', ''],
    ['/en/blog', 'page=0'],
    ['/en/blog', 'page=two'],
    ['/en/blog', 'page=1&page=2'],
    ['/en/search/x', ''],
    ['/en/blog/category/Not_A_Slug', ''],
    ['/en/blog/category/a/b', ''],
    ['/en/blog/category/a', 'page=0'],
  ])('%s?%s is not', (path, query) => {
    expect(parse(path, query)).toBeNull()
  })
})
