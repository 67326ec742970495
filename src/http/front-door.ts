/**
 * Answers the project's server gives before anything routes a request (src/server/main.ts): a
 * method the path does not answer (the method table, src/http/methods.ts) and OPTIONS, a request
 * target that isn't in its normal form, a request Node's parser could not read. They are pure:
 * the server only writes what these return.
 */
import type { ServerResponse } from 'node:http'

import type { ErrorCode, ErrorDetail } from './api-error'
import {
  answersMethod,
  isRoutedMethod,
  isSignedInRequest,
  methodsFor,
  pathMethods,
  ROUTED_METHODS,
  type PathMethods,
} from './methods'
import { checkRequestTarget, pathOf } from './request-target'

export interface FrontAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** The project's error body (as `src/http/errors.ts` writes it), for answers outside Next.js. */
export function errorAnswer(
  status: number,
  code: ErrorCode,
  message: string,
  options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
): FrontAnswer {
  const error = { code, message, ...(options.details?.length ? { details: options.details } : {}) }
  return {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...options.headers,
    },
    body: JSON.stringify({ error }),
  }
}

/**
 * 405 with `Allow`: the methods the path answers this caller (src/http/methods.ts), or, where the
 * path is not known (a request Node's parser refused, a path of Payload's REST API), every method
 * something here routes.
 */
export function methodNotAllowed(
  method?: string,
  allow: readonly string[] = ROUTED_METHODS,
): FrontAnswer {
  const named = method ? `The method ${method}` : 'This method'
  return errorAnswer(405, 'method_not_allowed', `${named} is not supported here.`, {
    headers: { Allow: allow.join(', ') },
  })
}

/** `OPTIONS`: no body, the methods in `Allow`; about one request, so never stored. */
function optionsAnswer(allow: readonly string[]): FrontAnswer {
  return {
    status: 204,
    headers: { Allow: allow.join(', '), 'Cache-Control': 'no-store' },
    body: '',
  }
}

/**
 * The asterisk request target (`OPTIONS * HTTP/1.1`, RFC 9110 §7.1) asks about the server as a
 * whole: OPTIONS answers with every method it routes; no other method has a meaning for it.
 */
function asteriskAnswer(method: string | undefined): FrontAnswer {
  if (method === 'OPTIONS') return optionsAnswer(ROUTED_METHODS)
  return errorAnswer(400, 'invalid_parameter', 'The request target * is only for OPTIONS.', {
    details: [{ field: 'path', message: 'must start with "/" (only OPTIONS may ask about *)' }],
  })
}

type CallerHeaders = { authorization?: string | string[]; cookie?: string | string[] }

/** `Allow` for `table` (every routed method where the table does not decide), for this caller. */
function allowedFor(table: PathMethods | null, headers: CallerHeaders): readonly string[] {
  return table ? methodsFor(table, isSignedInRequest(headers)) : ROUTED_METHODS
}

/**
 * What to answer before the response cache, or null to go on: what is wrong with the request
 * whatever its path answers.
 * - the asterisk target: 204 to OPTIONS, else 400;
 * - 405 for a method no route implements;
 * - 400 for a target that names nothing (bad encoding, encoded separators, control characters);
 *   308 to the normal path for any other spelling of one.
 */
export function answerBeforeCache(
  method: string | undefined,
  target: string | undefined,
  headers: CallerHeaders = {},
): FrontAnswer | null {
  if (target === '*') return asteriskAnswer(method)
  const verdict = checkRequestTarget(target ?? '/')
  if (!isRoutedMethod(method)) {
    const table = verdict.kind === 'pass' ? pathMethods(pathOf(target)) : null
    return methodNotAllowed(method, allowedFor(table, headers))
  }
  switch (verdict.kind) {
    case 'refuse':
      return errorAnswer(400, 'invalid_parameter', verdict.message, { details: verdict.details })
    case 'redirect':
      return { status: 308, headers: { Location: verdict.location }, body: '' }
    case 'pass':
      return null
  }
}

