/**
 * Escaping for the markdown we write (CommonMark + GFM): text from editors must read as text,
 * never as markup, and no `<` may ever reach the output as the start of an HTML tag.
 */

/** A `<` as an entity: CommonMark shows it as `<`, and no HTML tag can begin with it. */
const LT = '&lt;'

/**
 * Inline text: every character that could start emphasis, code, a link, strikethrough or an
 * HTML tag or entity is escaped. `_` inside a word cannot start emphasis and stays as it is
 * (`snake_case`), which keeps the text readable.
 */
export function escapeInline(text: string): string {
  return text
    .replace(/[\\`*[\]~]/g, (character) => `\\${character}`)
    .replace(/_/g, (underscore, offset: number, whole: string) =>
      /\w/.test(whole[offset - 1] ?? '') && /\w/.test(whole[offset + 1] ?? '') ? underscore : '\\_',
    )
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
    .replace(/</g, LT)
}

/**
 * What a line of a paragraph must not start with to stay a paragraph: a heading, quote, list or
 * setext underline marker, or indentation (a code block). Applied to each line.
 */
export function escapeLineStart(line: string): string {
  return line
    .replace(/^[ \t]+/, '')
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2')
}

/** Each line of an already inline-escaped block of text, made safe at its start. */
export function escapeLineStarts(text: string): string {
  return text.split('\n').map(escapeLineStart).join('\n')
}

/** Heading text: inline-escaped, on one line, with `#` escaped (a trailing one would close it). */
export function headingText(text: string): string {
  return escapeInline(text.replace(/\s+/g, ' ').trim()).replace(/#/g, '\\#')
}

/**
 * A link destination that needs no angle brackets: whitespace, parentheses, angle brackets and
 * control characters are percent-encoded (the URL means the same, and nothing ends it early).
 */
export function linkDestination(url: string): string {
  return url.replace(/[\s()<>\u0000-\u001f\u007f]/g, (character) =>
    [...Buffer.from(character, 'utf8')]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
      .join(''),
  )
}

/** `[text](url)` with both parts escaped; the text is on one line. */
export function markdownLink(text: string, url: string): string {
  return `[${escapeInline(text.replace(/\s+/g, ' ').trim())}](${linkDestination(url)})`
}

/** `![alt](url)`. */
export function markdownImage(alt: string, url: string): string {
  return `!${markdownLink(alt, url)}`
}

/**
 * A double-quoted YAML scalar. JSON strings are valid YAML 1.2 double-quoted scalars; `<` is
 * written as `\u003c` so that no tag-like text appears in the file even inside frontmatter.
 */
export function yamlString(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
