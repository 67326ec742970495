import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

import { E2E_ADMIN } from './global-setup'

const base = () => process.env.E2E_BASE_URL!

function mailsFor(email: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { raw: string }).raw)
    .filter((raw) => raw.includes(email))
}

let sequence = 0
const uniqueEmail = () => `visitor-${Date.now().toString(36)}-${++sequence}@example.com`

/**
 * Waits until React has hydrated the page and run its effects. Next.js's router adds its route
 * announcer (`<next-route-announcer>`) in an effect of the hydration commit, so once it is attached
 * the router can navigate and the page's own effects (live preview's listener) are subscribed.
 * Before that, `router.push` is dropped silently: the action queue doesn't exist yet.
 */
async function hydrated(page: Page) {
  await page.locator('next-route-announcer').waitFor({ state: 'attached' })
}

/** Marks the loaded document; `stillSameDocument` is true until a page load replaces it. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { marked: boolean }).marked = true
  })
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true)
}

async function fillContactForm(page: Page, email: string) {
  await page.getByLabel('Name').fill('Ana Visitor')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Service').selectOption('cloud')
  await page
    .getByLabel('Your project or question')
    .fill('We would like to move our platform to the cloud.')
}

test('a visitor browses both languages, the blog and a case study', async ({ page }) => {
  await page.goto(`${base()}/`)
  await expect(page).toHaveURL(`${base()}/en`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('consulting')

  await page.getByRole('link', { name: 'Español' }).click()
  await expect(page).toHaveURL(`${base()}/es`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')

  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Blog' })
    .click()
  await expect(page).toHaveURL(`${base()}/es/blog`)
  await page.getByRole('link', { name: /Artículos anteriores/ }).click()
  await expect(page).toHaveURL(`${base()}/es/blog?page=2`)
  await expect(page.getByText('Página 2 de 2')).toBeVisible()

  const firstPost = page.getByRole('heading', { level: 2 }).first().getByRole('link')
  const title = (await firstPost.textContent())!.trim()
  await firstPost.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await page.getByRole('link', { name: 'English', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Case studies' })
    .click()
  await page.getByRole('heading', { level: 2 }).first().getByRole('link').click()
  await expect(page.getByText('Client')).toBeVisible()
})

test('a published post with a newer unpublished edit shows the published version; drafts are 404', async ({
  page,
}) => {
  const evolving = await page.goto(`${base()}/en/blog/evolving-post`)
  expect(evolving?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('UNPUBLISHED-EDIT')
  const draft = await page.goto(`${base()}/es/blog/draft-only-post`)
  expect(draft?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada')
})

test("a visitor's pages load no script of Next's runtime, and their links and language switcher work", async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto(`${base()}/en/blog/observability-before-incidents`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Español', exact: true }).click()
  await expect(page).toHaveURL(`${base()}/es/blog/observability-before-incidents`)
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Blog' })
    .click()
  await expect(page).toHaveURL(`${base()}/es/blog`)
  await expect(
    page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Blog' }),
  ).toHaveAttribute('aria-current', 'page')
  await page.goto(`${base()}/en/contact`)
  await expect(page.getByRole('button', { name: 'Send inquiry' })).toBeVisible()
  expect(scripts).toEqual([])
})

test('in draft preview, where the runtime stays, client-side navigation to a missing page shows the not-found page in place', async ({
  page,
}) => {
  const login = await page.request.post(`${base()}/api/users/login`, { data: E2E_ADMIN })
  expect(login.ok()).toBe(true)
  await page.goto(`${base()}/api/preview?path=/es/blog`)
  await hydrated(page)
  await markDocument(page)
  await page.evaluate(() => {
    const { next } = window as unknown as { next: { router: { push: (href: string) => void } } }
    next.router.push('/es/blog/no-such-post-anywhere')
  })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada')
  // The router fetched it (RSC) and rendered it without a full page load.
  expect(await stillSameDocument(page)).toBe(true)
})

test('the contact form with JavaScript: inline errors, then a confirmation and a mail', async ({
  page,
}) => {
  // The form's own script is in place once the page has loaded: no runtime to hydrate first.
  await page.goto(`${base()}/en/contact`)
  await markDocument(page)
  const email = uniqueEmail()
  await fillContactForm(page, 'ana@localhost')
  await page.getByRole('button', { name: 'Send inquiry' }).click()
  await expect(page.getByText('Enter a valid email address.')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Email')).toBeFocused()
  await expect(page.getByLabel('Name')).toHaveValue('Ana Visitor')

  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send inquiry' }).click()
  await expect(page.getByRole('status')).toContainText('Thank you')
  await expect.poll(() => mailsFor(email).length).toBe(1)
  // Both answers were shown in place: the script handled the form, no page was loaded.
  expect(await stillSameDocument(page)).toBe(true)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the contact form still works, answered with a page', async ({ page }) => {
    await page.goto(`${base()}/es/contact`)
    const email = uniqueEmail()
    await page.getByLabel('Nombre').fill('Luis Sin JS')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Tu proyecto o pregunta').fill('Necesitamos una plataforma de datos.')
    await page.getByRole('button', { name: 'Enviar consulta' }).click()
    await expect(page.getByText('¡Gracias!')).toBeVisible()
    await expect.poll(() => mailsFor(email).length).toBe(1)
  })

  test('a 404 page is rendered by the server, in the language of its URL, in the site layout', async ({
    page,
  }) => {
    const response = await page.goto(`${base()}/es/blog/draft-only-post`)
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada')
    await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click()
    await expect(page).toHaveURL(/\/es\/blog$/)
  })
})

test('the form explains when the budget for an address is spent', async ({ page, request }) => {
  const email = uniqueEmail()
  for (let index = 0; index < 3; index += 1) {
    const response = await request.post(`${base()}/api/inquiries`, {
      data: { name: 'Ana', email, message: 'Hello there' },
    })
    expect(response.status()).toBe(201)
  }
  await page.goto(`${base()}/en/contact`)
  await fillContactForm(page, email)
  await page.getByRole('button', { name: 'Send inquiry' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'try again' })).toContainText(
    /try again in about \d+ minutes?/,
  )
})

test('an editor publishes a change and sees it live without a rebuild', async ({
  page,
  request,
}) => {
  const headers = { Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` }
  const found = await request.get(`${base()}/api/posts?where[slug][equals]=evolving-post&depth=0`, {
    headers,
  })
  const { docs } = (await found.json()) as { docs: { id: number }[] }
  const updated = await request.patch(`${base()}/api/posts/${docs[0]!.id}?locale=en`, {
    headers,
    data: { title: 'Freshly published from the admin', _status: 'published' },
  })
  expect(updated.status()).toBe(200)
  await page.goto(`${base()}/en/blog/evolving-post`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Freshly published from the admin',
  )
})

test('live preview: a draft in preview re-renders in place when the admin reports a save', async ({
  page,
}) => {
  const login = await page.request.post(`${base()}/api/users/login`, { data: E2E_ADMIN })
  expect(login.ok()).toBe(true)
  await page.goto(`${base()}/api/preview?path=/en/blog/draft-only-post`)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).not.toHaveText('Page not found')
  await hydrated(page)

  const headers = { Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` }
  const found = await page.request.get(
    `${base()}/api/posts?where[slug][equals]=draft-only-post&draft=true&depth=0`,
    { headers },
  )
  const { docs } = (await found.json()) as { docs: { id: number }[] }
  const saved = await page.request.patch(
    `${base()}/api/posts/${docs[0]!.id}?locale=en&draft=true`,
    {
      headers,
      data: { title: 'Retitled in the live preview', _status: 'draft' },
    },
  )
  expect(saved.status()).toBe(200)
  // What the admin's live preview sends to the framed page after a save.
  await markDocument(page)
  await page.evaluate(() => {
    window.postMessage({ type: 'payload-document-event' }, window.location.origin)
  })
  await expect(heading).toHaveText('Retitled in the live preview')
  // Re-rendered in place, not reloaded.
  expect(await stillSameDocument(page)).toBe(true)
})

for (const pagePath of [
  '/en',
  '/es/blog',
  '/en/blog/observability-before-incidents',
  '/en/case-studies',
  '/es/contact',
  '/en/blog/evolving-post',
  '/es/blog/draft-only-post', // the 404 page
]) {
  test(`no serious or critical accessibility violation on ${pagePath}`, async ({ page }) => {
    await page.goto(`${base()}${pagePath}`)
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    )
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
  })
}

for (const pagePath of [
  '/en',
  '/en/blog/observability-before-incidents',
  '/es/case-studies/retail-demand-forecasting',
  '/en/contact',
  '/admin/login',
]) {
  test(`${pagePath} satisfies the Content-Security-Policy`, async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text())
    })
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    const response = await page.goto(`${base()}${pagePath}`, { waitUntil: 'networkidle' })
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
    expect(violations).toEqual([])
  })
}

/**
 * A page's largest image keeps its place before its file arrives: on a phone on a slow network
 * the text is shown first, and a box that grows when the picture comes in pushes everything below
 * it down (a layout shift Lighthouse and visitors count). It is also asked for first.
 */
