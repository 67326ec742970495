import { copyHeaders, listValues, type ResponseHead } from './response-head'

const COLOR_SCHEME_HINT = 'sec-ch-prefers-color-scheme'
const ADMIN_ONLY = ['accept-ch', 'critical-ch', 'x-middleware-rewrite']
const ADMIN_ONLY_SET = new Set(ADMIN_ONLY)
const ADMIN_ONLY_AND_VARY = new Set([...ADMIN_ONLY, 'vary'])

/**
 * Payload's `withPayload` asks every response for the admin's colour-scheme client hint
 * (`Accept-CH`, `Critical-CH`, `Vary: Sec-CH-Prefers-Color-Scheme`). On the public site that makes
 * Chromium repeat a first navigation to send the hint, and splits shared caches by colour
 * scheme, for pages that don't use it. Next.js also leaks its internal rewrite target
 * (`x-middleware-rewrite`, with the internal host). Outside /admin these go (the
 * `admin-only-headers` step of src/server/response-pipeline.ts).
 */
export function withoutAdminOnlyHeaders(head: ResponseHead): ResponseHead {
  const { headers } = head
  const vary = headers.vary
  const hinted = vary !== undefined && String(vary).toLowerCase().includes(COLOR_SCHEME_HINT)
  if (!hinted && ADMIN_ONLY.every((name) => headers[name] === undefined)) return head
  if (!hinted) return { status: head.status, headers: copyHeaders(headers, ADMIN_ONLY_SET) }
  const kept = copyHeaders(headers, ADMIN_ONLY_AND_VARY)
  const values = listValues(vary).filter((value) => value.toLowerCase() !== COLOR_SCHEME_HINT)
  if (values.length > 0) kept.vary = values.join(', ')
  return { status: head.status, headers: kept }
}

export function isAdminPath(url: string | undefined): boolean {
  return (
    url === '/admin' ||
    (url?.startsWith('/admin/') ?? false) ||
    (url?.startsWith('/admin?') ?? false)
  )
}
