import { describe, expect, it } from 'vitest'

import { htmlToMarkdown, normalizeMarkdown, pageTwin, twinHref } from './page-twin'

/**
 * Fixtures for each rule of the page twins: HTML in, the exact markdown expected out, written by
 * hand.
 */

const SITE = 'https://example.test'
const context = { pageUrl: `${SITE}/en/blog`, siteUrl: SITE }
const md = (html: string) => htmlToMarkdown(html, context)

describe('links', () => {
  it.each([
    ['/en/blog/a-post', `${SITE}/en/blog/a-post.md`],
    ['/es', `${SITE}/es.md`],
    ['/', `${SITE}/index.md`],
    ['/en/blog/', `${SITE}/en/blog.md`],
    ['/en/blog?page=2', `${SITE}/en/blog.md?page=2`],
    ['/en/blog/a-post#section', `${SITE}/en/blog/a-post.md`],
    ['a-post', `${SITE}/en/a-post.md`],
    [`${SITE}/es/contact`, `${SITE}/es/contact.md`],
    ['/openapi.json', `${SITE}/openapi.json`],
    ['/api/mcp', `${SITE}/api/mcp`],
    ['/en/feed.xml', `${SITE}/en/feed.xml`],
    ['https://other.example/en/blog', 'https://other.example/en/blog'],
    ['mailto:team@example.test', 'mailto:team@example.test'],
    ['#content', null],
    ['', null],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
  ])('%s → %s', (href, expected) => {
    expect(twinHref(href, context.pageUrl, SITE)).toBe(expected)
  })

  it('writes site links to twins, others absolute, in-page anchors as text', () => {
    expect(
      md(
        '<p><a href="/en/blog/x">A post</a>, <a href="https://other.example/a b(c)">elsewhere</a>, ' +
          '<a href="#top">back up</a> and <a href="javascript:void(0)">nothing</a>.</p>',
      ),
    ).toBe(
      `[A post](${SITE}/en/blog/x.md), [elsewhere](https://other.example/a%20b%28c%29), back up and nothing.\n`,
    )
  })

  it('drops a link with no text and puts link text on one line', () => {
    expect(md('<p><a href="/en"></a><a href="/en/contact">Write\n   to <em>us</em></a></p>')).toBe(
      `[Write to _us_](${SITE}/en/contact.md)\n`,
    )
  })
})

describe('images', () => {
  it('keeps the alt text with an absolute URL, and drops images without one', () => {
    expect(
      md(
        '<p><img src="/api/media/file/a.png" alt="A chart [2026]">' +
          '<img src="/api/media/file/b.png" alt=""><img src="/c.png"><img src="/d.png" alt="   "></p>',
      ),
    ).toBe(`![A chart \\[2026\\]](${SITE}/api/media/file/a.png)\n`)
  })

  it('never drops an alt text: without a usable source it stays as text', () => {
    expect(md('<p><img alt="Team photo"> <img src="javascript:x" alt="Logo"></p>')).toBe(
      'Team photo Logo\n',
    )
  })

  it('an image in a link', () => {
    expect(md('<a href="/en/case-studies/x"><img src="x.png" alt="X"></a>')).toBe(
      `[![X](${SITE}/en/x.png)](${SITE}/en/case-studies/x.md)\n`,
    )
  })
})

describe('code', () => {
  it('inline code keeps its text unescaped, fenced by more backticks than it holds', () => {
    expect(
      md('<p>Call <code>send_inquiry</code> or <code>a`b</code> or <code>`x`</code>.</p>'),
    ).toBe('Call `send_inquiry` or ``a`b`` or `` `x` ``.\n')
  })

  it('a pre block is fenced code with its language and its exact lines', () => {
    expect(
      md(
        '<pre><code class="language-json">{\n  "name": "*Ada*"\n\n}\n</code></pre>' +
          '<pre>plain\n   indented</pre>',
      ),
    ).toBe('```json\n{\n  "name": "*Ada*"\n\n}\n```\n\n```\nplain\n   indented\n```\n')
  })

  it('a fence longer than any run of backticks inside', () => {
    expect(md('<pre><code>```\ninner\n```</code></pre>')).toBe('````\n```\ninner\n```\n````\n')
  })
})

