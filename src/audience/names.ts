/**
 * Names that come from callers (an MCP client's `clientInfo.name`, a User-Agent's first product
 * token) are stored and shown, so they are made safe once, here, before anything keeps them:
 * letters and digits of any script, spaces and `. _ - / ( ) + : @` are kept, everything else
 * (control and format characters, `<`, `>`, `&`, quotes, bidirectional overrides) is dropped, runs
 * of spaces become one, and the result is cut to `NAME_MAX_LENGTH` characters. What is stored
 * can therefore be shown as text anywhere without escaping, and is escaped by the page anyway.
 */

/** The longest name kept, in characters (code points). */
export const NAME_MAX_LENGTH = 64

/** How much of a caller's value is looked at: a huge one costs no more than this to clean. */
const NAME_INPUT_MAX_LENGTH = 256

const DROPPED = /[^\p{L}\p{N} ._\-/()+:@]+/gu
const SPACES = /\s+/g

/** `value` made safe to store and show, or '' when nothing of it is left (or it is no string). */
export function cleanName(value: unknown, maxLength = NAME_MAX_LENGTH): string {
  if (typeof value !== 'string' || value === '') return ''
  const cleaned = value
    .slice(0, NAME_INPUT_MAX_LENGTH)
    .replace(DROPPED, ' ')
    .replace(SPACES, ' ')
    .trim()
  // Cut by code points, so a surrogate pair is never split in two.
  const points = Array.from(cleaned)
  return points.length > maxLength ? points.slice(0, maxLength).join('').trimEnd() : cleaned
}

/**
 * The family of a User-Agent: its first product token (`curl` of `curl/8.5.0`, `python-httpx`),
 * cleaned. What API and MCP clients are told apart by when they name nothing else.
 */
export function userAgentFamily(userAgent: string): string {
  const end = userAgent.search(/[\s/;(]/)
  return cleanName(end === -1 ? userAgent : userAgent.slice(0, end), 40)
}
