/**
 * `ts_headline` marks hits with these two private-use characters, which the index strips from the
 * text it stores, so only PostgreSQL's marks can be in a snippet. The snippet is then escaped as
 * HTML and only the marks become markup: nothing an editor typed can.
 */
export const HIT_START = '\uE000'
export const HIT_END = '\uE001'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** A headline from PostgreSQL → HTML-escaped text with `<mark>` around the hits. */
export function markHits(headline: string): string {
  let open = false
  let html = ''
  for (const char of headline) {
    if (char === HIT_START && !open) {
      html += '<mark>'
      open = true
    } else if (char === HIT_END && open) {
      html += '</mark>'
      open = false
    } else if (char !== HIT_START && char !== HIT_END) {
      html += HTML_ESCAPES[char] ?? char
    }
  }
  return open ? `${html}</mark>` : html
}

const HTML_UNESCAPES: Record<string, string> = Object.fromEntries(
  Object.entries(HTML_ESCAPES).map(([char, entity]) => [entity, char]),
)

/** A snippet (`markHits`' output) as text segments, each a hit or not: for other formats. */
export function snippetSegments(html: string): { text: string; hit: boolean }[] {
  return html
    .split(/(<mark>[^<]*<\/mark>)/)
    .filter((part) => part !== '')
    .map((part) => {
      const hit = part.startsWith('<mark>')
      const text = (hit ? part.slice('<mark>'.length, -'</mark>'.length) : part).replace(
        /&(?:amp|lt|gt|quot|#39);/g,
        (entity) => HTML_UNESCAPES[entity]!,
      )
      return { text, hit }
    })
}
