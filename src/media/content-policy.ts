/**
 * How a stored file is labelled for the browser: its Content-Type, whether it is shown inline or
 * downloaded, and whether it runs in a sandbox. Uploaded files are other people's bytes on our
 * origin, so anything that could run script (SVG, HTML, XML) must not get our origin's powers.
 */

const FALLBACK_TYPE = 'application/octet-stream'
const TOKEN = '[a-z0-9!#$&^_.+-]+'
const MIME_ESSENCE = new RegExp(`^${TOKEN}/${TOKEN}$`)

/**
 * For documents that can carry script: no script, no plugins, no network, no same-origin access
 * (`sandbox` gives the document an opaque origin). Inline styles and data: images keep SVG
 * drawings intact.
 */
export const SANDBOX_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'"

/** Types a browser renders itself without running anything of ours or theirs. */
function isPassive(type: string): boolean {
  if (type === 'image/svg+xml') return false
  return (
    type.startsWith('image/') ||
    type.startsWith('video/') ||
    type.startsWith('audio/') ||
    type === 'application/pdf' ||
    type === 'text/plain'
  )
}

export interface ContentPolicy {
  contentType: string
  disposition: 'inline' | 'attachment'
  /** A Content-Security-Policy for the file itself, when it is a scriptable document. */
  csp?: string
}

/**
 * The stored MIME type (the spec's `application/octet-stream` when unknown or malformed) and how
 * to present it: passive media inline; SVG inline but sandboxed; anything else (HTML, XML,
 * scripts, unknown types) sandboxed and downloaded, never rendered on our origin.
 */
export function contentPolicy(storedType: string | null | undefined): ContentPolicy {
  const essence = (storedType ?? '').split(';', 1)[0]!.trim().toLowerCase()
  const contentType = MIME_ESSENCE.test(essence) ? essence : FALLBACK_TYPE
  if (isPassive(contentType)) return { contentType, disposition: 'inline' }
  if (contentType === 'image/svg+xml')
    return { contentType, disposition: 'inline', csp: SANDBOX_CSP }
  return { contentType, disposition: 'attachment', csp: SANDBOX_CSP }
}

/** RFC 5987 attr-char is narrower than what encodeURIComponent leaves alone. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/**
 * `Content-Disposition` (RFC 6266) with a filename every client can read: a plain-ASCII
 * `filename` (quotes, backslashes, percent signs, control and non-ASCII characters replaced by
 * `_`) and, when that lost anything, the exact name as UTF-8 in `filename*`.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const header = `${type}; filename="${ascii}"`
  return ascii === filename ? header : `${header}; filename*=UTF-8''${encodeRfc5987(filename)}`
}
