import type { IncomingMessage, ServerResponse } from 'node:http'

import { errorAnswer } from '@/http/front-door'
import { siteRoutingOf } from '@/site/routing'
import { LOCALE_HEADER, PAGE_PATH_HEADER } from '@/i18n/locales'

/** The twin route asked for directly: it serves this server's rewrites, not clients. */
const TWIN_ROUTE_NOT_FOUND = errorAnswer(404, 'not_found', 'No page here.')

/**
 * `handle` (Next.js) with the site's routing applied first (src/site/routing.ts): a twin's
 * request goes on to its route, the twin route asked for by its own path is a 404, `/` is
 * redirected here, and a page's request carries its locale and path in headers, its response
 * the headers every page answers with. Installed inside everything that reads the URL as it was
 * asked for (the response cache, the response pipeline, the routes answered in this process), so
 * only Next.js sees a twin's rewritten URL.
 */
export function withSiteRouting(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return (request, response) => {
    const acceptLanguage = request.headers['accept-language']
    const routing = siteRoutingOf(request.url ?? '/', request.headers.accept, acceptLanguage)
    switch (routing.kind) {
      case 'as-is':
        break
      case 'rewrite':
        request.url = routing.url
        if (routing.form === 'negotiated') response.setHeader('Vary', 'Accept')
        break
      case 'not-found':
        response.statusCode = TWIN_ROUTE_NOT_FOUND.status
        for (const [name, value] of Object.entries(TWIN_ROUTE_NOT_FOUND.headers)) {
          response.setHeader(name, value)
        }
        response.end(TWIN_ROUTE_NOT_FOUND.body)
        return Promise.resolve()
      case 'redirect':
        response.statusCode = 307
        response.setHeader('Location', routing.location)
        for (const [name, value] of Object.entries(routing.headers)) response.setHeader(name, value)
        response.end()
        return Promise.resolve()
      case 'page':
        request.headers[LOCALE_HEADER] = routing.locale
        request.headers[PAGE_PATH_HEADER] = routing.pagePath
        for (const [name, value] of Object.entries(routing.headers)) response.setHeader(name, value)
        break
    }
    return handle(request, response)
  }
}
