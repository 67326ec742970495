import type { ServerResponse } from 'node:http'

/**
 * Next.js drops `Content-Length` from every route handler response (`FORBIDDEN_HEADERS` in
 * next/dist/server/send-response.js), so files would go out chunked and without a size: no
 * download progress, and a HEAD that cannot tell how large a file is. The file server therefore
 * also declares the length under this internal name, and the project's HTTP server puts it back
 * as `Content-Length` just before the response head is written.
 */
export const DECLARED_LENGTH_HEADER = 'x-declared-content-length'

/**
 * Installs that translation on one response (call it before handing the response to Next).
 * Skipped when the body is being re-encoded (compression), whose length differs.
 */
export function restoreDeclaredLength(response: ServerResponse): void {
  const writeHead = response.writeHead
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const declared = this.getHeader(DECLARED_LENGTH_HEADER)
    if (declared !== undefined) {
      this.removeHeader(DECLARED_LENGTH_HEADER)
      if (
        typeof declared === 'string' &&
        /^\d+$/.test(declared) &&
        !this.hasHeader('content-encoding')
      ) {
        this.setHeader('Content-Length', declared)
      }
    }
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args)
  } as ServerResponse['writeHead']
}
