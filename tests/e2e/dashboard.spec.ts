import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'

import { lexical } from '../support/lexical'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

/** What the dashboard's sections are called in each admin language. */
const WORDS = {
  en: {
    heading: 'What to do',
    post: 'Write a post',
    caseStudy: 'Write a case study',
    drafts: 'Your drafts',
    published: 'Recently published',
    scheduled: 'Scheduled',
    inbox: /Inbox: \d+ new inquir/,
    authorsNote: 'You save drafts; an editor publishes them.',
    audience: /Audience/,
  },
  es: {
    heading: 'Qué hacer',
    post: 'Escribir una entrada',
    caseStudy: 'Escribir un caso de estudio',
    drafts: 'Sus borradores',
    published: 'Publicado recientemente',
    scheduled: 'Programado',
    inbox: /Bandeja de entrada: \d+ consultas? nuevas?/,
    authorsNote: 'Usted guarda borradores; un editor los publica.',
    audience: /Audiencia/,
  },
} as const
type Language = keyof typeof WORDS

let sequence = 0

/**
 * A browser context signed in as a new account of `role` (through the API, from an address of its
 * own), in `language` (Payload's language cookie, as the account page's choice sets it), with a
 * draft post it saved itself.
 */
async function signedIn(
  browser: Browser,
  request: APIRequestContext,
  role: 'editor' | 'author',
  language: Language,
) {
  sequence += 1
  const marker = `${role}-${language}-${Date.now().toString(36)}-${sequence}`
  const email = `dashboard-${marker}@example.test`
  const password = `a-long-passphrase-dashboard-${sequence}`
  const created = await request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password, roles: [role] },
  })
  expect(created.status()).toBe(201)
  const context = await browser.newContext()
  await context.addCookies([{ name: 'payload-lng', value: language, url: base() }])
  const login = await context.request.post(`${base()}/api/users/login`, {
    headers: { 'X-Forwarded-For': `198.18.77.${sequence}` },
    data: { email, password },
  })
  expect(login.status()).toBe(200)
  // A write with the session cookie alone is refused without a same-origin Origin (CSRF): the
  // draft is saved with the account's token, as a script would.
  const { token } = (await login.json()) as { token: string }
  const title = `Dashboard draft ${marker}`
  const draft = await context.request.post(`${base()}/api/posts?locale=en&draft=true`, {
    headers: { Authorization: `JWT ${token}` },
    data: { _status: 'draft', title, slug: `dashboard-${marker}`, content: lexical(title) },
  })
  expect(draft.status()).toBe(201)
  return { context, title }
}

async function openDashboard(page: Page) {
  await page.goto(`${base()}/admin`, { waitUntil: 'commit' }).catch(() => undefined)
  await expect(page.locator('.editor-dashboard')).toBeVisible({ timeout: 60_000 })
}

for (const language of ['en', 'es'] as const) {
  test(`an editor's dashboard says what to do, in ${language === 'en' ? 'English' : 'Spanish'}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000)
    const words = WORDS[language]
    const { context, title } = await signedIn(browser, request, 'editor', language)
    const page = await context.newPage()
    await openDashboard(page)
    const dashboard = page.locator('.editor-dashboard')
    await expect(dashboard.getByRole('heading', { name: words.heading })).toBeVisible()
    await expect(dashboard.getByRole('link', { name: words.post })).toHaveAttribute(
      'href',
      '/admin/collections/posts/create',
    )
    await expect(dashboard.getByRole('link', { name: words.caseStudy })).toHaveAttribute(
      'href',
      '/admin/collections/case-studies/create',
    )
    const drafts = dashboard.locator('[data-dashboard-section="drafts"]')
    await expect(drafts.getByRole('heading', { name: words.drafts })).toBeVisible()
    await expect(drafts.getByRole('link', { name: title })).toBeVisible()
    const published = dashboard.locator('[data-dashboard-section="published"]')
    await expect(published.getByRole('heading', { name: words.published })).toBeVisible()
    // The seed published posts and case studies.
    await expect(published.locator('li').first()).toBeVisible()
    await expect(
      dashboard.locator('[data-dashboard-section="scheduled"]').getByRole('heading', {
        name: words.scheduled,
      }),
    ).toBeVisible()
    await expect(dashboard.getByText(words.inbox)).toBeVisible()
    await expect(page.getByRole('link', { name: words.audience }).first()).toBeVisible()
    await expect(page.getByText(words.authorsNote)).toHaveCount(0)
    await context.close()
  })
}

test("an author's dashboard shows what an author can do: write and their drafts, no inbox", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const words = WORDS.en
  const { context, title } = await signedIn(browser, request, 'author', 'en')
  const page = await context.newPage()
  await openDashboard(page)
  const dashboard = page.locator('.editor-dashboard')
  await expect(dashboard).toHaveAttribute('data-dashboard-role', 'author')
  await expect(dashboard.getByRole('link', { name: words.post })).toBeVisible()
  await expect(dashboard.getByText(words.authorsNote)).toBeVisible()
  await expect(
    dashboard.locator('[data-dashboard-section="drafts"]').getByRole('link', { name: title }),
  ).toBeVisible()
  await expect(dashboard.locator('[data-dashboard-section="inbox"]')).toHaveCount(0)
  await expect(page.getByText(/Inbox:/)).toHaveCount(0)
  await context.close()
})

test('the brand mark is drawn whole at the login page and in the navigation', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const anonymous = await browser.newPage()
  await anonymous.goto(`${base()}/admin/login`)
  const logo = anonymous.locator('.brand-logo svg')
  await expect(logo).toBeVisible()
  await expectNotClipped(anonymous, '.brand-logo svg')
  await anonymous.close()

  const { context } = await signedIn(browser, request, 'editor', 'en')
  const page = await context.newPage()
  await page
    .goto(`${base()}/admin/collections/posts`, { waitUntil: 'commit' })
    .catch(() => undefined)
  await expect(page.locator('.brand-icon svg').first()).toBeVisible({ timeout: 60_000 })
  await expectNotClipped(page, '.brand-icon svg')
  await context.close()
})

/**
 * The element's box lies inside every ancestor that clips what overflows it (overflow other than
 * visible), so all of it is drawn.
 */
async function expectNotClipped(page: Page, selector: string) {
  const clippedBy = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect()
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent)
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
        const clip = parent.getBoundingClientRect()
        const inside =
          box.left >= clip.left - 0.5 &&
          box.right <= clip.right + 0.5 &&
          box.top >= clip.top - 0.5 &&
          box.bottom <= clip.bottom + 0.5
        if (!inside)
          return `${parent.tagName}.${parent.className} (${JSON.stringify(clip)} vs ${JSON.stringify(box)})`
      }
      return null
    })
  expect(clippedBy).toBeNull()
}
