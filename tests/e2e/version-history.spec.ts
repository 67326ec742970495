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

/** A post published as `first`, then published again as `second`: its id and slug. */
async function twicePublished(request: APIRequestContext, first: string, second: string) {
  const slug = `restore-${Date.now().toString(36)}`
  const created = await request.post(`${base()}/api/posts?locale=en`, {
    headers: adminHeaders(),
    data: { title: first, slug, _status: 'published' },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  const changed = await request.patch(`${base()}/api/posts/${doc.id}?locale=en`, {
    headers: adminHeaders(),
    data: { title: second, _status: 'published' },
  })
  expect(changed.status()).toBe(200)
  return { id: doc.id, slug }
}

/** The title of the post's public page (what visitors see), read without a session. */
async function siteShows(request: APIRequestContext, slug: string, title: string) {
  await expect
    .poll(
      async () => {
        const page = await request.get(`${base()}/en/blog/${slug}`, {
          headers: { Cookie: '' },
          maxRedirects: 0,
        })
        return (await page.text()).includes(title)
      },
      { timeout: 20_000 },
    )
    .toBe(true)
}

async function signInAs(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email/i).fill(email)
  await page.getByLabel(/password/i).fill(password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))
}

/** Opens the comparison view of the post's oldest version, from its history. */
async function openOldestVersion(page: import('@playwright/test').Page, id: number) {
  await page
    .goto(`${base()}/admin/collections/posts/${id}/versions`, { waitUntil: 'commit' })
    .catch(() => undefined)
  const history = page.locator('table[data-version-history]')
  await expect(history).toBeVisible({ timeout: 30_000 })
  await history.locator('tbody tr').last().getByRole('link').click()
  await page.waitForURL(new RegExp(`/admin/collections/posts/${id}/versions/\\w+`))
}

test('restoring a version makes a draft; the site shows the published one until it is published', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const marker = Date.now().toString(36)
  const [oldTitle, newTitle] = [`Original ${marker}`, `Changed ${marker}`]
  const post = await twicePublished(request, oldTitle, newTitle)
  const { docs } = (await (
    await request.get(
      `${base()}/api/posts/versions?where[parent][equals]=${post.id}&sort=-updatedAt&locale=en`,
      { headers: adminHeaders() },
    )
  ).json()) as { docs: { id: number }[] }
  const current = docs[0]!.id

  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await openOldestVersion(page, post.id)

  // The comparison can be made against the current version: it is offered in the selector…
  const selector = page.locator('.compare-version')
  await expect(selector).toBeVisible({ timeout: 30_000 })
  await expect(async () => {
    await selector.locator('.rs__control').click()
    await expect(page.locator('.rs__option', { hasText: 'Currently Published' })).toBeVisible({
      timeout: 3_000,
    })
  }).toPass({ timeout: 30_000 })
  // …and among all versions in "More versions", whose list picks the one to compare against.
  await page.locator('.rs__option', { hasText: 'More versions' }).click()
  const pick = page.locator(`[data-compare-from="${current}"]`)
  await expect(pick).toBeVisible({ timeout: 30_000 })
  await pick.click()
  await page.waitForURL(new RegExp(`versionFrom=${current}`))

  // Restoring makes a draft.
  await page.getByRole('button', { name: 'Restore into a draft' }).click()
  await expect(page.getByText(/It becomes a draft/)).toBeVisible()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.waitForURL(new RegExp(`/admin/collections/posts/${post.id}$`), { timeout: 30_000 })
  // In English content (the admin keeps each user's last content language).
  await page.goto(`${base()}/admin/collections/posts/${post.id}?locale=en`)
  await expect(page.locator('#field-title')).toHaveValue(oldTitle, { timeout: 30_000 })

  // The site still shows the published version, until the editor publishes the draft.
  await siteShows(request, post.slug, newTitle)
  const asPublished = await request.get(`${base()}/api/posts/${post.id}?locale=en`)
  expect(((await asPublished.json()) as { title: string }).title).toBe(newTitle)
  await expect(async () => {
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await expect(page.getByText(/updated successfully|published successfully/i)).toBeVisible({
      timeout: 5_000,
    })
  }).toPass({ timeout: 60_000 })
  await siteShows(request, post.slug, oldTitle)
})

test('an author restores into a draft and sees no publish-only action', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  const marker = Date.now().toString(36)
  const [oldTitle, newTitle] = [`Author original ${marker}`, `Author changed ${marker}`]
  const post = await twicePublished(request, oldTitle, newTitle)
  const email = `restoring-author-${marker}@example.test`
  await account(request, 'author', email)

  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, email, 'a-long-passphrase-for-author-0042')
  await openOldestVersion(page, post.id)
  const restore = page.getByRole('button', { name: 'Restore into a draft' })
  await expect(restore).toBeVisible({ timeout: 30_000 })
  await restore.click()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.waitForURL(new RegExp(`/admin/collections/posts/${post.id}$`), { timeout: 30_000 })
  // In English content (the admin keeps each user's last content language).
  await page.goto(`${base()}/admin/collections/posts/${post.id}?locale=en`)
  await expect(page.locator('#field-title')).toHaveValue(oldTitle, { timeout: 30_000 })
  // Publishing is the editor's: the author is offered none.
  await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0)
  await expect(page.getByText('There was a problem restoring this version')).toHaveCount(0)
  await siteShows(request, post.slug, newTitle)
  await context.close()
})
