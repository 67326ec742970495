import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { asAdminJson, baseUrl, get } from '../support/api'
import {
  createAgentsContent,
  DRAFT_MARKER,
  EDIT_MARKER,
  markersIn,
  type AgentsContent,
} from '../support/agents-content'
import { afterTheNewest, createDocument } from '../support/factories'
import { indexedDocumentPages } from '../support/published-surfaces'
import { setStatus } from '../support/media'
import { poll } from '../support/poll'
import {
  createService,
  expectServiceFreshness,
  removeServices,
  saveServiceDraft,
} from '../support/services'

/** /llms.txt and /llms-full.txt (spec 4.7, llmstxt.org). */

let content: AgentsContent
let llms: string
let cloudService: number

beforeAll(async () => {
  content = await createAgentsContent()
  // Listed in both languages, with a newer unpublished edit; listed in English only; a draft.
  cloudService = await createService('cloud', {
    en: {
      title: 'Full cloud',
      summary: 'Bills under control.',
      whatWeDo: 'Migrations.\n\nCost reviews.',
      engagement: 'Six weeks.',
    },
    es: { title: 'Nube completa', summary: 'Facturas bajo control.' },
  })
  await saveServiceDraft(cloudService, 'en', { whatWeDo: `Unpublished ${EDIT_MARKER}` })
  await createService('machine-learning', {
    en: { title: 'Full models', summary: 'Models in production.' },
  })
  await createService(
    'software-engineering',
    { en: { title: `Full software ${DRAFT_MARKER}`, summary: 'Never published.' } },
    'draft',
  )
  const response = await get('/llms.txt')
  expect(response.status).toBe(200)
  llms = await response.text()
}, 120_000)

afterAll(removeServices)

const linksIn = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!)

describe('GET /llms.txt', () => {
  it('is text with the llmstxt.org structure: # name, > summary, ## sections of link lists', async () => {
    const response = await get('/llms.txt')
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/)
    const lines = llms.split('\n')
    expect(lines[0]).toMatch(/^# \S/)
    expect(lines.filter((line) => /^# /.test(line))).toHaveLength(1)
    expect(lines[2]).toMatch(/^> \S/)
    const sections = lines.filter((line) => line.startsWith('## '))
    expect(sections).toEqual(
      expect.arrayContaining([
        '## Blog (English)',
        '## Blog (Español)',
        '## Case studies (English)',
        '## Casos de éxito (Español)',
        '## Optional',
      ]),
    )
    expect(sections.at(-1)).toBe('## Optional')
    const firstSection = lines.findIndex((line) => line.startsWith('## '))
    const item = /^- \[(?:\\.|[^\]\\])+\]\(https?:\/\/[^)\s]+\)(: .+)?$/
    for (const line of lines.slice(firstSection)) {
      if (line === '' || line.startsWith('## ')) continue
      expect(line).toMatch(item)
    }
  })

  it('links every published document in both languages to its twin, and no draft', async () => {
    const site = baseUrl()
    expect(llms).toContain(
      `- [${content.post.title.en}](${site}${paths.twin(paths.post('en', content.post.slug))}): What agents read first.`,
    )
    expect(llms).toContain(`](${site}${paths.twin(paths.post('es', content.post.slug))})`)
    expect(llms).toContain(`](${site}${paths.twin(paths.caseStudy('en', content.caseStudy.slug))})`)
    expect(llms).toContain(`](${site}${paths.twin(paths.caseStudy('es', content.caseStudy.slug))})`)
    expect(llms).not.toContain(content.draftPost.slug)
    expect(llms).not.toContain(content.draftCaseStudy.slug)
    expect(markersIn(llms)).toEqual([])
  })

  it('points at the OpenAPI document, the MCP server and the agent skills', () => {
    const links = linksIn(llms)
    expect(links).toEqual(
      expect.arrayContaining([
        `${baseUrl()}/openapi.json`,
        `${baseUrl()}/.well-known/mcp/server-card.json`,
        `${baseUrl()}/.well-known/agent-skills/index.json`,
        `${baseUrl()}/llms-full.txt`,
        `${baseUrl()}/feeds/schema.jsonl`,
      ]),
    )
    // The MCP server takes POST only: named with its method, not linked.
    expect(links).not.toContain(`${baseUrl()}/api/mcp`)
    expect(llms).toContain(`\`POST ${baseUrl()}/api/mcp\``)
  })

  it('has only links that answer 200 to GET', async () => {
    const links = [...new Set(linksIn(llms))]
    const failures: string[] = []
    for (let start = 0; start < links.length; start += 8) {
      await Promise.all(
        links.slice(start, start + 8).map(async (link) => {
          expect(link.startsWith(baseUrl())).toBe(true)
          const response = await fetch(link)
          await response.arrayBuffer()
          if (response.status !== 200) failures.push(`${response.status} ${link}`)
        }),
      )
    }
    expect(failures).toEqual([])
  })
})

