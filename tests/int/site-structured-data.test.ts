import { beforeAll, describe, expect, it } from 'vitest'

import { baseUrl } from '../support/api'
import { createDocument, type CreatedDocument } from '../support/factories'
import { expandJsonLd, jsonLdBlocks, nodeIds, SCHEMA, unresolvedIds } from '../support/json-ld'

/** What a page's head and its JSON-LD blocks tell crawlers and agents, for every kind of page. */

let post: CreatedDocument
let caseStudy: CreatedDocument

beforeAll(async () => {
  post = await createDocument('posts', { status: 'published' })
  caseStudy = await createDocument('case-studies', { status: 'published' })
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
