/** Reading speed for the "min read" label: words of the body per minute. */
export const READING_WORDS_PER_MINUTE = 200

/** The words of a Lexical editor state's text nodes (inline runs joined, blocks apart). */
export function wordCount(state: unknown): number {
  let count = 0
  let run = ''
  const flush = () => {
    count += run.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
    run = ''
  }
  const visit = (node: unknown, inline: boolean): void => {
    if (typeof node !== 'object' || node === null) return
    const record = node as { type?: unknown; text?: unknown; children?: unknown; root?: unknown }
    if (record.root !== undefined) return visit(record.root, false)
    if (record.type === 'text' && typeof record.text === 'string') {
      run += record.text
      return
    }
    if (record.type === 'linebreak' || record.type === 'tab') run += ' '
    if (!Array.isArray(record.children)) return
    const children: unknown[] = record.children
    for (const child of children) {
      const type = (child as { type?: unknown } | null)?.type
      const childInline = type === 'text' || type === 'link' || type === 'autolink'
      if (!childInline) flush()
      visit(child, childInline)
    }
    if (!inline) flush()
  }
  visit(state, false)
  flush()
  return count
}

/** Minutes to read a body: words ÷ `READING_WORDS_PER_MINUTE`, rounded up, at least one. */
export function readingMinutes(state: unknown): number {
  return Math.max(1, Math.ceil(wordCount(state) / READING_WORDS_PER_MINUTE))
}
