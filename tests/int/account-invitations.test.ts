import { describe, expect, inject, it } from 'vitest'

import { INVITATION_PASSWORD_PLACEHOLDER } from '@/collections/Users/invitation-form'
import { SETTINGS_DEFAULTS } from '@/globals/defaults'

import { createAccount } from '../support/accounts'
import { asAdminJson, baseUrl } from '../support/api'
import { uniqueClient, waitForMail } from '../support/inquiries'

type Language = 'en' | 'es'

/** The site's published name, which account mail and pages sign with. */
async function siteName(): Promise<string> {
  const settings = await asAdminJson<{ siteName?: string | null }>(
    '/api/globals/site-settings?depth=0&draft=false',
  )
  return settings.siteName?.trim() || SETTINGS_DEFAULTS.en.siteName
}

let sequence = 0
const newEmail = (prefix: string) => {
  sequence += 1
  return `${prefix}-${Date.now().toString(36)}-${sequence}@example.test`
}

/** Creates an account as the admin, working in `language`. */
function createAs(language: Language, data: Record<string, unknown>) {
  return fetch(`${baseUrl()}/api/users`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': language,
      Authorization: inject('adminAuthorization'),
    },
    body: JSON.stringify(data),
  })
}

const signIn = (email: string, password: string) =>
  fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClient() },
    body: JSON.stringify({ email, password }),
  })

