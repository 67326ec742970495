import { copyHeaders, type ResponseHead } from './response-head'

/**
 * Next.js drops `Content-Length` from every route handler response (`FORBIDDEN_HEADERS` in
 * next/dist/server/send-response.js), so files would go out chunked and without a size: no
 * download progress, and a HEAD that cannot tell how large a file is. The file server therefore
 * also declares the length under this internal name, and the project's server puts it back as
 * `Content-Length` as the response head is written (the `declared-length` step of
 * src/server/response-pipeline.ts).
 */
export const DECLARED_LENGTH_HEADER = 'x-declared-content-length'
const DECLARED = new Set([DECLARED_LENGTH_HEADER])

/**
 * `head` with the declared length as `Content-Length` and the internal header gone. Not when the
 * body is being re-encoded (compression), whose length differs, nor for a malformed value.
 */
export function withDeclaredLength(head: ResponseHead): ResponseHead {
  const declared = head.headers[DECLARED_LENGTH_HEADER]
  if (declared === undefined) return head
  const headers = copyHeaders(head.headers, DECLARED)
  if (
    typeof declared === 'string' &&
    /^\d+$/.test(declared) &&
    headers['content-encoding'] === undefined
  ) {
    headers['content-length'] = declared
  }
  return { status: head.status, headers }
}
