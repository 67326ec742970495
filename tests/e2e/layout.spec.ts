import { expect, test, type Page } from '@playwright/test'

/**
 * Layout that holds with little content: the phone header stays one compact block in both
 * languages, a section with one card gives it the row, and search results are the site's cards.
 */

const base = () => process.env.E2E_BASE_URL!

/** The header's phone budget (px) at 390 px wide. */
const HEADER_MAX_HEIGHT = 120
const PHONE = { width: 390, height: 844 }

test.describe('the phone header', () => {
  test.use({ viewport: PHONE })

  for (const locale of ['en', 'es'] as const) {
    test(`is at most ${HEADER_MAX_HEIGHT} px tall at 390 px wide (${locale}), its links on one line`, async ({
      page,
    }) => {
      await page.goto(`${base()}/${locale}`)
      const header = await page.locator('.site-header').boundingBox()
      expect(header!.height).toBeLessThanOrEqual(HEADER_MAX_HEIGHT)
      const tops = await page
        .locator('.site-nav li')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
      expect(tops.length).toBeGreaterThan(1)
      expect(new Set(tops).size).toBe(1)
    })
  }
})

/** The width of the one card of a `.cards` list, as a share of the list's width. */
async function onlyCardShare(page: Page, list: string): Promise<number> {
  const cards = page.locator(`${list} > .card`)
  await expect(cards).toHaveCount(1)
  const [listBox, cardBox] = await Promise.all([
    page.locator(list).boundingBox(),
    cards.first().boundingBox(),
  ])
  return cardBox!.width / listBox!.width
}

test.describe('a section with one card', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('the card spans the row (a service with one related case study)', async ({ page }) => {
    await page.goto(`${base()}/en/services/data-platforms`)
    const list = '[aria-labelledby="service-case-studies"] .cards'
    expect(await onlyCardShare(page, list)).toBeGreaterThan(0.95)
    // Its cover sits beside its text rather than above a two-thirds-empty row.
    const card = page.locator(`${list} > .card`)
    const image = card.locator('img')
    if ((await image.count()) > 0) {
      const [imageBox, bodyBox] = await Promise.all([
        image.boundingBox(),
        card.locator('.card-body').boundingBox(),
      ])
      expect(bodyBox!.x).toBeGreaterThanOrEqual(imageBox!.x + imageBox!.width - 1)
    }
  })

  test('in Spanish too', async ({ page }) => {
    await page.goto(`${base()}/es/servicios/data-platforms`)
    expect(
      await onlyCardShare(page, '[aria-labelledby="service-case-studies"] .cards'),
    ).toBeGreaterThan(0.95)
  })
})

test.describe('search results', () => {
  test('are the site cards, not an underlined numbered list', async ({ page }) => {
    await page.goto(`${base()}/en/search?q=outage+dashboards`)
    const results = page.locator('.search-results > li')
    await expect(results.first()).toBeVisible()
    for (const result of await results.all()) await expect(result).toHaveClass(/\bcard\b/)
    const style = await page.locator('.search-results').evaluate((list) => {
      const link = list.querySelector('.card-title a')!
      return {
        listStyle: getComputedStyle(list.querySelector('li')!).listStyleType,
        decoration: getComputedStyle(link).textDecorationLine,
        border: getComputedStyle(list.querySelector('li')!).borderTopStyle,
      }
    })
    expect(style.listStyle).toBe('none')
    expect(style.decoration).toBe('none')
    expect(style.border).toBe('solid')
  })
})
