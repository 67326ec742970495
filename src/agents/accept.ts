/**
 * Content negotiation for markdown twins: does an `Accept` header prefer `text/markdown` over
 * HTML? Media ranges are weighed by their q-values (RFC 9110 §12.5.1): the most specific range
 * matching a type gives its quality; `q=0` means "not acceptable". Ties go to HTML, so browsers'
 * usual `…, *\/*;q=0.8` keeps getting pages.
 */
interface Range {
  type: string
  subtype: string
  q: number
}

function parseAccept(header: string): Range[] {
  return header.split(',').flatMap((part) => {
    const [mediaRange = '', ...params] = part.trim().split(';')
    const [type, subtype] = mediaRange.trim().toLowerCase().split('/')
    if (!type || !subtype) return []
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim())
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0
      }
    }
    return [{ type, subtype, q }]
  })
}

function qualityOf(ranges: Range[], type: string, subtype: string): number {
  const exact = ranges.find((range) => range.type === type && range.subtype === subtype)
  if (exact) return exact.q
  const partial = ranges.find((range) => range.type === type && range.subtype === '*')
  if (partial) return partial.q
  const any = ranges.find((range) => range.type === '*' && range.subtype === '*')
  return any ? any.q : 0
}

export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept) return false
  const ranges = parseAccept(accept)
  const markdown = qualityOf(ranges, 'text', 'markdown')
  return markdown > 0 && markdown > qualityOf(ranges, 'text', 'html')
}
