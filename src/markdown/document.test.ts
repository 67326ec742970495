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
  it('writes frontmatter, then what the page says in its order: title, date, excerpt, cover, body, topics, the invitation to get in touch, the way back', () => {
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
        'Published on May 1, 2026 · 1 min read',
        '',
        'Agree on the shape of data.',
        '',
        `![A cover](${SITE_URL}/api/media/file/cover.png)`,
        '',
        '## Why',
        '',
        'Because.',
        '',
        '## Topics',
        '',
        '- [Data & Analytics](https://example.test/en/blog/category/category-1.md)',
        '',
        '## Let’s talk about your project',
        '',
        'Tell us where you are and where you want to go: we answer every inquiry within two working days.',
        '',
        `[Get in touch](${SITE_URL}/en/contact.md)`,
        '',
        `[← Back to the list](${SITE_URL}/en/blog.md)`,
        '',
      ].join('\n'),
    )
    expect(markdown).not.toMatch(HTML_TAG)
  })

  it('gives a case study’s summary after its cover, undated, and no alternates without a translation', () => {
    const study = doc({
      id: 2,
      slug: 'retail-forecasting',
      title: 'Forecasting',
      publishedAt: '2026-05-01T10:00:00.000Z',
      coverImage: media(7, 'shelves.png', 'Shelves'),
      client: 'Acme *Retail*',
      industry: 'Retail',
      challenge: 'Stores ran out by noon.',
      solution: 'Forecasts per store.',
      results: [
        { id: 'a', value: '−30 %', label: 'waste' },
        { id: 'b', value: ' ', label: 'an empty figure is left out' },
      ],
    } as Parameters<typeof doc>[0])
    const markdown = documentMarkdown({
      collection: 'case-studies',
      locale: 'en',
      doc: study,
      site: site({ 'case-studies': { en: [study] } }),
      siteUrl: SITE_URL,
    })
    expect(markdown).toContain(
      [
        `![Shelves](${SITE_URL}/api/media/file/shelves.png)`,
        '- **Client**: Acme \\*Retail\\*\n- **Industry**: Retail',
        '## The challenge',
        'Stores ran out by noon.',
        '## What we built',
        'Forecasts per store.',
        '## Results',
        '- **−30 %** waste',
      ].join('\n\n'),
    )
    expect(markdown).not.toContain('Published on')
    expect(markdown).not.toContain('empty figure')
    expect(markdown).toContain(`[← Back to the list](${SITE_URL}/en/case-studies.md)`)
    expect(markdown).toContain(`url: "${SITE_URL}/en/case-studies/retail-forecasting"`)
    expect(markdown).not.toContain('alternates')
  })
})

describe('documentMarkdown in Spanish', () => {
  it('takes its words from the message catalogue, and leaves out a cover without alt text', () => {
    const study = doc({
      id: 3,
      slug: 'previsiones',
      title: 'Previsiones',
      publishedAt: '2026-05-01T10:00:00.000Z',
      coverImage: media(6, 'sin-alt.png', ''),
      client: 'Acme',
    } as Parameters<typeof doc>[0])
    const markdown = documentMarkdown({
      collection: 'case-studies',
      locale: 'es',
      doc: study,
      site: site({ 'case-studies': { es: [study] } }),
      siteUrl: SITE_URL,
    })
    expect(markdown).toContain('\n\n- **Cliente**: Acme\n\n')
    expect(markdown).not.toContain('Publicado el')
    expect(markdown).toContain(`[Escríbenos](${SITE_URL}/es/contact.md)`)
    expect(markdown).toContain(`[← Volver a la lista](${SITE_URL}/es/case-studies.md)`)
    expect(markdown).not.toContain('sin-alt.png')
  })
})
