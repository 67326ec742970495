import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, test, type Page } from '@playwright/test'

import { parseMail, type ReceivedMail } from '../support/smtp'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

/** Reset links in the mail the in-process SMTP server received for `email`, oldest first. */
function resetLinksFor(email: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.envelopeTo.includes(email))
    .map((mail) => parseMail(mail.raw))
    .filter((mail) => !/invited/i.test(mail.headers.get('subject') ?? ''))
    .flatMap((mail) => /https?:\/\/[^\s"'<>]+\/admin\/reset\/\w+/.exec(mail.text)?.[0] ?? [])
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email/i).fill(email)
  await page.getByLabel(/password/i).fill(password)
  await page.getByRole('button', { name: /log ?in/i }).click()
}

test('an editor who forgot their password resets it from the mail and signs in', async ({
  page,
  request,
}) => {
  // The admin's first renders are slow on a busy machine.
  test.setTimeout(180_000)
  const email = `forgetful-${Date.now().toString(36)}@example.test`
  const created = await request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password: 'the-password-i-forgot-0001', roles: ['editor'] },
  })
  expect(created.status()).toBe(201)

  // From the login page: "Forgot password?", then the address.
  await page.goto(`${base()}/admin/login`)
  await page.getByRole('link', { name: /forgot password/i }).click()
  await page.waitForURL(/\/admin\/forgot/)
  await page.getByLabel(/email/i).fill(email)
  await page.getByRole('button', { name: /submit/i }).click()
  await expect(page.getByRole('heading', { name: /email sent/i })).toBeVisible()

  // The link arrives at the mail server (through the outbox, so poll).
  let link: string | undefined
  await expect
    .poll(() => (link = resetLinksFor(email)[0]), { timeout: 30_000 })
    .toMatch(/\/admin\/reset\//)
  expect(new URL(link!).origin).toBe(new URL(base()).origin)

  const chosen = 'a-new-password-from-the-mail-42'
  await page.goto(link!)
  // Until the admin has hydrated, a filled form may be reset and a click do nothing: try again.
  const onDashboard = (url: URL) => url.pathname === '/admin' || url.pathname === '/admin/'
  await expect(async () => {
    if (onDashboard(new URL(page.url()))) return
    await page.getByLabel(/^new password/i).fill(chosen)
    await page.getByLabel(/confirm password/i).fill(chosen)
    await page.getByRole('button', { name: /reset password/i }).click()
    // Payload signs the account in after a reset and opens the dashboard.
    await page.waitForURL(onDashboard, { timeout: 10_000 })
  }).toPass({ timeout: 90_000 })

  // The old password no longer works; the new one does.
  await page.context().clearCookies()
  await signIn(page, email, 'the-password-i-forgot-0001')
  await expect(page.getByText(/incorrect|invalid/i)).toBeVisible()
  await signIn(page, email, chosen)
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))

  // The link was for one use only: its token is refused the second time. (Asked of the API the
  // form posts to, so a form filled before the page hydrated can't make this flaky.)
  const token = new URL(link!).pathname.split('/').pop()
  const reused = await request.post(`${base()}/api/users/reset-password`, {
    data: { token, password: 'yet-another-password-0042' },
  })
  expect(reused.status()).toBeGreaterThanOrEqual(400)
  expect(reused.status()).toBeLessThan(500)
  await page.context().clearCookies()
  await signIn(page, email, 'yet-another-password-0042')
  await expect(page.getByText(/incorrect|invalid/i)).toBeVisible()
})
