import type { OutgoingHttpHeaders } from 'node:http'

/** A response's status and headers as they are about to be written (names in lower case). */
export interface ResponseHead {
  readonly status: number
  readonly headers: Readonly<OutgoingHttpHeaders>
}

/**
 * A copy of `headers` without those named in `dropped`. (Copied rather than deleted from: an
 * object that loses a property turns slow in V8, and heads are read again by the next step.)
 */
export function copyHeaders(
  headers: Readonly<OutgoingHttpHeaders>,
  dropped?: ReadonlySet<string>,
): OutgoingHttpHeaders {
  const copy: OutgoingHttpHeaders = {}
  for (const name in headers) if (!dropped?.has(name)) copy[name] = headers[name]
  return copy
}

/** `head` with `name` set to `value`, or removed for `undefined` (a new head; `head` is kept). */
export function withHeader(
  head: ResponseHead,
  name: string,
  value: OutgoingHttpHeaders[string],
): ResponseHead {
  const headers = copyHeaders(head.headers, value === undefined ? new Set([name]) : undefined)
  if (value !== undefined) headers[name] = value
  return { status: head.status, headers }
}

/** The values of a list header (`Vary`), trimmed, empty ones dropped. */
export function listValues(value: OutgoingHttpHeaders[string]): string[] {
  if (value === undefined) return []
  return (Array.isArray(value) ? value.join(',') : String(value))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}
