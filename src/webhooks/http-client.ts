import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'

import {
  ForbiddenAddressError,
  forbiddenAddressKind,
  forbiddenAddressMessage,
  guardedLookup,
  systemResolver,
  type Resolver,
} from './addresses'
import { staticUrlProblem } from './url-policy'

/** The most of a receiver's answer read: a larger one is a failure, cut off there. */
export const RESPONSE_MAX_BYTES = 64 * 1024

/** How much of a refusing receiver's answer is kept in the delivery log. */
export const RESPONSE_EXCERPT_CHARS = 200

export interface PostPolicy {
  /** The whole attempt (name lookup, connection, answer) must end within this. */
  timeoutMs: number
  allowedHosts: ReadonlySet<string>
  resolve?: Resolver
  userAgent: string
}

export interface PostOutcome {
  ok: boolean
  /** The receiver's status code, when it answered. */
  status: number | null
  latencyMs: number
  /** Why it failed (for the delivery log). */
  error: string | null
}

/** Control characters and runs of white space are no use in a one-line log column. */
const oneLine = (text: string) =>
  text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * POSTs one signed webhook. Never throws: every outcome is a PostOutcome. Only the receiver
 * itself may answer: a redirect is a failure (never followed), an answer larger than
 * RESPONSE_MAX_BYTES is a failure read no further, and the attempt is abandoned at `timeoutMs`
 * whatever it is waiting for. Hosts not in WEBHOOK_ALLOWED_HOSTS are connected to only at
 * addresses outside loopback, link-local and private ranges, checked on the addresses resolved
 * for this connection.
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  policy: PostPolicy,
): Promise<PostOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const checked = staticUrlProblem(target, policy.allowedHosts)
  if ('problem' in checked)
    return Promise.resolve({ ok: false, status: null, latencyMs: 0, error: checked.problem })
  const { url, hostname, allowed } = checked
  if (!allowed && isIP(hostname)) {
    // Node connects to an IP address without a lookup: checked here instead.
    const kind = forbiddenAddressKind(hostname)
    if (kind) {
      const error = forbiddenAddressMessage(hostname, hostname, kind)
      return Promise.resolve({ ok: false, status: null, latencyMs: 0, error })
    }
  }

  return new Promise((resolve) => {
    let settled = false
    const finish = (outcome: Omit<PostOutcome, 'latencyMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      request.destroy()
      resolve({ ...outcome, latencyMs: elapsed() })
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const request = send(url, {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'User-Agent': policy.userAgent,
      },
      // A connection of its own each time: no pooled socket outlives the attempt's checks.
      agent: false,
      ...(allowed ? {} : { lookup: guardedLookup(policy.resolve ?? systemResolver) }),
    })
    // The status, once the answer's head has come: a timeout after it names it.
    let answered: number | null = null
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          status: answered,
          error: answered
            ? `answer not complete within ${policy.timeoutMs} ms`
            : `no answer within ${policy.timeoutMs} ms`,
        }),
      policy.timeoutMs,
    )
    request.on('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error instanceof ForbiddenAddressError
          ? error.message
          : `${error.code ? `${error.code}: ` : ''}${error.message}`
      finish({ ok: false, status: null, error: oneLine(reason) })
    })
    request.on('response', (response: IncomingMessage) => {
      answered = response.statusCode ?? null
      readAnswer(response, finish)
    })
    request.end(body)
  })
}

function readAnswer(
  response: IncomingMessage,
  finish: (outcome: Omit<PostOutcome, 'latencyMs'>) => void,
): void {
  const status = response.statusCode ?? 0
  if (status >= 300 && status < 400) {
    const location = response.headers.location
    finish({
      ok: false,
      status,
      error: `answered ${status}, a redirect${location ? ` to ${oneLine(location).slice(0, RESPONSE_EXCERPT_CHARS)}` : ''}: redirects are not followed`,
    })
    return
  }
  const tooLarge = () =>
    finish({ ok: false, status, error: `answer larger than ${RESPONSE_MAX_BYTES / 1024} KiB` })
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > RESPONSE_MAX_BYTES) return tooLarge()
  let received = 0
  const excerpt: Buffer[] = []
  response.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received > RESPONSE_MAX_BYTES) return tooLarge()
    if (excerpt.length < 4) excerpt.push(chunk)
  })
  response.on('error', (error) => finish({ ok: false, status, error: oneLine(error.message) }))
  response.on('end', () => {
    if (status >= 200 && status < 300) return finish({ ok: true, status, error: null })
    const text = oneLine(Buffer.concat(excerpt).toString('utf8')).slice(0, RESPONSE_EXCERPT_CHARS)
    finish({ ok: false, status, error: `answered ${status}${text ? `: ${text}` : ''}` })
  })
  response.on('close', () => {
    if (!response.complete)
      finish({ ok: false, status, error: 'the receiver closed the connection mid-answer' })
  })
}
