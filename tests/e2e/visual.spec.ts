import { existsSync, readFileSync, writeFileSync } from 'node:fs'

import { expect, test, type Browser, type Page } from '@playwright/test'

import type { Locale } from '../../src/i18n/locales'
import { paths } from '../../src/site/routes'
import { E2E_ADMIN } from './global-setup'
import { comparePng } from './visual/compare-png'
import {
  BASELINE_BROWSER_FILE,
  SCREENSHOT_OPTIONS,
  SCREENSHOT_TOLERANCE,
  VIEWPORTS,
} from './visual/screenshot-options'

/**
 * Every kind of page, in both languages, on a desktop and a phone, against the committed
 * baselines. The pages come from the pristine instance (the seeded content, which has fixed
 * dates, and nothing else), so what other specs edit never shows here.
 */
const base = () => process.env.E2E_PRISTINE_BASE_URL!

interface PageKind {
  name: string
  path: (locale: Locale) => string
  /** Signs in first (the admin's list views). */
  signedIn?: boolean
}

const PAGE_KINDS: PageKind[] = [
  { name: 'home', path: (locale) => paths.home(locale) },
  { name: 'blog', path: (locale) => paths.blog(locale) },
  { name: 'post', path: (locale) => paths.post(locale, 'observability-before-incidents') },
  { name: 'category', path: (locale) => paths.category(locale, 'cloud') },
  { name: 'case-studies', path: (locale) => paths.caseStudies(locale) },
  {
    name: 'case-study',
    path: (locale) => paths.caseStudy(locale, 'logistics-cloud-migration'),
  },
  { name: 'contact', path: (locale) => paths.contact(locale) },
  { name: 'about', path: (locale) => paths.about(locale) },
  { name: 'service', path: (locale) => paths.service(locale, 'software-engineering') },
  { name: 'developers', path: (locale) => paths.developers(locale) },
  { name: 'privacy', path: (locale) => paths.privacy(locale) },
  { name: 'search', path: (locale) => paths.search(locale) },
  {
    name: 'search-results',
    path: (locale) => paths.search(locale, locale === 'en' ? 'observability' : 'observabilidad'),
  },
  { name: 'not-found', path: (locale) => `/${locale}/no-such-page` },
  // The admin follows the browser's language.
  { name: 'admin-login', path: () => '/admin/login' },
  { name: 'admin-categories', path: () => '/admin/collections/categories', signedIn: true },
]

const LOCALES: Locale[] = ['en', 'es']
const BROWSER_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-ES' }

/** The admin list's timestamp cells. */
const TIMESTAMP_CELLS = ['td[class*="cell-updatedAt"]', 'td[class*="cell-createdAt"]']

/** What every timestamp cell reads in the screenshots. */
const FIXED_TIMESTAMP = 'January 1st 2026, 12:00 PM'

/**
 * What changes without the page changing: the footer's year (rendered on the server at request
 * time) and the admin's timestamps (when the seed ran).
 */
const DYNAMIC_REGIONS = ['.site-footer p:has-text("©")', ...TIMESTAMP_CELLS]

async function openPage(
  browser: Browser,
  kind: PageKind,
  locale: Locale,
  viewport: keyof typeof VIEWPORTS,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    locale: BROWSER_LOCALE[locale],
    reducedMotion: 'reduce',
    timezoneId: 'UTC',
  })
  const page = await context.newPage()
  if (kind.signedIn) {
    const login = await page.request.post(`${base()}/api/users/login`, { data: E2E_ADMIN })
    expect(login.ok()).toBe(true)
  }
  await page.goto(`${base()}${kind.path(locale)}`, { waitUntil: 'networkidle' })
  await settled(page)
  return page
}

/** Waits for what arrives after `load`: lazy images (made eager), their decoding, the fonts. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images]
    for (const image of images) image.loading = 'eager'
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
    await document.fonts.ready
  })
  // Payload's admin renders its list after hydration, then replaces the URL with its list query
  // (`?depth=1&limit=10`), which renders the table once more from the server.
  if (page.url().includes('/admin/collections/')) {
    await page.waitForURL(/[?&]limit=/)
    await page.locator('table').first().waitFor()
    // The seed's timestamps are the time it ran: masked, but their width would still move the
    // table's columns, so every one reads the same fixed date. A style rather than an edit of the
    // cells' text, because a render arriving later (a slow machine) would put the real text back.
    await page.addStyleTag({
      content: `${TIMESTAMP_CELLS.map((cell) => `${cell} > *`).join(',')} { display: none }
        ${TIMESTAMP_CELLS.map((cell) => `${cell}::after`).join(',')} { content: '${FIXED_TIMESTAMP}' }`,
    })
  }
  await page.waitForLoadState('networkidle')
}

const screenshotOptions = (page: Page) => ({
  fullPage: true,
  mask: DYNAMIC_REGIONS.map((selector) => page.locator(selector)),
  // The footer's background (`--wash`), so the README's copies don't show a glaring box.
  maskColor: '#f3f5f9',
})

function recordedChromium(): string | undefined {
  if (!existsSync(BASELINE_BROWSER_FILE)) return undefined
  return (JSON.parse(readFileSync(BASELINE_BROWSER_FILE, 'utf8')) as { chromium: string }).chromium
}

test.beforeAll(async ({ browser }) => {
  const running = browser.version()
  const updating = test.info().config.updateSnapshots
  if (updating === 'all' || updating === 'changed') {
    writeFileSync(BASELINE_BROWSER_FILE, `${JSON.stringify({ chromium: running }, null, 2)}\n`)
    return
  }
  const recorded = recordedChromium()
  console.log(
    `Screenshots: Chromium ${running}, baselines taken with ${recorded ?? 'nothing yet'}.`,
  )
  // Another major version renders text and images differently enough to fail most pages for no
  // fault of the site: say so once instead of as dozens of pixel diffs. Patch releases compare.
  if (recorded && recorded.split('.')[0] !== running.split('.')[0]) {
    throw new Error(
      `The baselines were taken with Chromium ${recorded}, this is Chromium ${running}. ` +
        'Retake them with `npm run test:visual:update` and review the changed images before committing.',
    )
  }
})

for (const kind of PAGE_KINDS) {
  for (const locale of LOCALES) {
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      test(`${kind.name} (${locale}, ${viewport}) looks as it did`, async ({ browser }) => {
        const page = await openPage(browser, kind, locale, viewport)
        await expect(page).toHaveScreenshot(
          `${kind.name}-${locale}-${viewport}.png`,
          screenshotOptions(page),
        )
        await page.context().close()
      })
    }
  }
}

test('the tolerance notices a colour token moved to a neighbouring shade', async ({ browser }) => {
  const page = await openPage(browser, PAGE_KINDS[0]!, 'en', 'desktop')
  const capture = () => page.screenshot({ ...SCREENSHOT_OPTIONS, ...screenshotOptions(page) })
  const before = await capture()
  // The page itself passes against a second capture (the comparison is stable)…
  expect(comparePng(await capture(), before, SCREENSHOT_TOLERANCE)).toBeNull()
  // …and fails once one colour token (site.css's accent: the call to action, links, category
  // labels) moves from #0b5cad to a neighbouring blue, as a redesign might.
  await page.addStyleTag({ content: ':root { --accent: #2f6fb8; }' })
  const changed = comparePng(await capture(), before, SCREENSHOT_TOLERANCE)
  expect(changed?.errorMessage).toMatch(/pixels/)
  await page.context().close()
})
