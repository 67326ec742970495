import { describe, expect, it } from 'vitest'

import { category, doc, media, site, SITE_URL } from '../../tests/support/site-fixtures'

import { serviceJsonLd } from '@/site/service-json-ld'

import { SCHEMA_FEED_READS, schemaFeed } from './schema-feed'

const post = doc({
  id: 1,
  slug: 'a-post',
  title: 'A <post>',
  excerpt: 'Excerpt.',
  coverImage: media(9, 'cover.png', 'Cover'),
  categories: [category(1, 'Cloud')],
})
const postEs = { ...post, title: 'Un artículo' }
const study = doc({ id: 2, slug: 'a-study', title: 'A study' })

describe('schemaFeed', () => {
  const feed = schemaFeed(
    site({ posts: { en: [post], es: [postEs] }, 'case-studies': { en: [study] } }),
    SITE_URL,
  )
  const lines = feed.split('\n')
  const entries = lines.filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)

  it('has one JSON object per line, one line per document per locale', () => {
    expect(feed.endsWith('\n')).toBe(true)
    expect(entries).toHaveLength(3)
    expect(feed).not.toContain('<')
  })

  it('describes a post as a BlogPosting with every field, linked to its translation', () => {
    expect(entries[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      '@id': `${SITE_URL}/en/blog/a-post`,
      url: `${SITE_URL}/en/blog/a-post`,
      headline: 'A <post>',
      description: 'Excerpt.',
      inLanguage: 'en',
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      image: `${SITE_URL}/api/media/file/cover.png`,
      author: { '@type': 'Organization', name: 'Meridian Consulting', url: `${SITE_URL}/en` },
      publisher: {
        '@type': 'Organization',
        '@id': `${SITE_URL}/#organization`,
        name: 'Meridian Consulting',
        url: `${SITE_URL}/en`,
        description: expect.stringContaining('Meridian Consulting helps teams'),
        logo: `${SITE_URL}/og-default.png`,
      },
      keywords: ['Cloud'],
      workTranslation: [{ '@id': `${SITE_URL}/es/blog/a-post` }],
      encoding: {
        '@type': 'MediaObject',
        contentUrl: `${SITE_URL}/en/blog/a-post.md`,
        encodingFormat: 'text/markdown',
      },
    })
    expect(entries[1]).toMatchObject({
      '@id': `${SITE_URL}/es/blog/a-post`,
      inLanguage: 'es',
      translationOfWork: { '@id': `${SITE_URL}/en/blog/a-post` },
    })
    expect(entries[1]).not.toHaveProperty('workTranslation')
    expect(entries[1]).toMatchObject({
      publisher: { '@id': `${SITE_URL}/#organization`, url: `${SITE_URL}/es` },
    })
  })

  it('describes a case study as an Article; without a translation it links none', () => {
    expect(entries[2]).toMatchObject({
      '@type': 'Article',
      url: `${SITE_URL}/en/case-studies/a-study`,
    })
    expect(entries[2]).not.toHaveProperty('workTranslation')
    expect(entries[2]).not.toHaveProperty('translationOfWork')
  })
})

describe('SCHEMA_FEED_READS', () => {
  it('reads every field a line shows: a document read narrowed gives the same lines', () => {
    const whole = doc({
      id: 3,
      slug: 'whole',
      title: 'Whole',
      excerpt: 'Its excerpt.',
      content: { root: { type: 'root', children: [] } } as never,
      coverImage: media(9, 'cover.png', 'Cover'),
      categories: [category(1, 'Cloud')],
      meta: { title: 'SEO', description: 'Its description.', image: media(10, 'seo.png', 'SEO') },
    })
    const noCover = { ...whole, id: 4, slug: 'no-cover', coverImage: null }
    const hidden = { ...whole, id: 5, slug: 'hidden', meta: { noindex: true } }
    const narrowed = (full: typeof whole) =>
      ({
        id: full.id,
        ...Object.fromEntries(
          Object.keys(SCHEMA_FEED_READS.select).map((field) => [
            field,
            full[field as keyof typeof full],
          ]),
        ),
      }) as typeof whole
    const feedOf = (docs: (typeof whole)[]) =>
      schemaFeed(site({ posts: { en: docs, es: [docs[0]!] } }), SITE_URL)
    const docs = [whole, noCover, hidden]
    expect(feedOf(docs.map(narrowed))).toBe(feedOf(docs))
    expect(feedOf(docs)).toContain('seo.png')
    expect(SCHEMA_FEED_READS.select).not.toHaveProperty('content')
  })
})

describe('schemaFeed with services', () => {
  const service = (key: 'cloud' | 'security', title: string, summary: string) => ({
    id: key === 'cloud' ? 1 : 2,
    key,
    title,
    summary,
    whatWeDo: '',
    engagement: '',
    caseStudies: [],
    posts: [],
    updatedAt: '2026-01-01T00:00:00.000Z',
  })
  const content = site({ posts: { en: [post], es: [postEs] } })
  const services = {
    en: [
      service('cloud', 'Cloud <migrations>', 'Bills under control.'),
      service('security', 'Security', 'Safe.'),
    ],
    // Security has no Spanish translation: not listed under es.
    es: [service('cloud', 'Nube', 'Facturas bajo control.')],
  }
  const feed = schemaFeed(content, SITE_URL, services)
  const entries = feed
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  const serviceLines = entries.filter((entry) => entry['@type'] === 'Service')

  it('adds one line per service listed in each language, after the documents', () => {
    expect(entries).toHaveLength(2 + 3)
    expect(entries.slice(0, 2).map((entry) => entry['@type'])).toEqual([
      'BlogPosting',
      'BlogPosting',
    ])
    expect(serviceLines.map((entry) => entry.url)).toEqual([
      `${SITE_URL}/en/services/cloud`,
      `${SITE_URL}/en/services/security`,
      `${SITE_URL}/es/servicios/cloud`,
    ])
    expect(feed).not.toContain('/es/servicios/security')
    expect(feed).not.toContain('<')
  })

  it('each line is the JSON-LD of the service’s page, the firm whole as its provider', () => {
    for (const locale of ['en', 'es'] as const) {
      for (const listed of services[locale]) {
        expect(serviceLines).toContainEqual(
          serviceJsonLd(locale, listed, content.settings[locale], SITE_URL),
        )
      }
    }
    expect(serviceLines[2]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Service',
      '@id': `${SITE_URL}/es/servicios/cloud#service`,
      name: 'Nube',
      serviceType: 'Nube',
      description: 'Facturas bajo control.',
      url: `${SITE_URL}/es/servicios/cloud`,
      inLanguage: 'es',
      provider: {
        '@type': 'Organization',
        '@id': `${SITE_URL}/#organization`,
        name: 'Meridian Consulting',
        url: `${SITE_URL}/es`,
        description: expect.any(String),
        logo: `${SITE_URL}/og-default.png`,
      },
    })
  })

  it('without services, the documents’ lines alone', () => {
    expect(schemaFeed(content, SITE_URL)).toBe(feed.split('\n').slice(0, 2).join('\n') + '\n')
  })
})
