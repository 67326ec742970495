import { expect, test, type Page } from '@playwright/test'
import { generate } from 'otplib'

const base = () => process.env.E2E_BASE_URL!
const adminHeaders = () => ({ Authorization: `JWT ${process.env.E2E_ADMIN_TOKEN}` })

/** The code an authenticator app shows `offsetSteps` time steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 })

async function passwordStep(page: Page, email: string, password: string, button: RegExp) {
  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email|correo/i).fill(email)
  await page.getByLabel(/password|contraseña/i).fill(password)
  await page.getByRole('button', { name: button }).click()
}

test('an editor sets up two-factor sign-in on their account, then signs in with a code', async ({
  page,
  request,
  browser,
}) => {
  // The admin's first renders are slow on a busy machine.
  test.setTimeout(180_000)
  const email = `two-factor-${Date.now().toString(36)}@example.test`
  const password = 'a-passphrase-with-a-second-factor-01'
  const created = await request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password, roles: ['editor'] },
  })
  expect(created.status()).toBe(201)

  // Signed in with the password (two-factor sign-in is not on yet), the account page sets it up.
  await passwordStep(page, email, password, /log ?in/i)
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))
  await page.goto(`${base()}/admin/account`)
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click({ timeout: 60_000 })
  await expect(page.locator('img.two-factor__qr')).toBeVisible()
  const secret = (await page.locator('.two-factor__secret').textContent())!.trim()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByLabel('Code from your app').fill(await codeFor(secret))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await expect(page.locator('.two-factor__recovery-codes li')).toHaveCount(10)
  await page.getByRole('button', { name: 'I have kept them' }).click()
  await expect(page.getByText('On: signing in asks for a code')).toBeVisible()

  // Signed out, the password alone leads to the code step, not into the admin.
  await page.context().clearCookies()
  await passwordStep(page, email, password, /log ?in/i)
  await expect(page.getByText('Enter the code from your authenticator app')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/login/)
  // A wrong code: said so clearly, still outside.
  await page.getByLabel('Code from your app').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toBeVisible()
  // The next code of the app signs in.
  await page.getByLabel('Code from your app').fill(await codeFor(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))
  await expect(page.locator('.brand-icon').first()).toBeVisible({ timeout: 30_000 })

  // In Spanish, the same step in Spanish.
  const spanish = await browser.newContext({ locale: 'es-ES' })
  try {
    const page2 = await spanish.newPage()
    await passwordStep(page2, email, password, /iniciar sesión/i)
    await expect(page2.getByText('Introduce el código de tu aplicación')).toBeVisible()
    await page2.getByLabel('Código de tu aplicación').fill('000000')
    await page2.getByRole('button', { name: 'Verificar' }).click()
    await expect(
      page2.getByRole('alert').filter({ hasText: 'Ese código no es correcto' }),
    ).toBeVisible()
  } finally {
    await spanish.close()
  }
})

test('an editor with two-factor sign-in on generates new recovery codes on the account page', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const email = `two-factor-renew-${Date.now().toString(36)}@example.test`
  const password = 'a-passphrase-with-renewed-codes-01'
  const created = await request.post(`${base()}/api/users`, {
    headers: adminHeaders(),
    data: { email, password, roles: ['editor'] },
  })
  expect(created.status()).toBe(201)
  const context = await browser.newContext()
  try {
    // Signed in before two-factor sign-in is on; it is turned on through the API, as the form does.
    const login = await context.request.post(`${base()}/api/users/login`, {
      headers: { 'X-Forwarded-For': '198.18.79.1' },
      data: { email, password },
    })
    expect(login.status()).toBe(200)
    const headers = { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
    const setup = await context.request.post(`${base()}/api/users/two-factor/setup`, {
      headers,
      data: {},
    })
    const { secret } = (await setup.json()) as { secret: string }
    const enabled = await context.request.post(`${base()}/api/users/two-factor/enable`, {
      headers,
      data: { code: await codeFor(secret, -1) },
    })
    expect(enabled.status()).toBe(200)
    const { recoveryCodes: old } = (await enabled.json()) as { recoveryCodes: string[] }

    const page = await context.newPage()
    await page.goto(`${base()}/admin/account`)
    await expect(page.getByText('Recovery codes left: 10 of 10.')).toBeVisible({ timeout: 60_000 })
    await page.getByLabel('Code from your app').fill(await codeFor(secret))
    await page.getByRole('button', { name: 'Generate new recovery codes' }).click()
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
    const shown = page.locator('.two-factor__recovery-codes li')
    await expect(shown).toHaveCount(10)
    const renewed = (await shown.allTextContents()).map((each) => each.trim())
    expect(renewed.filter((each) => old.includes(each))).toEqual([])
    await page.getByRole('button', { name: 'I have kept them' }).click()
    await expect(page.getByText('Recovery codes left: 10 of 10.')).toBeVisible()
  } finally {
    await context.close()
  }
})
