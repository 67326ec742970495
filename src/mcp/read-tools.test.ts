import { describe, expect, it } from 'vitest'

import { documentMarkdown } from '@/markdown/document'

import { doc, site, SITE_URL } from '../../tests/support/site-fixtures'

import {
  getDocumentInput,
  listDocumentsInput,
  RESOURCES_PAGE_SIZE,
  searchContentInput,
  searchContentOutput,
} from './read-contract'
import {
  documentResourceTemplates,
  getDocumentResult,
  InvalidCursorError,
  listDocumentResources,
  listDocumentsResult,
  type ListedReader,
  readDocumentResource,
  searchContentResult,
} from './read-tools'

const posts = Array.from({ length: 25 }, (_, index) =>
  doc({
    id: index + 1,
    slug: `post-${index + 1}`,
    title: `Post ${index + 1}`,
    excerpt: index === 3 ? 'Migración de datos a la nube' : null,
    publishedAt: new Date(Date.UTC(2026, 0, 25 - index)).toISOString(),
  }),
)
const study = doc({ id: 90, slug: 'a-study', title: 'Café logistics', excerpt: 'Data platform' })
const content = site({ posts: { en: posts, es: [posts[3]!] }, 'case-studies': { en: [study] } })

describe('list_documents', () => {
  it('pages newest first with the REST bounds and says how many there are', () => {
    const args = listDocumentsInput.parse({ collection: 'posts', page: 3 })
    expect(args).toEqual({ collection: 'posts', locale: 'en', page: 3, limit: 10 })
    const result = listDocumentsResult({ docs: posts.slice(20, 30), totalDocs: 25 }, args, SITE_URL)
    expect(result).toMatchObject({ page: 3, limit: 10, totalDocs: 25, totalPages: 3 })
    expect(result.hasNextPage).toBe(false)
    expect(result.docs.map((item) => item.slug)).toEqual([
      'post-21',
      'post-22',
      'post-23',
      'post-24',
      'post-25',
    ])
    expect(result.docs[0]).toMatchObject({
      url: `${SITE_URL}/en/blog/post-21`,
      markdownUrl: `${SITE_URL}/en/blog/post-21.md`,
    })
  })

  it('refuses what the REST API refuses and more than it serves', () => {
    for (const args of [
      { collection: 'posts', limit: 101 },
      { collection: 'posts', limit: 0 },
      { collection: 'posts', page: 0 },
      { collection: 'posts', page: 1.5 },
      { collection: 'pages' },
      { collection: 'posts', locale: 'fr' },
      { collection: 'posts', draft: true },
    ]) {
      expect(listDocumentsInput.safeParse(args).success, JSON.stringify(args)).toBe(false)
    }
  })
})

describe('get_document', () => {
  it('finds by slug or id and returns the twin byte for byte', () => {
    const bySlug = getDocumentResult(
      content,
      getDocumentInput.parse({ collection: 'case-studies', slug: 'a-study' }),
      SITE_URL,
    )
    const byId = getDocumentResult(
      content,
      getDocumentInput.parse({ collection: 'case-studies', id: 90 }),
      SITE_URL,
    )
    expect(byId).toEqual(bySlug)
    expect(bySlug?.markdown).toBe(
      documentMarkdown({
        collection: 'case-studies',
        locale: 'en',
        doc: study,
        site: content,
        siteUrl: SITE_URL,
      }),
    )
    expect(bySlug?.markdownUrl).toBe(`${SITE_URL}/en/case-studies/a-study.md`)
  })

  it('answers null for what is not published in that locale', () => {
    const args = getDocumentInput.parse({ collection: 'case-studies', locale: 'es', id: 90 })
    expect(getDocumentResult(content, args, SITE_URL)).toBeNull()
  })

  it('takes exactly one of id and slug', () => {
    expect(getDocumentInput.safeParse({ collection: 'posts' }).success).toBe(false)
    expect(getDocumentInput.safeParse({ collection: 'posts', id: 1, slug: 'x' }).success).toBe(
      false,
    )
    expect(getDocumentInput.safeParse({ collection: 'posts', slug: '../x' }).success).toBe(false)
  })
})

describe('search_content', () => {
  it('shows a page of site-search hits as document summaries, in their order', () => {
    const hit = {
      collection: 'posts' as const,
      id: 4,
      locale: 'es' as const,
      title: 'Migraciones',
      slug: 'migraciones',
      excerpt: '  ',
      publishedAt: '2026-01-22T00:00:00.000Z',
      url: `${SITE_URL}/es/blog/migraciones`,
      snippet: '<mark>migraciones</mark>',
      score: 0.5,
    }
    const second = { ...hit, collection: 'case-studies' as const, id: 90, slug: 'a-study' }
    // A service's slug is its key, and its page is in the section named in its language.
    const service = {
      ...hit,
      collection: 'services' as const,
      id: 7,
      slug: 'cloud',
      publishedAt: null,
    }
    const found = {
      docs: [hit, second, service],
      totalDocs: 12,
      limit: 2,
      page: 1,
      totalPages: 6,
      hasNextPage: true,
      hasPrevPage: false,
    }
    const args = searchContentInput.parse({ query: ' migración ', limit: 2 })
    const result = searchContentResult(found, args, SITE_URL)
    expect(result).toMatchObject({
      query: 'migración',
      page: 1,
      limit: 2,
      totalDocs: 12,
      totalPages: 6,
      hasNextPage: true,
    })
    expect(result.results).toEqual([
      {
        collection: 'posts',
        locale: 'es',
        id: 4,
        slug: 'migraciones',
        title: 'Migraciones',
        excerpt: null,
        publishedAt: '2026-01-22T00:00:00.000Z',
        url: `${SITE_URL}/es/blog/migraciones`,
        markdownUrl: `${SITE_URL}/es/blog/migraciones.md`,
      },
      expect.objectContaining({
        id: 90,
        url: `${SITE_URL}/es/case-studies/a-study`,
        markdownUrl: `${SITE_URL}/es/case-studies/a-study.md`,
      }),
      expect.objectContaining({
        collection: 'services',
        id: 7,
        slug: 'cloud',
        publishedAt: null,
        url: `${SITE_URL}/es/servicios/cloud`,
        markdownUrl: `${SITE_URL}/es/servicios/cloud.md`,
      }),
    ])
    expect(searchContentOutput.safeParse(result).success).toBe(true)
  })

  it('refuses an empty or over-long query, or one with control characters', () => {
    expect(searchContentInput.safeParse({ query: '   ' }).success).toBe(false)
    expect(searchContentInput.safeParse({ query: 'x'.repeat(201) }).success).toBe(false)
    expect(searchContentInput.safeParse({ query: 'a\u0000b' }).success).toBe(false)
    expect(searchContentInput.parse({ query: ' data\tcloud ' })).toMatchObject({
      query: 'data\tcloud',
    })
  })
})

