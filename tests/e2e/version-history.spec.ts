import { expect, test, type APIRequestContext } from '@playwright/test'

import { E2E_ADMIN } from './global-setup'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

/** An account with `role`, signed in through the REST API: its token. */
async function account(request: APIRequestContext, role: 'author' | 'editor', email: string) {
  const password = `a-long-passphrase-for-${role}-0042`
  const created = await request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password, roles: [role], name: `The ${role}` },
  })
  expect(created.status()).toBe(201)
  const login = await request.post(`${base()}/api/users/login`, {
    headers: { 'X-Forwarded-For': `198.18.77.${role === 'author' ? 1 : 2}` },
    data: { email, password },
  })
  return `JWT ${((await login.json()) as { token: string }).token}`
}

test('the version history names who saved each version', async ({ page, request }) => {
  test.setTimeout(180_000)
  const marker = Date.now().toString(36)
  const authorEmail = `author-${marker}@example.test`
  const editorEmail = `editor-${marker}@example.test`
  const author = await account(request, 'author', authorEmail)
  const editor = await account(request, 'editor', editorEmail)

  const drafted = await request.post(`${base()}/api/posts?locale=en&draft=true`, {
    headers: { Authorization: author },
    data: { title: `History ${marker}`, slug: `history-${marker}`, _status: 'draft' },
  })
  expect(drafted.status()).toBe(201)
  const { doc } = (await drafted.json()) as { doc: { id: number } }
  const published = await request.patch(`${base()}/api/posts/${doc.id}?locale=en`, {
    headers: { Authorization: editor },
    data: { _status: 'published' },
  })
  expect(published.status()).toBe(200)

  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email/i).fill(E2E_ADMIN.email)
  await page.getByLabel(/password/i).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))

  await page
    .goto(`${base()}/admin/collections/posts/${doc.id}/versions`, { waitUntil: 'commit' })
    .catch(() => undefined)
  const history = page.locator('table[data-version-history]')
  await expect(history).toBeVisible({ timeout: 30_000 })
  await expect(history.getByRole('columnheader', { name: 'Saved by' })).toBeVisible()
  // Newest first: the editor published what the author drafted.
  const savers = history.locator('td[data-saved-by]')
  await expect(savers).toHaveText([`The editor <${editorEmail}>`, `The author <${authorEmail}>`])
  await expect(history.locator('tbody tr').first()).toContainText('Published')

  // Each row opens Payload's comparison of that version.
  await history.locator('tbody tr').last().getByRole('link').click()
  await page.waitForURL(new RegExp(`/admin/collections/posts/${doc.id}/versions/\\w+`))
})
