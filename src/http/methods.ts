/**
 * The one table of which methods each path of the site answers, and who may use them. The
 * project's server reads it before anything routes a request (src/http/front-door.ts): a method
 * the path does not take is a 405, `OPTIONS` a 204, both with the `Allow` this table gives; so the
 * methods routing lets through and the methods `Allow` lists are the same, by construction.
 *
 * `Allow` lists the methods that can answer the caller who asks: a method only signed-in users
 * can use (creating a post, the inquiry inbox) is listed when the request carries a credential,
 * and left out of an anonymous caller's `Allow`, whose request for it still reaches its route
 * (a 401 or 403 that says why). Paths of Payload's own REST API are Payload's to describe: its
 * endpoints are the table there (src/lib/payload-answers.ts answers their 405 and OPTIONS).
 */
import { ERROR_STATUS } from './api-error'
import { carriesCredential } from './credentials'
import { classifyPath, type PathKind } from './path-kind'

/** The methods Next.js routes (it answers any other 400 or 500): all a path here can answer. */
export const ROUTED_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type RoutedMethod = (typeof ROUTED_METHODS)[number]

export function isRoutedMethod(method: string | undefined): method is RoutedMethod {
  return (ROUTED_METHODS as readonly (string | undefined)[]).includes(method)
}

/** What a path answers: the methods anyone may use, and those for signed-in users only. */
export interface PathMethods {
  readonly anyone: readonly RoutedMethod[]
  readonly signedIn: readonly RoutedMethod[]
  /**
   * The route refuses the other methods itself, in its protocol's error shape (the MCP server's
   * JSON-RPC errors), with the `Allow` this table gives (`allowOf`); the front door answers its
   * OPTIONS only.
   */
  readonly refusedByRoute?: boolean
}

const methods = (
  anyone: readonly RoutedMethod[],
  signedIn: readonly RoutedMethod[] = [],
  refusedByRoute = false,
): PathMethods => Object.freeze({ anyone, signedIn, refusedByRoute })

/** Read-only resources: pages, twins, feeds, files for agents, media files, Next's files. */
const READ = methods(['GET', 'HEAD', 'OPTIONS'])
/** A page that takes its form posted back, and the admin (its server actions). */
const FORM_PAGE = methods(['GET', 'HEAD', 'OPTIONS', 'POST'])
const ADMIN = FORM_PAGE

/**
 * Pages of the site that carry a form and take it posted back (a server action without
 * JavaScript, or the form's own script): the path after the locale (`paths.contact`).
 */
export const FORM_PAGES: ReadonlySet<string> = new Set(['/contact'])

/** The content API's collections and the media records: lists and documents. */
const DOCUMENT_RESOURCES: ReadonlySet<string> = new Set([
  'posts',
  'case-studies',
  'categories',
  'media',
])
/**
 * Payload's sub-routes under `/api/{collection}/` that the project's document routes answer as
 * GET (`count`, `versions`); `access` is a POST of Payload's the document route does not take.
 */
const DOCUMENT_ROUTE_READS: ReadonlySet<string> = new Set(['count', 'versions'])

/** A list of the content API (editors create through it) and one of its documents. */
const DOCUMENT_LIST = methods(['GET', 'HEAD', 'OPTIONS'], ['POST'])
const DOCUMENT = methods(['GET', 'HEAD', 'OPTIONS'], ['PATCH', 'DELETE'])

/** The project's routes under /api/ that are not documents, by their one segment. */
const API_ROUTES: Readonly<Record<string, PathMethods>> = {
  // Anyone sends an inquiry; signed-in editors read the inbox (through Payload).
  inquiries: methods(['POST', 'OPTIONS'], ['GET', 'HEAD']),
  // The MCP server: POST takes requests, GET opens its notification stream (HEAD answers its
  // head); stateless, it has no session to DELETE.
  mcp: methods(['GET', 'HEAD', 'POST', 'OPTIONS'], [], true),
  search: READ,
  health: READ,
  ready: READ,
  // Draft preview: for signed-in editors only.
  preview: methods(['OPTIONS'], ['GET', 'HEAD']),
  graphql: methods(['OPTIONS'], ['POST']),
}

