import { beforeAll, describe, expect, it } from 'vitest'

import { baseUrl } from '../support/api'
import { createAgentsContent } from '../support/agents-content'
import { markdownLinks } from '../support/markdown-links'

/**
 * What the agent files link to answers a GET: llms.txt, llms-full.txt, the skills index and each
 * SKILL.md, and the markdown files they point to (the twins, the API reference), their links
 * read the way a crawler reads them (tests/support/markdown-links.ts). The endpoints that
 * take POST only (the MCP server, the inquiry endpoint) are named with their method, in code,
 * never linked: a crawler following a link to them would meet a 405 or a 403.
 */

/** Where the crawl starts. */
const AGENT_FILES = ['/llms.txt', '/llms-full.txt', '/.well-known/agent-skills/index.json']
/** The endpoints no agent file may link to. */
const POST_ONLY = ['/api/mcp', '/api/inquiries']
/** Requests under way at once. */
const CONCURRENCY = 8
/** A bound on the crawl: reaching it means the crawl went somewhere it should not. */
const MAX_URLS = 20_000
/**
 * How deep links are read: the agent files (0, the SKILL.md files the index lists among them)
 * and the markdown they point to (1). What those link is requested, not read in turn: the site's
 * pages link one another without end, and they are not agent files.
 */
const READ_DEPTH = 1

/** Media types whose links the crawl follows in turn: markdown, and llms.txt's plain text. */
const READ_FOR_LINKS = /^text\/(markdown|plain)\b/

interface Crawl {
  /** Every same-site URL linked, with the status its GET answered and a page that linked it. */
  checked: Map<string, { status: number; from: string }>
  /** The markdown (and llms.txt) files read for links. */
  read: string[]
}

function sameSite(url: URL): boolean {
  return url.origin === new URL(baseUrl()).origin
}

/** Reads the skills index's entries: each skill's SKILL.md is an agent file to crawl. */
function skillUrls(json: string): string[] {
  const index = JSON.parse(json) as { skills: { url: string }[] }
  return index.skills.map((skill) => skill.url)
}

async function crawl(): Promise<Crawl> {
  const checked: Crawl['checked'] = new Map()
  const read: string[] = []
  let queue = AGENT_FILES.map((path) => ({
    url: `${baseUrl()}${path}`,
    from: '(start)',
    depth: 0,
  }))
  for (const { url } of queue) checked.set(url, { status: 0, from: '(start)' })
  while (queue.length > 0) {
    const next: typeof queue = []
    const enqueue = (link: string, from: string, depth: number) => {
      const url = new URL(link, from)
      url.hash = ''
      if (!sameSite(url) || checked.has(url.href)) return
      checked.set(url.href, { status: 0, from })
      next.push({ url: url.href, from, depth })
    }
    for (let start = 0; start < queue.length; start += CONCURRENCY) {
      await Promise.all(
        queue.slice(start, start + CONCURRENCY).map(async ({ url, from, depth }) => {
          const response = await fetch(url)
          const body = await response.text()
          checked.set(url, { status: response.status, from })
          if (response.status !== 200 || depth > READ_DEPTH) return
          const type = response.headers.get('content-type') ?? ''
          if (url.endsWith('/.well-known/agent-skills/index.json')) {
            // Each SKILL.md is an agent file itself.
            for (const skill of skillUrls(body)) enqueue(skill, url, depth)
          } else if (READ_FOR_LINKS.test(type)) {
            read.push(url)
            for (const link of markdownLinks(body)) enqueue(link, url, depth + 1)
          }
        }),
      )
    }
    expect(checked.size, 'the crawl stays within the site').toBeLessThan(MAX_URLS)
    queue = next
  }
  return { checked, read }
}

let result: Crawl

beforeAll(async () => {
  // Published documents with everything a twin links: images, categories, translations.
  await createAgentsContent()
  result = await crawl()
}, 300_000)

describe('links in the agent files', () => {
  it('every link in every agent file, and in the markdown they lead to, answers 200 to GET', () => {
    const failures = [...result.checked]
      .filter(([, { status }]) => status !== 200)
      .map(([url, { status, from }]) => `${status} ${url} (linked from ${from})`)
    expect(failures).toEqual([])
  })

  it('the crawl read every agent file and the markdown twins they point to', () => {
    const read = result.read.map((url) => new URL(url).pathname)
    expect(read).toEqual(
      expect.arrayContaining([
        '/llms.txt',
        '/llms-full.txt',
        '/.well-known/agent-skills/read-content/SKILL.md',
        '/.well-known/agent-skills/contact-team/SKILL.md',
        '/docs/api.md',
        '/en/blog.md',
        '/es/case-studies.md',
      ]),
    )
    expect(
      read.filter((path) => /^\/(en|es)\/(blog|case-studies)\/[^/]+\.md$/.test(path)).length,
    ).toBeGreaterThan(2)
  })

  it('no agent file links to an endpoint that takes POST only', () => {
    const linked = [...result.checked.keys()].map((url) => new URL(url).pathname)
    for (const path of POST_ONLY) expect(linked).not.toContain(path)
  })
})

describe('the POST endpoints', () => {
  const text = async (path: string) => (await fetch(`${baseUrl()}${path}`)).text()

  it('llms.txt names each with its method, as code', async () => {
    const llms = await text('/llms.txt')
    expect(llms).toContain(`\`POST ${baseUrl()}/api/mcp\``)
    expect(llms).toContain(`\`POST ${baseUrl()}/api/inquiries\``)
  })

  it('the skills name the MCP server with its method, as code', async () => {
    for (const skill of ['read-content', 'contact-team']) {
      const markdown = await text(`/.well-known/agent-skills/${skill}/SKILL.md`)
      expect(markdown, skill).toContain(`\`POST ${baseUrl()}/api/mcp\``)
    }
  })
})