describe('GET /llms-full.txt', () => {
  it('holds every published document’s twin, byte for byte, and no draft', async () => {
    const response = await get('/llms-full.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const full = await response.text()
    for (const path of [
      paths.post('en', content.post.slug),
      paths.post('es', content.post.slug),
      paths.caseStudy('en', content.caseStudy.slug),
      paths.post('en', content.editedPost.slug),
    ]) {
      expect(full).toContain(await (await get(paths.twin(path))).text())
    }
    expect(markersIn(full)).toEqual([])
    // Every indexed document in each language it is translated into (as the sitemap has them),
    // including those llms.txt leaves to the lists.
    const indexed = await indexedDocumentPages()
    const urls = [...full.matchAll(/^---\ntitle: .*\n(?:description: .*\n)?url: "([^"]+)"$/gm)].map(
      (match) => match[1]!,
    )
    expect(urls.filter((url) => /\/(blog|case-studies)\//.test(url))).toHaveLength(indexed.length)
    for (const url of indexed) expect(full).toContain(`\nurl: "${url}"\n`)
    const documentLinks = linksIn(llms).filter((link) =>
      /\/(blog|case-studies)\/[^/]+\.md$/.test(link),
    )
    for (const link of documentLinks) expect(full).toContain(`\nurl: "${link.slice(0, -3)}"\n`)
  })

  it('then each service in each language it is listed in, in the documents’ form, and no draft', async () => {
    const full = await (await get('/llms-full.txt')).text()
    const site = baseUrl()
    const services = [
      ...full.matchAll(/^---\ntitle: .*\n(?:description: .*\n)?url: "([^"]+\/servic[^"]+)"$/gm),
    ].map((match) => match[1]!)
    expect(services.sort()).toEqual(
      [
        `${site}${paths.service('en', 'cloud')}`,
        `${site}${paths.service('es', 'cloud')}`,
        `${site}${paths.service('en', 'machine-learning')}`,
      ].sort(),
    )
    // After every document.
    const lastDocument = Math.max(
      ...[...full.matchAll(/^url: "[^"]+\/(?:blog|case-studies)\/[^"]+"$/gm)].map((m) => m.index),
    )
    expect(full.indexOf(`url: "${site}${paths.service('en', 'cloud')}"`)).toBeGreaterThan(
      lastDocument,
    )
    expect(full).toContain(
      [
        '---',
        'title: "Full cloud"',
        'description: "Bills under control."',
        `url: "${site}${paths.service('en', 'cloud')}"`,
        'lang: "en"',
        'alternates:',
        `  es: "${site}${paths.twin(paths.service('es', 'cloud'))}"`,
        '---',
        '',
        '# Full cloud',
        '',
        'Bills under control.',
        '',
        '## What we do',
        '',
        'Migrations.',
        '',
        'Cost reviews.',
        '',
        '## A typical engagement',
        '',
        'Six weeks.',
      ].join('\n'),
    )
    expect(full).toContain('# Nube completa\n\nFacturas bajo control.\n')
    expect(full).toContain('# Full models\n')
    expect(full).not.toContain(paths.service('es', 'machine-learning'))
    expect(full).not.toContain('/software-engineering')
    expect(markersIn(full)).toEqual([])
  })

  it('answers HEAD and If-None-Match like every resource', async () => {
    const etag = (await get('/llms-full.txt', { method: 'HEAD' })).headers.get('etag')!
    expect(etag).toMatch(/^"/)
    expect((await get('/llms-full.txt', { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })
})

describe('freshness', () => {
  it('shows a document as soon as it is published, and drops it once unpublished', async () => {
    const fresh = await createDocument('posts', {
      status: 'published',
      title: { en: 'Freshly published', es: 'Recién publicado' },
      // The newest of all: llms.txt lists the newest posts of each language.
      publishedAt: (await afterTheNewest('posts')).toISOString(),
    })
    expect(await (await get('/llms.txt')).text()).toContain(`/en/blog/${fresh.slug}.md`)
    expect((await get(paths.twin(paths.post('en', fresh.slug)))).status).toBe(200)
    await setStatus('posts', fresh.id, 'draft')
    expect(await (await get('/llms.txt')).text()).not.toContain(fresh.slug)
    expect((await get(paths.twin(paths.post('en', fresh.slug)))).status).toBe(404)
  })
})

describe('freshness of /llms-full.txt', () => {
  it('shows a service’s published change at once, with a new validator, and drops it once unpublished', async () => {
    await expectServiceFreshness(
      '/llms-full.txt',
      cloudService,
      'Nube completa',
      (title) => `# ${title}\n`,
    )
  })
})

describe('a case study’s client quote in /llms-full.txt', () => {
  it('is there as in the case study’s twin, and its publish changes the validator', async () => {
    const before = await get('/llms-full.txt')
    const etag = before.headers.get('etag')!
    await before.arrayBuffer()
    const quote = `They kept their promises ${content.caseStudy.slug}`
    await asAdminJson('/api/testimonials?locale=en', {
      method: 'POST',
      body: JSON.stringify({
        quote,
        name: 'Ines Duarte',
        role: 'CTO',
        company: 'Quoted (demo)',
        caseStudy: content.caseStudy.id,
        _status: 'published',
      }),
    })
    const twinPath = paths.twin(paths.caseStudy('en', content.caseStudy.slug))
    const twin = await poll('the quote in the case study’s twin', async () => {
      const text = await (await get(twinPath)).text()
      return text.includes(quote) ? text : undefined
    })
    const full = await poll('the quote in llms-full.txt', async () => {
      const text = await (await get('/llms-full.txt')).text()
      return text.includes(quote) ? text : undefined
    })
    expect(full).toContain(twin)
    const after = await get('/llms-full.txt', { headers: { 'If-None-Match': etag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    await after.arrayBuffer()
  })
})
