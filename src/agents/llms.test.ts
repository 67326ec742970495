import { describe, expect, it } from 'vitest'

import { documentMarkdown } from '@/markdown/document'

import { doc, site, SITE_URL } from '../../tests/support/site-fixtures'

import { llmsFullTxt, llmsTxt } from './llms'
import { SKILLS } from './skills'

const post = doc({ id: 1, slug: 'a-post', title: 'A post [draft-free]', excerpt: 'What it says.' })
const postEs = { ...post, title: 'Un artículo', excerpt: 'Lo que dice.' }
const study = doc({ id: 2, slug: 'a-study', title: 'A study' })
const content = site({ posts: { en: [post], es: [postEs] }, 'case-studies': { en: [study] } })

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
    expect(text).toContain(`(${SITE_URL}/api/mcp)`)
    expect(text).toContain(`(${SITE_URL}/.well-known/agent-skills/index.json)`)
    for (const skill of SKILLS) {
      expect(text).toContain(`(${SITE_URL}/.well-known/agent-skills/${skill.name}/SKILL.md)`)
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
