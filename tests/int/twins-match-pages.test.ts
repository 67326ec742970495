import { beforeAll, describe, expect, it } from 'vitest'

import { LOCALES, type Locale } from '@/i18n/locales'
import { paths } from '@/site/routes'

import { baseUrl, get } from '../support/api'
import { createAgentsContent, type AgentsContent } from '../support/agents-content'

/**
 * Every kind of page and its markdown twin say the same: the twin's `#` is the page's `<h1>`, its
 * words are the words of the page's `<main>`, and so are its headings, link targets and images'
 * alt texts. The page side is read here with plain string work on the HTML the app serves
 * (nothing of the twins' converter), leaving out what twins leave out by design (scripts,
 * styles, forms but for their notes, buttons, drawings: src/markdown/page-twin.ts) and reading
 * an image as its alt text. Site pages' twins are converted from the page; posts' and case
 * studies' twins are rendered from their rich text on their own, so for them this is what keeps
 * the two in step.
 */

let content: AgentsContent

beforeAll(async () => {
  content = await createAgentsContent()
}, 120_000)

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8'

interface PageCase {
  name: string
  path: () => string
  status: 200 | 404
}

const pageCases = (locale: Locale): PageCase[] => [
  { name: `home (${locale})`, path: () => paths.home(locale), status: 200 },
  { name: `blog (${locale})`, path: () => paths.blog(locale), status: 200 },
  { name: `blog page 2 (${locale})`, path: () => paths.blog(locale, 2), status: 200 },
  { name: `case studies (${locale})`, path: () => paths.caseStudies(locale), status: 200 },
  { name: `contact (${locale})`, path: () => paths.contact(locale), status: 200 },
  { name: `developers (${locale})`, path: () => paths.developers(locale), status: 200 },
  { name: `post (${locale})`, path: () => paths.post(locale, content.post.slug), status: 200 },
  {
    name: `case study (${locale})`,
    path: () => paths.caseStudy(locale, content.caseStudy.slug),
    status: 200,
  },
  { name: `not found (${locale})`, path: () => `/${locale}/no-such-page`, status: 404 },
]
const CASES = LOCALES.flatMap(pageCases)

// ---- The page side: plain string work on the served HTML ---------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return String.fromCodePoint(code)
    }
    return ENTITIES[name.toLowerCase()] ?? entity
  })

/** Elements whose whole content a twin leaves out. */
const LEFT_OUT = ['script', 'style', 'template', 'noscript', 'button', 'select', 'textarea', 'svg']

/** The inside of the page's one `<main>`, without what twins leave out. */
function mainOf(html: string): string {
  const opened = html.search(/<main\b/i)
  const closed = html.lastIndexOf('</main>')
  expect(opened).toBeGreaterThanOrEqual(0)
  let main = html.slice(html.indexOf('>', opened) + 1, closed)
  // A form is only its notes (its paragraphs): fields, labels and buttons are not in a twin.
  main = main.replace(
    /<form\b[\s\S]*?<\/form>/gi,
    (form) => ` ${(form.match(/<p\b[^>]*>[\s\S]*?<\/p>/gi) ?? []).join(' ')} `,
  )
  for (const name of LEFT_OUT) {
    main = main.replace(new RegExp(`<${name}\\b[\\s\\S]*?</${name}>`, 'gi'), ' ')
  }
  return main
}

const attributeOf = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)
  return match ? decode(match[1]!) : null
}

/** Text of an HTML fragment: every tag a space, an image its alt text. */
const htmlText = (fragment: string) =>
  decode(
    fragment
      .replace(/<img\b[^>]*>/gi, (tag) => ` ${attributeOf(tag, 'alt') ?? ''} `)
      .replace(/<[^>]*>/g, ' '),
  )

/** Words: runs of letters and digits; markup, punctuation and spacing are not compared. */
const words = (text: string) => text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

function pageHeadings(main: string): string[] {
  return [...main.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)].map(
    ([, level, inner]) => `${'#'.repeat(Number(level))} ${oneLine(htmlText(inner!))}`,
  )
}

/** What a link on the page should become in its twin: absolute; a site page's twin. */
function expectedTarget(href: string, pageUrl: string): string | null {
  if (href.startsWith('#')) return null
  const url = new URL(href, pageUrl)
  const site = new URL(baseUrl())
  const sitePage = new RegExp(`^/(${LOCALES.join('|')})(/[^.]*)?$`)
  if (url.origin === site.origin && sitePage.test(url.pathname)) {
    return `${site.origin}${url.pathname}.md${url.search}`
  }
  return url.href
}

