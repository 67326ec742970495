import { expect, test } from '@playwright/test'
import sharp from 'sharp'

import { COVER_MIN_WIDTH } from '../../src/media/limits'
import { E2E_ADMIN } from './global-setup'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

test('a cover too narrow is pointed out as soon as it is chosen, before any save', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const marker = Date.now().toString(36)
  const width = COVER_MIN_WIDTH - 100
  const png = await sharp({
    create: { width, height: 300, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .png()
    .toBuffer()
  const filename = `narrow-${marker}.png`
  const uploaded = await request.post(`${base()}/api/media`, {
    headers: adminHeaders(),
    multipart: {
      file: { name: filename, mimeType: 'image/png', buffer: png },
      _payload: JSON.stringify({ alt: `Narrow ${marker}` }),
    },
  })
  expect(uploaded.status()).toBe(201)

  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email/i).fill(E2E_ADMIN.email)
  await page.getByLabel(/password/i).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))

  await page
    .goto(`${base()}/admin/collections/posts/create`, { waitUntil: 'commit' })
    .catch(() => undefined)
  const cover = page.locator('.field-type.upload').filter({ hasText: /cover image/i })
  await cover.getByRole('button', { name: /choose from existing/i }).click({ timeout: 60_000 })
  // The drawer lists the file under its stored name (the upload's name with a suffix).
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(`narrow-${marker}`) })
    .first()
    .click({ timeout: 30_000 })

  await expect(page.locator('.cover-image-check')).toContainText(
    `at least ${COVER_MIN_WIDTH} pixels wide, and this one is ${width}`,
    { timeout: 30_000 },
  )
})
