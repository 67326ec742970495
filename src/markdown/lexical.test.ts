import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  doc,
  heading,
  HTML_TAG,
  internalLink,
  link,
  list,
  listItem,
  media,
  paragraph,
  richText,
  site,
  SITE_URL,
  text,
  upload,
} from '../../tests/support/site-fixtures'

import { lexicalContext } from './document'
import { lexicalToMarkdown } from './lexical'

const BOLD = 1
const ITALIC = 2
const STRIKE = 4
const CODE = 16

const published = doc({ id: 7, slug: 'published-post', title: 'Published post' })
const cover = media(3, 'inline.png', 'An inline picture')
const pdf = media(4, 'brochure.pdf', 'Brochure', 'application/pdf')
const context = lexicalContext(site({ posts: { en: [published] } }, [cover, pdf]), 'en', SITE_URL)

const render = (...children: Record<string, unknown>[]) =>
  lexicalToMarkdown(richText(...children), context)

describe('lexicalToMarkdown', () => {
  it('renders paragraphs separated by blank lines', () => {
    expect(render(paragraph(text('One.')), paragraph(text('Two.')))).toBe('One.\n\nTwo.')
  })

  it('starts body headings at ## (the title is the only #) and keeps deeper levels', () => {
    expect(
      render(heading('h1', text('Top')), heading('h2', text('Two')), heading('h4', text('Four'))),
    ).toBe('## Top\n\n## Two\n\n#### Four')
  })

  it('escapes a trailing # run that would close a heading', () => {
    expect(render(heading('h2', text('Notes on C #')))).toBe('## Notes on C \\#')
  })

  it('renders text formats, with spaces kept outside the markers', () => {
    expect(
      render(
        paragraph(
          text('bold ', BOLD),
          text('and '),
          text('italic', ITALIC),
          text(' '),
          text('gone', STRIKE),
          text(' '),
          text('both', BOLD | ITALIC),
          text(' '),
          text('a `tick`', CODE),
        ),
      ),
    ).toBe('**bold** and *italic* ~~gone~~ ***both*** `` a `tick` ``')
  })

  it('merges adjacent runs of one format', () => {
    expect(render(paragraph(text('a', BOLD), text('b', BOLD)))).toBe('**ab**')
  })

  it('turns line breaks into hard breaks', () => {
    expect(render(paragraph(text('one'), { type: 'linebreak' }, text('two')))).toBe('one\\\ntwo')
  })

  it('escapes text that would read as markup or HTML', () => {
    const markdown = render(
      paragraph(text('<script>alert(1)</script> *not bold* [not](a link)')),
      paragraph(text('# not a heading')),
      paragraph(text('1. not a list')),
    )
    expect(markdown).toBe(
      '&lt;script>alert(1)&lt;/script> \\*not bold\\* \\[not\\](a link)\n\n\\# not a heading\n\n1\\. not a list',
    )
    expect(markdown).not.toMatch(HTML_TAG)
  })

  it('renders bullet, numbered and check lists', () => {
    expect(
      render(
        list('bullet', [listItem(text('a')), listItem(text('b'))]),
        list('number', [listItem(text('third')), listItem(text('fourth'))], 3),
        list('check', [
          { ...listItem(text('done')), checked: true },
          { ...listItem(text('todo')), checked: false },
        ]),
      ),
    ).toBe('- a\n- b\n\n3. third\n4. fourth\n\n- [x] done\n- [ ] todo')
  })

  it('indents a nested list under its parent item (Lexical nests it in an item of its own)', () => {
    expect(
      render(
        list('number', [
          listItem(text('parent')),
          listItem(list('bullet', [listItem(text('child')), listItem(text('sibling'))])),
          listItem(text('next')),
        ]),
      ),
    ).toBe('1. parent\n   - child\n   - sibling\n2. next')
  })

  it('renders quotes line by line', () => {
    expect(
      render({ type: 'quote', children: [text('said'), { type: 'linebreak' }, text('twice')] }),
    ).toBe('> said\\\n> twice')
  })

  it('renders external links, makes relative ones absolute and drops unsafe ones', () => {
    expect(
      render(
        paragraph(
          link('https://other.test/a b', text('ext')),
          text(' '),
          link('/en/contact', text('rel')),
          text(' '),
          link('javascript:alert(1)', text('unsafe')),
          text(' '),
          { type: 'autolink', fields: { url: 'mailto:hi@example.test' }, children: [text('mail')] },
        ),
      ),
    ).toBe(
      `[ext](https://other.test/a%20b) [rel](${SITE_URL}/en/contact) unsafe [mail](mailto:hi@example.test)`,
    )
  })

  it('links internal links to the markdown twin of a published document, and only those', () => {
    expect(
      render(
        paragraph(
          internalLink('posts', 7, text('see')),
          text(' '),
          internalLink('posts', { id: 7, slug: 'published-post' }, text('again')),
          text(' '),
          internalLink('posts', 99, text('a draft')),
        ),
      ),
    ).toBe(
      `[see](${SITE_URL}/en/blog/published-post.md) [again](${SITE_URL}/en/blog/published-post.md) a draft`,
    )
  })

  it('renders relationship blocks to published documents as links', () => {
    expect(render({ type: 'relationship', relationTo: 'posts', value: 7 })).toBe(
      `[Published post](${SITE_URL}/en/blog/published-post.md)`,
    )
    expect(render({ type: 'relationship', relationTo: 'posts', value: 99 })).toBe('')
  })

  it('renders uploads with absolute URLs: images as images, other files as links', () => {
    expect(render(upload(cover), upload(3, 'Custom alt'), upload(4), upload(999))).toBe(
      [
        `![An inline picture](${SITE_URL}/api/media/file/inline.png)`,
        `![Custom alt](${SITE_URL}/api/media/file/inline.png)`,
        `[brochure.pdf](${SITE_URL}/api/media/file/brochure.pdf)`,
      ].join('\n\n'),
    )
  })

  it('links an image’s generated size, not its original', () => {
    const sized = {
      ...media(5, 'huge.png', 'A huge picture'),
      width: 4000,
      height: 2000,
      sizes: {
        small: { url: '/api/media/file/huge-400x200.webp', width: 400, height: 200 },
        medium: { url: '/api/media/file/huge-800x400.webp', width: 800, height: 400 },
        large: { url: '/api/media/file/huge-1600x800.webp', width: 1600, height: 800 },
      },
    } as typeof cover
    const withSizes = lexicalContext(site({ posts: { en: [published] } }, [sized]), 'en', SITE_URL)
    expect(lexicalToMarkdown(richText(upload(5)), withSizes)).toBe(
      `![A huge picture](${SITE_URL}/api/media/file/huge-1600x800.webp)`,
    )
  })

  it('puts an image’s credit under it, linked when it has a link, as the page’s caption', () => {
    const credited = {
      ...media(6, 'credited.png', 'A credited picture'),
      credit: 'Photo: Ana *Ruiz*, CC BY 4.0',
      creditUrl: 'https://creativecommons.org/licenses/by/4.0/',
    }
    const plain = { ...media(8, 'plain.png', 'A plain picture'), credit: 'Photo: Ana, CC0 1.0' }
    const unsafe = {
      ...media(9, 'unsafe.png', 'An unsafe link'),
      credit: 'Photo: Eve',
      creditUrl: 'javascript:alert(1)',
    }
    const file = { ...pdf, id: 10, credit: 'Drawn by Ana' }
    const withCredits = lexicalContext(
      site({ posts: { en: [published] } }, [credited, plain, unsafe, file]),
      'en',
      SITE_URL,
    )
    expect(
      lexicalToMarkdown(
        richText(upload(6), paragraph(text('Next.')), upload(8), upload(9), upload(10)),
        withCredits,
      ),
    ).toBe(
      [
        `![A credited picture](${SITE_URL}/api/media/file/credited.png)`,
        '_[Photo: Ana \\*Ruiz\\*, CC BY 4.0](https://creativecommons.org/licenses/by/4.0/)_',
        'Next.',
        `![A plain picture](${SITE_URL}/api/media/file/plain.png)`,
        '_Photo: Ana, CC0 1.0_',
        `![An unsafe link](${SITE_URL}/api/media/file/unsafe.png)`,
        '_Photo: Eve_',
        // A file that is not a picture is a link, with no caption on the page either.
        `[brochure.pdf](${SITE_URL}/api/media/file/brochure.pdf)`,
      ].join('\n\n'),
    )
  })

  it('renders tables as GFM tables with the first row as header', () => {
    const cell = (value: string) => ({ type: 'tablecell', children: [paragraph(text(value))] })
    expect(
      render({
        type: 'table',
        children: [
          { type: 'tablerow', children: [cell('Name'), cell('Value')] },
          { type: 'tablerow', children: [cell('a|b'), cell('1')] },
        ],
      }),
    ).toBe('| Name | Value |\n| --- | --- |\n| a\\|b | 1 |')
  })

  it('renders code blocks fenced, rules as ---, and unknown nodes as their text', () => {
    expect(
      render(
        {
          type: 'code',
          language: 'ts',
          children: [text('const a = "<b>"'), { type: 'linebreak' }, text('a')],
        },
        { type: 'horizontalrule' },
        { type: 'mystery', children: [text('still <here>')] },
      ),
    ).toBe('```ts\nconst a = "<b>"\na\n```\n\n---\n\nstill &lt;here>')
  })

  it('is empty for anything that is not an editor state', () => {
    expect(lexicalToMarkdown(null, context)).toBe('')
    expect(lexicalToMarkdown({ nope: true }, context)).toBe('')
  })

  it('never lets an HTML tag through from text outside code', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ value: fc.string(), format: fc.constantFrom(0, BOLD, ITALIC, STRIKE) }),
        ),
        (runs) => {
          const markdown = render(
            paragraph(...runs.map(({ value, format }) => text(value, format))),
          )
          return !markdown.includes('<')
        },
      ),
    )
  })
})
