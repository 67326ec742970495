import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { as, createAccount, type Account } from '../support/accounts'
import { asAdminJson, baseUrl, get } from '../support/api'
import { postFormBody, postInquiry, uniqueClient, validInquiry } from '../support/inquiries'

/**
 * Every inquiry says where it came from (src/inquiries/source.ts): the client of an API or MCP
 * call, the page and referring site of a contact form post. Editors read it over REST and in the
 * CSV export; nobody else does, and the public contract does not change.
 */

interface StoredSource {
  id: number
  email: string
  channel: string
  source?: string | null
  sourceClient?: string | null
  sourcePage?: string | null
  sourceSite?: string | null
}

const SOURCE_FIELDS = ['source', 'sourceClient', 'sourcePage', 'sourceSite'] as const

async function storedFrom(email: string): Promise<StoredSource> {
  const { docs } = await asAdminJson<{ docs: StoredSource[] }>(
    `/api/inquiries?where[email][equals]=${encodeURIComponent(email)}&depth=0`,
  )
  expect(docs).toHaveLength(1)
  return docs[0]!
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** The contact form as the page serves it: where it posts, and the field naming its action. */
async function contactForm(locale = 'en', headers: Record<string, string> = {}) {
  const html = await (await get(`/${locale}/contact`, { headers })).text()
  const form = html.match(/<form[^>]*id="contact-form"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? ''
  const actionField = [...form.matchAll(/<input[^>]*name="(\$ACTION[^"]*)"/g)].map((match) =>
    decode(match[1]!),
  )
  const action = decode(form.match(/<form[^>]*action="([^"]*)"/)?.[1] || `/${locale}/contact`)
  return { url: new URL(action, baseUrl()).toString(), actionField, form }
}

/** The contact form posted as a browser sends it, with the hidden referrer field as given. */
async function postContactForm(email: string, referrerHost: string, locale = 'en') {
  const { url, actionField } = await contactForm(locale)
  const form = new FormData()
  for (const name of actionField) form.append(name, '')
  const values = {
    locale,
    website: '',
    referrerHost,
    name: 'Form Sender',
    email,
    phone: '',
    service: '',
    message: 'Sent with the form, from a link on another site.',
  }
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  return postFormBody(url, form, { Referer: `${baseUrl()}/${locale}/contact` })
}

/** The CSV export of the inquiries from `emails`, as the admin downloads it (`fields`: columns). */
const exportCsv = (emails: string[], fields?: string[]) =>
  fetch(`${baseUrl()}/api/exports/download`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: inject('adminAuthorization') },
    body: JSON.stringify({
      data: {
        collectionSlug: 'inquiries',
        format: 'csv',
        where: { email: { in: emails } },
        ...(fields ? { fields } : {}),
      },
    }),
  })

const sent = { api: '', hostileApi: '', mcp: '', form: '', hostileForm: '' }
let apiId = 0
let author: Account
const clients: Client[] = []

beforeAll(async () => {
  author = await createAccount('author')

  const api = validInquiry()
  const apiResponse = await postInquiry(api, {
    headers: { 'User-Agent': 'source-test-cli/1.2 (+https://tools.example/bot)' },
  })
  expect(apiResponse.status).toBe(201)
  // The public answer is the contract's, nothing of the source in it.
  expect(apiResponse.body).toEqual({ success: true })
  sent.api = String(api.email)

  const hostileApi = validInquiry()
  const hostileResponse = await postInquiry(hostileApi, {
    headers: { 'User-Agent': `@SUM(1+1)<script>${'x'.repeat(5000)}` },
  })
  expect(hostileResponse.status).toBe(201)
  sent.hostileApi = String(hostileApi.email)

  // The SDK's client names itself at `initialize`; its `tools/call`, a request of its own to a
  // stateless server, is known by its User-Agent.
  const mcp = new Client({ name: 'source-test-mcp-client', version: '1.0.0' })
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      requestInit: {
        headers: { 'X-Forwarded-For': uniqueClient(), 'User-Agent': 'source-test-agent/3.1' },
      },
    }),
  )
  clients.push(mcp)
  const viaMcp = validInquiry()
  const result = (await mcp.callTool({ name: 'send_inquiry', arguments: viaMcp })) as {
    isError?: boolean
    structuredContent?: unknown
  }
  expect(result.isError).toBeFalsy()
  expect(result.structuredContent).toEqual({ success: true })
  sent.mcp = String(viaMcp.email)

  sent.form = String(validInquiry().email)
  const posted = await postContactForm(sent.form, 'News.Example.ORG')
  expect(posted.status).toBe(200)
  expect(posted.text).toContain('Thank you! Your inquiry has reached our team')

  // A referrer field that is no host is left out; the inquiry is still sent.
  sent.hostileForm = String(validInquiry().email)
  const hostile = await postContactForm(sent.hostileForm, 'https://evil.example/"><script>')
  expect(hostile.status).toBe(200)
  expect(hostile.text).toContain('Thank you! Your inquiry has reached our team')

  apiId = (await storedFrom(sent.api)).id
})

afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
})

describe('where an inquiry came from', () => {
  it('an API call: its client, by its User-Agent', async () => {
    expect(await storedFrom(sent.api)).toMatchObject({
      channel: 'http',
      source: 'API · source-test-cli',
      sourceClient: 'source-test-cli',
      sourcePage: null,
      sourceSite: null,
    })
  })

  it('a hostile User-Agent is cleaned and cut', async () => {
    const stored = await storedFrom(sent.hostileApi)
    expect(stored.sourceClient).toBe('@SUM')
    expect(stored.source).toBe('API · @SUM')
  })

  it('an MCP call: the tool, and the client its User-Agent names', async () => {
    expect(await storedFrom(sent.mcp)).toMatchObject({
      channel: 'mcp',
      source: 'MCP send_inquiry · source-test-agent',
      sourceClient: 'source-test-agent',
      sourcePage: null,
      sourceSite: null,
    })
  })

  it('the contact form: the page it was sent from and the site the visitor came from', async () => {
    expect(await storedFrom(sent.form)).toMatchObject({
      channel: 'form',
      source: 'Form · /en/contact · from news.example.org',
      sourceClient: null,
      sourcePage: '/en/contact',
      sourceSite: 'news.example.org',
    })
    expect(await storedFrom(sent.hostileForm)).toMatchObject({
      channel: 'form',
      source: 'Form · /en/contact',
      sourcePage: '/en/contact',
      sourceSite: null,
    })
  })

  it('the CSV export has the source columns, spreadsheet-safe', async () => {
    const response = await exportCsv([sent.api, sent.hostileApi, sent.mcp, sent.form])
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/csv/)
    const csv = (await response.text()).replace(/^\uFEFF/, '')
    const header = csv.split('\n', 1)[0]!
    for (const column of SOURCE_FIELDS) expect(header).toContain(`"${column}"`)
    expect(csv).toContain('"API · source-test-cli"')
    expect(csv).toContain('"MCP send_inquiry · source-test-agent"')
    expect(csv).toContain('"Form · /en/contact · from news.example.org"')
    expect(csv).toContain('"news.example.org"')
    // A client name a spreadsheet would take for a formula is written as text.
    expect(csv).toContain(`"'@SUM"`)
    expect(csv).not.toMatch(/(^|,)"@SUM"/m)
  })

  it("an export of the list's columns has the source's details after its summary", async () => {
    // The list's menu exports the columns the list shows; the inbox shows the summary.
    const response = await exportCsv([sent.form], ['email', 'source'])
    expect(response.status).toBe(200)
    const [header, row] = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    const columns = header!.split(',')
    const at = columns.indexOf('"source"')
    expect(at).toBeGreaterThanOrEqual(0)
    expect(columns.slice(at, at + 4)).toEqual([
      '"source"',
      '"sourceClient"',
      '"sourcePage"',
      '"sourceSite"',
    ])
    expect(columns).not.toContain('"message"')
    expect(row).toContain('"news.example.org"')
  })

  it('the contact page is the same for every visitor: the field is filled in the browser', async () => {
    const first = await contactForm('en', { Referer: 'https://news.example.org/a' })
    const second = await contactForm('en', { Referer: 'https://other.example/b' })
    expect(first.form).toMatch(/<input type="hidden" name="referrerHost" value=""\/?>/)
    expect(first.form).toBe(second.form)
    const response = await get('/en/contact', { headers: { Referer: 'https://news.example.org/' } })
    expect(response.headers.get('vary') ?? '').not.toMatch(/referer/i)
    expect(response.headers.get('set-cookie')).toBeNull()
  })
})

describe('the source is internal', () => {
  it('anonymous callers read no inquiry, nor any of its source fields', async () => {
    for (const path of [
      `/api/inquiries/${apiId}`,
      `/api/inquiries?where[source][like]=API&depth=0`,
      `/api/inquiries?select[sourceClient]=true`,
    ]) {
      const response = await get(path)
      expect([401, 403, 404], path).toContain(response.status)
      const text = await response.text()
      expect(text, path).not.toContain('source-test-cli')
    }
    const graphql = await get('/api/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ Inquiries { docs { source sourceClient } } }' }),
    })
    expect(await graphql.text()).not.toContain('source-test-cli')
  })

  it('authors read none of it either', async () => {
    const response = await as(author, `/api/inquiries/${apiId}`)
    expect([403, 404]).toContain(response.status)
    expect(await response.text()).not.toContain('source-test-cli')
  })

  it('an editor cannot change it', async () => {
    const editor = await createAccount('editor')
    const response = await as(editor, `/api/inquiries/${apiId}`, {
      method: 'PATCH',
      body: JSON.stringify({ source: 'forged', sourceClient: 'forged', status: 'replied' }),
    })
    expect(response.status).toBe(200)
    expect(await storedFrom(sent.api)).toMatchObject({
      source: 'API · source-test-cli',
      sourceClient: 'source-test-cli',
    })
  })
})
