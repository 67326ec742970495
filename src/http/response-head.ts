import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { setHeadFrom } from './held-response'

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

/**
 * Makes `finalize` the last word on `response`'s head: the first time the head is written
 * (explicitly, or implicitly by the first `write`/`end`), the status and headers the application
 * gave it go through `finalize`, and what it returns is written. Later calls (the response cache
 * writing its stored head on a miss) pass through unchanged. `written` hears the head that went out.
 */
export function finalizeHeadOnWrite(
  response: ServerResponse,
  finalize: (head: ResponseHead) => ResponseHead,
  written?: (head: ResponseHead) => void,
): void {
  const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse
  let finalized = false
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (finalized) return writeHead.apply(this, args)
    finalized = true
    const status = args[0] as number
    // Headers handed to writeHead take precedence over those set before, as in Node.
    const reason = setHeadFrom(this, args)
    const before = this.getHeaders()
    const head = finalize({ status, headers: before })
    if (head.headers !== before) {
      for (const name of Object.keys(before))
        if (head.headers[name] === undefined) this.removeHeader(name)
      for (const [name, value] of Object.entries(head.headers))
        if (value !== undefined && value !== before[name]) this.setHeader(name, value)
    }
    written?.(head)
    if (head.status === status && reason !== undefined) return writeHead.call(this, status, reason)
    // A changed status takes its own reason phrase.
    if (head.status !== status) this.statusMessage = ''
    return writeHead.call(this, head.status)
  } as ServerResponse['writeHead']
}
