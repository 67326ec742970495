import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterEach, describe, expect, it } from 'vitest'

import { outboxEmailAdapter } from './mail-outbox'
import { composeInquiryMail, inquiryMessageId, sendMail } from './mailer'

const inquiry = {
  id: 7,
  createdAt: '2026-03-01T10:00:00.000Z',
  name: 'Ana <evil@example.com>, "x" y',
  email: 'ana@example.com',
  message: 'Hello\r\nBcc: evil@example.com',
  phone: '+34 600',
  service: 'Cloud',
  locale: 'es' as const,
}

describe('composeInquiryMail', () => {
  it('sends to the team, replies to the sender as an address object', () => {
    const mail = composeInquiryMail(inquiry)
    expect(mail.to).toBe('team@example.com')
    expect(mail.from).toBe('website@example.com')
    expect(mail.replyTo).toEqual({ name: inquiry.name, address: 'ana@example.com' })
    expect(mail.subject).toBe('New website inquiry #7')
    expect(mail.bcc).toBeUndefined()
    expect(mail.cc).toBeUndefined()
  })

  it('puts every field and the locale in the text body', () => {
    const { text } = composeInquiryMail(inquiry)
    for (const value of [inquiry.name, inquiry.email, inquiry.message, '+34 600', 'Cloud', 'es']) {
      expect(text).toContain(value)
    }
  })

  it('has a Message-ID that is stable for one inquiry and differs between inquiries', () => {
    expect(inquiryMessageId(inquiry)).toBe(inquiryMessageId({ ...inquiry }))
    expect(inquiryMessageId(inquiry)).toMatch(/^<inquiry-7-\d+@localhost>$/)
    expect(inquiryMessageId({ ...inquiry, id: 8 })).not.toBe(inquiryMessageId(inquiry))
    expect(composeInquiryMail(inquiry).messageId).toBe(inquiryMessageId(inquiry))
  })
})

describe('mail kept as files (MAIL_TRANSPORT=files, the development default)', () => {
  const mailDir = path.resolve('.data/mail')
  const written = new Set<string>()
  const newFiles = (before: string[]) =>
    (existsSync(mailDir) ? readdirSync(mailDir) : []).filter((name) => !before.includes(name))
  const filesNow = () => (existsSync(mailDir) ? readdirSync(mailDir) : [])

  afterEach(() => {
    for (const name of written) rmSync(path.join(mailDir, name), { force: true })
    written.clear()
  })

  it('inquiry mail is written as an .eml file, Message-ID and all', async () => {
    const before = filesNow()
    await sendMail(composeInquiryMail(inquiry))
    const [file, ...others] = newFiles(before)
    for (const name of newFiles(before)) written.add(name)
    expect(others).toEqual([])
    const raw = readFileSync(path.join(mailDir, file!), 'utf8')
    expect(raw).toContain(`Message-ID: ${inquiryMessageId(inquiry)}`)
    expect(raw).toContain('Subject: New website inquiry #7')
  })

  it("Payload's account mail is stored in the outbox, from the site's address, not sent", async () => {
    const inserts: unknown[][] = []
    const payload = {
      db: {
        pool: {
          query: async (_sql: string, params: unknown[]) => {
            inserts.push(params)
            return { rowCount: 1, rows: [] }
          },
        },
      },
    } as unknown as Payload
    const adapter = outboxEmailAdapter({
      fromAddress: 'website@example.com',
      fromName: 'Meridian Consulting',
    })
    const before = filesNow()
    const subject = `Reset your password ${Date.now()}`
    await adapter({ payload }).sendEmail({
      to: 'editor@example.com',
      subject,
      html: '<p>Follow the link to choose a new password.</p>',
    })
    expect(newFiles(before)).toEqual([])
    expect(inserts).toHaveLength(1)
    const [purpose, dedupeKey, recipient, message] = inserts[0]!
    expect([purpose, dedupeKey, recipient]).toEqual(['account', null, 'editor@example.com'])
    expect(JSON.parse(String(message))).toMatchObject({
      subject,
      to: 'editor@example.com',
      from: { name: 'Meridian Consulting', address: 'website@example.com' },
      messageId: expect.stringMatching(/^<.+@.+>$/),
    })
  })
})
