import { describe, expect, it } from 'vitest'

import { env } from '@/env'

import { accountLanguage } from './account-language'
import { accountLink, composeInvitation, composeResetMail, textAsHtml } from './account-mail'

const link = `${env.SITE_URL}/admin/invitation/${'ab'.repeat(20)}`

describe('account mail', () => {
  it('an invitation has its own subject and words in each language, naming the site and the account', () => {
    const english = composeInvitation({
      to: 'ada@example.test',
      link,
      siteName: 'Northwind',
      language: 'en',
    })
    expect(english.subject).toBe('You are invited to the Northwind admin')
    expect(english.text).toContain('An administrator created an account for ada@example.test')
    expect(english.text).toContain(`(the link works once, for 7 days):\n${link}\n`)
    expect(english.from).toEqual({ name: 'Northwind', address: env.MAIL_FROM })

    const spanish = composeInvitation({
      to: 'ada@example.test',
      link,
      siteName: 'Northwind',
      language: 'es',
    })
    expect(spanish.subject).toBe('Te invitamos al panel de Northwind')
    expect(spanish.text).toContain('Un administrador ha creado una cuenta para ada@example.test')
    expect(spanish.text).toContain(link)
  })

  it('a reset mail is HTML with the site and the account named, escaped, and the link a link', () => {
    const resetLink = accountLink('reset', 'cd'.repeat(20))
    expect(resetLink).toBe(`${env.SITE_URL}/admin/reset-password/${'cd'.repeat(20)}`)
    const mail = composeResetMail({
      to: 'o’brien+x@example.test',
      link: resetLink,
      siteName: 'Smith & <Sons>',
      language: 'en',
    })
    expect(mail.subject).toBe('Reset your password for the Smith & <Sons> admin')
    expect(mail.html).toContain(
      'the account o’brien+x@example.test in the Smith &amp; &lt;Sons&gt; admin',
    )
    expect(mail.html).toContain(`<a href="${resetLink}">${resetLink}</a>`)
    expect(mail.html).not.toContain('<Sons>')
    expect(
      composeResetMail({ to: 'a@b.test', link: resetLink, siteName: 'S', language: 'es' }).subject,
    ).toBe('Restablece tu contraseña del panel de S')
  })

  it('keeps paragraphs and line breaks of the text', () => {
    expect(textAsHtml('one\ntwo\n\nthree', 'x')).toContain('<p>one<br>two</p>\n<p>three</p>')
  })

  it('writes in the admin language asked for, else the default', () => {
    expect(accountLanguage('es')).toBe('es')
    expect(accountLanguage('en')).toBe('en')
    expect(accountLanguage('fr')).toBe('en')
    expect(accountLanguage(undefined)).toBe('en')
  })
})
