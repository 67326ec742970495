import { readFileSync } from 'node:fs'

import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'

import { CsvRecordReader } from '../../src/lib/spreadsheet-csv'

import { E2E_ADMIN } from './global-setup'

const base = () => process.env.E2E_BASE_URL!

interface StoredInquiry {
  name: string
  email: string
  message: string
  phone?: string
  service?: string
  locale: 'en' | 'es'
  /** How long ago it arrived. */
  minutesAgo?: number
}

/**
 * Inquiries straight into the table, as the inquiry service stores them, already delivered (no
 * mail goes out): posting them would spend the sending client's budget of ten an hour, which the
 * other specs spend too.
 */
async function storeInquiries(inquiries: StoredInquiry[]): Promise<number[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL! })
  await client.connect()
  try {
    const ids: number[] = []
    for (const inquiry of inquiries) {
      const { rows } = await client.query<{ id: number }>(
        `insert into inquiries
           (name, email, message, phone, service, locale, channel, delivery_status, created_at)
         values ($1, $2, $3, $4, $5, $6, 'form', 'sent', now() - make_interval(mins => $7))
         returning id`,
        [
          inquiry.name,
          inquiry.email,
          inquiry.message,
          inquiry.phone ?? null,
          inquiry.service ?? null,
          inquiry.locale,
          inquiry.minutesAgo ?? 0,
        ],
      )
      ids.push(rows[0]!.id)
    }
    return ids
  } finally {
    await client.end()
  }
}

async function signIn(page: Page) {
  await page.goto(`${base()}/admin/login`)
  await page.getByLabel(/email/i).fill(E2E_ADMIN.email)
  await page.getByLabel(/password/i).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: /log ?in/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'))
}

/** The admin may replace the URL while a document view loads, which aborts goto's own wait. */
async function openInquiry(page: Page, id: number) {
  await page
    .goto(`${base()}/admin/collections/inquiries/${id}`, { waitUntil: 'commit' })
    .catch(() => undefined)
  await page.waitForURL(new RegExp(`/admin/collections/inquiries/${id}`))
}

/** The parts of a `mailto:` link, decoded as a mail program decodes them. */
function mailto(href: string): { to: string; subject?: string; body?: string } {
  const url = new URL(href)
  const params = Object.fromEntries(
    url.search
      .slice(1)
      .split('&')
      .map((pair) => pair.split('=').map((part) => decodeURIComponent(part))),
  ) as Record<string, string>
  return { to: decodeURIComponent(url.pathname), ...params }
}

