import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BLOG_PAGE_SIZE } from '@/site/routes'

import { asAdmin, baseUrl, getJson } from '../support/api'
import {
  afterTheNewest,
  createCategory,
  createDocument,
  type CreatedDocument,
} from '../support/factories'
import { expandJsonLd, jsonLdBlocks, nodeIds, SCHEMA, unresolvedIds } from '../support/json-ld'
import { poll } from '../support/poll'

/** What a page's head and its JSON-LD blocks tell crawlers and agents, for every kind of page. */

let post: CreatedDocument
let caseStudy: CreatedDocument
let categorySlug: string

beforeAll(async () => {
  const categoryId = await createCategory({ en: 'Structured', es: 'Estructurado' })
  categorySlug = (await getJson<{ slug: string }>(`/api/categories/${categoryId}?locale=en`)).body
    .slug
  // The newest of all, so that the lists' first pages show them whatever other files published.
  post = await createDocument('posts', {
    status: 'published',
    categories: [categoryId],
    publishedAt: (await afterTheNewest('posts')).toISOString(),
  })
  caseStudy = await createDocument('case-studies', {
    status: 'published',
    publishedAt: (await afterTheNewest('case-studies')).toISOString(),
  })
})

const pageKinds = () => [
  '/en',
  '/es',
  '/en/blog',
  '/es/case-studies',
  '/en/contact',
  `/en/blog/${post.slug}`,
  `/es/blog/${post.slug}`,
  `/en/case-studies/${caseStudy.slug}`,
  `/es/case-studies/${caseStudy.slug}`,
  '/es/blog',
  '/en/case-studies',
  `/en/blog/category/${categorySlug}`,
]

async function html(path: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`)
  expect(response.status, path).toBe(200)
  return response.text()
}

describe('JSON-LD on the pages', () => {
  it('names by id only nodes defined on the same page', async () => {
    let blocksSeen = 0
    for (const path of pageKinds()) {
      const blocks = jsonLdBlocks(await html(path))
      blocksSeen += blocks.length
      expect(unresolvedIds(blocks), path).toEqual([])
    }
    expect(blocksSeen).toBeGreaterThanOrEqual(5)
  })

  it('gives a document page its publisher: the firm, with name, url and logo', async () => {
    const organization = `${baseUrl()}/#organization`
    for (const path of [`/en/blog/${post.slug}`, `/es/case-studies/${caseStudy.slug}`]) {
      const blocks = jsonLdBlocks(await html(path))
      expect(nodeIds(blocks).referenced, path).toContain(organization)
      const [expanded] = await Promise.all(blocks.map((block) => expandJsonLd(block as object)))
      const firm = expanded!.find((node) => node['@id'] === organization)
      expect(firm, path).toMatchObject({
        '@type': [`${SCHEMA}Organization`],
        [`${SCHEMA}name`]: [{ '@value': expect.any(String) }],
        [`${SCHEMA}url`]: [{ '@id': `${baseUrl()}/${path.split('/')[1]}` }],
        [`${SCHEMA}logo`]: [{ '@id': `${baseUrl()}/og-default.png` }],
      })
      const article = expanded!.find((node) => node['@id'] === `${baseUrl()}${path}`)
      expect(article?.[`${SCHEMA}publisher`], path).toEqual([{ '@id': organization }])
    }
  })

  it('expands on every page in safe mode against the schema.org context, offline', async () => {
    for (const path of pageKinds()) {
      for (const block of jsonLdBlocks(await html(path))) {
        expect((await expandJsonLd(block as object)).length, path).toBeGreaterThan(0)
      }
    }
  })
})

type Node = Record<string, unknown>

/** Every node of a page's blocks, those in a `@graph` included. */
const nodesOf = (blocks: unknown[]): Node[] =>
  (blocks as Node[]).flatMap((block) => (block['@graph'] as Node[] | undefined) ?? [block])

const ofType = (blocks: unknown[], type: string) =>
  nodesOf(blocks).filter((node) => node['@type'] === type)

/** Status of a GET of each URL. */
async function statuses(urls: string[]): Promise<Record<string, number>> {
  return Object.fromEntries(
    await Promise.all(urls.map(async (url) => [url, (await fetch(url)).status] as const)),
  )
}

const allOk = (urls: string[]) => Object.fromEntries(urls.map((url) => [url, 200]))

