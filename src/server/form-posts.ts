import { readFileSync } from 'node:fs'
import { IncomingMessage, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import path from 'node:path'

import {
  actionFieldsRefusal,
  asMultipart,
  formPostRefusal,
  readForm,
  tooLarge,
} from '@/http/form-post'
import { sendAnswer, type FrontAnswer } from '@/http/front-door'
import { isFormPage } from '@/http/methods'
import { pathOf } from '@/http/request-target'
import { INQUIRY_BODY_MAX_BYTES } from '@/inquiries/limits'
import { withContactOutcomeSlot } from '@/site/contact-outcome'

/**
 * The most a form posted to a page may weigh. The contact form is the site's one form, and what
 * it sends is an inquiry: the inquiry contract's body limit (spec §8), so the form, the HTTP
 * endpoint and the MCP tool refuse the same sizes. A form filled in a browser stays well under it
 * (every field has its `maxlength`).
 */
export const FORM_BODY_MAX_BYTES = INQUIRY_BODY_MAX_BYTES

/**
 * How much of a refused body is read and thrown away so that the client, still sending, reads
 * the answer (a connection closed under a sender is a reset, and the refusal is lost). Past it
 * the connection is closed: nobody's form is that large.
 */
export const DISCARDED_BODY_MAX_BYTES = 4 * 1024 * 1024

/** Reads what is left of a refused body and drops it, up to DISCARDED_BODY_MAX_BYTES. */
function discardBody(request: IncomingMessage): void {
  let discarded = 0
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > DISCARDED_BODY_MAX_BYTES) request.destroy()
  })
  request.resume()
}

/**
 * The ids of the build's server actions (Next.js's `server-reference-manifest.json`), read once,
 * so that a form naming an id no action has is refused here instead of by Next.js, which logs
 * the attempt as an error. Null where the build has none to read (development, where Next.js
 * rebuilds it as it goes): Next.js then checks alone.
 */
function buildActionIds(distDir: string): ((id: string) => boolean) | null {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(distDir, 'server', 'server-reference-manifest.json'), 'utf8'),
    ) as { node?: Record<string, unknown> }
    const ids = new Set(Object.keys(manifest.node ?? {}))
    return (id) => ids.has(id)
  } catch {
    return null
  }
}

let actionIds: ((id: string) => boolean) | null | undefined

/** `buildActionIds` of this process's build (its `NEXT_DIST_DIR`, as next.config.ts reads it). */
function isBuildAction(): ((id: string) => boolean) | null {
  if (actionIds === undefined) actionIds = buildActionIds(process.env.NEXT_DIST_DIR || '.next')
  return actionIds
}

/** A POST to a page that carries a form (the method table has no other POST on a page). */
export function isFormPost(request: IncomingMessage): boolean {
  return request.method === 'POST' && isFormPage(pathOf(request.url))
}

type ReadBody = { kind: 'body'; body: Buffer } | { kind: 'too-large' } | { kind: 'gone' }

/** The body; or too large once it passes `maxBytes` (the rest left unread); or the client left. */
function readBody(request: IncomingMessage, maxBytes: number): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let received = 0
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received <= maxBytes) return void chunks.push(chunk)
      request.off('data', onData)
      request.pause()
      resolve({ kind: 'too-large' })
    }
    request.on('data', onData)
    request.once('end', () => resolve({ kind: 'body', body: Buffer.concat(chunks) }))
    // Settles nothing already settled: only a client that left before the end gets here first.
    request.once('close', () => resolve({ kind: 'gone' }))
    request.once('error', () => resolve({ kind: 'gone' }))
  })
}

/**
 * The request Next.js is handed: the one received, its body already read, so a new message on
 * the same socket that carries the same head (the body's type and length as replayed) and the
 * body again.
 */
function replay(request: IncomingMessage, contentType: string, body: Buffer): IncomingMessage {
  const headers: IncomingHttpHeaders = { ...request.headers }
  delete headers['transfer-encoding']
  headers['content-type'] = contentType
  headers['content-length'] = String(body.length)
  const replayed = new IncomingMessage(request.socket)
  replayed.method = request.method
  replayed.url = request.url
  replayed.httpVersion = request.httpVersion
  replayed.httpVersionMajor = request.httpVersionMajor
  replayed.httpVersionMinor = request.httpVersionMinor
  replayed.headers = headers
  replayed.rawHeaders = Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? '']).flatMap((one) => [name, String(one)]),
  )
  replayed.complete = true
  replayed.push(body)
  replayed.push(null)
  return replayed
}

/**
 * Answers a form post to a page (src/http/form-post.ts): refused with the client's status when it
 * is not a form of the page's (413 past FORM_BODY_MAX_BYTES, 415, 400), else handed to `render`
 * (Next.js) as a replay of what was read, inside a slot for the form's outcome.
 */
export async function answerFormPost(
  request: IncomingMessage,
  response: ServerResponse,
  everyResponseHeaders: [string, string][],
  render: (request: IncomingMessage) => void,
  { dev = false }: { dev?: boolean } = {},
): Promise<void> {
  const refuse = (answer: FrontAnswer) => {
    discardBody(request)
    sendAnswer(response, answer, everyResponseHeaders)
  }
  const early = formPostRefusal(request.headers, FORM_BODY_MAX_BYTES)
  if (early) return refuse(early)
  const read = await readBody(request, FORM_BODY_MAX_BYTES)
  if (read.kind === 'gone') return
  if (read.kind === 'too-large') return refuse(tooLarge(FORM_BODY_MAX_BYTES))
  const { body } = read
  const contentType = request.headers['content-type']
  const parsed = await readForm(contentType, body)
  if (parsed.kind === 'refused') return refuse(parsed.answer)
  const notTheForm = actionFieldsRefusal(parsed.form, dev ? null : isBuildAction())
  if (notTheForm) return refuse(notTheForm)
  const sent = await asMultipart(contentType, body, parsed.form)
  withContactOutcomeSlot(() => render(replay(request, sent.contentType, sent.body)))
}
