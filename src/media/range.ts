/** A byte range with inclusive bounds, as in `Content-Range: bytes start-end/size`. */
export interface ByteRange {
  start: number
  end: number
}

export type RangeRequest =
  /** No `Range`, or one we ignore (another unit, malformed, several ranges): send everything. */
  | { kind: 'full' }
  | { kind: 'partial'; range: ByteRange }
  /** Well-formed, but it selects no byte of this file: 416. */
  | { kind: 'unsatisfiable' }

const FULL: RangeRequest = { kind: 'full' }
const UNSATISFIABLE: RangeRequest = { kind: 'unsatisfiable' }
const SPEC = /^(\d*)-(\d*)$/

/**
 * Reads a `Range` header (RFC 9110 §14.2) for a file of `size` bytes. One range is served as a
 * 206; several ranges are answered with the whole file (allowed by the RFC, and simpler and safer
 * than multipart/byteranges). An invalid header is ignored rather than refused, as the RFC asks.
 */
export function parseRange(header: string | null, size: number): RangeRequest {
  if (header === null) return FULL
  const match = /^\s*bytes\s*=(.*)$/i.exec(header)
  if (!match) return FULL
  const specs = match[1]!
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '')
  if (specs.length !== 1) return FULL
  const parts = SPEC.exec(specs[0]!)
  if (!parts) return FULL
  const [, rawFirst = '', rawLast = ''] = parts

  if (rawFirst === '') {
    // bytes=-n: the last n bytes.
    if (rawLast === '') return FULL
    const suffix = Number(rawLast)
    if (suffix === 0 || size === 0) return UNSATISFIABLE
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } }
  }

  // Digits only, so Number() is exact up to 2^53 and "very large" beyond: both compare correctly.
  const first = Number(rawFirst)
  const last = rawLast === '' ? Infinity : Number(rawLast)
  if (last < first) return FULL
  if (first >= size) return UNSATISFIABLE
  return { kind: 'partial', range: { start: first, end: Math.min(last, size - 1) } }
}

export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`
}

export function unsatisfiedRange(size: number): string {
  return `bytes */${size}`
}