describe('tables (GFM)', () => {
  it('head row, alignment, escaped pipes, inline markup in cells', () => {
    expect(
      md(
        '<table><thead><tr><th>Field</th><th align="right">Max</th><th style="text-align: center">Rule</th></tr></thead>' +
          '<tbody><tr><td><code>name</code></td><td>200</td><td>a | b<br>c</td></tr>' +
          '<tr><td><strong>email</strong></td><td>254</td><td><p>one</p><p>two</p></td></tr></tbody></table>',
      ),
    ).toBe(
      [
        '| Field | Max | Rule |',
        '| --- | ---: | :---: |',
        '| `name` | 200 | a \\| b c |',
        '| **email** | 254 | one two |',
        '',
      ].join('\n'),
    )
  })

  it('without a head the first row heads; short rows and colspans are padded; a caption leads', () => {
    expect(
      md(
        '<table><caption>Budgets</caption><tr><td>a</td><td>b</td><td>c</td></tr>' +
          '<tr><td colspan="2">wide</td><td>z</td></tr><tr><td>short</td></tr></table>',
      ),
    ).toBe(
      [
        'Budgets',
        '',
        '| a | b | c |',
        '| --- | --- | --- |',
        '| wide |  | z |',
        '| short |  |  |',
        '',
      ].join('\n'),
    )
  })
})

describe('what is stripped', () => {
  it('a form but for its notes: what the site does with what is sent stays', () => {
    expect(
      md(
        '<h1>Contact</h1><form method="post"><div><label for="n">Name</label><input id="n"></div>' +
          '<p class="form-note">We use what you send only to answer you. <a href="/en/privacy">Privacy</a></p>' +
          '<div hidden><p>hidden note</p></div><button type="submit">Send</button></form>',
      ),
    ).toBe(
      `# Contact\n\nWe use what you send only to answer you. [Privacy](${SITE}/en/privacy.md)\n`,
    )
  })

  it('scripts, styles, forms with their fields and buttons, hidden things; navigation stays', () => {
    expect(
      md(
        '<h1>Contact</h1><script type="application/ld+json">{"@type":"Thing"}</script><style>p{}</style>' +
          '<form action="/x"><input type="hidden" name="locale" value="en"><label for="n">Name</label>' +
          '<input id="n" name="name"><select><option>One</option></select><textarea>t</textarea>' +
          '<button type="submit">Send</button></form>' +
          '<p>Before <button type="button">Copy</button>after<svg><title>icon</title></svg>.</p>' +
          '<div hidden>secret</div><p aria-hidden="true">decor</p><noscript>no js</noscript>' +
          '<nav aria-label="Pagination"><a href="/en/blog?page=2">Older</a></nav>',
      ),
    ).toBe(`# Contact\n\nBefore after.\n\n[Older](${SITE}/en/blog.md?page=2)\n`)
  })
})

describe('text and structure', () => {
  it('escapes markup in text, so it reads as text', () => {
    expect(md('<p>*not bold* &lt;b&gt;tag&lt;/b&gt; [x](y) snake_case _under_ &amp;amp;</p>')).toBe(
      '\\*not bold\\* &lt;b>tag&lt;/b> \\[x\\](y) snake_case \\_under\\_ \\&amp;\n',
    )
  })

  it('escapes block markers at the start of a line', () => {
    expect(
      md('<p># not a heading</p><p>1. not a list</p><p>- nor this</p><p>&gt; nor a quote</p>'),
    ).toBe('\\# not a heading\n\n1\\. not a list\n\n\\- nor this\n\n\\> nor a quote\n')
  })

  it('headings are atx, on one line; empty ones go', () => {
    expect(md('<h2>Two<br>lines</h2><h3> </h3><h4>Four</h4>')).toBe('## Two lines\n\n#### Four\n')
  })

  it('lists: `-` and numbered from `start`, continuation lines indented under the marker', () => {
    expect(
      md(
        '<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol start="9"><li><p>nine</p><p>more</p></li><li>ten</li></ol>',
      ),
    ).toBe('- one\n- two\n  - nested\n\n9. nine\n\n   more\n10. ten\n')
  })

  it('a definition list is a list of terms with their definitions', () => {
    expect(
      md(
        '<dl><dt>Client</dt><dd>Acme *Ltd*</dd><dt>Industry</dt><dd>Retail</dd><dd>Logistics</dd></dl>',
      ),
    ).toBe('- **Client**: Acme \\*Ltd\\*\n- **Industry**: Retail; Logistics\n')
  })

  it('line breaks are backslash breaks (no trailing spaces to lose)', () => {
    expect(md('<p>one<br>two</p>')).toBe('one\\\ntwo\n')
  })
})

