import { readFileSync } from 'node:fs'

import { expect, test, type Page } from '@playwright/test'

import { E2E_ADMIN } from './global-setup'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email/i).fill(email)
  await page.getByLabel(/password/i).fill(password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))
}

test('an editor marks an inquiry as spam and exports the rest as CSV', async ({
  page,
  request,
}) => {
  // The admin's first renders are slow on a busy machine.
  test.setTimeout(180_000)
  const marker = `inbox${Date.now().toString(36)}`
  const senders = ['keep-one', 'spam-one', 'keep-two'].map(
    (name) => `${name}-${marker}@example.com`,
  )
  for (const [index, email] of senders.entries()) {
    const sent = await request.post(`${base()}/api/inquiries`, {
      headers: { 'X-Forwarded-For': `198.18.40.${index + 1}` },
      data: { name: 'E2E Sender', email, message: `About the ${marker} project, part ${index}.` },
    })
    expect(sent.status()).toBe(201)
  }
  const found = await request.get(
    `${base()}/api/inquiries?where[email][equals]=${encodeURIComponent(senders[1]!)}&depth=0`,
    { headers: adminHeaders() },
  )
  const spamId = ((await found.json()) as { docs: { id: number }[] }).docs[0]!.id

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  // The dashboard counts the new inquiries.
  await page.goto(`${base()}/admin`)
  await expect(page.getByText(/Inbox: \d+ new inquir/)).toBeVisible()

  // The admin may replace the URL while the document view loads, which aborts goto's own wait.
  await page
    .goto(`${base()}/admin/collections/inquiries/${spamId}`, { waitUntil: 'commit' })
    .catch(() => undefined)
  await page.waitForURL(new RegExp(`/admin/collections/inquiries/${spamId}`))
  await expect(page.locator('#field-status')).toBeVisible({ timeout: 30_000 })
  // What the sender wrote is read-only in the form.
  await expect(page.locator('#field-message')).toBeDisabled()
  await page.locator('#field-status').click()
  await page.getByRole('option', { name: 'spam', exact: true }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/updated successfully/i)).toBeVisible()

  // The list without spam, narrowed to this test's inquiries by the search box.
  const query = new URLSearchParams({
    'where[or][0][and][0][status][not_equals]': 'spam',
    search: marker,
  })
  await page.goto(`${base()}/admin/collections/inquiries?${query}`)
  await expect(page.getByText(senders[0]!)).toBeVisible()
  await expect(page.getByText(senders[2]!)).toBeVisible()
  await expect(page.getByText(senders[1]!)).toHaveCount(0)

  await page.getByRole('button', { name: 'More options' }).click()
  await page
    .getByText(/^export/i)
    .first()
    .click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /download/i }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv).toContain(senders[0])
  expect(csv).toContain(senders[2])
  expect(csv).not.toContain(senders[1])
})
