import { expect, test } from '@playwright/test'

import { SITE } from '../../src/site/config'
import { E2E_ADMIN } from './global-setup'

const base = () => process.env.E2E_BASE_URL!

test.describe('the admin is the firm’s, in the editor’s language', () => {
  test('the login page shows the site’s logo and name, in English for an English browser', async ({
    page,
  }) => {
    await page.goto(`${base()}/admin/login`)
    await expect(page.locator('.brand-logo')).toContainText(SITE.name)
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  })

  test('the admin’s tab icon is the site’s icon, and it is served', async ({ page, request }) => {
    await page.goto(`${base()}/admin/login`)
    const icons = await page
      .locator('head link[rel="icon"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
    expect(icons.length).toBeGreaterThan(0)
    for (const href of icons) {
      const icon = await request.get(new URL(href, base()).toString())
      expect(icon.status()).toBe(200)
      expect(icon.headers()['content-type']).toMatch(/^image\//)
    }
  })

  test.describe('with a Spanish browser', () => {
    test.use({ locale: 'es-ES' })

    test('the login page is in Spanish', async ({ page }) => {
      await page.goto(`${base()}/admin/login`)
      await expect(page.locator('.brand-logo')).toContainText(SITE.name)
      await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()
    })
  })

  test('signed in, nothing is asked of Gravatar and the media list shows what editors use', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const external: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(base())) external.push(request.url())
    })
    await page.goto(`${base()}/admin/login`)
    await page.getByLabel(/email/i).fill(E2E_ADMIN.email)
    await page.getByLabel(/password/i).fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: /log ?in/i }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))
    await expect(page.locator('.brand-icon').first()).toBeVisible({ timeout: 30_000 })

    await page.goto(`${base()}/admin/collections/media`)
    const headings = page.locator('table thead th')
    await expect(headings.first()).toBeVisible({ timeout: 30_000 })
    const columns = (await headings.allTextContents()).map((text) => text.trim())
    expect(columns).toEqual(expect.arrayContaining(['File Name', 'Alt text', 'Width', 'Height']))
    expect(columns.join(' ')).not.toMatch(/prefix|object ?key/i)
    // Gravatar above all: the avatar is Payload's own.
    expect(external).toEqual([])
  })
})
