import { createDocument } from '@mixmark-io/domino'
import TurndownService from 'turndown'

import { classifyPath } from '@/http/path-kind'
import { isLocale, LOCALES, type Locale } from '@/i18n/locales'
import { paths } from '@/site/routes'

import { escapeInline, linkDestination, markdownImage } from './escape'
import { frontmatter } from './frontmatter'

/**
 * The markdown twin of a page of the site, made from the page as it was rendered: its `<main>`
 * converted by turndown with the rules below, under frontmatter read from the page's head. Any
 * page the site renders gets its twin this way, with no code of its own; posts and case studies
 * are rendered from their rich text instead (document.ts), which needs no page render.
 *
 * What a twin leaves out, because it does nothing in markdown or is not the page's content:
 * everything outside `<main>` (header, site navigation, footer, skip link); inside it scripts
 * (JSON-LD included), styles, templates, `<noscript>`, forms but for their paragraphs (their
 * fields, labels, hidden inputs and buttons go: a twin cannot be submitted, and a page with a form
 * says in its text how else to do the same; what a form's notes say, such as what the site does
 * with what is sent, stays), buttons, embedded frames and objects,
 * drawings (`svg`, `canvas`), media players, and whatever is hidden (`hidden`, `aria-hidden`).
 * Navigation inside `<main>` (the blog's pages) is content: it is how a reader gets to the rest.
 */

/** Elements left out of a twin with everything inside them (lower case, as `localName`). */
export const STRIPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'button',
  'input',
  'select',
  'textarea',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'audio',
  'video',
  'dialog',
])

/** Schemes a link may keep; any other (`javascript:`, `data:`…) leaves only its text. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:'])

/**
 * `/`, `/en`, `/es/blog/x`…: a page of the site whose twin the twin route renders (not a file,
 * the API or the admin; not the API reference, whose twin is a route of its own).
 */
export function isSitePagePath(pathname: string): boolean {
  const { kind } = classifyPath(pathname)
  return kind === 'index' || kind === 'page'
}

/**
 * Where a link of a twin points: `href` resolved against the page it is on, absolute; a page of
 * the site becomes the URL of its twin (query kept, fragment dropped: a twin has no anchors),
 * as every twin links to twins. Null for a link that goes nowhere in markdown: an anchor in the
 * same page, a scheme other than http(s), mailto and tel, or an unparseable href.
 */
export function twinHref(href: string, pageUrl: string, siteUrl: string): string | null {
  const trimmed = href.trim()
  if (trimmed === '' || trimmed.startsWith('#')) return null
  let url: URL
  try {
    url = new URL(trimmed, pageUrl)
  } catch {
    return null
  }
  if (!LINK_SCHEMES.has(url.protocol)) return null
  if (url.origin === new URL(siteUrl).origin && isSitePagePath(url.pathname)) {
    const pathname = url.pathname === '/' ? '/' : url.pathname.replace(/\/+$/, '')
    return `${siteUrl}${paths.twin(`${pathname}${url.search}`)}`
  }
  return url.href
}