describe('resources', () => {
  // Newest first, as the site lists them; the reader pages them as the database would (keyset).
  const dated = (id: number) => new Date(Date.UTC(2026, 0, 1) - id * 60_000).toISOString()
  const views = site({
    posts: {
      en: Array.from({ length: RESOURCES_PAGE_SIZE + 5 }, (_, index) =>
        doc({
          id: index + 1,
          slug: `p-${index + 1}`,
          title: `P ${index + 1}`,
          publishedAt: dated(index + 1),
        }),
      ),
      es: [doc({ id: 500, slug: 'es-1', title: 'Es 1', publishedAt: dated(500) })],
    },
    'case-studies': {
      en: [doc({ id: 600, slug: 'c-1', title: 'C 1', publishedAt: dated(600) })],
    },
  })
  const reader: ListedReader = async (collection, locale, after, limit) =>
    views.documents[collection][locale]
      .filter(
        (item) =>
          !after ||
          item.publishedAt! < after.publishedAt ||
          (item.publishedAt === after.publishedAt && item.id < after.id),
      )
      .slice(0, limit)

  it('lists every published twin, paginated by an opaque cursor that names the last one listed', async () => {
    const first = await listDocumentResources(reader, undefined, SITE_URL)
    expect(first.resources).toHaveLength(RESOURCES_PAGE_SIZE)
    expect(first.resources[0]).toMatchObject({
      uri: `${SITE_URL}/en/blog/p-1.md`,
      name: 'posts/en/p-1',
      title: 'P 1',
      mimeType: 'text/markdown',
    })
    const second = await listDocumentResources(reader, first.nextCursor, SITE_URL)
    expect(second.resources.map((resource) => resource.name)).toEqual([
      ...Array.from({ length: 5 }, (_, index) => `posts/en/p-${RESOURCES_PAGE_SIZE + index + 1}`),
      'posts/es/es-1',
      'case-studies/en/c-1',
    ])
    expect(second.nextCursor).toBeUndefined()
  })

  it('refuses a cursor it did not give', async () => {
    for (const cursor of [
      '',
      'abc',
      Buffer.from('offset:100').toString('base64url'),
      Buffer.from('after:9:1:2026-01-01T00:00:00.000Z').toString('base64url'),
    ]) {
      await expect(listDocumentResources(reader, cursor, SITE_URL)).rejects.toThrow(
        InvalidCursorError,
      )
    }
  })

  it('reads a twin by its URL, and nothing else', () => {
    const read = readDocumentResource(content, `${SITE_URL}/en/case-studies/a-study.md`, SITE_URL)
    expect(read?.mimeType).toBe('text/markdown')
    expect(read?.text).toContain('# Café logistics')
    for (const uri of [
      `${SITE_URL}/es/case-studies/a-study.md`,
      `${SITE_URL}/en/case-studies/a-study`,
      `${SITE_URL}/en/blog.md`,
      `https://elsewhere.test/en/case-studies/a-study.md`,
      `${SITE_URL}/en/case-studies/a-study.md?x=1`,
    ]) {
      expect(readDocumentResource(content, uri, SITE_URL), uri).toBeNull()
    }
  })

  it('names every twin by a template per collection, whose expansion reads as that twin', () => {
    const templates = documentResourceTemplates(SITE_URL)
    expect(templates).toEqual([
      expect.objectContaining({
        uriTemplate: `${SITE_URL}/{locale}/blog/{slug}.md`,
        name: 'post',
        mimeType: 'text/markdown',
      }),
      expect.objectContaining({
        uriTemplate: `${SITE_URL}/{locale}/case-studies/{slug}.md`,
        name: 'case-study',
        mimeType: 'text/markdown',
      }),
    ])
    for (const template of templates) expect(template.description).toMatch(/\{locale\} is en or es/)
    const expand = (template: string, locale: string, slug: string) =>
      template.replace('{locale}', locale).replace('{slug}', slug)
    const study = expand(templates[1]!.uriTemplate, 'en', 'a-study')
    expect(readDocumentResource(content, study, SITE_URL)?.text).toContain('# Café logistics')
    const post = expand(templates[0]!.uriTemplate, 'es', 'post-4')
    expect(readDocumentResource(content, post, SITE_URL)?.uri).toBe(`${SITE_URL}/es/blog/post-4.md`)
  })
})
