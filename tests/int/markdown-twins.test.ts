import { beforeAll, describe, expect, it } from 'vitest'

import { messagesFor } from '@/i18n/messages'
import { BLOG_PAGE_SIZE, HOME_LATEST, paths } from '@/site/routes'

import { baseUrl, get, getJson } from '../support/api'
import {
  createAgentsContent,
  declaredLength,
  markersIn,
  type AgentsContent,
} from '../support/agents-content'

/**
 * Markdown twins (spec 4.6): every site page P answers `P.md` and P with an `Accept`
 * that prefers text/markdown, with the same bytes; drafts and unknown pages are 404s.
 */

const MARKDOWN_TYPE = 'text/markdown; charset=utf-8'
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i

let content: AgentsContent

beforeAll(async () => {
  content = await createAgentsContent()
}, 120_000)

const twinPath = (page: string) => paths.twin(page)
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer())
const asMarkdown = (page: string, accept = 'text/markdown') =>
  get(page, { headers: { Accept: accept } })
const varyOf = (response: Response) =>
  (response.headers.get('vary') ?? '').split(',').map((value) => value.trim().toLowerCase())
/** Every markdown link target in a text. */
const linksIn = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!)
/** Each target once, in order of first appearance (a card links its document twice). */
const distinct = (links: string[]) => [...new Set(links)]

/** Slugs of every published document, in the API's default order (newest first, ties by id). */
async function publishedSlugs(collection: 'posts' | 'case-studies'): Promise<string[]> {
  const slugs: string[] = []
  for (let page = 1; ; page += 1) {
    const { body } = await getJson<{ docs: { slug: string }[]; hasNextPage: boolean }>(
      `/api/${collection}?locale=en&limit=100&page=${page}&select=slug`,
    )
    slugs.push(...body.docs.map((doc) => doc.slug))
    if (!body.hasNextPage) return slugs
  }
}

/** The page paths of every page type. */
function pages(): { name: string; path: string }[] {
  return [
    { name: 'index', path: '/' },
    { name: 'home (en)', path: paths.home('en') },
    { name: 'home (es)', path: paths.home('es') },
    { name: 'blog', path: paths.blog('en') },
    { name: 'blog page 2', path: paths.blog('es', 2) },
    { name: 'post (en)', path: paths.post('en', content.post.slug) },
    { name: 'post (es)', path: paths.post('es', content.post.slug) },
    { name: 'case studies', path: paths.caseStudies('es') },
    { name: 'case study', path: paths.caseStudy('en', content.caseStudy.slug) },
    { name: 'contact', path: paths.contact('en') },
  ]
}

