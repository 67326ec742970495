import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { baseUrl, get } from '../support/api'
import {
  createAgentsContent,
  DRAFT_MARKER,
  EDIT_MARKER,
  markersIn,
  type AgentsContent,
} from '../support/agents-content'
import {
  createService,
  expectServiceFreshness,
  removeServices,
  saveServiceDraft,
} from '../support/services'
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
 * offline, against a vendored schema.org context (tests/support/json-ld.ts). Services follow the
 * documents, one `Service` line per service and language it is listed in.
 */

let content: AgentsContent
let response: Response
let lines: string[]
let entries: Record<string, unknown>[]
let cloudService: number

beforeAll(async () => {
  content = await createAgentsContent()
  // Listed in both languages, with a newer unpublished edit; listed in English only; a draft.
  cloudService = await createService('cloud', {
    en: { title: 'Feed cloud', summary: 'Bills under control.' },
    es: { title: 'Nube del feed', summary: 'Facturas bajo control.' },
  })
  await saveServiceDraft(cloudService, 'en', { title: `Feed cloud ${EDIT_MARKER}` })
  await createService('machine-learning', {
    en: { title: 'Feed models', summary: 'Models in production.' },
  })
  await createService(
    'software-engineering',
    { en: { title: `Feed software ${DRAFT_MARKER}`, summary: 'Never published.' } },
    'draft',
  )
  response = await get('/feeds/schema.jsonl')
  const text = await response.text()
  expect(text.endsWith('\n')).toBe(true)
  lines = text.slice(0, -1).split('\n')
  entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
}, 120_000)

afterAll(removeServices)

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
    const documents = entries.filter((entry) => entry['@type'] !== 'Service')
    expect(documents.map((entry) => entry.url).sort()).toEqual([...indexed].sort())
    expect(new Set(documents.map((entry) => entry['@id'])).size).toBe(expected)
  })

  it('then one Service line per service per language it is listed in, and no draft', () => {
    const services = entries.filter((entry) => entry['@type'] === 'Service')
    const site = baseUrl()
    expect(services.map((entry) => entry.url).sort()).toEqual(
      [
        `${site}${paths.service('en', 'cloud')}`,
        `${site}${paths.service('es', 'cloud')}`,
        `${site}${paths.service('en', 'machine-learning')}`,
      ].sort(),
    )
    // After every document's line.
    const firstService = entries.findIndex((entry) => entry['@type'] === 'Service')
    expect(entries.slice(firstService).every((entry) => entry['@type'] === 'Service')).toBe(true)
    // The published version, not the newer draft; a service never published is not there.
    expect(services.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['Feed cloud', 'Nube del feed', 'Feed models']),
    )
    expect(lines.join('\n')).not.toContain('/software-engineering')
  })

  it('gives each service the JSON-LD its page carries', async () => {
    for (const path of [paths.service('en', 'cloud'), paths.service('es', 'cloud')]) {
      const html = await (await get(path)).text()
      const onPage = [
        ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
      ]
        .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
        .find((block) => block['@type'] === 'Service')
      expect(onPage, path).toBeDefined()
      expect(entryFor(`${baseUrl()}${path}`)).toEqual(onPage)
    }
  })

  it('expands every line in safe mode against the vendored schema.org context, offline', async () => {
    const required = {
      document: [
        'url',
        'headline',
        'inLanguage',
        'datePublished',
        'dateModified',
        'author',
        'publisher',
      ],
      Service: ['url', 'name', 'description', 'inLanguage', 'provider'],
    }
    expect(entries.some((entry) => entry['@type'] === 'Service')).toBe(true)
    for (const entry of entries) {
      const expanded = await expand(entry)
      expect(expanded).toHaveLength(1)
      const node = expanded[0]!
      expect(node['@id']).toBe(entry['@id'])
      for (const property of entry['@type'] === 'Service' ? required.Service : required.document) {
        expect(node, `${entry['@id']} ${property}`).toHaveProperty([`${SCHEMA}${property}`])
      }
    }
    expect(requested.length).toBeGreaterThan(0)
  })

  it('stands alone line by line: the firm is given whole, other ids are lines of the feed', async () => {
    // The firm is each document's publisher and each service's provider.
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

describe('freshness of /feeds/schema.jsonl', () => {
  it('shows a service’s published change at once, with a new validator, and drops it once unpublished', async () => {
    await expectServiceFreshness(
      '/feeds/schema.jsonl',
      cloudService,
      'Nube del feed',
      (title) => `"name":"${title}"`,
    )
  })
})
