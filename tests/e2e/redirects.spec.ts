import { expect, test } from '@playwright/test'

import { E2E_ADMIN } from './global-setup'

const base = () => process.env.E2E_BASE_URL!

test('an editor renames a published post in the admin, and its old URL answers 301 to the new one', async ({
  page,
  request,
}) => {
  // A published post of this test's own, so no other test sees it move.
  const stamp = Date.now().toString(36)
  const [oldSlug, newSlug] = [`before-rename-${stamp}`, `after-rename-${stamp}`]
  const headers = { Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` }
  const created = await request.post(`${base()}/api/posts?locale=en`, {
    headers,
    data: { title: `Renamed in the admin ${stamp}`, slug: oldSlug, _status: 'published' },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  expect((await request.get(`${base()}/en/blog/${oldSlug}`)).status()).toBe(200)

  // The editor signs in through the admin's own form.
  await page.goto(`${base()}/admin/login`)
  await page.getByLabel('Email').fill(E2E_ADMIN.email)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))

  // Renames the slug and publishes.
  await page.goto(`${base()}/admin/collections/posts/${doc.id}`)
  const slug = page.locator('#field-slug')
  await expect(slug).toHaveValue(oldSlug)
  await slug.fill(newSlug)
  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText(/updated successfully/i).first()).toBeVisible()

  // The old URL (page and twin) now answers 301 to the new one.
  await expect
    .poll(async () => {
      const response = await request.get(`${base()}/en/blog/${oldSlug}`, { maxRedirects: 0 })
      return [response.status(), response.headers()['location']]
    })
    .toEqual([301, `/en/blog/${newSlug}`])
  const twin = await request.get(`${base()}/en/blog/${oldSlug}.md`, { maxRedirects: 0 })
  expect([twin.status(), twin.headers()['location']]).toEqual([301, `/en/blog/${newSlug}.md`])

  // A browser following it lands on the post.
  await page.goto(`${base()}/en/blog/${oldSlug}`)
  await expect(page).toHaveURL(`${base()}/en/blog/${newSlug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Renamed in the admin ${stamp}`)

  // The redirect is listed in the admin, for the editor to see and change.
  await page.goto(`${base()}/admin/collections/redirects`)
  await expect(page.getByText(`/en/blog/${oldSlug}`, { exact: true })).toBeVisible()
})
