import { describe, expect, it } from 'vitest'

import { BUDGETS } from '@/inquiries/budgets'
import { INQUIRY_FIELD_MAX } from '@/inquiries/schema'
import { BLOG_PAGE_SIZE } from '@/site/routes'

import { doc, HTML_TAG, SITE_URL } from '../../tests/support/site-fixtures'

import {
  blogMarkdown,
  blogPageCount,
  caseStudiesMarkdown,
  contactMarkdown,
  HOME_LATEST,
  homeMarkdown,
  indexMarkdown,
  notFoundMarkdown,
} from './pages'

const posts = Array.from({ length: 5 }, (_, index) =>
  doc({
    id: index + 1,
    slug: `post-${index + 1}`,
    title: `Post ${index + 1}`,
    excerpt: `About ${index + 1}`,
  }),
)

/** Every markdown link target in a text. */
const links = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1])

describe('homeMarkdown', () => {
  it('links the newest posts and case studies, the lists and the contact page, all as twins', () => {
    const markdown = homeMarkdown({ siteUrl: SITE_URL, locale: 'es', posts, caseStudies: [] })
    expect(markdown.startsWith('---\ntitle: ')).toBe(true)
    expect(markdown).toContain('lang: "es"')
    expect(markdown).toContain(`alternates:\n  en: "${SITE_URL}/en.md"`)
    expect(markdown).toContain(`- [Post 1](${SITE_URL}/es/blog/post-1.md): About 1`)
    expect(markdown).not.toContain(`post-${HOME_LATEST + 1}.md`)
    expect(links(markdown)).toEqual(
      expect.arrayContaining([
        `${SITE_URL}/es/blog.md`,
        `${SITE_URL}/es/case-studies.md`,
        `${SITE_URL}/es/contact.md`,
      ]),
    )
    expect(links(markdown).every((url) => url?.endsWith('.md'))).toBe(true)
  })
})

describe('blogMarkdown', () => {
  it('links the neighbouring pages and says which page this is', () => {
    const markdown = blogMarkdown({
      siteUrl: SITE_URL,
      locale: 'en',
      posts: posts.slice(0, 2),
      page: 2,
      totalPages: 3,
    })
    expect(markdown).toContain(`url: "${SITE_URL}/en/blog?page=2"`)
    expect(markdown).toContain(`  es: "${SITE_URL}/es/blog.md?page=2"`)
    expect(markdown).toContain('Page 2 of 3')
    expect(links(markdown)).toEqual([
      `${SITE_URL}/en/blog/post-1.md`,
      `${SITE_URL}/en/blog/post-2.md`,
      `${SITE_URL}/en/blog.md`,
      `${SITE_URL}/en/blog.md?page=3`,
    ])
  })

  it('counts pages of BLOG_PAGE_SIZE, at least one', () => {
    expect(blogPageCount(0)).toBe(1)
    expect(blogPageCount(BLOG_PAGE_SIZE)).toBe(1)
    expect(blogPageCount(BLOG_PAGE_SIZE + 1)).toBe(2)
  })
})

describe('caseStudiesMarkdown', () => {
  it('says so when there are none', () => {
    expect(caseStudiesMarkdown({ siteUrl: SITE_URL, locale: 'en', caseStudies: [] })).toContain(
      'No case studies yet.',
    )
  })
})

describe('contactMarkdown', () => {
  it('gives the fields and limits from the inquiry contract, and the ways to send one', () => {
    const markdown = contactMarkdown({ siteUrl: SITE_URL, locale: 'en' })
    expect(markdown).toContain(
      `- \`message\`: required, up to ${INQUIRY_FIELD_MAX.message} characters`,
    )
    expect(markdown).toContain(`- \`phone\`: optional, up to ${INQUIRY_FIELD_MAX.phone} characters`)
    expect(markdown).toContain('- `locale`: optional, one of `en`, `es`, default `en`')
    expect(markdown).toContain(`${BUDGETS.perEmail.points} inquiries per email address`)
    expect(links(markdown)).toEqual(
      expect.arrayContaining([
        `${SITE_URL}/openapi.json`,
        `${SITE_URL}/api/mcp`,
        `${SITE_URL}/.well-known/agent-skills/contact-team/SKILL.md`,
      ]),
    )
    expect(markdown).not.toMatch(HTML_TAG)
  })
})

describe('indexMarkdown and notFoundMarkdown', () => {
  it('links both languages from /', () => {
    const markdown = indexMarkdown({ siteUrl: SITE_URL })
    expect(links(markdown)).toEqual(
      expect.arrayContaining([`${SITE_URL}/en.md`, `${SITE_URL}/es.md`]),
    )
    expect(markdown).not.toContain('lang:')
  })

  it('a 404 twin is a heading and a way home', () => {
    expect(notFoundMarkdown({ siteUrl: SITE_URL, locale: 'es' })).toMatch(/^# No encontrado\n/)
  })
})
