import { describe, expect, it } from 'vitest'

import {
  category,
  doc,
  heading,
  HTML_TAG,
  media,
  paragraph,
  richText,
  site,
  SITE_URL,
  text,
} from '../../tests/support/site-fixtures'

import { documentMarkdown } from './document'

const english = doc({
  id: 1,
  slug: 'data-contracts',
  title: 'Data contracts: "in practice" <now>',
  excerpt: 'Agree on the shape of data.',
  meta: { description: 'SEO description wins.' },
  publishedAt: '2026-05-01T10:00:00.000Z',
  coverImage: media(5, 'cover.png', 'A cover'),
  categories: [category(1, 'Data & Analytics'), 2],
  content: richText(heading('h2', text('Why')), paragraph(text('Because.'))),
})
const spanish = { ...english, title: 'Contratos de datos', excerpt: 'Acordar la forma.' }

describe('documentMarkdown', () => {
  it('writes frontmatter, the title as #, excerpt, cover, facts, then the body', () => {
    const markdown = documentMarkdown({
      collection: 'posts',
      locale: 'en',
      doc: english,
      site: site({ posts: { en: [english], es: [spanish] } }),
      siteUrl: SITE_URL,
    })
    expect(markdown).toBe(
      [
        '---',
        'title: "Data contracts: \\"in practice\\" \\u003cnow>"',
        'description: "SEO description wins."',
        `url: "${SITE_URL}/en/blog/data-contracts"`,
        'lang: "en"',
        'date: "2026-05-01T10:00:00.000Z"',
        'alternates:',
        `  es: "${SITE_URL}/es/blog/data-contracts.md"`,
        '---',
        '',
        '# Data contracts: "in practice" &lt;now>',
        '',
        'Agree on the shape of data.',
        '',
        `![A cover](${SITE_URL}/api/media/file/cover.png)`,
        '',
        '- Categories: Data & Analytics',
        '',
        '## Why',
        '',
        'Because.',
        '',
      ].join('\n'),
    )
    expect(markdown).not.toMatch(HTML_TAG)
  })

  it('lists a case study’s client and industry, and no alternates without a translation', () => {
    const study = doc({
      id: 2,
      slug: 'retail-forecasting',
      title: 'Forecasting',
      client: 'Acme *Retail*',
      industry: 'Retail',
    } as Parameters<typeof doc>[0])
    const markdown = documentMarkdown({
      collection: 'case-studies',
      locale: 'en',
      doc: study,
      site: site({ 'case-studies': { en: [study] } }),
      siteUrl: SITE_URL,
    })
    expect(markdown).toContain('- Client: Acme \\*Retail\\*\n- Industry: Retail')
    expect(markdown).toContain(`url: "${SITE_URL}/en/case-studies/retail-forecasting"`)
    expect(markdown).not.toContain('alternates')
  })
})
