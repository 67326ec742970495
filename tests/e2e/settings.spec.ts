import { expect, test } from '@playwright/test'

import { SETTINGS_DEFAULTS } from '@/globals/defaults'

import { E2E_ADMIN } from './global-setup'

const base = () => process.env.E2E_BASE_URL!

/** Today's Spanish hero: the default a fresh install shows (restored after the test). */
const ES_HERO = {
  heading: 'Consultoría de software, datos y nube que llega a producción',
  lede: 'Somos un equipo pequeño y senior que ayuda a empresas a diseñar, construir y operar software, plataformas de datos e infraestructura en la nube, y que deja a sus equipos más fuertes de lo que los encontró.',
  ctaLabel: 'Cuéntanos tu proyecto',
  ctaLink: '/es/contact',
}

test.afterEach(async ({ request }) => {
  await request.post(`${base()}/api/globals/home?locale=es`, {
    headers: { Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` },
    data: { hero: ES_HERO, services: SETTINGS_DEFAULTS.es.services, _status: 'published' },
  })
})

test('an editor changes the Spanish home hero in the admin, publishes, and the site shows it', async ({
  page,
}) => {
  const login = await page.request.post(`${base()}/api/users/login`, { data: E2E_ADMIN })
  expect(login.ok()).toBe(true)
  await page.goto(`${base()}/es`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ES_HERO.heading)

  await page.goto(`${base()}/admin/globals/home?locale=es`)
  const heading = page.locator('#field-hero__heading')
  // The form starts from what the site shows today (the fields' defaults, in Spanish).
  await expect(heading).toHaveValue(ES_HERO.heading)
  const published = `Consultoría que llega a producción, ${Date.now().toString(36)}`
  await heading.fill(published)
  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText(/published successfully|updated successfully/i).first()).toBeVisible()

  // No deploy: the next requests show it, the page and its markdown twin.
  await expect
    .poll(async () => (await page.request.get(`${base()}/es`)).text(), { timeout: 10_000 })
    .toContain(`<h1>${published}</h1>`)
  await expect
    .poll(async () => (await page.request.get(`${base()}/es.md`)).text(), { timeout: 10_000 })
    .toContain(`# ${published}`)
  // English is untouched.
  expect(await (await page.request.get(`${base()}/en`)).text()).toContain(
    '<h1>Software, data and cloud consulting that ships</h1>',
  )
})

test('an editor renames a Spanish service in the admin, publishes, and /es shows it', async ({
  page,
}) => {
  const login = await page.request.post(`${base()}/api/users/login`, { data: E2E_ADMIN })
  expect(login.ok()).toBe(true)
  // The home page lists the published services (the collection), linking their pages.
  const found = await page.request.get(
    `${base()}/api/services?where[key][equals]=cloud&locale=es&depth=0`,
  )
  const service = ((await found.json()) as { docs: { id: number; title: string }[] }).docs[0]!
  await page.goto(`${base()}/admin/collections/services/${service.id}?locale=es`)
  const title = page.locator('#field-title')
  await expect(title).toHaveValue(service.title)
  const renamed = `Nube y plataforma ${Date.now().toString(36)}`
  await title.fill(renamed)
  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText(/published successfully|updated successfully/i).first()).toBeVisible()

  await expect
    .poll(async () => (await page.request.get(`${base()}/es`)).text(), { timeout: 10_000 })
    .toContain(`/es/servicios/cloud">${renamed}</a>`)
})
