import { describe, expect, it } from 'vitest'

import { env } from '@/env'

import { doc } from '../../tests/support/site-fixtures'
import { expandJsonLd, nodeIds, SCHEMA, unresolvedIds } from '../../tests/support/json-ld'

import { SETTINGS_DEFAULTS } from '@/globals/defaults'

import {
  blogJsonLd,
  caseStudiesJsonLd,
  categoryJsonLd,
  documentJsonLd,
  organizationJsonLd,
  websiteJsonLd,
} from './json-ld'

const { en, es } = SETTINGS_DEFAULTS

const post = doc({ id: 1, slug: 'a-post', title: 'A post' })

describe('JSON-LD blocks', () => {
  it.each([
    ['a post', documentJsonLd('posts', post, 'en', en)],
    ['a case study', documentJsonLd('case-studies', post, 'es', es)],
    ['the home page', organizationJsonLd('en', en)],
    ['a list page', blogJsonLd('en', 1, { docs: [post], page: 1, totalPages: 1, totalDocs: 1 })],
  ])('%s names by id only nodes it defines', (_, block) => {
    expect(unresolvedIds([block])).toEqual([])
  })

  it('give a document its publisher, the firm, in the same graph', () => {
    const block = documentJsonLd('posts', post, 'es', es)
    const organization = `${env.SITE_URL}/#organization`
    expect(nodeIds([block]).referenced).toEqual([organization])
    expect(block['@graph'][1]).toEqual({
      '@type': 'Organization',
      '@id': organization,
      name: 'Meridian Consulting',
      url: `${env.SITE_URL}/es`,
      description: expect.stringContaining('Meridian Consulting'),
      logo: `${env.SITE_URL}/og-default.png`,
    })
  })

  it('carry the facts the site settings give, and leave out the empty ones', () => {
    const settings = {
      ...en,
      organization: {
        legalName: 'Meridian Consulting S.L.',
        email: 'hello@example.com',
        logo: 'https://cdn.example.com/logo.png',
        sameAs: ['https://www.linkedin.com/company/meridian'],
      },
    }
    expect(organizationJsonLd('en', settings)).toMatchObject({
      legalName: 'Meridian Consulting S.L.',
      email: 'hello@example.com',
      logo: 'https://cdn.example.com/logo.png',
      sameAs: ['https://www.linkedin.com/company/meridian'],
    })
    const plain = organizationJsonLd('en', en)
    expect(Object.keys(plain)).not.toContain('legalName')
    expect(Object.keys(plain)).not.toContain('email')
    expect(Object.keys(plain)).not.toContain('sameAs')
  })
})

const site = env.SITE_URL
const [first, second, third] = [1, 2, 3].map((id) =>
  doc({ id, slug: `post-${id}`, title: `Post ${id}` }),
)

