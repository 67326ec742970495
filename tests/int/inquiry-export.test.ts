import { randomBytes } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { INQUIRY_EXPORT_COLUMNS } from '@/inquiries/export-columns'
import { CsvRecordReader } from '@/lib/spreadsheet-csv'

import { createAccount, type Account } from '../support/accounts'
import { baseUrl } from '../support/api'

/** A marker no other test's inquiries carry, in every email address this file stores. */
const marker = `export-${randomBytes(6).toString('hex')}`

let editor: Account
let db: pg.Client

/**
 * `count` inquiries straight into the table (the inquiry service would budget and mail each):
 * already delivered and closed, so that neither the mail worker nor the inbox's counts of new
 * inquiries take them up. Their messages have two lines.
 */
async function storeInquiries(group: string, count: number): Promise<void> {
  await db.query(
    `insert into inquiries (name, email, message, locale, channel, delivery_status, status)
     select 'Bulk ' || n, $1 || '-' || n || '@example.com', 'Line one of ' || n || E'\\nline two',
            'en', 'http', 'sent', 'closed'
       from generate_series(1, $2::int) as n`,
    [`${group}-${marker}`, count],
  )
}

const download = (data: Record<string, unknown>) =>
  fetch(`${baseUrl()}/api/exports/download`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: editor.authorization },
    body: JSON.stringify({ data: { collectionSlug: 'inquiries', format: 'csv', ...data } }),
  })

/** The CSV's records, its header first (the byte order mark taken off). */
async function records(response: Response): Promise<string[][]> {
  const reader = new CsvRecordReader()
  const text = (await response.text()).replace(/^\uFEFF/, '')
  return [...reader.push(text), ...reader.end()]
}

const emailsLike = (group: string) => ({ email: { like: `${group}-${marker}` } })

beforeAll(async () => {
  editor = await createAccount('editor')
  db = new pg.Client({ connectionString: inject('databaseUrl') })
  await db.connect()
})

afterAll(async () => {
  await db?.query(`delete from inquiries where email like $1`, [`%-${marker}-%`])
  await db?.end()
})

describe('the inbox export', () => {
  it('holds every inquiry of the filter, not one page, with the message among its columns', async () => {
    await storeInquiries('pages', 35)
    // What the list's dialog sends: the filter, the list's sort, no limit and no page.
    const response = await download({ where: emailsLike('pages'), sort: '-createdAt' })
    expect(response.status).toBe(200)
    const [header, ...rows] = await records(response)
    expect(rows).toHaveLength(35)
    // A request that names no columns gets the export's columns, in their order.
    expect(header).toEqual([...INQUIRY_EXPORT_COLUMNS])
    const message = header!.indexOf('message')
    expect(rows.map((row) => row[message])).toContain('Line one of 7\nline two')
  })

  it('the dialog’s columns are the export’s, the source’s details included', async () => {
    await storeInquiries('columns', 3)
    const response = await download({
      where: emailsLike('columns'),
      fields: [...INQUIRY_EXPORT_COLUMNS],
    })
    const [header, ...rows] = await records(response)
    expect(header).toEqual([...INQUIRY_EXPORT_COLUMNS])
    expect(header).toEqual(expect.arrayContaining(['message', 'sourceClient', 'sourceSite']))
    expect(rows).toHaveLength(3)
  })

  it('exports 10,000 inquiries in one file', { timeout: 240_000 }, async () => {
    await storeInquiries('bulk', 10_000)
    const response = await download({ where: emailsLike('bulk') })
    expect(response.status).toBe(200)
    const [header, ...rows] = await records(response)
    expect(rows).toHaveLength(10_000)
    const email = header!.indexOf('email')
    expect(new Set(rows.map((row) => row[email])).size).toBe(10_000)
  })

  it('refuses a filter it cannot read with a message, in the project’s error shape', async () => {
    const response = await download({ where: { nonsense: { equals: 1 } } })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter' } })
  })
})
