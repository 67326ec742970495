import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { addDays } from '@/audience/dashboard'
import { CsvRecordReader } from '@/lib/spreadsheet-csv'

import { as, createAccount, type Account } from '../support/accounts'
import { asAdmin, get } from '../support/api'
import { withConnection } from '../support/database'
import { postInquiry, validInquiry } from '../support/inquiries'
import { poll } from '../support/poll'

/**
 * The Audience dashboard (src/audience/dashboard*.ts): each chart's numbers as CSV at
 * GET /api/audience/{report}, and the admin view /admin/audience, for editors and admins only.
 * The counts are seeded straight into `audience_counts` on a day long past, which the shared
 * app's counting (today's requests) never adds to; the inquiries are today's, counted before and
 * after this file sends one (files run one at a time).
 */

const today = () => new Date().toISOString().slice(0, 10)
/** This file's day: in the retention (400 days), far from today. */
const DAY = addDays(today(), -200)
const RANGE = `from=${DAY}&to=${DAY}`
const HOSTILE_PATH = '=HYPERLINK("https://evil.example","x")'

const SEEDED = [
  { channel: 'person', surface: 'page', agent: '', path: '/en', count: 7 },
  { channel: 'search-crawler', surface: 'page', agent: 'Googlebot', path: '/en', count: 11 },
  { channel: 'ai-crawler', surface: 'page', agent: 'GPTBot', path: '/en/blog/dashboard', count: 3 },
  { channel: 'ai-crawler', surface: 'twin', agent: 'CCBot', path: HOSTILE_PATH, count: 2 },
]

const databaseUrl = () => inject('databaseUrl')

function records(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const reader = new CsvRecordReader()
  return [...reader.push(csv.slice(1)), ...reader.end()]
}

async function csvAsAdmin(path: string): Promise<string[][]> {
  const response = await asAdmin(path)
  // As bytes: a Response's text() drops the byte order mark.
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  expect(response.status, text).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(response.headers.get('cache-control')).toMatch(/no-store/)
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audience-/)
  return records(text)
}

let author: Account
let editor: Account

beforeAll(async () => {
  await withConnection(databaseUrl(), async (client) => {
    await client.query('DELETE FROM audience_counts WHERE day = $1::date', [DAY])
    for (const row of SEEDED) {
      await client.query(
        `INSERT INTO audience_counts (day, channel, surface, agent, path, count)
         VALUES ($1::date, $2, $3, $4, $5, $6)`,
        [DAY, row.channel, row.surface, row.agent, row.path, row.count],
      )
    }
  })
  ;[author, editor] = await Promise.all([createAccount('author'), createAccount('editor')])
})

afterAll(async () => {
  await withConnection(databaseUrl(), (client) =>
    client.query('DELETE FROM audience_counts WHERE day = $1::date', [DAY]),
  )
})