/**
 * What the method table answers a request `answerBeforeCache` let through, or null to hand it
 * on: 204 with `Allow` to OPTIONS, 405 with `Allow` for a method the path's row lacks. After the
 * response cache: it holds only anonymous GETs its path answered, so nothing it serves is refused
 * here, and its hits skip the path's classification.
 */
export function answerFromMethodTable(
  method: string | undefined,
  target: string | undefined,
  headers: CallerHeaders = {},
): FrontAnswer | null {
  const table = pathMethods(pathOf(target))
  if (!table) return null
  if (method === 'OPTIONS') return optionsAnswer(allowedFor(table, headers))
  if (table.refusedByRoute || (method !== undefined && answersMethod(table, method))) return null
  return methodNotAllowed(method, allowedFor(table, headers))
}

/**
 * What to answer before routing, or null to hand the request on: `answerBeforeCache`, then
 * `answerFromMethodTable` (the server asks them apart, with its response cache between them).
 * `headers` tell a signed-in caller (listed the methods only they may use) from an anonymous one.
 */
export function answerBeforeRouting(
  method: string | undefined,
  target: string | undefined,
  headers: CallerHeaders = {},
): FrontAnswer | null {
  return (
    answerBeforeCache(method, target, headers) ?? answerFromMethodTable(method, target, headers)
  )
}

/** How Next.js names a server action: 42 hexadecimal characters (an info byte and a hash). */
const SERVER_ACTION_ID = /^[0-9a-f]{42}$/i

/**
 * 400 for a `Next-Action` header that cannot name a server action. Next.js would answer it with
 * a 400 too, but only after logging it as an error: whoever sends junk would fill the error log.
 */
export function malformedActionAnswer(
  nextAction: string | string[] | undefined,
): FrontAnswer | null {
  if (nextAction === undefined) return null
  if (typeof nextAction === 'string' && SERVER_ACTION_ID.test(nextAction)) return null
  return errorAnswer(400, 'invalid_parameter', 'The Next-Action header names no server action.', {
    details: [{ field: 'Next-Action', message: 'must be a server action id' }],
  })
}

/** Node's parser error codes the caller can fix, with what they are. */
const PARSER_ERRORS: Record<string, () => FrontAnswer> = {
  // Unknown or lower-case methods (`TRACK`, `get`) never reach a handler.
  HPE_INVALID_METHOD: () => methodNotAllowed(),
  HPE_HEADER_OVERFLOW: () =>
    errorAnswer(431, 'invalid_parameter', 'The request headers are too large.'),
  // The request did not arrive in time (Node's `requestTimeout`): as Node itself answers.
  ERR_HTTP_REQUEST_TIMEOUT: () => ({ status: 408, headers: {}, body: '' }),
}

/** The answer to a request Node's HTTP parser rejected (`clientError`), never a bare 400. */
export function clientErrorAnswer(code: string | undefined): FrontAnswer {
  return (
    PARSER_ERRORS[code ?? '']?.() ??
    errorAnswer(400, 'invalid_parameter', 'The request is not valid HTTP.')
  )
}

const REASONS: Record<number, string> = {
  204: 'No Content',
  400: 'Bad Request',
  408: 'Request Timeout',
  405: 'Method Not Allowed',
  431: 'Request Header Fields Too Large',
}

/** A complete HTTP/1.1 response closing the connection, for sockets no ServerResponse wraps. */
export function rawResponse(answer: FrontAnswer, extraHeaders: Iterable<[string, string]>): string {
  const headers = new Map<string, string>(extraHeaders)
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value)
  headers.set('Content-Length', String(Buffer.byteLength(answer.body)))
  headers.set('Connection', 'close')
  const lines = [...headers].map(([name, value]) => `${name}: ${value}`)
  return `HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${answer.body}`
}

/** Writes an answer on a response Next.js never sees, with the headers every response carries. */
export function sendAnswer(
  response: ServerResponse,
  answer: FrontAnswer,
  everyResponseHeaders: [string, string][],
): void {
  for (const [name, value] of everyResponseHeaders) response.setHeader(name, value)
  response.writeHead(answer.status, answer.headers)
  response.end(answer.body)
}
