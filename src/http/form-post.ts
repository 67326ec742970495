/**
 * A form posted back to the page that carries it (the contact page, src/http/methods.ts
 * `FORM_PAGES`), checked by the project's server before Next.js runs the page's server action.
 *
 * Why here: Next.js reads such a post itself (`multipart/form-data`, its only encoding for actions
 * posted without JavaScript) and answers 500, logging an error, to everything it cannot read: a
 * body over its own limit, multipart that does not parse, an action call (`Next-Action`) whose
 * arguments don't decode. None of that is the server's fault. So the server reads the body first,
 * bounded, and refuses what is not a form with the client's status; what Next.js then sees is
 * always a well-formed form naming one action, without bound arguments, which it runs without
 * decoding anything the caller wrote. The values themselves are the action's to check (it uses
 * the inquiry schema): a field over its maximum is its 400, the page answering with the field.
 *
 * Pure functions of headers and bytes; src/server/form-posts.ts reads the body and replays it.
 */
import type { FrontAnswer } from './front-door'
import { errorAnswer } from './front-door'

/** The encodings a browser posts a form in; Next.js runs actions from the first only. */
export const MULTIPART = 'multipart/form-data'
export const URL_ENCODED = 'application/x-www-form-urlencoded'

/** How Next.js names the field that carries an action's id in a form posted without JavaScript. */
export const ACTION_FIELD_PREFIX = '$ACTION_'
const ACTION_ID_PREFIX = '$ACTION_ID_'
const ACTION_ID_FIELD = /^\$ACTION_ID_[0-9a-f]{42}$/i

const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value

/**
 * What is refused from the head alone, before any of the body is read, or null:
 * - a server action called by fetch (`Next-Action`): the site's forms are posted as forms, by the
 *   browser or by their own script; the fetch protocol's arguments are Next's to decode, and it
 *   answers 500 to any it can't, so it is not taken from outside;
 * - a body in another encoding than a form's (415);
 * - a declared length over `maxBytes` (413).
 */
export function formPostRefusal(
  headers: Record<string, string | string[] | undefined>,
  maxBytes: number,
): FrontAnswer | null {
  if (headers['next-action'] !== undefined) {
    return errorAnswer(400, 'invalid_body', "This page's form is posted as a form, not called.", {
      details: [{ field: 'Next-Action', message: 'is not accepted on the pages of the site' }],
    })
  }
  const type = mediaTypeOf(first(headers['content-type']))
  if (type !== MULTIPART && type !== URL_ENCODED) {
    return errorAnswer(
      415,
      'unsupported_media_type',
      `Post the form as ${MULTIPART} or ${URL_ENCODED}.`,
    )
  }
  const declared = Number(first(headers['content-length']))
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(maxBytes)
  return null
}

export function tooLarge(maxBytes: number): FrontAnswer {
  return errorAnswer(
    413,
    'payload_too_large',
    `The form must be at most ${maxBytes} bytes; shorten the message.`,
  )
}

const malformed = (message: string, field = '(body)', detail = 'must be a well-formed form') =>
  errorAnswer(400, 'invalid_body', message, { details: [{ field, message: detail }] })

export type ReadForm = { kind: 'form'; form: FormData } | { kind: 'refused'; answer: FrontAnswer }

/**
 * The form in `body`, as Next.js will read it (the same WHATWG parser), or the 400 for a body
 * that is not one. A URL-encoded body always parses.
 */
export async function readForm(contentType: string | undefined, body: Buffer): Promise<ReadForm> {
  const type = mediaTypeOf(contentType)
  if (type === URL_ENCODED) {
    const form = new FormData()
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) form.append(name, value)
    return { kind: 'form', form }
  }
  try {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'Content-Type': contentType ?? '' },
    }).formData()
    return { kind: 'form', form }
  } catch {
    return {
      kind: 'refused',
      answer: malformed('The body is not well-formed multipart/form-data.'),
    }
  }
}

/**
 * 400 unless the form names exactly one action of this build and binds it no arguments: one
 * `$ACTION_ID_{id}` field, as the site's forms render it, and no other `$ACTION_` field (bound
 * arguments, `$ACTION_REF_…`, are state Next.js would decode from what the caller wrote). Without
 * an action the post would be rendered as a page read and silently do nothing; an id no action
 * has is refused by Next.js too, but with an error in its log. `isAction` knows the build's ids
 * (null where they cannot be read: Next.js then checks alone).
 */
export function actionFieldsRefusal(
  form: FormData,
  isAction: ((id: string) => boolean) | null = null,
): FrontAnswer | null {
  const actionFields = [...form.keys()].filter((name) => name.startsWith(ACTION_FIELD_PREFIX))
  const [field] = actionFields
  if (actionFields.length === 1 && ACTION_ID_FIELD.test(field!)) {
    if (!isAction || isAction(field!.slice(ACTION_ID_PREFIX.length))) return null
    return malformed(
      "The form names no action of this site's: reload the page and send it again.",
      field,
      'must name an action of this page',
    )
  }
  return malformed(
    "The form is not this page's form: it must name the page's action, as the page renders it.",
    ACTION_FIELD_PREFIX,
    'must be exactly one $ACTION_ID_ field and no bound arguments',
  )
}

/**
 * The body Next.js is handed: a multipart body as sent (it parsed), a URL-encoded one encoded
 * again as multipart, the one encoding Next.js runs a form's action from.
 */
export async function asMultipart(
  contentType: string | undefined,
  body: Buffer,
  form: FormData,
): Promise<{ contentType: string; body: Buffer }> {
  if (mediaTypeOf(contentType) === MULTIPART) return { contentType: contentType!, body }
  const encoded = new Response(form)
  return {
    contentType: encoded.headers.get('content-type')!,
    body: Buffer.from(await encoded.arrayBuffer()),
  }
}