describe('the Audience CSV files', () => {
  it('are for editors and admins: 401 without a session, 403 for an author', async () => {
    const anonymous = await get(`/api/audience/visits?${RANGE}`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('cache-control')).toMatch(/no-store/)
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } })

    const refused = await as(author, `/api/audience/visits?${RANGE}`)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } })

    const allowed = await as(editor, `/api/audience/visits?${RANGE}`)
    expect(allowed.status).toBe(200)
    await allowed.arrayBuffer()
  })

  it('give the visits per day and channel that were counted', async () => {
    const rows = await csvAsAdmin(`/api/audience/visits?${RANGE}`)
    expect(rows[0]).toEqual([
      'day_start',
      'person',
      'search-crawler',
      'ai-crawler',
      'ai-assistant',
      'ai-referral',
      'mcp-client',
      'api-client',
      'other-bot',
      'total',
    ])
    expect(rows.slice(1)).toEqual([[DAY, '7', '11', '5', '0', '0', '0', '0', '0', '23']])
  })

  it('give a channel’s most read pages, a path like a formula as text', async () => {
    const rows = await csvAsAdmin(`/api/audience/top-paths?${RANGE}&channel=ai-crawler`)
    expect(rows).toEqual([
      ['channel', 'surface', 'path', 'count'],
      ['ai-crawler', 'page', '/en/blog/dashboard', '3'],
      ['ai-crawler', 'twin', `'${HOSTILE_PATH}`, '2'],
    ])
  })

  it('give agents’ traffic by what the access policy says of it', async () => {
    const rows = await csvAsAdmin(`/api/audience/agent-access?${RANGE}`)
    expect(rows).toEqual([
      ['day_start', 'allowed', 'stated', 'refused', 'total'],
      [DAY, '16', '0', '0', '16'],
    ])
  })

  it('follow the access policy the editors saved', async () => {
    const save = async (policy: object) => {
      const response = await asAdmin('/api/globals/agent-access', {
        method: 'POST',
        body: JSON.stringify(policy),
      })
      expect(response.status, await response.text()).toBe(200)
    }
    const inherit = { search: 'inherit', aiInput: 'inherit', aiTrain: 'inherit' }
    try {
      // Training refused (CCBot: stated), GPTBot's requests refused with 403; search allowed.
      await save({
        allow: { search: true, aiInput: true, aiTrain: false },
        crawlers: [{ agent: 'GPTBot', ...inherit, refuseRequests: true }],
      })
      const expected = [DAY, '11', '2', '3', '16']
      let last: string[][] = []
      await poll(
        'the policy applied',
        async () => {
          last = await csvAsAdmin(`/api/audience/agent-access?${RANGE}`)
          return JSON.stringify(last[1]) === JSON.stringify(expected) ? true : undefined
        },
        { everyMs: 250, timeout: () => `agent-access: ${JSON.stringify(last)}` },
      )
      const html = await (await asAdmin(`/admin/audience?${RANGE}`)).text()
      expect(html).toContain('The access policy refuses 31.3% of this traffic')
      expect(html).toContain('Allowed 11; Refusal stated 2; Refused (403) 3.')
    } finally {
      await save({ allow: { search: true, aiInput: true, aiTrain: true }, crawlers: [] })
    }
  })

  it('give the inquiries per day by how they arrived', async () => {
    const range = `from=${today()}&to=${today()}`
    const before = await csvAsAdmin(`/api/audience/inquiries?${range}`)
    expect(before[0]).toEqual(['day_start', 'http', 'mcp', 'form', 'total'])
    const sent = await postInquiry(validInquiry())
    expect(sent.status).toBe(201)
    const after = await csvAsAdmin(`/api/audience/inquiries?${range}`)
    expect(Number(after[1]![1])).toBe(Number(before[1]![1]) + 1)
    expect(Number(after[1]![4])).toBe(Number(before[1]![4]) + 1)
  })

  it('refuse a bad range, channel or report with the project’s error', async () => {
    for (const [path, status, code] of [
      ['/api/audience/visits?from=2026-02-30', 400, 'invalid_parameter'],
      [`/api/audience/visits?from=${DAY}&to=${addDays(DAY, -1)}`, 400, 'invalid_parameter'],
      ['/api/audience/top-paths?channel=robots', 400, 'invalid_parameter'],
      ['/api/audience/users', 404, 'not_found'],
    ] as const) {
      const response = await asAdmin(path)
      expect(response.status, path).toBe(status)
      expect(await response.json()).toMatchObject({ error: { code } })
    }
  })
})

describe('the Audience view', () => {
  it('sends an anonymous reader to the sign-in, and back afterwards, showing nothing', async () => {
    const response = await get(`/admin/audience?${RANGE}`, { redirect: 'manual' })
    // Payload renders the view inside a page that has begun to stream, so Next.js answers its
    // redirect in the page's payload (the browser follows it), or with 307 when it can.
    const html = await response.text()
    const target =
      response.headers.get('location') ??
      html.match(/NEXT_REDIRECT;(?:replace|push);([^;]+);30[378];/)?.[1]
    expect(target, `${response.status}`).toBeTruthy()
    const location = new URL(target!, 'http://site.test')
    expect(location.pathname).toBe('/admin/login')
    expect(location.searchParams.get('redirect')).toBe(`/admin/audience?${RANGE}`)
    expect(html).not.toContain('in total')
    expect(html).not.toContain('/en/blog/dashboard')
  })

  it('draws the seeded counts for an admin, with the claimed-identity notice', async () => {
    const response = await asAdmin(`/admin/audience?${RANGE}&channel=ai-crawler`)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('Visits by channel, by day: 23 in total.')
    expect(html).toContain('Person 7; Search crawler 11; AI crawler (training) 5.')
    expect(html).toContain('Most read pages: AI crawler (training): /en/blog/dashboard 3;')
    expect(html).toContain('Agent traffic and the access policy, by day: 16 in total. Allowed 16.')
    expect(html).toContain('The access policy refuses 0% of this traffic')
    expect(html).toContain('none of it is verified')
    expect(html).toContain(`/api/audience/visits?from=${DAY}&amp;to=${DAY}`)
  })

  it('explains a bad range instead of failing, and tells an author it is not theirs', async () => {
    const bad = await asAdmin('/admin/audience?from=someday')
    expect(bad.status).toBe(200)
    expect(await bad.text()).toContain(
      'That range cannot be shown (from must be a day, YYYY-MM-DD)',
    )

    const refused = await as(author, '/admin/audience')
    expect(await refused.text()).toContain('Only editors and admins see the audience.')
  })
})
