import { beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { baseUrl, get } from '../support/api'
import { createAgentsContent, markersIn, type AgentsContent } from '../support/agents-content'
import { afterTheNewest, createDocument } from '../support/factories'
import { indexedDocumentPages } from '../support/published-surfaces'
import { setStatus } from '../support/media'

/** /llms.txt and /llms-full.txt (spec 4.7, llmstxt.org). */

let content: AgentsContent
let llms: string

beforeAll(async () => {
  content = await createAgentsContent()
  const response = await get('/llms.txt')
  expect(response.status).toBe(200)
  llms = await response.text()
}, 120_000)

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
    expect(full.match(/^---\ntitle: /gm)?.length).toBe(indexed.length)
    for (const url of indexed) expect(full).toContain(`\nurl: "${url}"\n`)
    const documentLinks = linksIn(llms).filter((link) =>
      /\/(blog|case-studies)\/[^/]+\.md$/.test(link),
    )
    for (const link of documentLinks) expect(full).toContain(`\nurl: "${link.slice(0, -3)}"\n`)
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