describe('the home page', () => {
  it('describes the site, searchable through its search page with the term in q', async () => {
    const block = websiteJsonLd('es', es)
    expect(block).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${site}/es#website`,
      url: `${site}/es`,
      name: 'Meridian Consulting',
      description: es.description,
      inLanguage: 'es',
      publisher: { '@id': `${site}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${site}/es/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    })
    // Named by id, defined beside it on the page: the firm's block.
    expect(unresolvedIds([block, organizationJsonLd('es', es)])).toEqual([])
    const [expanded] = await expandJsonLd(block)
    const [action] = expanded![`${SCHEMA}potentialAction`] as Record<string, unknown>[]
    expect(action).toMatchObject({
      '@type': [`${SCHEMA}SearchAction`],
      [`${SCHEMA}query-input`]: [{ '@value': 'required name=search_term_string' }],
    })
    expect(action![`${SCHEMA}target`]).toEqual([
      {
        '@type': [`${SCHEMA}EntryPoint`],
        [`${SCHEMA}urlTemplate`]: [{ '@value': `${site}/es/search?q={search_term_string}` }],
      },
    ])
  })

  it('gives the firm a contact point (the contact page, and the email when set), a logo and its profiles', async () => {
    expect(organizationJsonLd('en', en).contactPoint).toEqual({
      '@type': 'ContactPoint',
      contactType: 'sales inquiries',
      url: `${site}/en/contact`,
    })
    const settings = {
      ...es,
      organization: {
        ...es.organization,
        email: 'hola@example.com',
        sameAs: ['https://www.linkedin.com/company/meridian', 'https://github.com/meridian'],
      },
    }
    const block = organizationJsonLd('es', settings)
    expect(block).toMatchObject({
      logo: `${site}/og-default.png`,
      sameAs: ['https://www.linkedin.com/company/meridian', 'https://github.com/meridian'],
      contactPoint: { url: `${site}/es/contact`, email: 'hola@example.com' },
    })
    const [expanded] = await expandJsonLd(block)
    expect(expanded![`${SCHEMA}sameAs`]).toEqual([
      { '@id': 'https://www.linkedin.com/company/meridian' },
      { '@id': 'https://github.com/meridian' },
    ])
    expect(expanded![`${SCHEMA}contactPoint`]).toEqual([
      {
        '@type': [`${SCHEMA}ContactPoint`],
        [`${SCHEMA}contactType`]: [{ '@value': 'sales inquiries' }],
        [`${SCHEMA}url`]: [{ '@id': `${site}/es/contact` }],
        [`${SCHEMA}email`]: [{ '@value': 'hola@example.com' }],
      },
    ])
  })
})

describe('a document page', () => {
  it.each([
    ['posts', 'en', 'Home', 'Blog', '/en/blog'],
    ['case-studies', 'es', 'Inicio', 'Casos de éxito', '/es/case-studies'],
  ] as const)(
    '%s (%s): a breadcrumb trail from home through the list to the document',
    async (collection, locale, home, list, listPath) => {
      const block = documentJsonLd(collection, first!, locale, SETTINGS_DEFAULTS[locale])
      const url = `${site}${listPath}/post-1`
      const trail = block['@graph'].find((node) => node['@type'] === 'BreadcrumbList')
      expect(trail).toEqual({
        '@type': 'BreadcrumbList',
        '@id': `${url}#breadcrumb`,
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: home, item: `${site}/${locale}` },
          { '@type': 'ListItem', position: 2, name: list, item: `${site}${listPath}` },
          { '@type': 'ListItem', position: 3, name: 'Post 1', item: url },
        ],
      })
      const expanded = await expandJsonLd(block)
      const node = expanded.find((candidate) => candidate['@id'] === `${url}#breadcrumb`)
      expect(node?.['@type']).toEqual([`${SCHEMA}BreadcrumbList`])
      expect(node?.[`${SCHEMA}itemListElement`]).toHaveLength(3)
    },
  )
})

describe('a list page', () => {
  it('is a CollectionPage whose ItemList numbers its documents across pages', async () => {
    const block = blogJsonLd('en', 2, {
      docs: [first!, second!],
      page: 2,
      totalPages: 2,
      totalDocs: 8,
    })
    expect(block).toEqual({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      '@id': `${site}/en/blog?page=2`,
      url: `${site}/en/blog?page=2`,
      name: 'Blog',
      description: expect.any(String),
      inLanguage: 'en',
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: 8,
        itemListElement: [
          { '@type': 'ListItem', position: 7, url: `${site}/en/blog/post-1`, name: 'Post 1' },
          { '@type': 'ListItem', position: 8, url: `${site}/en/blog/post-2`, name: 'Post 2' },
        ],
      },
    })
    const [expanded] = await expandJsonLd(block)
    expect(expanded!['@type']).toEqual([`${SCHEMA}CollectionPage`])
    const [list] = expanded![`${SCHEMA}mainEntity`] as Record<string, unknown>[]
    expect(list!['@type']).toEqual([`${SCHEMA}ItemList`])
    expect(list![`${SCHEMA}numberOfItems`]).toEqual([{ '@value': 8 }])
  })

  it('a category pages as the blog; the case studies list the newest, uncounted', () => {
    const category = categoryJsonLd('es', { slug: 'nube', title: 'Nube' }, 1, {
      docs: [third!],
      page: 1,
      totalPages: 1,
      totalDocs: 1,
    })
    expect(category).toMatchObject({
      '@id': `${site}/es/blog/category/nube`,
      mainEntity: {
        numberOfItems: 1,
        itemListElement: [{ position: 1, url: `${site}/es/blog/post-3` }],
      },
    })
    expect(category.name).toContain('Nube')
    const studies = caseStudiesJsonLd('en', [first!, second!])
    expect(studies['@id']).toBe(`${site}/en/case-studies`)
    expect(studies.mainEntity).not.toHaveProperty('numberOfItems')
    expect(studies.mainEntity.itemListElement.map((item) => item.url)).toEqual([
      `${site}/en/case-studies/post-1`,
      `${site}/en/case-studies/post-2`,
    ])
  })
})
