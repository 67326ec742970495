import { classifyPath } from './path-kind'

/**
 * The public surface a request is for: a label with a handful of values, never a path, so that
 * what is counted or traced per surface (src/observability/) stays small whatever callers ask for.
 */
export type Surface =
  | 'page'
  | 'twin'
  | 'api'
  | 'mcp'
  | 'search'
  | 'inquiry'
  | 'media'
  | 'feed'
  | 'agent-file'
  | 'robots'
  | 'admin'
  | 'next-asset'
  | 'other'

export const SURFACES: readonly Surface[] = [
  'page',
  'twin',
  'api',
  'mcp',
  'search',
  'inquiry',
  'media',
  'feed',
  'agent-file',
  'robots',
  'admin',
  'next-asset',
  'other',
]

/** The surface `target` (a request's path, perhaps with a query) belongs to. */
export function surfaceOf(target: string | undefined): Surface {
  const kind = classifyPath(target ?? '')
  switch (kind.kind) {
    case 'index':
    case 'page':
    case 'standalone-page':
      return 'page'
    case 'twin':
    case 'twin-route':
      return 'twin'
    case 'api':
      if (kind.resource === 'mcp') return 'mcp'
      if (kind.resource === 'search') return 'search'
      if (kind.resource === 'inquiries') return 'inquiry'
      return 'api'
    case 'media-file':
      return 'media'
    case 'feed':
      return 'feed'
    case 'agent-file':
      return 'agent-file'
    case 'robots':
      return 'robots'
    case 'admin':
      return 'admin'
    case 'next-asset':
      return 'next-asset'
    case 'other':
      return 'other'
  }
}
