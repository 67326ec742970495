/**
 * How Payload's own REST handler answers, wherever the project does not wrap it (the generic
 * `/api/[...slug]` route and the `payloadRest` hand-offs):
 * - errors carry the project's `error` object (`{ code, message }`, src/http/errors.ts) beside
 *   Payload's `errors` list, which the admin reads;
 * - a value the database refused as data (SQLSTATE class 22: a malformed id, date or number
 *   Payload passed on) is the caller's mistake and a 400; a database out of reach is a 503; any
 *   other failure is ours, a logged 500 (never hidden as a client error);
 * - a path no endpoint serves is a JSON 404, and a method the path does not support a 405 with
 *   `Allow`, instead of Payload's bare "Route not found", for collections, globals and the root
 *   endpoints alike; OPTIONS is a 204 with the same `Allow` (Payload's endpoints are the method
 *   table of its paths, as src/http/methods.ts is of the project's);
 * - a field that takes one of its options (a select without `hasMany`, a radio group, the
 *   drafts' `_status`) refuses a list or any other non-text value with a 400 naming the field:
 *   Payload's own validation lets a list of valid options through (and a draft save skips it),
 *   and the database then refuses the write, logged as an error;
 * - a POST read as a GET (`X-HTTP-Method-Override: GET`, which Payload's admin sends for long
 *   queries) must carry JSON: Payload parses it outside its error handling (`handleEndpoints`),
 *   and answers anything else with an empty 500.
 */
import {
  ValidationError,
  type AfterErrorHook,
  type Endpoint,
  type Field,
  type FieldHook,
  type PayloadHandler,
  type SanitizedConfig,
} from 'payload'

import type { ErrorCode } from '@/http/errors'
import { isDatabaseUnavailable } from '@/http/unavailable'
import { logger } from '@/lib/logger'

/** The project's error codes by status (the inverse of `ERROR_STATUS`, for Payload's errors). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_parameter',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'unavailable',
}

/** Seconds a client should wait when the database is out of reach (as src/http/errors.ts says). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = '5'

const MALFORMED_REQUEST_MESSAGE =
  'The request could not be answered as sent: check its path and parameters.'

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side.'

/** PostgreSQL's data exceptions (SQLSTATE class 22): a value the statement could not take. */
const DATA_EXCEPTION_SQLSTATE = /^22[0-9A-Z]{3}$/

/**
 * The SQLSTATE of the database error behind `error` (drizzle and Payload wrap it, the driver's
 * error being their `cause`), or undefined.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') return undefined
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = cause
  }
  return undefined
}

/** The decision for one Payload error: the status and project error to answer with. */
export function classifyPayloadError(
  error: unknown,
  status: number,
): { status: number; code: ErrorCode | undefined; replaceMessage?: string } {
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      code: 'unavailable',
      replaceMessage: 'The service is briefly unavailable. Try again shortly.',
    }
  }
  if (status >= 500) {
    const sqlState = sqlStateOf(error)
    if (sqlState && DATA_EXCEPTION_SQLSTATE.test(sqlState)) {
      return { status: 400, code: 'invalid_parameter', replaceMessage: MALFORMED_REQUEST_MESSAGE }
    }
    return { status: 500, code: 'internal_error', replaceMessage: INTERNAL_ERROR_MESSAGE }
  }
  return { status, code: CODE_BY_STATUS[status] }
}

/**
 * A validation error's per-field messages (`data.errors`: which field, and why, such as a cover
 * below the minimum width), as Payload's own answer carries them. Payload adds them only when the
 * error is an instance of its own class, which a bundled server's second copy of the class is not.
 */
function withFieldErrors<E extends { message?: string; data?: Record<string, unknown> }>(
  errors: E[],
  error: unknown,
): E[] {
  // By shape, not by name: a minified server renames the class.
  const { data } = error as { data?: Record<string, unknown> }
  if (!Array.isArray(data?.errors)) return errors
  if (errors.length !== 1 || errors[0]!.data !== undefined) return errors
  return [{ ...errors[0]!, data }]
}

