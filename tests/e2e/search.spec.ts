import { expect, test } from '@playwright/test'

const base = () => process.env.E2E_BASE_URL!

test.describe('site search without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form searches with a plain GET, the query stays in the URL', async ({ page }) => {
    await page.goto(`${base()}/en`)
    await page.getByRole('link', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/en\/search$/)
    await page.getByLabel('Search the site').fill('outage dashboards')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/en\/search\?q=outage\+dashboards$/)
    await expect(page.getByLabel('Search the site')).toHaveValue('outage dashboards')
    const first = page.locator('.search-results li').first()
    await expect(first.getByRole('link')).toContainText('Observability')
    await expect(first.locator('mark', { hasText: /^(outage|dashboards)$/i }).first()).toBeVisible()
    await first.getByRole('link').click()
    await expect(page).toHaveURL(/\/en\/blog\/[a-z0-9-]+$/)
  })

  test('an empty result says so, in Spanish too', async ({ page }) => {
    await page.goto(`${base()}/es/search`)
    await page.getByLabel('Buscar en el sitio').fill('zzqqxxnada')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page.getByRole('status')).toContainText('No encontramos nada para «zzqqxxnada»')
  })
})
