import { describe, expect, it } from 'vitest'

import { documentMarkdown } from '@/markdown/document'

import { markdownLinks } from '../../tests/support/markdown-links'
import { doc, site, SITE_URL } from '../../tests/support/site-fixtures'

import { LLMS_SECTION_MAX, llmsFullTxt, llmsTxt } from './llms'
import { SKILLS } from './skills'

const post = doc({ id: 1, slug: 'a-post', title: 'A post [draft-free]', excerpt: 'What it says.' })
const postEs = { ...post, title: 'Un artículo', excerpt: 'Lo que dice.' }
const study = doc({ id: 2, slug: 'a-study', title: 'A study' })
const content = site({ posts: { en: [post], es: [postEs] }, 'case-studies': { en: [study] } })

describe('llmsTxt with the agent access policy', () => {
  const agentAccess = {
    policy: 'The site allows search indexing; it refuses AI training.',
    robotsTxt: `${SITE_URL}/robots.txt`,
  }
  const lines = llmsTxt(content, SITE_URL, undefined, agentAccess).split('\n')

  it('states it first, in a section of its own linking robots.txt', () => {
    const headings = lines.filter((line) => line.startsWith('## '))
    expect(headings[0]).toBe('## Agent access')
    const at = lines.indexOf('## Agent access')
    expect(lines[at + 2]).toBe(
      `- [robots.txt](${SITE_URL}/robots.txt): The site allows search indexing; it refuses AI training.`,
    )
  })
})

describe('llmsTxt', () => {
  const text = llmsTxt(content, SITE_URL)
  const lines = text.split('\n')

  it('follows llmstxt.org: # name, > summary, details, then ## sections of link lists', () => {
    expect(lines[0]).toBe('# Meridian Consulting')
    expect(lines[1]).toBe('')
    expect(lines[2]).toMatch(/^> \S/)
    const headings = lines.filter((line) => line.startsWith('#'))
    expect(headings).toEqual([
      '# Meridian Consulting',
      '## Blog (English)',
      '## Blog (Español)',
      '## Case studies (English)',
      '## API and agent tools',
      '## Optional',
    ])
    // Inside sections, every non-empty line is a `- [title](url)` item, optionally `: note`.
    const sectionLines = lines
      .slice(lines.indexOf('## Blog (English)'))
      .filter((line) => line !== '' && !line.startsWith('## '))
    const item = /^- \[(?:\\.|[^\]\\])+\]\(https?:\/\/[^)\s]+\)(: .+)?$/
    for (const line of sectionLines) expect(line).toMatch(item)
  })

  it('links each published document’s twin in its language', () => {
    expect(text).toContain(
      `- [A post \\[draft-free\\]](${SITE_URL}/en/blog/a-post.md): What it says.`,
    )
    expect(text).toContain(`- [Un artículo](${SITE_URL}/es/blog/a-post.md): Lo que dice.`)
    expect(text).toContain(`(${SITE_URL}/en/case-studies/a-study.md)`)
  })

  it('points at the API, the MCP server and every skill', () => {
    expect(text).toContain(`(${SITE_URL}/openapi.json)`)
    expect(text).toContain(`\`POST ${SITE_URL}/api/mcp\``)
    expect(text).toContain(`(${SITE_URL}/.well-known/agent-skills/index.json)`)
    for (const skill of SKILLS) {
      expect(text).toContain(`(${SITE_URL}/.well-known/agent-skills/${skill.name}/SKILL.md)`)
    }
  })
})

describe('llmsTxt endpoints', () => {
  const text = llmsTxt(content, SITE_URL)

  it('names the POST-only endpoints with their method, in code, and links neither', () => {
    for (const path of ['/api/mcp', '/api/inquiries']) {
      expect(text).toContain(`\`POST ${SITE_URL}${path}\``)
      expect(markdownLinks(text)).not.toContain(`${SITE_URL}${path}`)
    }
    // Everything it does link is a page, a twin or a file: nothing under /api/.
    expect(markdownLinks(text).filter((link) => link.startsWith(`${SITE_URL}/api/`))).toEqual([])
  })
})

describe('llmsTxt on a big site', () => {
  const many = Array.from({ length: LLMS_SECTION_MAX + 5 }, (_, index) =>
    doc({ id: index + 1, slug: `post-${index + 1}`, title: `Post ${index + 1}` }),
  )
  const big = site({ posts: { en: many } })
  const text = llmsTxt(big, SITE_URL)

  it(`lists the newest ${LLMS_SECTION_MAX} per collection and language, then the list's twin`, () => {
    const section = text.split('## Blog (English)\n\n')[1]!.split('\n\n')[0]!.split('\n')
    expect(section).toHaveLength(LLMS_SECTION_MAX + 1)
    expect(section[0]).toContain(`(${SITE_URL}/en/blog/post-1.md)`)
    expect(section[LLMS_SECTION_MAX - 1]).toContain(`/en/blog/post-${LLMS_SECTION_MAX}.md)`)
    expect(text).not.toContain(`/en/blog/post-${LLMS_SECTION_MAX + 1}.md)`)
    expect(section[LLMS_SECTION_MAX]).toMatch(
      new RegExp(
        `^- \\[All articles \\(${LLMS_SECTION_MAX + 5}, English\\)\\]\\(${SITE_URL}/en/blog\\.md\\): `,
      ),
    )
  })

  it('while llms-full.txt carries every document', () => {
    const full = llmsFullTxt(big, SITE_URL)
    for (const item of many) expect(full).toContain(`# ${item.title}\n`)
  })
})