function apiMethods(kind: Extract<PathKind, { kind: 'api' }>): PathMethods | null {
  const { resource, id, deeper } = kind
  if (deeper) return null
  if (DOCUMENT_RESOURCES.has(resource)) {
    if (id === undefined) return DOCUMENT_LIST
    if (DOCUMENT_ROUTE_READS.has(id)) return READ
    return DOCUMENT
  }
  // Leaving draft preview is for anyone (it only clears the preview cookie).
  if (resource === 'preview' && id === 'exit') return READ
  if (id !== undefined) return null
  return API_ROUTES[resource] ?? null
}

/**
 * The methods `path` answers, or null where the table does not decide: `/api` itself and the
 * paths of Payload's REST API (its collections, globals and endpoints), which answer every
 * method themselves.
 */
export function pathMethods(path: string): PathMethods | null {
  const kind = classifyPath(path)
  switch (kind.kind) {
    case 'page':
      return FORM_PAGES.has(kind.rest) ? FORM_PAGE : READ
    case 'api':
      return apiMethods(kind)
    // The admin's pages, and its server actions (Next.js's, posted to the page): the sign-in
    // and first-run screens take them from anyone, the admin-action guard refuses the rest.
    case 'admin':
      return ADMIN
    default:
      return READ
  }
}

/** Does `path` take a form posted back to it (a page in FORM_PAGES)? */
export function isFormPage(path: string): boolean {
  const kind = classifyPath(path)
  return kind.kind === 'page' && FORM_PAGES.has(kind.rest)
}

/** The methods of `table` that can answer a caller with (or without) a credential. */
export function methodsFor(table: PathMethods, signedIn: boolean): RoutedMethod[] {
  const allowed = new Set<RoutedMethod>([...table.anyone, ...(signedIn ? table.signedIn : [])])
  return ROUTED_METHODS.filter((method) => allowed.has(method))
}

/** `Allow` for `path` as the table gives it (to a caller with a credential, or without). */
export function allowOf(path: string, signedIn = false): string {
  const table = pathMethods(path)
  return (table ? methodsFor(table, signedIn) : ROUTED_METHODS).join(', ')
}

/** Does `path` answer `method` for someone (for a signed-in user at least)? */
export function answersMethod(table: PathMethods, method: string): boolean {
  // Every request passes here: no list is built for it.
  return (
    (table.anyone as readonly string[]).includes(method) ||
    (table.signedIn as readonly string[]).includes(method)
  )
}

/** Whether the request carries a credential (an `Authorization` header or the session cookie). */
export function isSignedInRequest(headers: {
  authorization?: string | string[]
  cookie?: string | string[]
}): boolean {
  const first = (value: string | string[] | undefined) =>
    Array.isArray(value) ? value.join('; ') : value
  return carriesCredential(first(headers.authorization), first(headers.cookie))
}

/** `Allow` for the methods a route implements, as Next.js answers OPTIONS. */
export function allowHeader(implemented: readonly string[]): string {
  const allowed = new Set(['OPTIONS', ...implemented])
  if (allowed.has('GET')) allowed.add('HEAD')
  return [...allowed].sort().join(', ')
}

/** The methods a route module may implement (Next.js adds HEAD from GET, and OPTIONS). */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

const ROUTE_METHODS: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * Handlers for the methods a route does not implement: a 405 with `Allow` and the project's JSON
 * error body. Next.js's own answer to them is a 405 with neither. A route exports what it gets:
 * `export const { PUT, PATCH, DELETE } = refuseOtherMethods('GET', 'POST')`. Behind the project's
 * server the front door answers these methods first, from the table above; these stay the
 * route's own answer wherever it is called without it.
 */
export function refuseOtherMethods<const Implemented extends RouteMethod>(
  ...implemented: Implemented[]
): Record<Exclude<RouteMethod, Implemented>, () => Response> {
  const allow = allowHeader(implemented)
  const refuse = () =>
    Response.json(
      {
        error: { code: 'method_not_allowed', message: `This URL supports ${allow}.` },
      },
      {
        status: ERROR_STATUS.method_not_allowed,
        headers: { Allow: allow, 'Cache-Control': 'no-store' },
      },
    )
  return Object.fromEntries(
    ROUTE_METHODS.filter((method) => !(implemented as RouteMethod[]).includes(method)).map(
      (method) => [method, refuse],
    ),
  ) as Record<Exclude<RouteMethod, Implemented>, () => Response>
}
