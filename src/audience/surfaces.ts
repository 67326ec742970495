import { classifyPath } from '@/http/path-kind'

import { BoundedCache } from './bounded-cache'
import type { AudienceSurface } from './channels'

/**
 * The content API's resources anyone may read: their lists and documents are counted. The rest of
 * `/api/` (Payload's own collections, health and readiness probes, the inquiry endpoint, the
 * exports) is no reading of the site.
 */
const PUBLIC_API_RESOURCES: ReadonlySet<string> = new Set([
  'posts',
  'case-studies',
  'categories',
  'media',
  'search',
])

/**
 * The public surface `target` (a request's path, perhaps with a query) is counted under, or null
 * for one not counted: the admin, Next.js's files, the twins' internal route, anything else.
 * From `classifyPath` (src/http/path-kind.ts), as the caching policy and `surfaceOf` decide.
 */
export function audienceSurfaceOf(target: string): AudienceSurface | null {
  if (target.length > CACHED_TARGET_MAX_LENGTH) return surfaceOfPath(target)
  const cached = surfaces.get(target)
  if (cached !== undefined) return cached
  const surface = surfaceOfPath(target)
  surfaces.set(target, surface)
  return surface
}

/**
 * The surfaces of the targets seen last: the same few paths are asked for over and over (what
 * the response cache answers), and classifying one takes longer than looking it up.
 */
const surfaces = new BoundedCache<string, AudienceSurface | null>(2_000)
const CACHED_TARGET_MAX_LENGTH = 512

function surfaceOfPath(target: string): AudienceSurface | null {
  const kind = classifyPath(target)
  switch (kind.kind) {
    case 'index':
    case 'page':
    case 'standalone-page':
      return 'page'
    case 'twin':
      return 'twin'
    case 'api':
      if (kind.resource === 'mcp') return kind.id === undefined ? 'mcp' : null
      return PUBLIC_API_RESOURCES.has(kind.resource) && !kind.deeper ? 'api' : null
    case 'media-file':
      return 'media'
    case 'feed':
      return 'feed'
    case 'agent-file':
    case 'robots':
      return 'llms'
    default:
      return null
  }
}
