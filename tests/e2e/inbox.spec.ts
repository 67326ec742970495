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
  // What the sender wrote is shown as text at the top, not as a field of the form.
  await expect(page.getByTestId('inquiry-message')).toContainText(`About the ${marker} project`)
  await expect(page.locator('#field-message')).toHaveCount(0)
  await page.locator('#field-status').click()
  await page.getByRole('option', { name: 'Spam', exact: true }).click()
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
  await page.getByRole('button', { name: 'Export inquiries' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV file' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv).toContain(senders[0])
  expect(csv).toContain(senders[2])
  expect(csv).not.toContain(senders[1])
})

test('the inbox shows where an inquiry came from, the site a visitor came to the form from included', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const email = `source-${Date.now().toString(36)}@example.com`
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.18.41.${1 + (Date.now() % 250)}` })
  // Arriving from a link on another site: the form's own script reads `document.referrer`.
  await page.goto(`${base()}/en/contact`, { referer: 'http://news.example.org/story' })
  await page.getByLabel('Name').fill('E2E Source')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Your project or question').fill('We read about you in a story.')
  await page.getByRole('button', { name: 'Send inquiry' }).click()
  await expect(page.getByRole('status')).toContainText('Thank you')

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await page.goto(`${base()}/admin/collections/inquiries?${new URLSearchParams({ search: email })}`)
  await expect(page.getByRole('columnheader', { name: 'Source' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByText('Form · /en/contact · from news.example.org')).toBeVisible()
})
