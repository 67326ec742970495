import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'

import { lexical } from '../support/lexical'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

/** A post published in English only: never saved in Spanish. */
async function englishOnlyPost(request: APIRequestContext, marker: string): Promise<number> {
  const created = await request.post(`${base()}/api/posts?locale=en`, {
    headers: adminHeaders(),
    data: {
      _status: 'published',
      slug: `content-language-${marker}`,
      title: `Content language ${marker}`,
      excerpt: `Excerpt ${marker}`,
      content: lexical(`Words of ${marker}`),
    },
  })
  expect(created.status()).toBe(201)
  return ((await created.json()) as { doc: { id: number } }).doc.id
}

/** A browser context signed in as a new editor, its admin in `language`. */
async function editorIn(
  browser: Browser,
  request: APIRequestContext,
  language: 'en' | 'es',
  marker: string,
  clientAddress: string,
): Promise<BrowserContext> {
  const email = `content-language-${language}-${marker}@example.test`
  const password = 'a-long-passphrase-for-content-0042'
  const created = await request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password, roles: ['editor'], name: `Editor ${language}` },
  })
  expect(created.status()).toBe(201)
  const context = await browser.newContext()
  // Payload's admin language: its cookie, as the account page's language select sets it.
  await context.addCookies([{ name: 'payload-lng', value: language, url: base() }])
  const login = await context.request.post(`${base()}/api/users/login`, {
    headers: { 'X-Forwarded-For': clientAddress },
    data: { email, password },
  })
  expect(login.status()).toBe(200)
  return context
}

async function open(page: Page, path: string) {
  await page.goto(`${base()}${path}`, { waitUntil: 'commit' }).catch(() => undefined)
}

const banner = (page: Page) => page.locator('.content-language-banner')
const status = (page: Page) => page.locator('.content-status')

test('every edit view says which content language it edits, and the status is that language’s', async ({
  browser,
  request,
}) => {
  // The admin's first renders are slow on a busy machine.
  test.setTimeout(300_000)
  const marker = Date.now().toString(36)
  const postId = await englishOnlyPost(request, marker)
  const context = await editorIn(browser, request, 'en', marker, '198.18.91.1')
  try {
    const page = await context.newPage()
    await open(page, `/admin/collections/posts/${postId}?locale=es`)
    await expect(banner(page)).toHaveText('Editing: Spanish content', { timeout: 90_000 })
    await expect(banner(page)).toHaveAttribute('data-content-locale', 'es')
    // Published, but not in Spanish: the site's /es leaves it out.
    await expect(status(page)).toContainText('Published — not translated (not shown in Spanish)')
    await expect(status(page)).toHaveAttribute('data-content-status', 'notTranslated')

    // The next screen keeps the content language (Payload's preference): it says so.
    await open(page, '/admin/globals/navigation')
    await expect(banner(page)).toHaveText('Editing: Spanish content', { timeout: 60_000 })
    // Never published: the site shows the defaults, which "Draft" would deny.
    await expect(status(page)).toHaveAttribute('data-content-status', 'defaults')
    await expect(status(page)).toContainText('Shown on the site with its default texts')

    await open(page, `/admin/collections/posts/${postId}?locale=en`)
    await expect(banner(page)).toHaveText('Editing: English content', { timeout: 60_000 })
    await expect(status(page)).toHaveAttribute('data-content-status', 'published')
    await expect(status(page)).toContainText('Published')

    // The seeded home page is published in both languages.
    await open(page, '/admin/globals/home?locale=es')
    await expect(banner(page)).toHaveText('Editing: Spanish content', { timeout: 60_000 })
    await expect(status(page)).toHaveAttribute('data-content-status', 'published')
  } finally {
    await context.close()
  }
})

test('the content language and the status are in the editor’s admin language', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000)
  const marker = Date.now().toString(36)
  const postId = await englishOnlyPost(request, `${marker}-es`)
  const context = await editorIn(browser, request, 'es', marker, '198.18.91.2')
  try {
    const page = await context.newPage()
    await open(page, `/admin/collections/posts/${postId}?locale=es`)
    await expect(banner(page)).toHaveText('Editando: contenido en español', { timeout: 90_000 })
    await expect(status(page)).toContainText('Publicado — sin traducir (no se muestra en español)')
    // The content-language selector names the languages in the admin's language too.
    await expect(page.locator('.localizer-button__current-label').first()).toHaveText('Español')
    await open(page, `/admin/collections/posts/${postId}?locale=en`)
    await expect(page.locator('.localizer-button__current-label').first()).toHaveText('Inglés', {
      timeout: 60_000,
    })
    await expect(banner(page)).toHaveText('Editando: contenido en inglés')
    await expect(status(page)).toContainText('Publicado')

    // Once translated and published, the post is shown in Spanish, and its status says so.
    const published = await request.patch(`${base()}/api/posts/${postId}?locale=es`, {
      headers: adminHeaders(),
      data: { _status: 'published', title: `Lenguaje ${marker}` },
    })
    expect(published.status()).toBe(200)
    await open(page, `/admin/collections/posts/${postId}?locale=es`)
    await expect(status(page)).toHaveAttribute('data-content-status', 'published', {
      timeout: 90_000,
    })
    await expect(status(page)).toContainText('Publicado')
  } finally {
    await context.close()
  }
})

test('the languages endpoint answers signed-in users only, with the project’s errors', async ({
  request,
}) => {
  const postId = await englishOnlyPost(request, `${Date.now().toString(36)}-api`)
  const anonymous = await request.get(`${base()}/api/posts/${postId}/languages`)
  expect(anonymous.status()).toBe(401)
  expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('unauthorized')
  const bad = await request.get(`${base()}/api/posts/abc/languages`, { headers: adminHeaders() })
  expect(bad.status()).toBe(400)
  const missing = await request.get(`${base()}/api/posts/999999999/languages`, {
    headers: adminHeaders(),
  })
  expect(missing.status()).toBe(404)
  const found = await request.get(`${base()}/api/posts/${postId}/languages`, {
    headers: adminHeaders(),
  })
  expect(found.status()).toBe(200)
  expect(await found.json()).toEqual({ translatedIn: ['en'] })
})
