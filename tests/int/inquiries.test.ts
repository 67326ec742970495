import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'

import { parseInquiry } from '@/inquiries/schema'

import { asAdminJson, baseUrl } from '../support/api'
import { fuzzSeed } from '../support/fuzz-seed'
import { APP_SETTINGS } from '../support/global-setup'
import {
  CROSS_ORIGIN_BROWSER_REQUESTS,
  inquiriesStoredFrom,
  postFormBody,
  postInquiry,
  receivedMail,
  resetBudgets,
  uniqueClient,
  validInquiry,
  waitForMail,
} from '../support/inquiries'

const LIMIT = 32 * 1024

async function rawPost(body: BodyInit, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl()}/api/inquiries`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': uniqueClient(), ...headers },
    body,
    // A stream body is sent chunked, without Content-Length.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : {} }
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 1024)
        controller.enqueue(bytes.slice(offset, offset + 1024))
      controller.close()
    },
  })
}

/** A valid inquiry padded with JSON whitespace to exactly `size` bytes. */
function paddedBody(size: number): string {
  const json = JSON.stringify(validInquiry())
  return json.slice(0, -1) + ' '.repeat(size - Buffer.byteLength(json)) + '}'
}

const json = { 'Content-Type': 'application/json' }

describe('POST /api/inquiries', () => {
  beforeEach(resetBudgets)

  describe('statuses and their precedence', () => {
    it('accepts a valid inquiry with 201 { success: true }', async () => {
      const { status, body } = await postInquiry(validInquiry())
      expect(status).toBe(201)
      expect(body).toEqual({ success: true })
    })

    it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['application/jsonx'], ['']])(
      '415 for Content-Type %j, before any other check',
      async (contentType) => {
        const headers: Record<string, string> = { Origin: 'https://evil.example' }
        if (contentType) headers['Content-Type'] = contentType
        const { status, body } = await rawPost('x'.repeat(LIMIT + 10), headers)
        expect(status).toBe(415)
        expect(body.error.code).toBe('unsupported_media_type')
      },
    )

    it('allows parameters on application/json', async () => {
      const { status } = await rawPost(JSON.stringify(validInquiry()), {
        'Content-Type': 'Application/JSON; charset=utf-8',
      })
      expect(status).toBe(201)
    })

    it('413 past 32 KiB, before the origin check, with or without Content-Length', async () => {
      const big = paddedBody(LIMIT + 1)
      const declared = await rawPost(big, { ...json, Origin: 'https://evil.example' })
      expect(declared.status).toBe(413)
      expect(declared.body.error.code).toBe('payload_too_large')
      const chunked = await rawPost(streamOf(big), json)
      expect(chunked.status).toBe(413)
    })

    it('accepts a body of exactly 32 KiB, chunked or not', async () => {
      expect((await rawPost(paddedBody(LIMIT), json)).status).toBe(201)
      expect((await rawPost(streamOf(paddedBody(LIMIT)), json)).status).toBe(201)
    })

    it.each(CROSS_ORIGIN_BROWSER_REQUESTS)(
      '403 for a cross-origin browser request %j, before validation',
      async (headers) => {
        const { status, body } = await rawPost('{"not":"valid"}', { ...json, ...headers })
        expect(status).toBe(403)
        expect(body.error.code).toBe('forbidden')
      },
    )

    it('accepts same-origin browser requests and clients that send neither header', async () => {
      const origin = new URL(baseUrl()).origin
      const variants: Record<string, string>[] = [
        { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
        { 'Sec-Fetch-Site': 'none' },
        {},
      ]
      for (const headers of variants) {
        expect((await postInquiry(validInquiry(), { headers })).status).toBe(201)
      }
    })

    it('400 comes before 429: an invalid body is refused as invalid even with no budget left', async () => {
      const email = validInquiry().email
      for (let index = 0; index < 3; index += 1)
        expect((await postInquiry(validInquiry({ email }))).status).toBe(201)
      expect((await postInquiry(validInquiry({ email }))).status).toBe(429)
      expect((await postInquiry(validInquiry({ email, locale: 'fr' }))).status).toBe(400)
    })
  })

  describe('validation', () => {
    it.each([
      ['not JSON', '{"name":', '(body)'],
      ['an array', '[]', '(body)'],
      ['a string', '"hello"', '(body)'],
      ['null', 'null', '(body)'],
    ])('400 for %s', async (_label, body, field) => {
      const { status, body: answer } = await postInquiry(body)
      expect(status).toBe(400)
      expect(answer.error?.code).toBe('invalid_body')
      expect(answer.error?.details?.map((detail) => detail.field)).toContain(field)
    })

    it.each([
      [{ extra: 'x' }, 'extra'],
      [{ name: 42 }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a@b' }, 'email'],
      [{ locale: 'fr' }, 'locale'],
      [{ phone: ['+34'] }, 'phone'],
      [{ message: undefined }, 'message'],
      [{ name: 'Ana\r\nBcc: evil@example.com' }, 'name'],
      [{ service: 'Cloud\nBcc: evil@example.com' }, 'service'],
      [{ email: 'ana@example.com\r\nBcc: evil@example.com' }, 'email'],
      [{ message: 'NUL \u0000 byte' }, 'message'],
    ])('400 for %j naming the field', async (overrides, field) => {
      const { status, body } = await postInquiry(validInquiry(overrides))
      expect(status).toBe(400)
      expect(body.error?.details?.map((detail) => detail.field)).toContain(field)
    })

    it.each(['a@b-.com', 'ana@mail.example-.com', 'a@b.c-.io'])(
      '400, not 503, for %j: an address the store would refuse is refused by the schema',
      async (email) => {
        const { status, body } = await postInquiry(validInquiry({ email }))
        expect(status).toBe(400)
        expect(body.error?.details).toEqual([
          { field: 'email', message: 'must be a valid email address' },
        ])
      },
    )

    it('a wrong type says so, for every string field', async () => {
      for (const field of ['name', 'email', 'message', 'phone', 'service']) {
        const { status, body } = await postInquiry(validInquiry({ [field]: 42 }))
        expect(status).toBe(400)
        expect(body.error?.details).toEqual([{ field, message: 'must be a string' }])
      }
    })

    it('optional fields take any string up to their limit: "" and spaces are accepted', async () => {
      for (const value of ['', '   ']) {
        const inquiry = validInquiry({ phone: value, service: value })
        expect((await postInquiry(inquiry)).status).toBe(201)
        const { docs } = await asAdminJson<{ docs: Record<string, unknown>[] }>(
          `/api/inquiries?where[email][equals]=${encodeURIComponent(String(inquiry.email))}`,
        )
        // Stored as not given.
        expect(docs[0]).toMatchObject({ phone: null, service: null })
      }
    })

    it('lengths are counted on what was sent, before trimming', async () => {
      const over = await postInquiry(validInquiry({ name: ` ${'ñ'.repeat(120)}` }))
      expect(over.status).toBe(400)
      expect(over.body.error?.details).toEqual([
        { field: 'name', message: 'must be at most 120 characters' },
      ])
      expect((await postInquiry(validInquiry({ name: ` ${'ñ'.repeat(119)}` }))).status).toBe(201)
    })

    it('one validator decides: 201 exactly when the inquiry schema accepts, else 400, never 5xx', async () => {
      const label = fc.stringMatching(/^[a-z0-9-]{1,6}$/)
      const email = fc.oneof(
        fc.emailAddress(),
        fc
          .tuple(
            fc.stringMatching(/^[a-z0-9_'+.-]{1,8}$/),
            fc.array(label, { minLength: 1, maxLength: 3 }),
          )
          .map(([local, labels]) => `${local}@${labels.join('.')}.com`),
      )
      const text = (maxLength: number) =>
        fc.string({ unit: fc.constantFrom('a', 'ñ', '😀', ' ', '-', '\n'), maxLength })
      const body = fc.record(
        {
          name: text(122),
          email,
          message: text(40),
          phone: text(52),
          service: text(10),
          locale: fc.constantFrom('en', 'es'),
        },
        { requiredKeys: ['name', 'email', 'message'] },
      )
      await resetBudgets()
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          let answer = await postInquiry(value)
          if (answer.status === 429) {
            await resetBudgets()
            answer = await postInquiry(value)
          }
          expect(answer.status).toBe(parseInquiry(value).success ? 201 : 400)
        }),
        { numRuns: 80, seed: fuzzSeed(20_261_126) },
      )
    })

    it('names every field at fault at once', async () => {
      const { body } = await postInquiry({
        name: '',
        email: 'x',
        locale: 'de',
        message: 'ok',
        other: 1,
      })
      expect(body.error?.details?.map((detail) => detail.field).sort()).toEqual([
        'email',
        'locale',
        'name',
        'other',
      ])
    })

    const emailOfLength = (length: number) => {
      const domain = '@' + 'd'.repeat(60) + '.' + 'e'.repeat(60) + '.com' // 127 characters
      let local = 'a'.repeat(64)
      const labels = length - domain.length - local.length
      local = `${local}.${'b'.repeat(labels - 1)}`
      return local + domain
    }

    it.each([
      ['name', 120, 'ñ'],
      ['name', 120, '😀'],
      ['message', 5000, 'é'],
      ['message', 5000, '𝄞'],
      ['phone', 50, '9'],
      ['service', 120, 'ü'],
    ])('%s: %i characters of %j pass, one more is refused', async (field, max, character) => {
      expect((await postInquiry(validInquiry({ [field]: character.repeat(max) }))).status).toBe(201)
      const over = await postInquiry(validInquiry({ [field]: character.repeat(max + 1) }))
      expect(over.status).toBe(400)
      expect(over.body.error?.details?.map((detail) => detail.field)).toEqual([field])
    })

    it('email: 254 characters pass, 255 are refused', async () => {
      expect(emailOfLength(254)).toHaveLength(254)
      expect((await postInquiry(validInquiry({ email: emailOfLength(254) }))).status).toBe(201)
      expect((await postInquiry(validInquiry({ email: emailOfLength(255) }))).status).toBe(400)
    })

    it('random bodies never cause a 5xx', async () => {
      const field = fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.integer(),
        fc.constant(null),
        fc.boolean(),
        fc.array(fc.string()),
      )
      const body = fc.oneof(
        fc.record(
          {
            name: field,
            email: fc.oneof(fc.emailAddress(), field),
            message: field,
            phone: field,
            service: field,
            locale: fc.oneof(fc.constantFrom('en', 'es', 'fr'), field),
          },
          { requiredKeys: [] },
        ),
        fc.dictionary(fc.string({ maxLength: 10 }), field),
        fc.jsonValue(),
      )
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const { status } = await postInquiry(value)
          expect(status).toBeLessThan(500)
          if (status === 429) await resetBudgets()
        }),
        { numRuns: 120, seed: fuzzSeed(20_261_127) },
      )
    })
  })

  describe('storage and mail', () => {
    it('stores the inquiry privately and mails it to the team once', async () => {
      const client = uniqueClient()
      const inquiry = validInquiry({
        name: 'Zoë "Q" O’Brien',
        phone: '+34 600 000 000',
        service: 'Data platforms',
        locale: 'es',
        message: 'Hola,\nnecesitamos ayuda.\r\nBcc: evil@example.com',
      })
      expect((await postInquiry(inquiry, { client })).status).toBe(201)

      const mails = await waitForMail(
        (mail) => mail.headers.get('reply-to')?.includes(String(inquiry.email)) ?? false,
      )
      expect(mails).toHaveLength(1)
      const mail = mails[0]!
      expect(mail.envelopeTo).toEqual([APP_SETTINGS.INQUIRY_TO])
      expect(mail.headers.get('to')).toBe(APP_SETTINGS.INQUIRY_TO)
      expect(mail.headers.get('from')).toBe(APP_SETTINGS.MAIL_FROM)
      expect(mail.headers.get('reply-to')).toContain(`<${inquiry.email}>`)
      expect(mail.headers.get('subject')).toMatch(/^New website inquiry #\d+$/)
      expect(mail.headers.get('message-id')).toMatch(/^<inquiry-\d+-\d+@127\.0\.0\.1>$/)
      expect(mail.headers.has('bcc')).toBe(false)
      for (const value of [
        'Zoë "Q" O’Brien',
        '+34 600 000 000',
        'Data platforms',
        'es',
        'necesitamos ayuda.',
      ]) {
        expect(mail.text).toContain(value)
      }

      const { docs } = await asAdminJson<{ docs: Record<string, unknown>[] }>(
        `/api/inquiries?where[email][equals]=${encodeURIComponent(String(inquiry.email))}`,
      )
      expect(docs).toHaveLength(1)
      const stored = docs[0]!
      expect(stored).toMatchObject({
        name: inquiry.name,
        locale: 'es',
        channel: 'http',
        service: 'Data platforms',
      })
      await expect
        .poll(
          async () =>
            (await asAdminJson<Record<string, unknown>>(`/api/inquiries/${stored.id}`))
              .deliveryStatus,
        )
        .toBe('sent')
      const delivered = await asAdminJson<Record<string, unknown>>(`/api/inquiries/${stored.id}`)
      expect(delivered.attempts).toBe(1)
      expect(delivered.messageId).toBe(mail.headers.get('message-id'))
      expect(String(delivered.clientHash)).toMatch(/^[0-9a-f]{16}$/)
      expect(JSON.stringify(delivered)).not.toContain(client)
    })

    it('a sender name cannot add recipients', async () => {
      const inquiry = validInquiry({ name: 'Ana <evil@example.com>, other@example.com' })
      expect((await postInquiry(inquiry)).status).toBe(201)
      const [mail] = await waitForMail((candidate) => candidate.raw.includes(String(inquiry.email)))
      expect(mail!.envelopeTo).toEqual([APP_SETTINGS.INQUIRY_TO])
      expect(mail!.headers.get('reply-to')).toMatch(
        new RegExp(`<${String(inquiry.email).replace(/[.]/g, '\\.')}>$`),
      )
    })

    it('inquiries are private: no anonymous read, list or write', async () => {
      expect([401, 403]).toContain((await fetch(`${baseUrl()}/api/inquiries`)).status)
      expect([401, 403]).toContain((await fetch(`${baseUrl()}/api/inquiries/1`)).status)
      const patched = await fetch(`${baseUrl()}/api/inquiries/1`, {
        method: 'PATCH',
        headers: json,
        body: '{"name":"x"}',
      })
      expect([401, 403]).toContain(patched.status)
    })
  })

  describe('the contact form (a server action)', () => {
    const decode = (value: string) =>
      value
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')

    /** The form as the page serves it: where it posts and the action's hidden fields. */
    async function contactForm(locale = 'en') {
      const html = await (await fetch(`${baseUrl()}/${locale}/contact`)).text()
      const form = html.match(/<form[^>]*>[\s\S]*?<\/form>/)?.[0] ?? ''
      const hidden: [string, string][] = []
      for (const [input] of form.matchAll(/<input[^>]*>/g)) {
        const name = input.match(/name="([^"]*)"/)?.[1]
        if (!name?.startsWith('$ACTION')) continue
        hidden.push([decode(name), decode(input.match(/value="([^"]*)"/)?.[1] ?? '')])
      }
      expect(hidden.length).toBeGreaterThan(0)
      const action = decode(form.match(/action="([^"]*)"/)?.[1] ?? `/${locale}/contact`)
      // The action's id: the name of its `$ACTION_ID_{id}` field (a form without bound state).
      const named = hidden.find(([name]) => name.startsWith('$ACTION_ID_'))?.[0]
      const actionId = named ? named.slice('$ACTION_ID_'.length) : 'unknown'
      // An empty action (React's, for a server action without bound state) posts to the page.
      const target = action || `/${locale}/contact`
      return { url: new URL(target, baseUrl()).toString(), hidden, actionId }
    }

    /** A form post as a browser without JavaScript sends it (multipart). */
    async function postForm(headers: Record<string, string>, email: string) {
      const { url, hidden } = await contactForm()
      const body = new FormData()
      for (const [name, value] of hidden) body.append(name, value)
      for (const [name, value] of Object.entries({
        locale: 'en',
        website: '',
        name: 'Form Sender',
        email,
        phone: '',
        service: '',
        message: 'Sent with the form.',
      }))
        body.append(name, value)
      return postFormBody(url, body, headers)
    }

    it('a same-origin post without JavaScript is answered with the page, and sent', async () => {
      const email = String(validInquiry().email)
      const origin = new URL(baseUrl()).origin
      const answer = await postForm({ Origin: origin, 'Sec-Fetch-Site': 'same-origin' }, email)
      expect(answer.status).toBe(200)
      expect(answer.text).toContain('Thank you! Your inquiry has reached our team')
      expect(await inquiriesStoredFrom(email)).toHaveLength(1)
    })

    it.each<Record<string, string>>([
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ])('a cross-origin post without JavaScript %j is a JSON 403, not a 500', async (headers) => {
      const email = String(validInquiry().email)
      const answer = await postForm(headers, email)
      expect(answer.status).toBe(403)
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(JSON.parse(answer.text)).toEqual({
        error: { code: 'forbidden', message: 'Cross-origin requests are not accepted.' },
      })
      expect(await inquiriesStoredFrom(email)).toHaveLength(0)
    })

    it('a cross-origin post from the script (Next-Action) is a JSON 403, not a 500', async () => {
      const { url, actionId } = await contactForm()
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Next-Action': actionId,
          'Content-Type': 'text/plain;charset=UTF-8',
          Accept: 'text/x-component',
          Origin: 'https://evil.example',
        },
        body: JSON.stringify([{ status: 'idle' }, '$K1']),
      })
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } })
    })
  })

  it('inquiry mail goes to the team; a sender gets nothing but an acknowledgement', async () => {
    // The shared SMTP server also receives account mail (invitations, password resets) for the
    // accounts other suites create, and the acknowledgements of the instance the inbox suite runs
    // with them switched on (marked as automatic replies). Anything else to a sender would leak.
    const accounts = await asAdminJson<{ docs: { email: string }[] }>(
      '/api/users?pagination=false&depth=0',
    )
    const accountHolders = new Set(accounts.docs.map((user) => user.email))
    const mails = receivedMail()
    const notifications = mails.filter((mail) => mail.headers.has('reply-to'))
    expect(notifications.length).toBeGreaterThan(0)
    for (const mail of notifications) expect(mail.envelopeTo).toEqual([APP_SETTINGS.INQUIRY_TO])
    for (const mail of mails)
      for (const recipient of mail.envelopeTo)
        if (recipient !== APP_SETTINGS.INQUIRY_TO && !accountHolders.has(recipient))
          expect(mail.headers.get('auto-submitted'), recipient).toBe('auto-replied')
  })
})
