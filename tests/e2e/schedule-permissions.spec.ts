import { expect, test, type APIRequestContext, type Browser } from '@playwright/test'

import { lexical } from '../support/lexical'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

let sequence = 0

/**
 * A browser context signed in as a new account of `role` (through the API, from an address of its
 * own), and the id of a draft post it saved itself.
 */
async function signedIn(browser: Browser, request: APIRequestContext, role: 'editor' | 'author') {
  sequence += 1
  const marker = `${role}-${Date.now().toString(36)}-${sequence}`
  const email = `schedule-${marker}@example.test`
  const password = `a-long-passphrase-schedule-${sequence}`
  const created = await request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password, roles: [role] },
  })
  expect(created.status()).toBe(201)
  const context = await browser.newContext()
  await context.addCookies([{ name: 'payload-lng', value: 'en', url: base() }])
  const login = await context.request.post(`${base()}/api/users/login`, {
    headers: { 'X-Forwarded-For': `198.18.78.${sequence}` },
    data: { email, password },
  })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const title = `Schedule draft ${marker}`
  const draft = await context.request.post(`${base()}/api/posts?locale=en&draft=true`, {
    headers: { Authorization: `JWT ${token}` },
    data: { _status: 'draft', title, slug: `schedule-${marker}`, content: lexical(title) },
  })
  expect(draft.status()).toBe(201)
  const { doc } = (await draft.json()) as { doc: { id: number } }
  return { context, id: doc.id }
}

test("an author's edit view offers no schedule action; an editor's does", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  for (const role of ['editor', 'author'] as const) {
    const { context, id } = await signedIn(browser, request, role)
    const page = await context.newPage()
    await page
      .goto(`${base()}/admin/collections/posts/${id}?locale=en`, { waitUntil: 'commit' })
      .catch(() => undefined)
    // The view is there: everyone saves drafts.
    await expect(page.locator('#action-save-draft')).toBeVisible({ timeout: 60_000 })
    if (role === 'editor') {
      // Publishing's menu holds "Schedule publish" (the positive control for the author's case).
      // A click before the view has hydrated opens nothing: click until the menu shows.
      await expect(async () => {
        await page.locator('#action-save-popup button').first().click()
        await expect(page.locator('#schedule-publish')).toBeVisible({ timeout: 2_000 })
      }).toPass({ timeout: 30_000 })
    } else {
      await expect(page.locator('#action-save')).toHaveCount(0)
      await expect(page.locator('#action-save-popup')).toHaveCount(0)
      await expect(page.getByText('Schedule publish')).toHaveCount(0)
    }
    await context.close()
  }
})