export const projectErrorShape: AfterErrorHook = ({ error, req, result }) => {
  // GraphQL errors have their own shape (and GraphQL is for signed-in users only).
  if (!result) return
  const original = (error as { status?: unknown }).status
  const status = typeof original === 'number' ? original : 500
  const decision = classifyPayloadError(error, status)
  if (decision.status === 500) {
    // A failure of ours: logged whole, answered with the generic message only.
    logger.error(
      {
        method: req?.method,
        path: req?.url ? new URL(req.url).pathname : undefined,
        err: error instanceof Error ? { message: error.message, stack: error.stack } : error,
        sqlState: sqlStateOf(error),
      },
      'Payload request failed',
    )
  } else if (decision.status !== status) {
    // The error's message may quote what the caller sent (a query value): only its code is kept.
    const { code } = error as { code?: unknown }
    logger.warn(
      {
        method: req?.method,
        path: req?.url ? new URL(req.url).pathname : undefined,
        status,
        answered: decision.status,
        code: typeof code === 'string' ? code : undefined,
      },
      'Payload error answered with another status',
    )
  }
  if (decision.code === 'unavailable' && req) {
    req.responseHeaders = new Headers(req.responseHeaders)
    req.responseHeaders.set('Retry-After', UNAVAILABLE_RETRY_AFTER_SECONDS)
  }
  const message =
    decision.replaceMessage ?? result.errors[0]?.message ?? 'The request was not accepted.'
  const errors = decision.replaceMessage ? [{ message }] : withFieldErrors(result.errors, error)
  // A collection's own error hook may have named the error more precisely (the accounts' guards
  // say `invalid_body`): its project error stands while the status is the one it was given.
  const named = (result as { error?: { code?: unknown } }).error
  const keepNamed = typeof named?.code === 'string' && decision.status === status
  return {
    status: decision.status,
    response: {
      ...result,
      errors,
      ...(decision.code && !keepNamed ? { error: { code: decision.code, message } } : {}),
    },
  }
}

type EndpointMethod = Endpoint['method']
const FALLBACK_METHODS: EndpointMethod[] = [
  'get',
  'head',
  'options',
  'post',
  'put',
  'patch',
  'delete',
]
const FALLBACK_PATH = '/:rest*'

/**
 * The parameters of an endpoint path (`/versions/:id`, `/access/:id?`) matched against a decoded
 * path, or null. Payload's endpoint paths use only named segments, optional at the end.
 */
export function matchEndpointPath(pattern: string, path: string): Record<string, string> | null {
  const expected = pattern.split('/').filter(Boolean)
  const actual = path.split('/').filter(Boolean)
  if (actual.length > expected.length) return null
  const params: Record<string, string> = {}
  for (const [index, part] of expected.entries()) {
    const segment = actual[index]
    if (!part.startsWith(':')) {
      if (segment !== part) return null
      continue
    }
    const optional = part.endsWith('?')
    if (segment === undefined) {
      if (optional) continue
      return null
    }
    params[part.slice(1, optional ? -1 : undefined)] = segment
  }
  return params
}

/** The endpoints (of one collection, or the root) that serve this path, whatever their method. */
function endpointsFor(endpoints: Endpoint[], path: string): Endpoint[] {
  return endpoints.filter(
    (endpoint) => endpoint.path !== FALLBACK_PATH && matchEndpointPath(endpoint.path, path),
  )
}

/** `Allow` for the endpoints serving a path: their methods, HEAD wherever GET is, and OPTIONS. */
export function allowedMethods(serving: Endpoint[]): string[] {
  const methods = new Set(serving.map((endpoint) => endpoint.method.toUpperCase()))
  if (methods.has('GET')) methods.add('HEAD')
  methods.add('OPTIONS')
  return [...methods].sort()
}

function jsonError(status: number, code: ErrorCode, message: string, headers = {}): Response {
  return Response.json(
    { error: { code, message }, errors: [{ message }] },
    { status, headers: { 'Cache-Control': 'no-store', ...headers } },
  )
}

/**
 * Endpoints Payload tries last (its router takes the first match): HEAD runs the GET endpoint
 * serving the path without its body; anything else no endpoint serves is a 404, or a 405 with
 * `Allow` when other methods serve the path.
 */
function fallbacksFor(endpoints: Endpoint[]): Endpoint[] {
  const handler: PayloadHandler = async (req) => {
    const rest = (req.routeParams?.rest ?? []) as string[] | string
    const path = `/${(Array.isArray(rest) ? rest : [rest]).join('/')}`
    const serving = endpointsFor(endpoints, path)
    const get = serving.find((endpoint) => endpoint.method === 'get')
    if (req.method === 'HEAD' && get) {
      req.routeParams = { ...req.routeParams, ...matchEndpointPath(get.path, path) }
      const response = await get.handler(req)
      return new Response(null, { status: response.status, headers: response.headers })
    }
    if (serving.length === 0) {
      return jsonError(404, 'not_found', 'No API route has this path.')
    }
    const allow = allowedMethods(serving).join(', ')
    if (req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: { Allow: allow, 'Cache-Control': 'no-store' },
      })
    }
    return jsonError(405, 'method_not_allowed', `This path does not support ${req.method}.`, {
      Allow: allow,
    })
  }
  return FALLBACK_METHODS.map((method) => ({ method, path: FALLBACK_PATH, handler }))
}

