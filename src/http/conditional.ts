/**
 * Validators and conditional requests (RFC 9110 §8.8 and §13), for every response that has them:
 * entity-tag matching, and for stored files a strong ETag and Last-Modified per file with the
 * preconditions evaluated in the RFC's order.
 */

export interface Validators {
  /** Strong entity tag, quoted: `"1f4-18c2e0f3a1b"`. */
  etag: string
  /** Modification time, whole seconds (what an HTTP-date can express). */
  lastModified: Date
}

/**
 * A strong ETag from the file's size and modification time in nanoseconds (as nginx does). A file
 * is never rewritten in place (see `prepareUpload`), so a new tag means new bytes and vice versa.
 */
export function validatorsFor(size: number, mtimeNs: bigint): Validators {
  const seconds = mtimeNs / 1_000_000_000n
  return {
    etag: `"${size.toString(36)}-${mtimeNs.toString(36)}"`,
    lastModified: new Date(Number(seconds) * 1000),
  }
}

/** IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`. */
export function httpDate(date: Date): string {
  return date.toUTCString()
}

const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/
const RFC850_DATE = /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/

/** An HTTP-date in milliseconds, or null when the value is not one (and must be ignored). */
export function parseHttpDate(value: string | null): number | null {
  if (value === null) return null
  const trimmed = value.trim()
  // asctime() dates carry no zone and Date.parse would read them as local time: not accepted.
  if (!IMF_FIXDATE.test(trimmed) && !RFC850_DATE.test(trimmed)) return null
  const time = Date.parse(trimmed)
  return Number.isNaN(time) ? null : time
}

interface EntityTag {
  weak: boolean
  opaque: string
}

/** `*`, or a list of entity tags; malformed members are skipped. */
function parseEntityTags(value: string): '*' | EntityTag[] {
  if (value.trim() === '*') return '*'
  const tags: EntityTag[] = []
  for (const match of value.matchAll(/(W\/)?("[\x21\x23-\x7e\x80-\xff]*")/g)) {
    tags.push({ weak: match[1] !== undefined, opaque: match[2]! })
  }
  return tags
}

function strongMatch(header: string, etag: string): boolean {
  const tags = parseEntityTags(header)
  return tags === '*' || tags.some((tag) => !tag.weak && tag.opaque === etag)
}

/** Does `If-None-Match` name this entity tag? Weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`. */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (header === null || header === undefined) return false
  const tags = parseEntityTags(header)
  return tags === '*' || tags.some((tag) => tag.opaque === etag)
}

const seconds = (time: number) => Math.floor(time / 1000)

export type Precondition = 'proceed' | 'not-modified' | 'precondition-failed'

/**
 * RFC 9110 §13.2.2, for GET and HEAD: If-Match, else If-Unmodified-Since (412 when it fails);
 * then If-None-Match, else If-Modified-Since (304 when the client's copy is current).
 */
export function evaluatePreconditions(headers: Headers, validators: Validators): Precondition {
  const lastModified = seconds(validators.lastModified.getTime())

  const ifMatch = headers.get('if-match')
  if (ifMatch !== null) {
    if (!strongMatch(ifMatch, validators.etag)) return 'precondition-failed'
  } else {
    const unmodifiedSince = parseHttpDate(headers.get('if-unmodified-since'))
    if (unmodifiedSince !== null && lastModified > seconds(unmodifiedSince)) {
      return 'precondition-failed'
    }
  }

  const ifNoneMatch = headers.get('if-none-match')
  if (ifNoneMatch !== null) {
    return matchesIfNoneMatch(ifNoneMatch, validators.etag) ? 'not-modified' : 'proceed'
  }
  const modifiedSince = parseHttpDate(headers.get('if-modified-since'))
  if (modifiedSince !== null && lastModified <= seconds(modifiedSince)) return 'not-modified'
  return 'proceed'
}

/**
 * If-Range (RFC 9110 §13.1.5): the Range applies only when the validator still matches; a weak or
 * different ETag, or a different date, means "send me the whole new file".
 */
export function rangeStillApplies(headers: Headers, validators: Validators): boolean {
  const ifRange = headers.get('if-range')
  if (ifRange === null) return true
  const value = ifRange.trim()
  if (value.startsWith('"') || value.startsWith('W/')) return value === validators.etag
  const date = parseHttpDate(value)
  return date !== null && seconds(date) === seconds(validators.lastModified.getTime())
}