describe('the home page', () => {
  it.each(['en', 'es'])(
    '/%s: a WebSite whose SearchAction points at the search page, with query-input',
    async (locale) => {
      const blocks = jsonLdBlocks(await html(`/${locale}`))
      const [website] = ofType(blocks, 'WebSite')
      const template = `${baseUrl()}/${locale}/search?q={search_term_string}`
      expect(website).toMatchObject({
        '@id': `${baseUrl()}/${locale}#website`,
        url: `${baseUrl()}/${locale}`,
        inLanguage: locale,
        publisher: { '@id': `${baseUrl()}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: template },
          'query-input': 'required name=search_term_string',
        },
      })
      const expanded = (await expandJsonLd(website!))[0]!
      expect(expanded['@type']).toEqual([`${SCHEMA}WebSite`])
      // The template, filled in, is the search page with its results.
      const search = await fetch(template.replace('{search_term_string}', 'structured'))
      expect(search.status).toBe(200)
      expect(await search.text()).toContain('name="q"')
    },
  )

  it('an Organization with its logo and contact point, and no sameAs while none is set', async () => {
    const [firm] = ofType(jsonLdBlocks(await html('/en')), 'Organization')
    expect(firm).toMatchObject({
      '@id': `${baseUrl()}/#organization`,
      logo: `${baseUrl()}/og-default.png`,
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: expect.any(String),
        url: `${baseUrl()}/en/contact`,
      },
    })
    expect(firm).not.toHaveProperty('sameAs')
    expect(await statuses([String(firm!.logo), `${baseUrl()}/en/contact`])).toEqual(
      allOk([String(firm!.logo), `${baseUrl()}/en/contact`]),
    )
  })

  describe('with social profiles and an email in the site settings', () => {
    const profiles = [
      'https://www.linkedin.com/company/meridian-ld',
      'https://github.com/meridian-ld',
    ]
    const organization = (sameAs: { url: string }[], email: string | null) =>
      asAdmin('/api/globals/site-settings?locale=en', {
        method: 'POST',
        body: JSON.stringify({
          organization: { legalName: '', email, logo: '/og-default.png', sameAs },
          _status: 'published',
        }),
      })

    afterAll(async () => {
      await organization([], null)
    })

    it('the Organization lists them as sameAs, and the email on its contact point', async () => {
      expect(
        (
          await organization(
            profiles.map((url) => ({ url })),
            'hello@example.com',
          )
        ).ok,
      ).toBe(true)
      const firm = await poll('the profiles on /en', async () => {
        const [found] = ofType(jsonLdBlocks(await html('/en')), 'Organization')
        return Array.isArray(found?.sameAs) ? found : undefined
      })
      expect(firm.sameAs).toEqual(profiles)
      expect(firm.contactPoint).toMatchObject({ email: 'hello@example.com' })
      const expanded = (await expandJsonLd(firm))[0]!
      expect(expanded[`${SCHEMA}sameAs`]).toEqual(profiles.map((url) => ({ '@id': url })))
    })
  })
})

describe('a document page', () => {
  it.each([
    ['posts', 'en', '/en/blog'],
    ['case-studies', 'es', '/es/case-studies'],
  ] as const)(
    '%s (%s): a BreadcrumbList from home through the list to the page, each step a page',
    async (collection, locale, listPath) => {
      const slug = collection === 'posts' ? post.slug : caseStudy.slug
      const path = `${listPath}/${slug}`
      const blocks = jsonLdBlocks(await html(path))
      const [trail] = ofType(blocks, 'BreadcrumbList')
      const items = trail!.itemListElement as Node[]
      expect(items.map((item) => [item.position, item.item])).toEqual([
        [1, `${baseUrl()}/${locale}`],
        [2, `${baseUrl()}${listPath}`],
        [3, `${baseUrl()}${path}`],
      ])
      expect(items.every((item) => item['@type'] === 'ListItem' && item.name)).toBe(true)
      const urls = items.map((item) => String(item.item))
      expect(await statuses(urls)).toEqual(allOk(urls))
      const expanded = await expandJsonLd(blocks[0] as object)
      expect(expanded.some((node) => node['@type']?.toString() === `${SCHEMA}BreadcrumbList`)).toBe(
        true,
      )
    },
  )
})

describe('a list page', () => {
  it.each([
    () => ['/en/blog', 'posts'] as const,
    () => ['/en/case-studies', 'case-studies'] as const,
    () => [`/en/blog/category/${categorySlug}`, 'posts'] as const,
  ])('%#: a CollectionPage whose ItemList names the documents it shows', async (which) => {
    const [path, collection] = which()
    const blocks = jsonLdBlocks(await html(path))
    const [page] = ofType(blocks, 'CollectionPage')
    expect(page).toMatchObject({ '@id': `${baseUrl()}${path}`, url: `${baseUrl()}${path}` })
    const list = page!.mainEntity as Node
    expect(list['@type']).toBe('ItemList')
    const items = list.itemListElement as Node[]
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1))
    const created = collection === 'posts' ? post : caseStudy
    expect(items.map((item) => item.url)).toContain(
      `${baseUrl()}/en/${collection === 'posts' ? 'blog' : 'case-studies'}/${created.slug}`,
    )
    const urls = items.map((item) => String(item.url))
    expect(await statuses(urls)).toEqual(allOk(urls))
    const expanded = (await expandJsonLd(page!))[0]!
    expect(expanded['@type']).toEqual([`${SCHEMA}CollectionPage`])
  })

  it('the blog counts the whole list and numbers a later page on from the first', async () => {
    // A second page, whatever other files published.
    for (let index = 0; index <= BLOG_PAGE_SIZE; index += 1)
      await createDocument('posts', { status: 'published' })
    const first = ofType(jsonLdBlocks(await html('/en/blog')), 'CollectionPage')[0]!
    const list = first.mainEntity as { numberOfItems: number; itemListElement: Node[] }
    expect(list.itemListElement).toHaveLength(BLOG_PAGE_SIZE)
    expect(list.numberOfItems).toBeGreaterThan(BLOG_PAGE_SIZE)
    const second = ofType(jsonLdBlocks(await html('/en/blog?page=2')), 'CollectionPage')[0]!
    const next = (second.mainEntity as { itemListElement: Node[] }).itemListElement
    expect(next[0]!.position).toBe(BLOG_PAGE_SIZE + 1)
  })
})

describe('the schema.org feed', () => {
  it('is linked from every page head', async () => {
    const feed = `${baseUrl()}/feeds/schema.jsonl`
    for (const path of pageKinds()) {
      const page = await html(path)
      const link = /<link rel="alternate" type="application\/jsonl"[^>]*href="([^"]+)"/.exec(page)
      expect(link?.[1], path).toBe(feed)
    }
    const response = await fetch(feed)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/jsonl')
  })
})
