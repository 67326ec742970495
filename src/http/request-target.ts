/**
 * What the project's server checks in a request's target before anything routes it. Next.js picks
 * static routes by the path exactly as sent, but decodes the segments it hands to dynamic ones: so
 * `/api/%70osts` would miss the project's `/api/posts` route and reach Payload's generic REST
 * handler as `posts`, outside the public contract. Every path is therefore brought to one normal
 * form first (RFC 3986 §6.2.2), and a request for any other spelling is redirected to it: the route
 * Next.js matches is always the one the normal path names.
 */
import type { ErrorDetail } from './errors'
import { isSameSiteReference } from './same-site-path'

export type TargetVerdict =
  | { kind: 'pass' }
  /** 308 to this origin-form target (path and the query as sent). */
  | { kind: 'redirect'; location: string }
  /** 400: the target cannot name anything here. */
  | { kind: 'refuse'; message: string; details: ErrorDetail[] }

/** RFC 3986 §2.3: characters whose percent-encoding never changes meaning. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/
const PERCENT_TRIPLET = /%([0-9A-Fa-f]{2})/g
const STRAY_PERCENT = /%(?![0-9A-Fa-f]{2})/
/** C0, DEL and C1 controls: no path or parameter of this site carries one. */
const CONTROL_CHARACTER = /\p{Cc}/u

/** Any origin: a `Location` is checked to stay on whichever origin it is read against. */
const LOCATION_BASE = 'http://site.invalid'

type Refusal = Extract<TargetVerdict, { kind: 'refuse' }>

const refuse = (message: string, field: string, detail: string): Refusal => ({
  kind: 'refuse',
  message,
  details: [{ field, message: detail }],
})

/**
 * The normal form of a path, or why it has none:
 * - percent-encoding must be valid UTF-8 (`%E0%A4%A` is refused);
 * - encoded unreserved characters are decoded (`%70` → `p`), other escapes get upper-case hex;
 * - encoded control characters and encoded separators (`%2F`, `%5C`) are refused: no route of
 *   this site has a segment containing one, and decoding them would change which route is meant;
 * - a backslash is refused as well: browsers read it as `/` in an http(s) path, so the normal
 *   form of `/\host/` would be a `Location` they read as `//host`, another site;
 * - dot segments are resolved, empty segments (`//`) dropped and a trailing slash removed.
 * Everything else (`%25`, reserved and non-ASCII escapes) stays as sent: a route decodes it once.
 */
export function normalisePath(path: string): { kind: 'normal'; path: string } | Refusal {
  const invalidEncoding = () =>
    refuse('The URL path is not valid percent-encoding.', 'path', 'must be valid percent-encoding')
  if (STRAY_PERCENT.test(path)) return invalidEncoding()
  let fullyDecoded: string
  try {
    fullyDecoded = decodeURIComponent(path)
  } catch {
    return invalidEncoding()
  }
  if (CONTROL_CHARACTER.test(fullyDecoded)) {
    return refuse(
      'The URL path contains a control character.',
      'path',
      'must not contain control characters',
    )
  }
  if (path.includes('\\')) {
    return refuse('The URL path contains a backslash.', 'path', 'must not contain a backslash')
  }
  let encodedSeparator = false
  const decoded = path.replace(PERCENT_TRIPLET, (triplet, hex: string) => {
    // Bytes from 0x80 up are parts of UTF-8 sequences: kept encoded.
    const character = String.fromCharCode(parseInt(hex, 16))
    if (UNRESERVED.test(character)) return character
    if (character === '/' || character === '\\') encodedSeparator = true
    return triplet.toUpperCase()
  })
  if (encodedSeparator) {
    return refuse(
      'The URL path contains an encoded slash or backslash.',
      'path',
      'must not contain %2F or %5C',
    )
  }
  const segments: string[] = []
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return { kind: 'normal', path: `/${segments.join('/')}` }
}

/**
 * The names of query parameters whose name or value carries a control character once decoded
 * (`?x=%00`): PostgreSQL cannot compare text containing NUL, and no parameter here needs one.
 */
export function parametersWithControlCharacters(query: string): string[] {
  const fields: string[] = []
  for (const pair of query.split('&')) {
    if (pair === '') continue
    const equals = pair.indexOf('=')
    const name = decodeLeniently(equals === -1 ? pair : pair.slice(0, equals))
    const value = equals === -1 ? '' : decodeLeniently(pair.slice(equals + 1))
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(value)) fields.push(name)
  }
  return [...new Set(fields)]
}

/** As URLSearchParams reads a query: `+` is a space; an invalid escape is kept as text. */
function decodeLeniently(text: string): string {
  const spaced = text.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced.replace(PERCENT_TRIPLET, (triplet, hex: string) => {
      const code = parseInt(hex, 16)
      return code < 0x80 ? String.fromCharCode(code) : triplet
    })
  }
}

/**
 * The verdict on a request target as Node.js hands it over (`request.url`). Only origin-form
 * (`/path?query`) and the asterisk of `OPTIONS *` pass; absolute-form (`http://host/path`) is
 * what proxies are sent, not origin servers, and would be routed by a path nobody checked.
 */
export function checkRequestTarget(target: string): TargetVerdict {
  // Nearly every request is already in normal form: it is recognised without being parsed.
  if (PLAIN_TARGET.test(target)) return { kind: 'pass' }
  return checkParsedTarget(target)
}

/**
 * A target nothing below would change or refuse: segments of unreserved and sub-delimiter
 * characters that are not dot segments, no empty segment or trailing slash, no escapes (so no
 * encoded control character) in the path or the query.
 */
const PLAIN_TARGET =
  /^(?:\/|(?:\/(?!\.{1,2}(?:[/?]|$))[\w.~!$&'()*+,;=:@-]+)+)(?:\?[\w.~!$&'()*+,;=:@/?[\]-]*)?$/

/** The path of a request target (`request.url`): everything before its query. */
export function pathOf(target: string | undefined): string {
  const url = target ?? '/'
  const queryAt = url.indexOf('?')
  return queryAt === -1 ? url : url.slice(0, queryAt)
}

/** The full check (exported for the test that holds the shortcut to it). */
export function checkParsedTarget(target: string): TargetVerdict {
  if (target === '*') return { kind: 'pass' }
  if (!target.startsWith('/')) {
    return refuse('The request target must be a path.', 'path', 'must start with "/"')
  }
  const queryAt = target.indexOf('?')
  const path = queryAt === -1 ? target : target.slice(0, queryAt)
  const query = queryAt === -1 ? '' : target.slice(queryAt)
  const normal = normalisePath(path)
  if (normal.kind === 'refuse') return normal
  const withControls = parametersWithControlCharacters(query.slice(1))
  if (withControls.length > 0) {
    return {
      kind: 'refuse',
      message: `Invalid query parameter(s): ${withControls.join(', ')}.`,
      details: withControls.map((field) => ({
        field,
        message: 'must not contain control characters',
      })),
    }
  }
  if (normal.path === path) return { kind: 'pass' }
  const location = `${normal.path}${query}`
  // The normal form has one leading slash and no backslash, so it names this site; checked as a
  // browser reads a `Location`, so that no later change to it can make the 308 an open redirect.
  if (!isSameSiteReference(location, LOCATION_BASE)) {
    return refuse('The URL path names another site.', 'path', 'must be a path of this site')
  }
  return { kind: 'redirect', location }
}
