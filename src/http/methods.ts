import { ApiError, errorResponse } from './errors'

/** The methods a route module may implement (Next.js adds HEAD from GET, and OPTIONS). */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

const ROUTE_METHODS: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/** `Allow` for a route implementing these methods, as Next.js answers OPTIONS. */
export function allowHeader(implemented: readonly string[]): string {
  const allowed = new Set(['OPTIONS', ...implemented])
  if (allowed.has('GET')) allowed.add('HEAD')
  return [...allowed].sort().join(', ')
}

/**
 * Handlers for the methods a route does not implement: a 405 with `Allow` and the project's JSON
 * error body. Next.js's own answer to them is a 405 with neither. A route exports what it gets:
 * `export const { PUT, PATCH, DELETE } = refuseOtherMethods('GET', 'POST')`.
 */
export function refuseOtherMethods<const Implemented extends RouteMethod>(
  ...implemented: Implemented[]
): Record<Exclude<RouteMethod, Implemented>, () => Response> {
  const allow = allowHeader(implemented)
  const refuse = () =>
    errorResponse(
      new ApiError('method_not_allowed', `This URL supports ${allow}.`, {
        headers: { Allow: allow },
      }),
    )
  return Object.fromEntries(
    ROUTE_METHODS.filter((method) => !(implemented as RouteMethod[]).includes(method)).map(
      (method) => [method, refuse],
    ),
  ) as Record<Exclude<RouteMethod, Implemented>, () => Response>
}