const resetPassword = (token: string, password: string, language: Language = 'en') =>
  fetch(`${baseUrl()}/api/users/reset-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
    body: JSON.stringify({ token, password }),
  })

const forgotPassword = (email: string, language: Language) =>
  fetch(`${baseUrl()}/api/users/forgot-password`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': language,
      'X-Forwarded-For': uniqueClient(),
    },
    body: JSON.stringify({ email }),
  })

/**
 * A mail's subject as a mail client shows it: the test's parser keeps the folding space between
 * two encoded words, which RFC 2047 drops.
 */
const subjectOf = (mail: { headers: Map<string, string> }) =>
  (mail.headers.get('subject') ?? '').replace(/\s+/g, ' ')

/** The page a mail links to, and its token. */
function linkIn(text: string, page: 'invitation' | 'reset-password') {
  const match = new RegExp(`(https?://[^\\s"'<>]+/admin/${page}/)(\\w+)`).exec(text)
  expect(match, `a /admin/${page}/ link in:\n${text}`).not.toBeNull()
  return { url: match![0], token: match![2]! }
}

const SPENT = {
  en: 'This link has already been used or has expired. Ask for a new one with “Forgot password?” on the sign-in page, or ask an administrator to invite you again.',
  es: 'Este enlace ya se ha usado o ha caducado. Pide uno nuevo con «¿Olvidaste tu contraseña?» en la página de inicio de sesión, o pide a un administrador que te invite de nuevo.',
}

describe('inviting an account: name, email and role only', () => {
  it('creates the account without a password (201) and mails an English invitation naming the site and the account', async () => {
    const email = newEmail('invitee-en')
    const response = await createAs('en', { email, name: 'Ada', roles: ['editor'] })
    expect(response.status).toBe(201)
    const site = await siteName()
    const [invitation, ...more] = await waitForMail((mail) => mail.envelopeTo.includes(email))
    expect(more).toEqual([])
    expect(subjectOf(invitation!)).toBe(`You are invited to the ${site} admin`)
    expect(invitation!.text).toContain(
      `An administrator created an account for ${email} in the ${site} admin.`,
    )
    expect(invitation!.text).toContain('the link works once, for 7 days')
    const { url, token } = linkIn(invitation!.text, 'invitation')
    expect(url.startsWith(`${baseUrl()}/admin/invitation/`)).toBe(true)

    // Nobody can sign in before the invitee chose a password: not with none, nor the form's stand-in.
    expect((await signIn(email, '')).status).toBeGreaterThanOrEqual(400)
    expect((await signIn(email, INVITATION_PASSWORD_PLACEHOLDER)).status).toBe(401)

    // The invitation's page welcomes them by the site's and the account's names.
    const page = await fetch(url, { headers: { 'Accept-Language': 'en' } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`Welcome to ${site}`)
    expect(html).toContain(email)
    expect(html).toContain(`An administrator created an account for you in the ${site} admin.`)

    const chosen = 'my-own-invited-password-42'
    expect((await resetPassword(token, chosen)).status).toBe(200)
    expect((await signIn(email, chosen)).status).toBe(200)
  })

  it('an admin working in Spanish sends the invitation in Spanish', async () => {
    const email = newEmail('invitee-es')
    expect((await createAs('es', { email, roles: ['author'] })).status).toBe(201)
    const site = await siteName()
    const [invitation] = await waitForMail((mail) => mail.envelopeTo.includes(email))
    expect(subjectOf(invitation!)).toBe(`Te invitamos al panel de ${site}`)
    expect(invitation!.text).toContain(
      `Un administrador ha creado una cuenta para ${email} en el panel de ${site}.`,
    )
    const { url } = linkIn(invitation!.text, 'invitation')
    const html = await (await fetch(url, { headers: { 'Accept-Language': 'es' } })).text()
    expect(html).toContain(`Te damos la bienvenida a ${site}`)
    expect(html).toContain(email)
  })

  it('the admin form’s stand-in password is never the account’s password', async () => {
    const email = newEmail('invitee-form')
    const created = await createAs('en', {
      email,
      password: INVITATION_PASSWORD_PLACEHOLDER,
      'confirm-password': INVITATION_PASSWORD_PLACEHOLDER,
      roles: ['editor'],
    })
    expect(created.status).toBe(201)
    await waitForMail((mail) => mail.envelopeTo.includes(email))
    expect((await signIn(email, INVITATION_PASSWORD_PLACEHOLDER)).status).toBe(401)
  })

  it('an account gets no API key while it is created', async () => {
    const email = newEmail('invitee-key')
    const apiKey = `key-given-at-creation-${Date.now()}`
    const created = await createAs('en', { email, roles: ['editor'], enableAPIKey: true, apiKey })
    expect(created.status).toBe(201)
    const me = await fetch(`${baseUrl()}/api/users/me`, {
      headers: { Authorization: `users API-Key ${apiKey}` },
    })
    expect(((await me.json()) as { user: unknown }).user).toBeNull()
  })
})

describe('reset mail and links that no longer work', () => {
  it.each<Language>(['en', 'es'])(
    'a forgotten password’s mail in %s names the site and the account, and opens the reset page',
    async (language) => {
      const account = await createAccount('editor')
      await waitForMail((mail) => mail.envelopeTo.includes(account.email))
      expect((await forgotPassword(account.email, language)).status).toBe(200)
      const [mail] = await waitForMail(
        (each) => each.envelopeTo.includes(account.email) && each.text.includes('reset-password'),
      )
      const site = await siteName()
      const words = {
        en: {
          subject: `Reset your password for the ${site} admin`,
          body: `asked to reset the password of the account ${account.email} in the ${site} admin.`,
          page: `Choose a new password for your account in the ${site} admin.`,
        },
        es: {
          subject: `Restablece tu contraseña del panel de ${site}`,
          body: `ha pedido restablecer la contraseña de la cuenta ${account.email} en el panel de ${site}.`,
          page: `Elige una contraseña nueva para tu cuenta en el panel de ${site}.`,
        },
      }[language]
      expect(subjectOf(mail!)).toBe(words.subject)
      expect(mail!.text).toContain(words.body)
      const { url, token } = linkIn(mail!.text, 'reset-password')
      const html = await (await fetch(url, { headers: { 'Accept-Language': language } })).text()
      expect(html).toContain(words.page)
      expect(html).toContain(account.email)

      // Used once, the link is refused with words that say why and what to do, in the asker's language.
      expect((await resetPassword(token, 'a-new-password-after-reset-7')).status).toBe(200)
      const again = await resetPassword(token, 'yet-another-password-0042', language)
      expect(again.status).toBe(403)
      const body = (await again.json()) as {
        error: { code: string; message: string }
        errors: { message: string }[]
      }
      expect(body.error).toEqual({ code: 'forbidden', message: SPENT[language] })
      expect(body.errors[0]!.message).toBe(SPENT[language])
      const spentPage = await (
        await fetch(url, { headers: { 'Accept-Language': language } })
      ).text()
      expect(spentPage).toContain(SPENT[language].slice(0, 40))
      expect((await signIn(account.email, 'yet-another-password-0042')).status).toBe(401)
    },
  )

  it('a token nobody holds, or no token of ours, gets the same clear 403', async () => {
    for (const token of ['0'.repeat(40), 'not-a-token']) {
      const response = await resetPassword(token, 'whatever-password-0042')
      expect(response.status).toBe(403)
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        SPENT.en,
      )
    }
  })
})
