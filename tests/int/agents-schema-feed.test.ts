import { beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { baseUrl, get } from '../support/api'
import { createAgentsContent, markersIn, type AgentsContent } from '../support/agents-content'
import { indexedDocumentPages } from '../support/published-surfaces'
import {
  expandJsonLd as expand,
  nodeIds,
  requestedContexts as requested,
  SCHEMA,
  unresolvedIds,
} from '../support/json-ld'

/**
 * /feeds/schema.jsonl (spec 4.7): every line expands with the `jsonld` package in safe mode,
 * offline, against a vendored schema.org context (tests/support/json-ld.ts).
 */

let content: AgentsContent
let response: Response
let lines: string[]
let entries: Record<string, unknown>[]

beforeAll(async () => {
  content = await createAgentsContent()
  response = await get('/feeds/schema.jsonl')
  const text = await response.text()
  expect(text.endsWith('\n')).toBe(true)
  lines = text.slice(0, -1).split('\n')
  entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
}, 120_000)

const entryFor = (url: string) => entries.find((entry) => entry.url === url)

describe('GET /feeds/schema.jsonl', () => {
  it('is JSON Lines', () => {
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/jsonl')
    expect(response.headers.get('etag')).toMatch(/^"/)
    for (const line of lines) expect(line.trim()).toBe(line)
  })

  it('has one line per indexed document per language it is translated into', async () => {
    // As the sitemap lists them (the API also counts untranslated and hidden documents).
    const indexed = await indexedDocumentPages()
    const expected = indexed.length
    expect(entries.map((entry) => entry.url).sort()).toEqual([...indexed].sort())
    expect(new Set(entries.map((entry) => entry['@id'])).size).toBe(expected)
  })

  it('expands every line in safe mode against the vendored schema.org context, offline', async () => {
    for (const entry of entries) {
      const expanded = await expand(entry)
      expect(expanded).toHaveLength(1)
      const node = expanded[0]!
      expect(node['@id']).toBe(entry['@id'])
      for (const property of [
        'url',
        'headline',
        'inLanguage',
        'datePublished',
        'dateModified',
        'author',
        'publisher',
      ]) {
        expect(node, `${entry['@id']} ${property}`).toHaveProperty([`${SCHEMA}${property}`])
      }
    }
    expect(requested.length).toBeGreaterThan(0)
  })

  it('stands alone line by line: the firm is given whole, other ids are lines of the feed', async () => {
    const organization = `${baseUrl()}/#organization`
    const documents = new Set(entries.map((entry) => String(entry['@id'])))
    for (const entry of entries) {
      const where = String(entry['@id'])
      expect(unresolvedIds([entry], documents), where).toEqual([])
      expect(nodeIds([entry]).defined, where).toContain(organization)
      for (const id of nodeIds([entry]).referenced) expect(id, where).toMatch(/^https?:\/\//)
    }
    const publisher = (await expand(entries[0]!))[0]![`${SCHEMA}publisher`] as object[]
    expect(publisher).toMatchObject([
      {
        '@id': organization,
        [`${SCHEMA}name`]: [{ '@value': expect.any(String) }],
        [`${SCHEMA}logo`]: [{ '@id': `${baseUrl()}/og-default.png` }],
      },
    ])
  })

  it('fails safe-mode expansion for a term schema.org does not define (the check has teeth)', async () => {
    await expect(expand({ ...entries[0], headlne: 'typo' })).rejects.toThrow()
  })

  it('describes the rich post fully and links its two languages', async () => {
    const site = baseUrl()
    const en = entryFor(`${site}${paths.post('en', content.post.slug)}`)
    const es = entryFor(`${site}${paths.post('es', content.post.slug)}`)
    expect(en).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: content.post.title.en,
      description: 'What agents read first.',
      inLanguage: 'en',
      datePublished: content.post.publishedAt,
      image: `${site}/api/media/file/${encodeURIComponent(content.image.filename)}`,
      author: { '@type': 'Organization', name: expect.any(String) },
      keywords: ['Agent Topics'],
      workTranslation: [{ '@id': es?.['@id'] }],
    })
    expect(typeof en?.dateModified).toBe('string')
    expect(es).toMatchObject({
      headline: content.post.title.es,
      inLanguage: 'es',
      keywords: ['Temas de agentes'],
      translationOfWork: { '@id': en?.['@id'] },
    })
    expect((await fetch(String(en?.image))).status).toBe(200)
    const expanded = (await expand(en!))[0]!
    expect(expanded[`${SCHEMA}workTranslation`]).toEqual([{ '@id': es?.['@id'] }])
  })

  it('describes case studies as Articles', () => {
    const study = entryFor(`${baseUrl()}${paths.caseStudy('en', content.caseStudy.slug)}`)
    expect(study).toMatchObject({ '@type': 'Article', headline: content.caseStudy.title.en })
  })

  it('holds no draft and no unpublished edit', async () => {
    const text = lines.join('\n')
    expect(markersIn(text)).toEqual([])
    expect(text).not.toContain(content.draftPost.slug)
    expect(entryFor(`${baseUrl()}${paths.post('en', content.editedPost.slug)}`)).toMatchObject({
      headline: content.editedPost.title.en,
    })
  })
})
