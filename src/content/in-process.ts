import 'server-only'

import { registerInProcessRoutes, type InProcessHandler } from '@/lib/in-process-routes'

import { PUBLIC_COLLECTIONS, type ReadableCollection } from './contract'
import { documentRoute, listRoute } from './routes'

const READABLE: readonly ReadableCollection[] = [...PUBLIC_COLLECTIONS, 'categories']
const CONTENT_PATH = /^\/api\/([a-z-]+)(?:\/([^/]+))?$/

/**
 * The content API's anonymous reads, answered by the project's server without Next.js's routing:
 * the same handlers as the route files under src/app/api/{posts,case-studies,categories}, so the
 * answers are the same bytes (tests/int/api-in-process.test.ts holds them to Next's), at the cost
 * of the read alone. Next's request handling around a route handler (its router, the request and
 * response objects it builds, its streams) cost 1.4 ms of CPU per document miss, more than the
 * read itself (docs/benchmarks.md).
 * Requests with a credential, and every other method, still go through Next.js.
 */
export function registerContentReads(): void {
  const lists = new Map(READABLE.map((collection) => [collection, listRoute(collection)]))
  const documents = new Map(READABLE.map((collection) => [collection, documentRoute(collection)]))
  registerInProcessRoutes('content-api', ({ method, pathname, credentialed }) => {
    if (credentialed || (method !== 'GET' && method !== 'HEAD')) return null
    const match = CONTENT_PATH.exec(pathname)
    if (!match) return null
    const [, collection, rawId] = match
    if (rawId === undefined) {
      const list = lists.get(collection as ReadableCollection)
      return list ? (request) => list(request, undefined) : null
    }
    const document = documents.get(collection as ReadableCollection)
    if (!document) return null
    let id: string
    try {
      // Next.js hands a dynamic segment to its route decoded.
      id = decodeURIComponent(rawId)
    } catch {
      return null
    }
    const handler: InProcessHandler = (request) =>
      document(request, { params: Promise.resolve({ id }) })
    return handler
  })
}
