import { describe, expect, it } from 'vitest'

import { actionFieldsRefusal, asMultipart, formPostRefusal, readForm } from './form-post'

const ACTION_ID = '7f' + 'a1b2c3d4e5'.repeat(4)
const MAX = 32 * 1024
const codeOf = (answer: { body: string } | null) =>
  (JSON.parse(answer!.body) as { error: { code: string } }).error.code

/** A multipart body as a browser sends it, and its Content-Type. */
async function multipart(fields: [string, string][]) {
  const form = new FormData()
  for (const [name, value] of fields) form.append(name, value)
  const encoded = new Response(form)
  return {
    contentType: encoded.headers.get('content-type')!,
    body: Buffer.from(await encoded.arrayBuffer()),
  }
}

describe('formPostRefusal', () => {
  it('passes a form in either of the encodings a browser posts, within the limit', () => {
    for (const type of ['multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      expect(formPostRefusal({ 'content-type': type, 'content-length': '100' }, MAX)).toBeNull()
    }
    // Chunked: the length is counted as the body is read.
    expect(formPostRefusal({ 'content-type': 'multipart/form-data; boundary=x' }, MAX)).toBeNull()
  })

  it('refuses an action called by fetch (Next-Action) with a 400, whatever its body', () => {
    const answer = formPostRefusal(
      { 'next-action': ACTION_ID, 'content-type': 'text/plain;charset=UTF-8' },
      MAX,
    )
    expect(answer?.status).toBe(400)
    expect(codeOf(answer)).toBe('invalid_body')
  })

  it('refuses another encoding with a 415, and a declared length over the limit with a 413', () => {
    for (const type of [undefined, 'text/plain', 'application/json']) {
      expect(formPostRefusal({ 'content-type': type }, MAX)?.status, type).toBe(415)
    }
    const tooLarge = formPostRefusal(
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX + 1) },
      MAX,
    )
    expect(tooLarge?.status).toBe(413)
    expect(codeOf(tooLarge)).toBe('payload_too_large')
  })
})

describe('readForm', () => {
  it('reads multipart and URL-encoded forms', async () => {
    const sent = await multipart([['name', 'Ana']])
    const read = await readForm(sent.contentType, sent.body)
    expect(read.kind === 'form' && read.form.get('name')).toBe('Ana')
    const encoded = await readForm(
      'application/x-www-form-urlencoded',
      Buffer.from('name=Ana+Mar%C3%ADa&x'),
    )
    expect(encoded.kind === 'form' && encoded.form.get('name')).toBe('Ana María')
  })

  it.each([
    [
      'a cut-off part',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    ],
    ['no boundary', 'multipart/form-data', 'x'],
    ['no parts at all', 'multipart/form-data; boundary=xyz', 'garbage'],
  ])('refuses multipart with %s as a 400', async (_, contentType, body) => {
    const read = await readForm(contentType, Buffer.from(body))
    expect(read.kind).toBe('refused')
    if (read.kind === 'refused') {
      expect(read.answer.status).toBe(400)
      expect(codeOf(read.answer)).toBe('invalid_body')
    }
  })
})

describe('actionFieldsRefusal', () => {
  const formOf = (names: string[]) => {
    const form = new FormData()
    for (const name of names) form.append(name, '')
    return form
  }

  it("passes a form that names one action and binds it nothing, as the site's forms render", () => {
    expect(actionFieldsRefusal(formOf([`$ACTION_ID_${ACTION_ID}`, 'name', 'email']))).toBeNull()
  })

  it.each([
    [[]],
    [['name']],
    [['$ACTION_REF_1', '$ACTION_1:0', '$ACTION_1:1', '$ACTION_KEY']],
    [[`$ACTION_ID_${ACTION_ID}`, '$ACTION_REF_1']],
    [[`$ACTION_ID_${ACTION_ID}`, `$ACTION_ID_${ACTION_ID}`]],
    [['$ACTION_ID_nope']],
  ])('refuses the action fields %j with a 400', (names) => {
    const answer = actionFieldsRefusal(formOf(names))
    expect(answer?.status).toBe(400)
    expect(codeOf(answer)).toBe('invalid_body')
  })

  it("refuses an id none of the build's actions has, where the build's ids are known", () => {
    const form = formOf([`$ACTION_ID_${ACTION_ID}`])
    expect(actionFieldsRefusal(form, (id) => id === ACTION_ID)).toBeNull()
    const unknown = actionFieldsRefusal(form, () => false)
    expect(unknown?.status).toBe(400)
    expect(codeOf(unknown)).toBe('invalid_body')
  })
})

describe('asMultipart', () => {
  it('hands a multipart body on as sent, and encodes a URL-encoded one as multipart', async () => {
    const sent = await multipart([['name', 'Ana']])
    const same = await asMultipart(sent.contentType, sent.body, new FormData())
    expect(same).toEqual(sent)

    const form = new FormData()
    form.append(`$ACTION_ID_${ACTION_ID}`, '')
    form.append('message', 'Hola & adiós')
    const encoded = await asMultipart('application/x-www-form-urlencoded', Buffer.alloc(0), form)
    expect(encoded.contentType).toMatch(/^multipart\/form-data; boundary=/)
    const read = await readForm(encoded.contentType, encoded.body)
    expect(read.kind === 'form' && [...read.form.entries()]).toEqual([...form.entries()])
  })
})
