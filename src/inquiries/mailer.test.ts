import { describe, expect, it } from 'vitest'

import { composeInquiryMail, inquiryMessageId } from './mailer'

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
