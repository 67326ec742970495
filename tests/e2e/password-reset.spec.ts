import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, test, type BrowserContext, type Page } from '@playwright/test'

import { E2E_ADMIN } from './global-setup'
import { parseMail, type ParsedMail, type ReceivedMail } from '../support/smtp'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

/** The page each kind of mail opens. */
const PAGES = { invitation: 'invitation', reset: 'reset-password' } as const

const SPENT_LINK = 'This link has already been used or has expired.'

/** Mail the in-process SMTP server received for `email`, oldest first. */
function mailFor(email: string): ParsedMail[] {
  const dir = process.env.E2E_MAIL_DIR!
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.envelopeTo.includes(email))
    .map((mail) => parseMail(mail.raw))
}

/** The links of `kind` mailed to `email`, oldest first. */
function linksFor(email: string, kind: keyof typeof PAGES): string[] {
  const link = new RegExp(`https?://[^\\s"'<>]+/admin/${PAGES[kind]}/\\w+`)
  return mailFor(email).flatMap((mail) => link.exec(mail.text)?.[0] ?? [])
}

/** Waits for the first link of `kind` mailed to `email` (mail goes through the outbox). */
async function mailedLink(email: string, kind: keyof typeof PAGES): Promise<string> {
  let link: string | undefined
  await expect
    .poll(() => (link = linksFor(email, kind)[0]), { timeout: 30_000 })
    .toMatch(new RegExp(`/admin/${PAGES[kind]}/`))
  expect(new URL(link!).origin).toBe(new URL(base()).origin)
  return link!
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email/i).fill(email)
  await page.getByLabel(/password/i).fill(password)
  await page.getByRole('button', { name: /log ?in/i }).click()
}

const onDashboard = (url: URL) => url.pathname === '/admin' || url.pathname === '/admin/'

/**
 * Sets a password on the page a mailed link opened. Until the page has hydrated, a filled form
 * may be reset and a click do nothing: try again.
 */
async function choosePassword(page: Page, password: string, submit: string | RegExp) {
  await expect(async () => {
    if (onDashboard(new URL(page.url()))) return
    await page.getByLabel('New password').fill(password)
    await page.getByLabel('Confirm the password').fill(password)
    await page.getByRole('button', { name: submit }).click()
    // The account is signed in and the dashboard opens.
    await page.waitForURL(onDashboard, { timeout: 10_000 })
  }).toPass({ timeout: 90_000 })
}

/** The page a mailed link opens has `texts` in the server's HTML, before any script runs. */
async function serverHtmlShows(link: string, texts: string[]) {
  const html = await (await fetch(link)).text()
  for (const text of texts) expect(html).toContain(text)
}

/** A context signed in as the e2e admin, through the API from an address of its own. */
async function adminContext(context: BrowserContext) {
  const login = await context.request.post(`${base()}/api/users/login`, {
    headers: { 'X-Forwarded-For': '198.18.91.1' },
    data: E2E_ADMIN,
  })
  expect(login.status()).toBe(200)
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

  const link = await mailedLink(email, 'reset')
  const [mail] = mailFor(email).filter((each) => each.text.includes(PAGES.reset))
  const siteName = /^Reset your password for the (.+) admin$/.exec(
    mail!.headers.get('subject') ?? '',
  )?.[1]
  expect(siteName).toBeTruthy()

  // The page names the site and the account, at once (rendered on the server).
  await serverHtmlShows(link, [
    'Choose a new password',
    `Choose a new password for your account in the ${siteName} admin.`,
    email,
  ])
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expect(
    page.getByText(`Choose a new password for your account in the ${siteName} admin.`),
  ).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  const chosen = 'a-new-password-from-the-mail-42'
  await choosePassword(page, chosen, 'Save my new password')

  // The old password no longer works; the new one does.
  await page.context().clearCookies()
  await signIn(page, email, 'the-password-i-forgot-0001')
  await expect(page.getByText(/incorrect|invalid/i)).toBeVisible()
  await signIn(page, email, chosen)
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))

  // The link was for one use only: opened again, it says so and where to get a new one.
  await page.context().clearCookies()
  await page.goto(link)
  await expect(page.getByText(SPENT_LINK)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
  await expect(page.getByLabel('New password')).toHaveCount(0)

  // Its token is refused by the API the form posts to, with the same words.
  const token = new URL(link).pathname.split('/').pop()
  const reused = await request.post(`${base()}/api/users/reset-password`, {
    data: { token, password: 'yet-another-password-0042' },
  })
  expect(reused.status()).toBe(403)
  expect(((await reused.json()) as { error: { message: string } }).error.message).toContain(
    SPENT_LINK,
  )
  await signIn(page, email, 'yet-another-password-0042')
  await expect(page.getByText(/incorrect|invalid/i)).toBeVisible()
})

test('an admin invites an editor with name, email and role only; the invitation welcomes them', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const email = `invited-${Date.now().toString(36)}@example.test`
  const admin = await browser.newContext()
  await adminContext(admin)
  const form = await admin.newPage()
  await form
    .goto(`${base()}/admin/collections/users/create`, { waitUntil: 'commit' })
    .catch(() => undefined)

  // The form says an invitation will be sent, and asks for no password and no API key.
  await expect(form.getByText(/An invitation will be sent to this address/)).toBeVisible({
    timeout: 60_000,
  })
  await expect(form.getByLabel(/new password/i)).toBeHidden()
  await expect(form.getByLabel(/confirm password/i)).toBeHidden()
  await expect(form.getByText(/enable api key/i)).toHaveCount(0)

  await expect(async () => {
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Name').fill('Invited Editor')
    await form.getByRole('button', { name: 'Save', exact: true }).click()
    await form.waitForURL(/\/admin\/collections\/users\/\d+/, { timeout: 15_000 })
  }).toPass({ timeout: 90_000 })
  await admin.close()

  const link = await mailedLink(email, 'invitation')
  const [mail] = mailFor(email)
  const siteName = /^You are invited to the (.+) admin$/.exec(
    mail!.headers.get('subject') ?? '',
  )?.[1]
  expect(siteName).toBeTruthy()

  // The invitee's page: a welcome naming the site and the account, rendered at once.
  await serverHtmlShows(link, [
    `Welcome to ${siteName}`,
    'An administrator created an account for you',
    email,
  ])
  const invitee = await browser.newContext()
  const page = await invitee.newPage()
  await page.goto(link)
  await expect(page.getByRole('heading', { name: `Welcome to ${siteName}` })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByText(/An administrator created an account for you/)).toBeVisible()
  const chosen = 'my-own-password-from-the-invitation-7'
  await choosePassword(page, chosen, 'Set my password')

  // Signed in with the password they chose; the link is spent.
  await invitee.clearCookies()
  await signIn(page, email, chosen)
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))
  await invitee.clearCookies()
  await page.goto(link)
  await expect(page.getByText(SPENT_LINK)).toBeVisible()
  await expect(page.getByLabel('New password')).toHaveCount(0)
  await invitee.close()
})
