import { readFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { createAccount } from '../support/accounts'
import { asAdminJson, baseUrl } from '../support/api'
import { freePort, startApp, type AppServer } from '../support/app-server'
import { ADMIN, APP_SETTINGS } from '../support/global-setup'
import { uniqueClient, waitForMail } from '../support/inquiries'

const forgotPassword = (email: string, base = baseUrl()) =>
  fetch(`${base}/api/users/forgot-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClient() },
    body: JSON.stringify({ email }),
  })

const signIn = (email: string, password: string) =>
  fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClient() },
    body: JSON.stringify({ email, password }),
  })

/** The admin's invitation or reset link in a mail, and its token. */
function resetLink(text: string): { url: string; token: string } {
  const match = /(https?:\/\/[^\s"'<>]+\/admin\/(?:invitation|reset-password)\/)(\w+)/.exec(text)
  expect(match).not.toBeNull()
  return { url: match![0], token: match![2]! }
}

/** The shared app's output (tests/support/app-server.ts). */
const appLog = () =>
  readFileSync(path.join('.data/test-logs', `app-${process.env.TEST_RUN_ID ?? 'main'}.log`), 'utf8')

describe("Payload's account mail", () => {
  it('a forgotten-password request sends the reset link through the mail server', async () => {
    const response = await fetch(`${baseUrl()}/api/users/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClient() },
      body: JSON.stringify({ email: ADMIN.email }),
    })
    expect(response.status).toBe(200)
    const [mail] = await waitForMail((mail) => mail.envelopeTo.includes(ADMIN.email))
    expect(mail!.headers.get('from')).toContain(`<${APP_SETTINGS.MAIL_FROM}>`)
    expect(mail!.envelopeFrom).toBe(APP_SETTINGS.MAIL_FROM)
    expect(mail!.text).toMatch(/\/admin\/reset-password\/\w+/)
  })

  it('Payload starts with an email adapter (no "No email adapter provided" warning)', () => {
    const log = appLog()
    expect(log).toContain('Ready on')
    expect(log).not.toContain('No email adapter')
  })
})

describe('invitations and resets go through the outbox', () => {
  it('an account an admin creates is invited by mail; its link sets the password', async () => {
    const account = await createAccount('editor')
    const [invitation, ...more] = await waitForMail((mail) =>
      mail.envelopeTo.includes(account.email),
    )
    expect(more).toEqual([])
    expect(invitation!.headers.get('subject')).toMatch(/invited/)
    const { url, token } = resetLink(invitation!.text)
    expect(url.startsWith(baseUrl()) || url.includes('/admin/invitation/')).toBe(true)
    const chosen = 'a-password-i-chose-myself-42'
    const reset = await fetch(`${baseUrl()}/api/users/reset-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password: chosen }),
    })
    expect(reset.status).toBe(200)
    expect((await signIn(account.email, chosen)).status).toBe(200)
  })

  it('a reset mail’s token sets a new password, once', async () => {
    const account = await createAccount('author')
    await waitForMail((mail) => mail.envelopeTo.includes(account.email))
    expect((await forgotPassword(account.email)).status).toBe(200)
    const mails = await waitForMail(
      (mail) =>
        mail.envelopeTo.includes(account.email) &&
        !/invited/.test(mail.headers.get('subject') ?? ''),
    )
    const { token } = resetLink(mails[0]!.text)
    const body = JSON.stringify({ token, password: 'new-password-after-reset-1' })
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }
    expect((await fetch(`${baseUrl()}/api/users/reset-password`, init)).status).toBe(200)
    expect((await signIn(account.email, 'new-password-after-reset-1')).status).toBe(200)
    expect(
      (await fetch(`${baseUrl()}/api/users/reset-password`, init)).status,
    ).toBeGreaterThanOrEqual(400)
  })

  it('answers the same for an unknown address as for a known one', async () => {
    const known = await forgotPassword(ADMIN.email)
    const unknown = await forgotPassword(`nobody-${Date.now()}@example.test`)
    expect(unknown.status).toBe(known.status)
    expect(await unknown.json()).toEqual(await known.json())
  })

  describe('while the mail server is down', () => {
    let outage: AppServer

    beforeAll(async () => {
      // Nothing listens on this port: every connection is refused.
      outage = await startApp(`smtp-down-${process.env.TEST_RUN_ID ?? 'main'}`, {
        ...inject('appEnv'),
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      })
    })

    afterAll(async () => {
      await outage?.stop()
    })

    it('a reset request and an invitation succeed, and the mail is kept to send later', async () => {
      const account = await createAccount('author')
      const response = await forgotPassword(account.email, outage.url)
      expect(response.status).toBe(200)
      const created = await fetch(`${outage.url}/api/users`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: inject('adminAuthorization'),
        },
        body: JSON.stringify({
          email: `invited-during-outage-${Date.now()}@example.test`,
          password: 'a-long-passphrase-outage',
          roles: ['editor'],
        }),
      })
      expect(created.status).toBe(201)
      const { doc } = (await created.json()) as { doc: { email: string } }
      // Stored, not lost: the shared instance (whose mail server is up) delivers them.
      // A delivery the outage instance claimed is retried after its back-off, so allow for it.
      await waitForMail((mail) => mail.envelopeTo.includes(doc.email), { timeoutMs: 90_000 })
      await waitForMail(
        (mail) =>
          mail.envelopeTo.includes(account.email) &&
          !/invited/.test(mail.headers.get('subject') ?? ''),
        { timeoutMs: 90_000 },
      )
      expect(await asAdminJson(`/api/users/${account.id}`)).toMatchObject({ email: account.email })
    }, 200_000)
  })
})