for (const { name, path: pagePath, selector } of [
  { name: 'the home page’s hero image', path: '/en', selector: 'img.hero-image' },
  {
    name: 'a post’s cover',
    path: '/es/blog/observability-before-incidents',
    selector: 'img.cover',
  },
]) {
  test(`${name} has its final size before its file arrives, and is fetched first`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    const page = await context.newPage()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/media/file/**', async (route) => {
      await held
      await route.continue()
    })
    const pristine = process.env.E2E_PRISTINE_BASE_URL!
    await page.goto(`${pristine}${pagePath}`, { waitUntil: 'domcontentloaded' })
    // The page's stylesheets block its first paint, so a visitor never sees it without them; the
    // DOM can be ready before they arrive, and its box is measured only once they have.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every(
        (link) => link.sheet !== null,
      ),
    )
    const image = page.locator(selector)
    await expect(image).toHaveAttribute('fetchpriority', 'high')
    const box = async () => {
      const { width, height } = (await image.boundingBox())!
      return { width: Math.round(width), height: Math.round(height) }
    }
    const before = await box()
    expect(await image.evaluate((img: HTMLImageElement) => img.complete)).toBe(false)
    release()
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    const after = await box()
    expect(after.width).toBeGreaterThan(300)
    expect(before).toEqual(after)
    await context.close()
  })
}
