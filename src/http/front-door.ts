/**
 * Answers the project's server gives before anything routes a request (src/server/main.ts): a
 * method no route implements, a request target that isn't in its normal form, a request Node's
 * parser could not read. They are pure: the server only writes what these return.
 */
import type { ServerResponse } from 'node:http'

import type { ErrorCode, ErrorDetail } from './errors'
import { checkRequestTarget } from './request-target'

/**
 * The methods routes of this site implement (Next.js routes no others: it answers them 400 with
 * an empty body, or 500 for TRACE). Which of them a given URL supports is that route's business;
 * a method outside this list is supported by none.
 */
export const ROUTED_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

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

export function methodNotAllowed(method?: string): FrontAnswer {
  const named = method ? `The method ${method}` : 'This method'
  return errorAnswer(405, 'method_not_allowed', `${named} is not supported here.`, {
    headers: { Allow: ROUTED_METHODS.join(', ') },
  })
}

/**
 * What to answer before routing, or null to hand the request on: 405 for a method no route
 * implements; 400 for a target that names nothing (bad encoding, encoded separators, control
 * characters); 308 to the normal path for any other spelling of one.
 */
export function answerBeforeRouting(
  method: string | undefined,
  target: string | undefined,
): FrontAnswer | null {
  if (!(ROUTED_METHODS as readonly (string | undefined)[]).includes(method)) {
    return methodNotAllowed(method)
  }
  const verdict = checkRequestTarget(target ?? '/')
  switch (verdict.kind) {
    case 'pass':
      return null
    case 'refuse':
      return errorAnswer(400, 'invalid_parameter', verdict.message, { details: verdict.details })
    case 'redirect':
      return { status: 308, headers: { Location: verdict.location }, body: '' }
  }
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
