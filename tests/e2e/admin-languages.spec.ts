import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
} from '@playwright/test'

import { lexical } from '../support/lexical'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

/** What each language calls the link drawer's fields and a version's last change. */
const WORDS = {
  en: {
    drawer: ['Text to display', 'Link Type', 'Open in new tab'],
    compare: 'Updated At',
  },
  es: {
    drawer: ['Texto a mostrar', 'Tipo de enlace', 'Abrir en nueva pestaña'],
    compare: 'Última modificación',
  },
} as const

type Language = keyof typeof WORDS
const other = (language: Language): Language => (language === 'en' ? 'es' : 'en')

/** A published post saved twice (so it has a version to compare): its id and newest version's. */
async function postWithVersions(request: APIRequestContext, marker: string) {
  const created = await request.post(`${base()}/api/posts?locale=en`, {
    headers: adminHeaders(),
    data: {
      _status: 'published',
      slug: `languages-${marker}`,
      title: `Languages ${marker}`,
      excerpt: `Excerpt ${marker}`,
      content: lexical(`Linkable words of ${marker}`),
    },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  const edited = await request.patch(`${base()}/api/posts/${doc.id}?locale=en`, {
    headers: adminHeaders(),
    data: { _status: 'published', excerpt: `Edited excerpt ${marker}` },
  })
  expect(edited.status()).toBe(200)
  const versions = await request.get(
    `${base()}/api/posts/versions?where[parent][equals]=${doc.id}&sort=-updatedAt&depth=0&limit=1`,
    { headers: adminHeaders() },
  )
  const { docs } = (await versions.json()) as { docs: { id: number | string }[] }
  expect(docs[0]).toBeDefined()
  return { id: doc.id, versionId: docs[0]!.id }
}

/** A browser context signed in as a new editor (through the API, from an address of its own). */
async function editorContext(
  browser: Browser,
  request: APIRequestContext,
  email: string,
  clientAddress: string,
): Promise<BrowserContext> {
  const password = 'a-long-passphrase-for-languages-0042'
  const created = await request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password, roles: ['editor'], name: email.split('@')[0] },
  })
  expect(created.status()).toBe(201)
  const context = await browser.newContext()
  const login = await context.request.post(`${base()}/api/users/login`, {
    headers: { 'X-Forwarded-For': clientAddress },
    data: { email, password },
  })
  expect(login.status()).toBe(200)
  return context
}

/** Chooses Español on the account page, as an editor would. */
async function switchToSpanish(context: BrowserContext) {
  const page = await context.newPage()
  await page.goto(`${base()}/admin/account`, { waitUntil: 'commit' }).catch(() => undefined)
  const languageSelect = page.getByRole('combobox', { name: 'Language' })
  await expect(languageSelect).toBeVisible({ timeout: 120_000 })
  await expect(async () => {
    // Payload's language select (react-select): focus it and open its menu from the keyboard.
    await languageSelect.focus({ timeout: 5_000 })
    await page.keyboard.press('ArrowDown')
    await page.getByRole('option', { name: 'Español' }).click({ timeout: 5_000 })
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible({ timeout: 15_000 })
  }).toPass({ timeout: 90_000 })
  expect((await context.cookies()).find((cookie) => cookie.name === 'payload-lng')?.value).toBe(
    'es',
  )
  await page.close()
}

/** Opens the post's rich text link drawer and checks its labels are all in `language`. */
async function expectLinkDrawerIn(context: BrowserContext, postId: number, language: Language) {
  const page = await context.newPage()
  await page
    .goto(`${base()}/admin/collections/posts/${postId}`, { waitUntil: 'commit' })
    .catch(() => undefined)
  const editor = page.locator('[data-lexical-editor="true"]').first()
  await expect(editor).toBeVisible({ timeout: 60_000 })
  const drawer = page.locator('.drawer--is-open').last()
  // Until the editor has hydrated, a selection shows no toolbar: try again.
  await expect(async () => {
    await editor.getByText(/Linkable words/).dblclick({ timeout: 5_000 })
    await page.locator('.toolbar-popup__button-link').click({ timeout: 5_000 })
    await expect(drawer).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 90_000 })
  for (const label of WORDS[language].drawer) {
    await expect(drawer.getByText(label).first()).toBeVisible()
  }
  for (const label of WORDS[other(language)].drawer) {
    await expect(drawer.getByText(label)).toHaveCount(0)
  }
  await page.close({ runBeforeUnload: false })
}

/** Opens the comparison of the post's newest version and checks its words are in `language`. */
async function expectCompareViewIn(
  context: BrowserContext,
  post: { id: number; versionId: number | string },
  language: Language,
) {
  const page = await context.newPage()
  await page
    .goto(`${base()}/admin/collections/posts/${post.id}/versions/${post.versionId}`, {
      waitUntil: 'commit',
    })
    .catch(() => undefined)
  await expect(page.getByText(WORDS[language].compare).first()).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.getByText(WORDS[other(language)].compare)).toHaveCount(0)
  await page.close()
}

test('each editor sees the admin in their own language, whoever used another one first', async ({
  browser,
  request,
}) => {
  // The admin's first renders are slow on a busy machine.
  test.setTimeout(420_000)
  const marker = Date.now().toString(36)
  // A post each: an editor who opens a post locks it (Payload's document locking) for the other.
  const [spanishPost, englishPost] = await Promise.all([
    postWithVersions(request, `${marker}-es`),
    postWithVersions(request, `${marker}-en`),
  ])
  const [spanish, english] = await Promise.all([
    editorContext(browser, request, `es-editor-${marker}@example.test`, '198.18.90.1'),
    editorContext(browser, request, `en-editor-${marker}@example.test`, '198.18.90.2'),
  ])
  try {
    await switchToSpanish(spanish)

    // The Spanish editor goes first: Payload would keep their words for everyone after.
    await expectLinkDrawerIn(spanish, spanishPost.id, 'es')
    await expectCompareViewIn(spanish, spanishPost, 'es')
    await expectLinkDrawerIn(english, englishPost.id, 'en')
    await expectCompareViewIn(english, englishPost, 'en')

    // And the other way round, both at once.
    await Promise.all([
      expectLinkDrawerIn(spanish, spanishPost.id, 'es'),
      expectCompareViewIn(english, englishPost, 'en'),
    ])
    await Promise.all([
      expectCompareViewIn(spanish, spanishPost, 'es'),
      expectLinkDrawerIn(english, englishPost.id, 'en'),
    ])
  } finally {
    await Promise.all([spanish.close(), english.close()])
  }
})
