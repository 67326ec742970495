import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'

import { scriptNodeArgs } from '../../scripts/lib/script-process'
import type { AdminLabelFacts } from './support/admin-label-facts'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

/**
 * The admin's own words on a page, not the documents' content (which may be English in any
 * admin, a document's title in its heading and breadcrumbs too): labels, descriptions, list
 * headings, navigation, tabs, column headings, notices, the
 * content-language control and status, option labels in selects, and the list cells of select
 * and presentational (ui) columns, whose words are the project's.
 */
const CHROME = [
  'nav',
  'label',
  '.field-label',
  '.field-description',
  '.view-description',
  '.custom-view-description',
  '.collapsible__toggle',
  '.tabs-field__tab-button',
  '.tabs-field__description',
  '.array-field__header',
  '.blocks-field__header',
  '.list-header',
  'thead th',
  '.banner',
  '.status',
  '.content-language-banner',
  '.localizer-button',
  '.react-select__single-value',
  '.react-select__multi-value__label',
  '.card__title',
  '.dashboard__group-label',
]

/** Whole-word, case-sensitive: "Title" is found in "Title:", not in "Subtitles". */
function containsWords(text: string, words: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(text)
}

/** The config's facts the scan needs, read by a script (support/admin-label-facts.ts). */
function adminLabelFacts(): AdminLabelFacts {
  const output = execFileSync(
    process.execPath,
    scriptNodeArgs('tests/e2e/support/admin-label-facts.ts'),
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  )
  return JSON.parse(output) as AdminLabelFacts
}

async function adminContext(context: BrowserContext, marker: string) {
  const email = `spanish-scan-${marker}@example.test`
  const password = 'a-long-passphrase-for-the-scan-0042'
  const created = await context.request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password, roles: ['admin'], name: 'Revisora' },
  })
  expect(created.status()).toBe(201)
  await context.addCookies([{ name: 'payload-lng', value: 'es', url: base() }])
  const login = await context.request.post(`${base()}/api/users/login`, {
    headers: { 'X-Forwarded-For': '198.18.92.1' },
    data: { email, password },
  })
  expect(login.status()).toBe(200)
}

/** The visible admin words of a page, once the admin has rendered it. */
async function chromeText(page: Page, path: string, cells: readonly string[]): Promise<string> {
  await page.goto(`${base()}${path}`, { waitUntil: 'commit' }).catch(() => undefined)
  await expect(page.locator('.template-default').first()).toBeVisible({ timeout: 90_000 })
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined)
  const selectors = [...CHROME, ...cells.map((name) => `tbody td.cell-${name}`)]
  return page.evaluate((selector) => {
    const seen = new Set<Element>()
    const texts: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      // An element inside one already read is in its text.
      let inner: Element | null = element.parentElement
      let nested = false
      while (inner) {
        if (seen.has(inner)) nested = true
        inner = inner.parentElement
      }
      seen.add(element)
      if (!nested) texts.push(element.innerText)
    }
    return texts.join('\n')
  }, selectors.join(', '))
}

test('the Spanish admin shows none of the project’s English labels', async ({ browser }) => {
  // Every list, edit view and global: many first renders on a busy machine.
  test.setTimeout(900_000)
  const { english, collections, globals } = adminLabelFacts()
  expect(english.length).toBeGreaterThan(100)
  const context = await browser.newContext()
  await adminContext(context, Date.now().toString(36))
  const page = await context.newPage()
  const found: string[] = []
  const scan = async (path: string, cells: readonly string[] = []) => {
    // Header names of the agent access policy are the same in every language.
    const text = (await chromeText(page, path, cells)).replaceAll(/Content-(Usage|Signal)/g, '')
    // The page rendered in Spanish at all (Payload's own words).
    expect(text, path).not.toBe('')
    for (const words of english) if (containsWords(text, words)) found.push(`${path}: "${words}"`)
  }
  try {
    await scan('/admin')
    await scan('/admin/account')
    for (const { slug, cells } of collections) {
      await scan(`/admin/collections/${slug}?locale=es`, cells)
      const list = await context.request.get(`${base()}/api/${slug}?limit=1&depth=0&locale=es`, {
        headers: adminHeaders(),
      })
      const first = list.ok()
        ? ((await list.json()) as { docs?: { id: number | string }[] }).docs?.[0]
        : undefined
      if (first) await scan(`/admin/collections/${slug}/${first.id}?locale=es`)
    }
    for (const slug of globals) await scan(`/admin/globals/${slug}?locale=es`)
  } finally {
    await context.close()
  }
  expect(found).toEqual([])
})
