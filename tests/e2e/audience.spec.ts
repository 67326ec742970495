import { readFileSync } from 'node:fs'

import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'

import { E2E_ADMIN } from './global-setup'

/**
 * The Audience view (/admin/audience) in Chromium: an admin follows the dashboard's link and sees
 * the traffic this spec seeds into `audience_counts` drawn as charts, in English and in Spanish.
 * The counts are on a day long past (which the app's own counting of today's requests never
 * touches), so the numbers are exactly the seeded ones.
 */

const base = () => process.env.E2E_BASE_URL!
const databaseUrl = () => process.env.E2E_DATABASE_URL!

const dayBefore = (days: number) =>
  new Date(Date.now() - days * 24 * 60 * 60_000).toISOString().slice(0, 10)
const DAY = dayBefore(150)
const RANGE = `from=${DAY}&to=${DAY}`
/** A path as hostile as a path can be: it must show as text, and run nothing. */
const HOSTILE_PATH = '/en/<img src=x onerror="window.__hostile=1">'

const SEEDED = [
  { channel: 'person', surface: 'page', agent: '', path: '/en', count: 9 },
  { channel: 'person', surface: 'page', agent: '', path: HOSTILE_PATH, count: 2 },
  { channel: 'ai-crawler', surface: 'page', agent: 'GPTBot', path: '/en', count: 4 },
]

async function query(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() })
  await client.connect()
  try {
    await client.query(text, values)
  } finally {
    await client.end()
  }
}

test.beforeAll(async () => {
  await query('DELETE FROM audience_counts WHERE day = $1::date', [DAY])
  for (const row of SEEDED) {
    await query(
      `INSERT INTO audience_counts (day, channel, surface, agent, path, count)
       VALUES ($1::date, $2, $3, $4, $5, $6)`,
      [DAY, row.channel, row.surface, row.agent, row.path, row.count],
    )
  }
})

test.afterAll(async () => {
  await query('DELETE FROM audience_counts WHERE day = $1::date', [DAY])
})

async function signIn(page: Page) {
  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email/i).fill(E2E_ADMIN.email)
  await page.getByLabel(/password/i).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))
}

const chart = (page: Page, name: string) =>
  page.locator(`figure[data-chart="${name}"] svg[role="img"]`)

test('an admin opens the Audience view from the dashboard and sees the seeded traffic', async ({
  page,
}) => {
  // The admin's first renders are slow on a busy machine.
  test.setTimeout(180_000)
  await signIn(page)
  await page.goto(`${base()}/admin`)
  await page.getByRole('link', { name: 'Audience: who reads the site' }).click()
  await page.waitForURL(/\/admin\/audience/)
  await expect(page.getByRole('heading', { name: 'Audience', level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByText(/none of it is verified/)).toBeVisible()

  await page.goto(`${base()}/admin/audience?${RANGE}`)
  await expect(chart(page, 'audience-visits')).toHaveAttribute(
    'aria-label',
    'Visits by channel, by day: 15 in total. Person 11; AI crawler (training) 4.',
  )
  // The stacked bar of the day: people below, the AI crawler on top.
  const bar = page.locator(`figure[data-chart="audience-visits"] g[data-category="${DAY}"]`)
  await expect(bar).toHaveAttribute('data-total', '15')
  await expect(bar.locator('rect[data-series="person"]')).toHaveAttribute('data-value', '11')
  await expect(bar.locator('rect[data-series="ai-crawler"]')).toHaveAttribute('data-value', '4')
  await expect(
    page.locator('figure[data-chart="audience-visits"] li[data-series="person"]'),
  ).toHaveText('Person: 11')

  // The people's most read pages, the hostile path among them as text.
  const paths = page.locator('figure[data-chart="audience-top-paths"]')
  await expect(paths.locator('g[data-label="/en"] text').last()).toHaveText('9')
  await expect(paths.getByText(HOSTILE_PATH, { exact: true })).toHaveCount(1)
  expect(await page.evaluate(() => (window as { __hostile?: number }).__hostile)).toBeUndefined()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)

  // Under the open policy, the AI crawler's traffic is allowed.
  await expect(chart(page, 'audience-agent-access')).toHaveAttribute(
    'aria-label',
    'Agent traffic and the access policy, by day: 4 in total. Allowed 4.',
  )
  await expect(page.locator('figure[data-chart="audience-inquiries"] [role="status"]')).toHaveText(
    'No inquiries in this range.',
  )

  // The chart's numbers, as a spreadsheet opens them.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('a[data-csv="visits"]').click(),
  ])
  expect(download.suggestedFilename()).toBe(`audience-visits-${DAY}-${DAY}.csv`)
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv).toContain(`"${DAY}","11","0","4","0","0","0","0","0","15"`)

  // Another channel's pages, chosen in the form.
  await page.getByLabel('Top pages of').selectOption('ai-crawler')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await page.waitForURL(/channel=ai-crawler/)
  await expect(chart(page, 'audience-top-paths')).toHaveAttribute(
    'aria-label',
    'Most read pages: AI crawler (training): /en 4.',
  )

  // A range that is no range is explained, not a failure.
  await page.goto(`${base()}/admin/audience?from=${DAY}&to=2026-13-01`)
  await expect(page.getByText(/That range cannot be shown \(to must be a day/)).toBeVisible()
})

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' })

  test('the Audience view speaks the admin’s language', async ({ page, context }) => {
    test.setTimeout(180_000)
    // Signed in by the session the setup made; the admin's language is Spanish.
    const url = base()
    await context.addCookies([
      { name: 'payload-token', value: process.env.E2E_ADMIN_TOKEN!, url },
      { name: 'payload-lng', value: 'es', url },
    ])
    await page.goto(`${url}/admin/audience?${RANGE}`)
    await expect(page.getByRole('heading', { name: 'Audiencia', level: 1 })).toBeVisible({
      timeout: 30_000,
    })
    await expect(chart(page, 'audience-visits')).toHaveAttribute(
      'aria-label',
      'Visitas por canal, por día: 15 en total. Persona 11; Rastreador de IA (entrenamiento) 4.',
    )
    await expect(page.getByText(/nada de ello se verifica/)).toBeVisible()
    await expect(page.getByText(/no llegan a la aplicación/)).toBeVisible()
    await expect(
      page.locator('figure[data-chart="audience-inquiries"] [role="status"]'),
    ).toHaveText('No hay consultas en este periodo.')
  })
})