/** A resource's absolute URL (images: files, never twins), or null when it has none. */
function resourceUrl(src: string, pageUrl: string): string | null {
  if (src.trim() === '') return null
  try {
    const url = new URL(src.trim(), pageUrl)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * Text as markdown text: inline-escaped (escape.ts: no emphasis, code, link or HTML can start in
 * it), and a block marker at the start of a line (`#`, `>`, `-`, `+`, `=`, `1.`) escaped.
 */
function escapeText(text: string): string {
  return escapeInline(text).replace(
    /(^|\n)([ \t]*)([#>+=-]|\d+(?=[.)]))/g,
    (_, start: string, indent: string, marker: string) =>
      /^\d/.test(marker) ? `${start}${indent}${marker}\\` : `${start}${indent}\\${marker}`,
  )
}

/**
 * A span of markdown on one line (link text, heading, table cell): a hard line break (`\` at the
 * end of a line, after any escaped backslashes) and every other line end become one space.
 */
const oneLine = (markdown: string) =>
  markdown
    .replace(/(?<!\\)((?:\\\\)*)\\\n/g, '$1\n')
    .replace(/\s*\n\s*/g, ' ')
    .trim()

/** The shortest run of backticks longer than every run in `text` (at least `min`). */
function backtickFence(text: string, min: number): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
  return '`'.repeat(Math.max(min, longest + 1))
}

const isElement = (node: Node | null): node is Element => node?.nodeType === 1

const childElements = (node: Node): Element[] => [...node.childNodes].filter(isElement)

/** The alignment a table cell asks for (`align`, or `text-align` in its style). */
function cellAlignment(cell: Element): 'left' | 'right' | 'center' | null {
  const align = (
    cell.getAttribute('align') ??
    /text-align\s*:\s*(\w+)/i.exec(cell.getAttribute('style') ?? '')?.[1] ??
    ''
  ).toLowerCase()
  return align === 'left' || align === 'right' || align === 'center' ? align : null
}

interface TableCell {
  text: string
  align: 'left' | 'right' | 'center' | null
}

const ALIGNMENT_MARKER = { left: ':---', right: '---:', center: ':---:' } as const

/** The rows of a table, head first, without descending into nested tables. */
function tableRows(table: Element): Element[] {
  const rows: Element[] = []
  for (const child of childElements(table)) {
    if (child.localName === 'tr') rows.push(child)
    else if (['thead', 'tbody', 'tfoot'].includes(child.localName)) {
      rows.push(...childElements(child).filter((row) => row.localName === 'tr'))
    }
  }
  const head = rows.findIndex((row) => row.parentElement?.localName === 'thead')
  if (head > 0) rows.unshift(...rows.splice(head, 1))
  return rows
}

/** The turndown service of the page twins, with every rule the module comment describes. */
function createService(pageUrl: string, siteUrl: string): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    br: '\\',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  })
  service.escape = escapeText
  /** Markdown of an element's content on one line (a cell, a term of a definition list). */
  const inline = (element: Element) => oneLine(service.turndown(element as HTMLElement))

  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = oneLine(content)
      return text ? `\n\n${'#'.repeat(Number(node.nodeName.charAt(1)))} ${text}\n\n` : ''
    },
  })

  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as Element | null
      let marker = '- '
      if (parent?.localName === 'ol') {
        const start = Number.parseInt(parent.getAttribute('start') ?? '1', 10)
        const index = childElements(parent)
          .filter((item) => item.localName === 'li')
          .indexOf(node)
        marker = `${(Number.isFinite(start) ? start : 1) + index}. `
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '')
        .replace(/\n/g, `\n${' '.repeat(marker.length)}`)
      return `${marker}${body}\n`
    },
  })

  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && node.hasAttribute('href'),
    replacement: (content, node) => {
      const text = oneLine(content)
      const href = twinHref((node as Element).getAttribute('href') ?? '', pageUrl, siteUrl)
      if (!text) return ''
      return href ? `[${text}](${linkDestination(href)})` : text
    },
  })

  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const element = node as Element
      const alt = (element.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim()
      // No alt text: decorative, nothing to say. An alt text is never dropped, even without a file.
      if (!alt) return ''
      const src = resourceUrl(element.getAttribute('src') ?? '', pageUrl)
      return src ? markdownImage(alt, src) : escapeText(alt)
    },
  })

  service.addRule('inlineCode', {
    filter: (node) => node.nodeName === 'CODE' && node.parentNode?.nodeName !== 'PRE',
    replacement: (_content, node) => {
      const code = (node.textContent ?? '').replace(/\r?\n/g, ' ')
      if (code === '') return ''
      const fence = backtickFence(code, 1)
      // CommonMark strips one space from each side of a span that has one on both sides.
      const pad = /^`|`$/.test(code) || /^ .*\S.* $/.test(code) ? ' ' : ''
      return `${fence}${pad}${code}${pad}${fence}`
    },
  })

  service.addRule('fencedCode', {
    filter: 'pre',
    replacement: (_content, node) => {
      const element = node as Element
      const code = (element.textContent ?? '').replace(/\r\n?/g, '\n').replace(/\n$/, '')
      if (code.trim() === '') return ''
      const classes = [element, ...childElements(element).filter((c) => c.localName === 'code')]
        .map((candidate) => candidate.getAttribute('class') ?? '')
        .join(' ')
      const language = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes)?.[1] ?? ''
      const fence = backtickFence(code, 3)
      return `\n\n${fence}${language}\n${code}\n${fence}\n\n`
    },
  })

  service.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => {
      const table = node as Element
      const rows = tableRows(table).map((row) =>
        childElements(row)
          .filter((cell) => cell.localName === 'td' || cell.localName === 'th')
          .flatMap((cell): TableCell[] => {
            const span = Math.max(1, Number.parseInt(cell.getAttribute('colspan') ?? '1', 10) || 1)
            const text = inline(cell).replace(/\|/g, '\\|')
            const spanned = Array.from({ length: span - 1 }, () => ({ text: '', align: null }))
            return [{ text, align: cellAlignment(cell) }, ...spanned]
          }),
      )
      if (rows.length === 0) return ''
      const width = Math.max(...rows.map((row) => row.length))
      if (width === 0) return ''
      const line = (cells: string[]) => `| ${cells.join(' | ')} |`
      const cellsOf = (row: { text: string }[]) =>
        Array.from({ length: width }, (_, index) => row[index]?.text ?? '')
      const [head, ...body] = rows
      const alignments = Array.from({ length: width }, (_, index) => {
        const align = head![index]?.align
        return align ? ALIGNMENT_MARKER[align] : '---'
      })
      const caption = childElements(table).find((child) => child.localName === 'caption')
      const captionText = caption ? inline(caption) : ''
      return [
        '\n\n',
        captionText ? `${captionText}\n\n` : '',
        [line(cellsOf(head!)), line(alignments), ...body.map((row) => line(cellsOf(row)))].join(
          '\n',
        ),
        '\n\n',
      ].join('')
    },
  })

  service.addRule('definitionList', {
    filter: 'dl',
    replacement: (_content, node) => {
      const items: string[] = []
      for (const child of childElements(node)) {
        const text = inline(child)
        if (!text) continue
        if (child.localName === 'dt') items.push(`- **${text}**`)
        else if (child.localName === 'dd') {
          const last = items.length - 1
          if (last >= 0 && items[last]!.endsWith('**')) items[last] += `: ${text}`
          else if (last >= 0) items[last] += `; ${text}`
          else items.push(`- ${text}`)
        }
      }
      return items.length > 0 ? `\n\n${items.join('\n')}\n\n` : ''
    },
  })

  // A form is only its notes: the paragraphs among its fields, in order.
  service.addRule('form', {
    filter: 'form',
    replacement: (_content, node) => {
      const text = formNotes(node as Element).map((note) => service.turndown(note as never).trim())
      return text.length > 0 ? `\n\n${text.filter(Boolean).join('\n\n')}\n\n` : ''
    },
  })

  // Added last, so checked first: what is stripped goes whatever other rule would match it.
  service.addRule('stripped', {
    filter: (node) =>
      STRIPPED_ELEMENTS.has((node as Element).localName) ||
      node.hasAttribute('hidden') ||
      node.getAttribute('aria-hidden') === 'true',
    replacement: () => '',
  })

  return service
}