/**
 * A `beforeValidate` hook for a field that takes one option: a value that is neither absent nor
 * text (`["published"]`, `{}`, `1`) is refused before anything stores it. Hooks run on draft saves
 * too, where Payload skips validation.
 */
export function oneOptionGuard(fieldName: string): FieldHook {
  return ({ value, collection, global, req, path }) => {
    if (value === undefined || value === null || typeof value === 'string') return value
    const error = new ValidationError(
      {
        collection: collection?.slug,
        global: global?.slug,
        errors: [{ path: (path ?? [fieldName]).join('.'), message: 'must be one of its options' }],
        req,
      },
      req?.t,
    )
    // Payload logs by the error's name (`loggingLevels`: a validation error is info); a bundler
    // may rename the class.
    error.name = 'ValidationError'
    throw error
  }
}

/** Adds `oneOptionGuard` to every single-choice field in `fields`, nested ones included. */
function guardOneOptionFields(fields: Field[]): void {
  for (const field of fields) {
    if ((field.type === 'select' && !field.hasMany) || field.type === 'radio') {
      field.hooks = {
        ...field.hooks,
        beforeValidate: [oneOptionGuard(field.name), ...(field.hooks?.beforeValidate ?? [])],
      }
    }
    if ('fields' in field && Array.isArray(field.fields)) guardOneOptionFields(field.fields)
    if (field.type === 'tabs') for (const tab of field.tabs) guardOneOptionFields(tab.fields)
    if (field.type === 'blocks') {
      for (const block of field.blocks)
        if (typeof block !== 'string') guardOneOptionFields(block.fields)
    }
  }
}

/**
 * Installs the above on the built configuration: the error hook, the single-choice guards, and
 * the fallback endpoints after every collection's and global's endpoints (Payload's own
 * collections included, which exist only once the configuration is built) and the root ones.
 */
export function withProjectAnswers(config: SanitizedConfig): SanitizedConfig {
  for (const entity of [...config.collections, ...config.globals]) {
    guardOneOptionFields(entity.fields)
  }
  config.hooks = {
    ...config.hooks,
    afterError: [...(config.hooks?.afterError ?? []), projectErrorShape],
  }
  for (const collection of config.collections) {
    // A collection without REST endpoints (Payload's migrations) answers 501 "Cannot POST" in a
    // shape of its own: with only the fallbacks, its paths are a JSON 404 like any unknown one.
    if (collection.endpoints === false) collection.endpoints = fallbacksFor([])
    else collection.endpoints.push(...fallbacksFor(collection.endpoints))
  }
  for (const global of config.globals) {
    if (global.endpoints === false) global.endpoints = fallbacksFor([])
    else global.endpoints.push(...fallbacksFor(global.endpoints))
  }
  if (config.endpoints) config.endpoints.push(...fallbacksFor(config.endpoints))
  return config
}

/** The headers with which Payload reads a POST as a GET (`handleEndpoints`). */
const METHOD_OVERRIDE_HEADERS = ['X-HTTP-Method-Override', 'X-Payload-HTTP-Method-Override']

/** Does Payload read this request as a GET whose query is its JSON body? Its own test, exactly. */
export function isJsonMethodOverride(request: Request): boolean {
  return (
    request.method.toLowerCase() === 'post' &&
    METHOD_OVERRIDE_HEADERS.some((name) => request.headers.get(name) === 'GET') &&
    request.headers.get('Content-Type') === 'application/json'
  )
}

/**
 * The request to hand Payload, or the 400 for a POST read as a GET whose body is not JSON (empty,
 * cut short, not JSON at all). The body is read here, so the request handed on carries it again.
 */
export async function checkedMethodOverride(request: Request): Promise<Request | Response> {
  if (!isJsonMethodOverride(request)) return request
  const text = await request.text()
  try {
    JSON.parse(text)
  } catch {
    return jsonError(
      400,
      'invalid_body',
      'A POST read as GET (X-HTTP-Method-Override) carries its query as a JSON body.',
    )
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: text,
    signal: request.signal,
  })
}

/** A handler of Payload's REST API with `checkedMethodOverride` in front of it. */
export function withCheckedMethodOverride<Args extends unknown[]>(
  handler: (request: Request, ...args: Args) => Promise<Response>,
): (request: Request, ...args: Args) => Promise<Response> {
  return async (request, ...args) => {
    const checked = await checkedMethodOverride(request)
    return checked instanceof Response ? checked : handler(checked, ...args)
  }
}