describe('llmsTxt discovery links', () => {
  const text = llmsTxt(content, SITE_URL)

  it('links the MCP server card, names every MCP tool, and links each RSS feed', () => {
    expect(text).toContain(`(${SITE_URL}/.well-known/mcp/server-card.json)`)
    for (const tool of ['search_content', 'list_documents', 'get_document', 'send_inquiry']) {
      expect(text).toContain(tool)
    }
    for (const path of [
      '/en/feed.xml',
      '/es/feed.xml',
      '/en/case-studies/feed.xml',
      '/es/case-studies/feed.xml',
    ]) {
      expect(text).toContain(`(${SITE_URL}${path})`)
    }
  })
})

describe('llmsFullTxt', () => {
  it('concatenates every published document’s twin, byte for byte', () => {
    const full = llmsFullTxt(content, SITE_URL)
    for (const [collection, locale, item] of [
      ['posts', 'en', post],
      ['posts', 'es', postEs],
      ['case-studies', 'en', study],
    ] as const) {
      expect(full).toContain(
        documentMarkdown({ collection, locale, doc: item, site: content, siteUrl: SITE_URL }),
      )
    }
  })
})

describe('llmsTxt with services and the developers page', () => {
  const services = {
    en: [{ key: 'cloud', title: 'Cloud', summary: 'Bills under control.' }],
    es: [],
  }
  const text = llmsTxt(content, SITE_URL, undefined, undefined, services)

  it('lists each language’s services, linking their twins, and none for a language without', () => {
    expect(text).toContain(
      `## Services (English)\n\n- [Cloud](${SITE_URL}/en/services/cloud.md): Bills under control.`,
    )
    expect(text).not.toContain('/es/servicios/')
  })

  it('links the developers page in each language', () => {
    expect(text).toContain(`](${SITE_URL}/en/developers.md)`)
    expect(text).toContain(`](${SITE_URL}/es/desarrolladores.md)`)
  })
})

describe('llmsFullTxt with services', () => {
  const service = (
    key: 'cloud' | 'security',
    texts: { title: string; summary: string; whatWeDo?: string; engagement?: string },
    related: { caseStudies?: (typeof study)[]; posts?: (typeof post)[] } = {},
  ) => ({
    id: key === 'cloud' ? 1 : 2,
    key,
    whatWeDo: '',
    engagement: '',
    caseStudies: [],
    posts: [],
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...texts,
    ...related,
  })
  const services = {
    en: [
      service(
        'cloud',
        {
          title: 'Cloud',
          summary: 'Bills under control.',
          whatWeDo: 'Migrations.\n\nCost reviews.',
          engagement: 'Six weeks.',
        },
        { caseStudies: [study], posts: [post] },
      ),
      service('security', { title: 'Security', summary: 'Safe systems.' }),
    ],
    // Security has no Spanish translation: not listed under es.
    es: [service('cloud', { title: 'Nube', summary: 'Facturas bajo control.' })],
  }
  const full = llmsFullTxt(content, SITE_URL, services)

  it('follows the documents with each listed service, in the documents’ form', () => {
    const cloud = full.slice(full.indexOf('---\ntitle: "Cloud"'))
    expect(full.indexOf('---\ntitle: "Cloud"')).toBeGreaterThan(full.indexOf('# A study\n'))
    expect(cloud.split('\n---\ntitle:')[0]).toBe(
      [
        '---',
        'title: "Cloud"',
        'description: "Bills under control."',
        `url: "${SITE_URL}/en/services/cloud"`,
        'lang: "en"',
        'alternates:',
        `  es: "${SITE_URL}/es/servicios/cloud.md"`,
        '---',
        '',
        '# Cloud',
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
        '',
        '## Related case studies',
        '',
        `- [A study](${SITE_URL}/en/case-studies/a-study.md)`,
        '',
        '## Related articles',
        '',
        `- [A post \\[draft-free\\]](${SITE_URL}/en/blog/a-post.md): What it says.`,
        '',
        '## Talk to us about this',
        '',
        'Tell us where you are and where you want to go: we answer every inquiry within two working days.',
        '',
        `[Get in touch](${SITE_URL}/en/contact.md)`,
        '',
      ].join('\n'),
    )
  })

  it('in each language it is listed in, and no other', () => {
    expect(full).toContain(
      `---\ntitle: "Nube"\ndescription: "Facturas bajo control."\nurl: "${SITE_URL}/es/servicios/cloud"\nlang: "es"\nalternates:\n  en: "${SITE_URL}/en/services/cloud.md"\n---\n\n# Nube\n`,
    )
    expect(full).toContain('# Security\n')
    expect(full).not.toContain('/es/servicios/security')
    // Listed in English only: no alternates.
    expect(full).toMatch(/lang: "en"\n---\n\n# Security\n/)
  })

  it('without services, the documents alone', () => {
    expect(llmsFullTxt(content, SITE_URL)).toBe(
      full.slice(0, full.indexOf('\n---\ntitle: "Cloud"')),
    )
  })
})