describe('both twin forms of every page type', () => {
  it.each([
    'index',
    'home (en)',
    'home (es)',
    'blog',
    'blog page 2',
    'post (en)',
    'post (es)',
    'case studies',
    'case study',
    'contact',
  ])('%s: P.md and Accept: text/markdown answer the same bytes and headers', async (name) => {
    const { path } = pages().find((page) => page.name === name)!
    const dotMd = await get(twinPath(path))
    const negotiated = await asMarkdown(path)
    expect(dotMd.status).toBe(200)
    expect(negotiated.status).toBe(200)
    const [mdBody, negotiatedBody] = [await bytes(dotMd), await bytes(negotiated)]
    expect(negotiatedBody.equals(mdBody)).toBe(true)

    for (const response of [dotMd, negotiated]) {
      expect(response.headers.get('content-type')).toBe(MARKDOWN_TYPE)
      expect(varyOf(response)).toContain('accept')
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/)
      expect(Number(response.headers.get('x-markdown-tokens'))).toBe(
        Math.ceil([...mdBody.toString('utf8')].length / 4),
      )
    }
    expect(negotiated.headers.get('etag')).toBe(dotMd.headers.get('etag'))

    const markdown = mdBody.toString('utf8')
    expect(markdown).toMatch(/^---\n[\s\S]*?\n---\n\n# \S/)
    expect(markdown).not.toMatch(HTML_TAG)
    expect(markersIn(markdown)).toEqual([])
    // Links are absolute; links to pages of the site point at their twins.
    for (const link of linksIn(markdown)) {
      expect(link).toMatch(/^(https?:|mailto:)/)
      const url = new URL(link)
      if (url.origin === new URL(baseUrl()).origin && /^\/(en|es)(\/|\.|$)/.test(url.pathname)) {
        expect(url.pathname).toMatch(/\.md$/)
      }
    }
  })

  it('HEAD answers the headers of GET without a body, and If-None-Match a 304', async () => {
    const path = twinPath(paths.post('en', content.post.slug))
    const full = await get(path)
    const etag = full.headers.get('etag')!
    const head = await get(path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(etag)
    expect(head.headers.get('content-type')).toBe(MARKDOWN_TYPE)
    expect(Number(declaredLength(head))).toBe((await bytes(full)).byteLength)
    expect((await bytes(head)).byteLength).toBe(0)
    const notModified = await get(path, { headers: { 'If-None-Match': etag } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe(etag)
  })
})

describe('what the twins say', () => {
  it('a post: frontmatter, # title, excerpt, cover and body images as absolute URLs, body from the rich text', async () => {
    const response = await get(twinPath(paths.post('en', content.post.slug)))
    const markdown = await response.text()
    const site = baseUrl()
    const [, head = ''] = /^---\n([\s\S]*?)\n---\n/.exec(markdown) ?? []
    expect(head.split('\n')).toEqual([
      `title: "${content.post.title.en}"`,
      'description: "What agents read first."',
      `url: "${site}/en/blog/${content.post.slug}"`,
      'lang: "en"',
      `date: "${content.post.publishedAt}"`,
      'alternates:',
      `  es: "${site}/es/blog/${content.post.slug}.md"`,
    ])
    expect(markdown).toContain(`\n# ${content.post.title.en}\n`)
    expect(markdown).toContain('\nWhat agents read first.\n')
    expect(markdown).toContain(
      `![Agents cover image](${site}/api/media/file/${encodeURIComponent(content.image.filename)})`,
    )
    expect(markdown).toMatch(
      /\n## Topics\n\n- \[Agent Topics\]\(http[^)]*\/en\/blog\/category\/[a-z0-9-]+\.md\)\n/,
    )
    expect(markdown).toContain(`## ${content.post.title.en} section`)
    expect(markdown).toContain('with **bold** text.')
    expect(markdown).toContain(
      'Literal &lt;b>tags&lt;/b> and \\*stars\\* stay text; see [the reference](https://example.com/reference).',
    )
    expect(markdown).toContain('- First point\n- Second point')
    expect(markdown).toContain('> A quoted line.')
    expect(response.headers.get('content-language')).toBe('en')
    expect(response.headers.get('link')).toBe(
      `<${site}/en/blog/${content.post.slug}>; rel="canonical"`,
    )
    // The images it links are served.
    for (const image of linksIn(markdown).filter((link) => link.includes('/api/media/file/'))) {
      expect((await fetch(image)).status).toBe(200)
    }
  })

  it('the Spanish twin is in Spanish and points back to the English one', async () => {
    const markdown = await (await get(twinPath(paths.post('es', content.post.slug)))).text()
    expect(markdown).toContain(`\n# ${content.post.title.es}\n`)
    expect(markdown).toContain('lang: "es"')
    expect(markdown).toContain(`  en: "${baseUrl()}/en/blog/${content.post.slug}.md"`)
  })

  it('a case study gives its summary (client, industry, challenge, solution, results)', async () => {
    const markdown = await (
      await get(twinPath(paths.caseStudy('en', content.caseStudy.slug)))
    ).text()
    expect(markdown).toContain('- **Client**: Agents Client Ltd\n- **Industry**: Logistics')
    expect(markdown).toContain(`\n# ${content.caseStudy.title.en}\n`)
    expect(markdown).toContain('\n## The challenge\n\nParcels were tracked by hand.\n')
    expect(markdown).toContain('\n## What we built\n\nA tracking service agents can read.\n')
    expect(markdown).toContain('\n## Results\n\n- **−40 %** manual work\n- **3×** faster answers\n')
    // A portfolio piece, not dated news; it ends inviting contact, as its page does.
    expect(markdown).not.toContain('Published on')
    expect(markdown).toContain(`[Get in touch](${baseUrl()}/en/contact.md)`)
  })

  it('a published document with a newer unpublished edit shows the published version', async () => {
    const markdown = await (await get(twinPath(paths.post('en', content.editedPost.slug)))).text()
    expect(markdown).toContain(`# ${content.editedPost.title.en}`)
    expect(markersIn(markdown)).toEqual([])
  })

  it('home lists the newest documents as links to their twins', async () => {
    const markdown = await (await get(twinPath(paths.home('en')))).text()
    const newest = (await publishedSlugs('posts')).slice(0, HOME_LATEST)
    const listed = distinct(
      linksIn(markdown).filter((link) => /\/en\/blog\/[^/?]+\.md$/.test(link)),
    )
    expect(listed).toEqual(newest.map((slug) => `${baseUrl()}/en/blog/${slug}.md`))
    expect(markdown).toContain(`](${baseUrl()}/en/blog.md)`)
    expect(markdown).toContain(`](${baseUrl()}/en/case-studies.md)`)
    expect(markdown).toContain(`](${baseUrl()}/en/contact.md)`)
  })

  it('the blog pages through every published post, BLOG_PAGE_SIZE at a time, newest first', async () => {
    const expected = (await publishedSlugs('posts')).map(
      (slug) => `${baseUrl()}/en/blog/${slug}.md`,
    )
    const totalPages = Math.ceil(expected.length / BLOG_PAGE_SIZE)
    expect(totalPages).toBeGreaterThan(1)
    const seen: string[] = []
    for (let page = 1; page <= totalPages; page += 1) {
      const response = await get(twinPath(paths.blog('en', page)))
      expect(response.status).toBe(200)
      const postLinks = distinct(
        linksIn(await response.text()).filter((link) => /\/en\/blog\/[^/?]+\.md$/.test(link)),
      )
      expect(postLinks.length).toBeLessThanOrEqual(BLOG_PAGE_SIZE)
      seen.push(...postLinks)
    }
    // The site's order (newest first, ties by id) is the API's default order.
    expect(seen).toEqual(expected)
    expect((await get(twinPath(paths.blog('en', totalPages + 1)))).status).toBe(404)
  })

  it('the developers twin gives the ways to reach the team from code', async () => {
    const markdown = await (await get(twinPath(paths.developers('en')))).text()
    // As on the page: the API and the skill are links; the MCP endpoint (POST only) is named.
    expect(linksIn(markdown)).toEqual(
      expect.arrayContaining([
        `${baseUrl()}/openapi.json`,
        `${baseUrl()}/.well-known/agent-skills/contact-team/SKILL.md`,
      ]),
    )
    expect(markdown).toContain('`send_inquiry`')
    expect(markdown).toContain('`/api/mcp`')
  })

  it('the contact twin says what the form is for, with the privacy note', async () => {
    const markdown = await (await get(twinPath(paths.contact('en')))).text()
    // The page's note on what the site does with what is sent, inside its form, is said too.
    expect(markdown).toContain(messagesFor('en').privacy.formNote)
    expect(linksIn(markdown)).toContain(`${baseUrl()}${twinPath(paths.privacy('en'))}`)
    // The developers' material is on a page of its own.
    expect(markdown).not.toContain('send_inquiry')
  })
})

describe('not found', () => {
  it.each([
    ['a draft post', () => paths.post('en', content.draftPost.slug)],
    ['a draft post in Spanish', () => paths.post('es', content.draftPost.slug)],
    ['a draft case study', () => paths.caseStudy('en', content.draftCaseStudy.slug)],
    ['an unknown post', () => paths.post('en', 'no-such-post')],
    ['an unknown section', () => '/en/nothing-here'],
    ['a malformed blog page', () => '/en/blog?page=abc'],
  ])('%s is a 404 markdown twin in both forms, without the draft', async (_, pathOf) => {
    const path = pathOf()
    for (const response of [await get(twinPath(path)), await asMarkdown(path)]) {
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toBe(MARKDOWN_TYPE)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const markdown = await response.text()
      expect(markdown).toMatch(/^# /)
      expect(markersIn(markdown)).toEqual([])
    }
  })
})

describe('content negotiation on the page URL (q-values)', () => {
  const page = paths.home('en')
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/html;q=0.5, text/markdown;q=0.6', true],
    ['text/*;q=0.2, text/markdown', true],
    ['text/plain, text/markdown;q=0.9, */*;q=0.1', true],
    ['text/html, text/markdown', false],
    ['text/markdown;q=0', false],
    ['text/markdown;q=0.4, text/html;q=0.5', false],
    ['text/markdown;q=0.5, */*;q=0.9', false],
    ['*/*', false],
    [BROWSER_ACCEPT, false],
  ])('Accept: %s → markdown: %s', async (accept, markdown) => {
    const response = await asMarkdown(page, accept)
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    if (markdown) {
      expect(response.headers.get('content-type')).toBe(MARKDOWN_TYPE)
      expect(varyOf(response)).toContain('accept')
    } else {
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    }
  })
})

/**
 * The HTML side (the site's pages and the proxy): each page advertises its twin, and since the
 * same URL answers HTML or markdown by `Accept`, its HTML says so in `Vary` too.
 */
describe('HTML pages advertise their twin', () => {
  const html = async (name: string) => {
    const { path } = pages().find((page) => page.name === name)!
    const response = await get(path, { headers: { Accept: BROWSER_ACCEPT } })
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    return { path, response }
  }
  const htmlPages = ['home (en)', 'blog', 'post (en)', 'case studies', 'case study', 'contact']

  it.each(htmlPages)('%s: Link rel=alternate type=text/markdown', async (name) => {
    const { path, response } = await html(name)
    expect(response.headers.get('link')).toContain(
      `<${twinPath(path)}>; rel="alternate"; type="text/markdown"`,
    )
  })

  it.each(htmlPages)('%s: Vary: Accept on the HTML response', async (name) => {
    const { response } = await html(name)
    expect(varyOf(response)).toContain('accept')
  })

  it('/ sends browsers to their language and advertises /index.md', async () => {
    const response = await get('/', { headers: { Accept: BROWSER_ACCEPT }, redirect: 'manual' })
    expect(response.status).toBe(307)
    expect(response.headers.get('link')).toBe('</index.md>; rel="alternate"; type="text/markdown"')
    expect(varyOf(response)).toContain('accept')
  })
})
