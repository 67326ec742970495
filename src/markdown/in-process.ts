import 'server-only'

import { prefersMarkdown } from '@/http/negotiation'
import { registerInProcessRoutes } from '@/lib/in-process-routes'

import { markdownTwinRoute } from './twin'
import { parseTwinPath } from './twin-path'

const SUFFIX = '.md'
const NO_QUERY = new URLSearchParams()

/**
 * A post's or case study's markdown twin (`P.md`, or P asked for with `Accept: text/markdown`),
 * answered by the project's server with the twin route's own handler instead of Next's routing
 * of the rewritten URL (which cost about as much as the twin's reads). The handler already takes
 * the URL as it was asked for, in either form (src/markdown/twin.ts). Every other page's twin
 * is made from its rendered page, so it stays with Next.js, as do requests with a credential.
 */
export function registerDocumentTwins(): void {
  const twin = markdownTwinRoute()
  registerInProcessRoutes('document-twins', ({ method, pathname, credentialed, accept }) => {
    if (credentialed || (method !== 'GET' && method !== 'HEAD')) return null
    const suffixed = pathname.endsWith(SUFFIX)
    if (!suffixed && !prefersMarkdown(accept)) return null
    const pagePath = suffixed ? pathname.slice(0, -SUFFIX.length) : pathname
    // A document's path is plain ASCII (a locale, a section, a slug), so needs no decoding.
    const page = parseTwinPath(pagePath, NO_QUERY)
    if (page?.kind !== 'post' && page?.kind !== 'case-study') return null
    const path = pagePath.split('/').slice(1)
    return (request) => twin(request, { params: Promise.resolve({ path }) })
  })
}