function pageLinks(main: string, pageUrl: string): string[] {
  return [...main.matchAll(/<a\b[^>]*>/gi)]
    .map(([tag]) => attributeOf(tag, 'href'))
    .filter((href): href is string => href !== null)
    .map((href) => expectedTarget(href, pageUrl))
    .filter((target): target is string => target !== null)
}

const pageAlts = (main: string) =>
  [...main.matchAll(/<img\b[^>]*>/gi)]
    .map(([tag]) => oneLine(attributeOf(tag, 'alt') ?? ''))
    .filter(Boolean)

// ---- The twin side: markdown read as markdown -------------------------------------------------

const withoutFrontmatter = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n/, '')
const unescape = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/&lt;/g, '<')
/** Inline markdown as text: images their alt, links their text, no markup. */
const markdownText = (markdown: string) =>
  unescape(
    markdown
      .replace(/^(`{3,}|~{3,}).*$/gm, ' ')
      .replace(/!\[((?:\\.|[^\]\\])*)\]\([^)\s]*\)/g, ' $1 ')
      .replace(/\]\([^)\s]*\)/g, ' '),
  )

/** `#` headings, at the start of a line or of a list item (a card's title). */
function twinHeadings(body: string): string[] {
  return [...body.matchAll(/^[ \t]*(?:(?:[-*+]|\d+[.)]) +)*(#{1,6}) (.*)$/gm)].map(
    ([, hashes, text]) => `${hashes} ${oneLine(markdownText(text!).replace(/[[\]*_`]/g, ''))}`,
  )
}

/** Links, an image inside a link's text (a linked logo: `[![alt](file)](href)`) read as part of it. */
const twinLinks = (body: string) =>
  [...body.matchAll(/(!?)\[(?:!\[(?:\\.|[^\]\\])*\]\([^)\s]*\)|\\.|[^\]\\])*\]\(([^)\s]+)\)/g)]
    .filter(([, bang]) => bang === '')
    .map(([, , target]) => target!)

const twinAlts = (body: string) =>
  [...body.matchAll(/!\[((?:\\.|[^\]\\])*)\]\([^)\s]*\)/g)].map(([, alt]) => unescape(alt!))

// ---- The comparison ---------------------------------------------------------------------------

async function pageAndTwin(path: string) {
  const page = await get(path, { headers: { Accept: HTML_ACCEPT } })
  const twin = await get(paths.twin(path))
  return { page, html: await page.text(), twin, markdown: await twin.text() }
}

describe('a twin says what its page says', () => {
  it.each(CASES.map((entry) => [entry.name, entry] as const))(
    '%s',
    async (_, { path: pathOf, status }) => {
      const path = pathOf()
      const { page, html, twin, markdown } = await pageAndTwin(path)
      expect(page.status).toBe(status)
      expect(twin.status).toBe(status)
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      expect(twin.headers.get('content-type')).toMatch(/^text\/markdown/)

      const main = mainOf(html)
      const body = withoutFrontmatter(markdown)
      const pageUrl = `${baseUrl()}${path}`

      // The one `#` is the page's `<h1>`.
      const [h1 = ''] = [...main.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map(([, inner]) =>
        oneLine(htmlText(inner!)),
      )
      expect(h1).not.toBe('')
      const headings = twinHeadings(body)
      expect(headings.filter((heading) => heading.startsWith('# '))).toEqual([`# ${h1}`])
      expect(headings).toEqual(pageHeadings(main))

      expect(words(markdownText(body))).toEqual(words(htmlText(main)))
      expect(twinLinks(body)).toEqual(pageLinks(main, pageUrl))
      expect(twinAlts(body)).toEqual(pageAlts(main))
    },
  )
})

describe('the developers page and its twin tell agents how to send an inquiry', () => {
  it.each(LOCALES)('%s', async (locale) => {
    const { html, markdown } = await pageAndTwin(paths.developers(locale))
    const site = baseUrl()
    for (const target of [
      `${site}/openapi.json`,
      `${site}/.well-known/agent-skills/contact-team/SKILL.md`,
    ]) {
      expect(markdown).toContain(`](${target})`)
    }
    for (const code of [
      'POST /api/inquiries',
      'send_inquiry',
      '/api/mcp',
      'name',
      'email',
      'message',
    ]) {
      expect(markdown).toContain(`\`${code}\``)
      expect(html).toContain(`<code>${code}</code>`)
    }
    // The fields are a table; the example a fenced block.
    expect(markdown).toMatch(/\n\| `name` \| [^\n]+ \|\n/)
    expect(markdown).toMatch(/\n```sh\ncurl -X POST [^\n]+\/api\/inquiries \\\n/)
    // The form itself is not in the twin.
    expect(markdown).not.toMatch(/honeypot|type="hidden"/)
  })
})