describe('byte-stable output', () => {
  it('the same content however the HTML is indented gives the same bytes', () => {
    const compact = '<h1>Title</h1><p>Some <em>text</em> here.</p><ul><li>a</li><li>b</li></ul>'
    const indented = `
      <h1>
        Title
      </h1>
      <p>Some   <em>text</em>
         here.</p>

      <ul>
        <li>a</li>
        <li>b</li>
      </ul>
    `
    const expected = '# Title\n\nSome _text_ here.\n\n- a\n- b\n'
    expect(md(compact)).toBe(expected)
    expect(md(indented)).toBe(expected)
  })

  it('normalizeMarkdown: \\n line ends, no trailing spaces or runs of blank lines, one final newline; code kept', () => {
    expect(
      normalizeMarkdown('\n\n# A  \r\n\r\n\r\n\ntext\t\n```\ncode  \n\n\nend\n```\n\n\n'),
    ).toBe('# A\n\ntext\n```\ncode  \n\n\nend\n```\n')
  })
})

describe('pageTwin', () => {
  const page = (head: string, main: string, lang = 'es') =>
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">${head}</head><body>` +
    `<a href="#content">Skip</a><header><nav><a href="/es">Inicio</a></nav></header>` +
    `<main id="content">${main}</main><footer>© Meridian</footer></body></html>`
  const head =
    '<title>Blog (2) · Meridian</title><meta name="description" content="Artículos &quot;y más&quot;">' +
    `<link rel="canonical" href="${SITE}/es/blog?page=2">` +
    `<link rel="alternate" hrefLang="en" href="${SITE}/en/blog?page=2">` +
    `<link rel="alternate" hrefLang="es" href="${SITE}/es/blog?page=2">` +
    `<link rel="alternate" hrefLang="x-default" href="${SITE}/en/blog?page=2">` +
    '<meta property="og:title" content="Blog (2)">'

  it('frontmatter from the head, then <main> only', () => {
    const twin = pageTwin(page(head, '<h1>Blog</h1><p>Página 2 de 3</p>'), {
      pagePath: '/es/blog?page=2',
      siteUrl: SITE,
      frontmatter: true,
    })
    expect(twin.markdown).toBe(
      [
        '---',
        'title: "Blog (2)"',
        'description: "Artículos \\"y más\\""',
        `url: "${SITE}/es/blog?page=2"`,
        'lang: "es"',
        'alternates:',
        `  en: "${SITE}/en/blog.md?page=2"`,
        '---',
        '',
        '# Blog',
        '',
        'Página 2 de 3',
        '',
      ].join('\n'),
    )
    expect(twin.locale).toBe('es')
    expect(twin.canonical).toBe(`${SITE}/es/blog?page=2`)
  })

  it('the <title> when there is no og:title; without frontmatter only the content', () => {
    const html = page(
      '<title>Página no encontrada · Meridian</title>',
      '<h1>Página no encontrada</h1>',
    )
    expect(
      pageTwin(html, { pagePath: '/es/nada', siteUrl: SITE, frontmatter: true }).markdown,
    ).toBe(
      '---\ntitle: "Página no encontrada · Meridian"\nlang: "es"\n---\n\n# Página no encontrada\n',
    )
    expect(pageTwin(html, { pagePath: '/es/nada', siteUrl: SITE, frontmatter: false })).toEqual({
      markdown: '# Página no encontrada\n',
      locale: 'es',
      canonical: undefined,
    })
  })

  it('relative links resolve against the page itself when it names no canonical URL', () => {
    const html = page('', '<p><a href="otro">Otro</a></p>')
    expect(
      pageTwin(html, { pagePath: '/es/blog/uno', siteUrl: SITE, frontmatter: false }).markdown,
    ).toBe(`[Otro](${SITE}/es/blog/otro.md)\n`)
  })
})
