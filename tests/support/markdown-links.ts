/**
 * The URLs a reader of a markdown file would follow, as CommonMark and GFM make links of them:
 * inline links and images (`[text](url)`, `![alt](url)`), autolinks (`<https://…>`) and GFM's
 * autolinked bare URLs. Code, fenced or inline, is text, not links: `` `POST https://…/api/mcp` ``
 * names an endpoint without linking it. A crawler (or an agent) reading llms.txt, a SKILL.md or a
 * markdown twin follows exactly these.
 */

/** Fenced code blocks (``` or ~~~, to the matching fence or the end) and inline code spans. */
const FENCED_CODE = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![\s\S]))/gm
const CODE_SPAN = /(`+)(?!`)[\s\S]*?[^`]\1(?!`)|(`+)(?!`)\2/g

const INLINE_LINK = /!?\[(?:\\.|[^\]\\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g
const AUTOLINK = /<(https?:\/\/[^\s<>]+)>/g
/** GFM's extended autolink: `http(s)://` to the first space or `<`. */
const BARE_URL = /https?:\/\/[^\s<]+/g
/** What GFM leaves out of the end of a bare URL: trailing punctuation. */
const TRAILING_PUNCTUATION = /[?!.,:*_~'"]+$/

/** A bare URL as GFM ends it: no trailing punctuation, no unbalanced closing parenthesis. */
function trimBareUrl(url: string): string {
  let trimmed = url
  for (;;) {
    const before = trimmed
    trimmed = trimmed.replace(TRAILING_PUNCTUATION, '')
    if (trimmed.endsWith(')')) {
      const opened = trimmed.split('(').length - 1
      const closed = trimmed.split(')').length - 1
      if (closed > opened) trimmed = trimmed.slice(0, -1)
    }
    // An entity reference at the end (`&amp;`) is not part of the URL either.
    trimmed = trimmed.replace(/&[a-z0-9]+;$/i, '')
    if (trimmed === before) return trimmed
  }
}

/** Markdown with its code removed: what is left is where links can be. */
export function withoutCode(markdown: string): string {
  return markdown.replace(FENCED_CODE, '\n').replace(CODE_SPAN, ' ')
}

/** Every distinct URL `markdown` links to, absolute or as written (relative ones included). */
export function markdownLinks(markdown: string): string[] {
  const text = withoutCode(markdown)
  const links = new Set<string>()
  for (const [, url] of text.matchAll(INLINE_LINK)) links.add(url!.replace(/\\(.)/g, '$1'))
  for (const [, url] of text.matchAll(AUTOLINK)) links.add(url!)
  // Bare URLs, outside the inline links and autolinks already read.
  const rest = text.replace(INLINE_LINK, ' ').replace(AUTOLINK, ' ')
  for (const [url] of rest.matchAll(BARE_URL)) links.add(trimBareUrl(url))
  return [...links]
}