/** A form's paragraphs, in order, but for those hidden. */
function formNotes(element: Element): Element[] {
  return childElements(element).flatMap((child) => {
    if (child.hasAttribute('hidden') || child.getAttribute('aria-hidden') === 'true') return []
    return child.localName === 'p' ? [child] : formNotes(child)
  })
}

/**
 * Byte-stable markdown: line endings `\n`, no trailing whitespace, no more than one blank line in
 * a row, none at the start, exactly one newline at the end. Lines of fenced code are kept as
 * they are, blank ones included.
 */
export function normalizeMarkdown(markdown: string): string {
  const output: string[] = []
  let fence: string | null = null
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence !== null) {
      output.push(raw)
      if (raw.trim() === fence) fence = null
      continue
    }
    const line = raw.replace(/[ \t]+$/, '')
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)
    if (opening) fence = opening[1]!
    if (line === '' && (output.length === 0 || output[output.length - 1] === '')) continue
    output.push(line)
  }
  while (output.length > 0 && output[output.length - 1] === '') output.pop()
  return `${output.join('\n')}\n`
}

/** An HTML element (or fragment) as markdown, with the page twins' rules. */
export function htmlToMarkdown(
  input: string | HTMLElement,
  context: { pageUrl: string; siteUrl: string },
): string {
  const service = createService(context.pageUrl, context.siteUrl)
  return normalizeMarkdown(service.turndown(input))
}

export interface PageTwin {
  markdown: string
  /** The page's language, from `<html lang>`. */
  locale?: Locale
  /** The page's canonical URL, from `<link rel="canonical">`. */
  canonical?: string
}

/**
 * The twin of a rendered page (`html`: the whole document, served at `pagePath`): frontmatter
 * from its head (title: `og:title`, else `<title>`; description; url: the canonical URL; lang;
 * alternates: the twins of its `hreflang` versions in the site's other locales), then its
 * `<main>` as markdown. With `frontmatter: false` (a not-found page) only the content.
 */
export function pageTwin(
  html: string,
  context: { pagePath: string; siteUrl: string; frontmatter: boolean },
): PageTwin {
  const document = createDocument(html)
  const { siteUrl } = context
  const attribute = (selector: string, name: string) =>
    document.querySelector(selector)?.getAttribute(name)?.trim() || undefined
  const lang = document.documentElement?.getAttribute('lang') ?? undefined
  const locale = isLocale(lang) ? lang : undefined
  const canonical = attribute('link[rel="canonical"]', 'href')
  const pageUrl = canonical ?? `${siteUrl}${context.pagePath}`

  const main = document.querySelector('main')
  const body = main ? htmlToMarkdown(main as HTMLElement, { pageUrl, siteUrl }) : ''
  if (!context.frontmatter) return { markdown: body, locale, canonical }

  const alternates: Record<string, string> = {}
  for (const other of LOCALES) {
    if (other === locale) continue
    const href = attribute(`link[rel="alternate"][hreflang="${other}"]`, 'href')
    const twin = href ? twinHref(href, pageUrl, siteUrl) : null
    if (twin) alternates[other] = twin
  }
  const head = frontmatter({
    title:
      attribute('meta[property="og:title"]', 'content') ?? (document.title.trim() || undefined),
    description: attribute('meta[name="description"]', 'content'),
    url: canonical,
    lang: locale,
    alternates,
  })
  return { markdown: `${head}\n\n${body}`, locale, canonical }
}