test('an inquiry shows its sender, message and a reply in the sender’s language first', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const email = `view-${Date.now().toString(36)}@example.com`
  const message = 'Necesitamos una plataforma de datos.\nPresupuesto: 20k.'
  const [id] = await storeInquiries([
    {
      name: 'Lucía Sender',
      email,
      phone: '+34 600 111 222',
      service: 'data-platforms',
      locale: 'es',
      message,
    },
  ])

  await signIn(page)
  await openInquiry(page, id!)
  const summary = page.locator('.inquiry-summary')
  await expect(summary).toBeVisible({ timeout: 30_000 })
  await expect(summary).toContainText('Lucía Sender')
  await expect(summary).toContainText(email)
  await expect(summary).toContainText('+34 600 111 222')
  // The service's label (the editor's language), not its code.
  await expect(page.getByTestId('inquiry-service')).toHaveText('Data platforms')
  // The message as written, its line break kept, in normal text rather than a disabled box.
  const shown = page.getByTestId('inquiry-message')
  await expect(shown).toHaveText(message)
  expect(await shown.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap')
  await expect(page.locator('#field-message')).toHaveCount(0)

  // The reply: to the sender, in the sender's language (Spanish), the message quoted.
  const reply = page.getByRole('link', { name: 'Reply by email' })
  const href = (await reply.getAttribute('href'))!
  const parts = mailto(href)
  expect(parts.to).toBe(email)
  expect(parts.subject).toBe('Re: tu consulta: Plataformas de datos')
  expect(parts.body).toContain('Hola, Lucía Sender:')
  expect(parts.body).toContain('> Necesitamos una plataforma de datos.\r\n> Presupuesto: 20k.')

  // The summary comes before everything else in the form.
  const order = await page.evaluate(() => {
    const summaryTop = document.querySelector('.inquiry-summary')!.getBoundingClientRect().top
    const note = document.querySelector('#field-note')!.getBoundingClientRect().top
    return { summaryTop, note }
  })
  expect(order.summaryTop).toBeLessThan(order.note)

  // Status as a word, not a code.
  await expect(page.locator('#field-status')).toContainText('New')
  await expect(page.locator('#field-status')).not.toContainText(/^new$/)

  // The technical fields are folded away under "Technical details", and open on demand.
  await expect(page.getByText('Technical details', { exact: true })).toBeVisible()
  await expect(page.locator('#field-clientHash')).toBeHidden()
  await expect(page.locator('#field-attempts')).toBeHidden()
  const details = page.locator('.collapsible').filter({ hasText: 'Technical details' }).first()
  await details.locator('.collapsible__toggle').first().click()
  await expect(page.locator('#field-clientHash')).toBeVisible()
  await expect(page.locator('#field-messageId')).toBeVisible()

  // The list names the service by its label too.
  await page.goto(`${base()}/admin/collections/inquiries?${new URLSearchParams({ search: email })}`)
  await expect(page.getByRole('cell', { name: 'Data platforms' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('cell', { name: 'data-platforms' })).toHaveCount(0)
})

test('the export dialog is plain and downloads every page of the list’s filter, messages included', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const marker = `pages${Date.now().toString(36)}`
  // More than one page of the list (5 a page below), the first stored the oldest.
  const total = 7
  await storeInquiries(
    Array.from({ length: total }, (_, index) => ({
      name: 'E2E Pages',
      email: `row${index}-${marker}@example.com`,
      message: `Row ${index} of ${marker}.\nSecond line.`,
      locale: 'en' as const,
      minutesAgo: total - index,
    })),
  )

  await signIn(page)
  await page.goto(
    `${base()}/admin/collections/inquiries?${new URLSearchParams({ search: marker, limit: '5' })}`,
  )
  // The list's first page: the newest five.
  await expect(page.getByText(`row6-${marker}@example.com`)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(`row0-${marker}@example.com`)).toHaveCount(0)

  await page.getByRole('button', { name: 'More options' }).click()
  await page.getByRole('button', { name: 'Export inquiries' }).click()
  const dialog = page.locator('.drawer__content').last()
  await expect(page.getByRole('heading', { name: 'Export inquiries' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: `${total} inquiries` })).toBeVisible()
  // Nothing technical: no collection slug, no untitled export document, no limit.
  await expect(dialog).toContainText('every page of the list')
  await expect(dialog).not.toContainText(/Collection Slug|Untitled|Creating new|Limit|Format/)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV file' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^inquiries-.*\.csv$/)
  const reader = new CsvRecordReader()
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const [header, ...rows] = [...reader.push(text), ...reader.end()]
  expect(rows).toHaveLength(total)
  expect(header).toContain('message')
  const messages = rows.map((row) => row[header!.indexOf('message')])
  // The first inquiry is on the list's second page, and in the file.
  expect(messages).toContain(`Row 0 of ${marker}.\nSecond line.`)
})

test('in Spanish, the view and the export speak Spanish', async ({ page }) => {
  test.setTimeout(180_000)
  const email = `vista-${Date.now().toString(36)}@example.com`
  const [id] = await storeInquiries([
    { name: 'Sender', email, service: 'cloud', locale: 'en', message: 'Hi.' },
  ])

  await signIn(page)
  // Payload's language cookie, as the account page's language select sets it: the admin in Spanish.
  await page.context().addCookies([{ name: 'payload-lng', value: 'es', url: base() }])
  await openInquiry(page, id!)
  await expect(page.locator('.inquiry-summary')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('inquiry-service')).toHaveText('Nube e infraestructura')
  await expect(page.getByText('Detalles técnicos', { exact: true })).toBeVisible()
  await expect(page.locator('#field-status')).toContainText('Nueva')
  // The editor reads Spanish; the sender wrote in English, so the reply is in English.
  const href = (await page
    .getByRole('link', { name: 'Responder por correo' })
    .getAttribute('href'))!
  expect(mailto(href).subject).toBe('Re: your inquiry: Cloud and infrastructure')

  await page.goto(`${base()}/admin/collections/inquiries?${new URLSearchParams({ search: email })}`)
  await page.getByRole('button', { name: /Más opciones|More options/ }).click()
  await page.getByRole('button', { name: 'Exportar consultas' }).click()
  await expect(page.getByRole('heading', { name: 'Exportar consultas' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '1 consulta coincide' })).toBeVisible()
})
