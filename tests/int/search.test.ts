import { beforeAll, describe, expect, it } from 'vitest'

import { asAdminJson, get, getJson } from '../support/api'
import { uniqueClient } from '../support/inquiries'
import { waitUntil } from '../support/poll'
import { createWithText, nonce } from '../support/search-content'

type Hit = {
  collection: string
  id: number
  locale: string
  title: string
  slug: string
  url: string
  snippet: string
  score: number
}
type Results = {
  docs: Hit[]
  totalDocs: number
  limit: number
  page: number
  totalPages: number
  hasNextPage: boolean
  hasPrevPage: boolean
}
type ErrorBody = { error: { code: string; message: string; details?: { field: string }[] } }

const search = (query: string) => getJson<Results>(`/api/search?${query}`)
const q = (text: string, extra = '') => search(`q=${encodeURIComponent(text)}${extra}`)

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  await waitUntil('the condition', check, {
    withinMs: timeoutMs,
    everyMs: 500,
    timeout: 'condition not met within the time limit',
  })
}

const spanishWord = nonce()
const englishWord = nonce()
const rankWord = nonce()
const snippetWord = nonce()
const pageWord = nonce()
const bothWord = nonce()
let spanish: { id: number; slug: string }
let titleHit: { id: number; slug: string }
let bodyHit: { id: number; slug: string }
let both: { id: number; slug: string }

beforeAll(async () => {
  spanish = await createWithText('posts', 'published', {
    en: { title: 'Unrelated English title', body: 'Nothing to see here.' },
    es: { title: 'Un artículo', body: `Hablamos de migraciones ${spanishWord} en la nube.` },
  })
  await createWithText('case-studies', 'published', {
    en: { title: 'A case study', body: `We were migrating ${englishWord} workloads.` },
  })
  bodyHit = await createWithText('posts', 'published', {
    en: {
      title: 'Body hit',
      body: `${rankWord} appears here, and ${rankWord} again, and ${rankWord} a third time.`,
    },
  })
  titleHit = await createWithText('posts', 'published', {
    en: { title: `All about ${rankWord}`, body: 'The body says nothing of it.' },
  })
  await createWithText('posts', 'published', {
    en: {
      title: 'Escaping',
      body: `Use a <script>alert(1)</script> & "quotes" with ${snippetWord}.`,
    },
  })
  for (let index = 0; index < 3; index += 1) {
    await createWithText('posts', 'published', {
      en: { title: `Paged ${index}`, body: `${pageWord} number ${index}` },
    })
  }
  both = await createWithText('posts', 'published', {
    en: { title: `English ${bothWord}`, body: 'English body.' },
    es: { title: `Español ${bothWord}`, body: 'Cuerpo en español.' },
  })
})

describe('GET /api/search', () => {
  it('finds Spanish words by their stem, with or without accents', async () => {
    for (const text of [`migración ${spanishWord}`, `migracion ${spanishWord}`]) {
      const { status, body } = await q(text, '&locale=es')
      expect(status).toBe(200)
      expect(body.docs.map((hit) => [hit.id, hit.locale])).toEqual([[spanish.id, 'es']])
      expect(body.docs[0]!.snippet).toContain(`<mark>migraciones</mark>`)
      expect(body.docs[0]!.url).toMatch(new RegExp(`/es/blog/${spanish.slug}$`))
    }
  })

  it('finds English words by their stem', async () => {
    const { body } = await q(`migration ${englishWord}`, '&locale=en')
    expect(body.docs).toHaveLength(1)
    expect(body.docs[0]).toMatchObject({ collection: 'case-studies', locale: 'en' })
    expect(body.docs[0]!.snippet).toContain('<mark>migrating</mark>')
  })

  it('ranks a title hit above a body with more hits', async () => {
    const { body } = await q(rankWord)
    expect(body.docs.map((hit) => hit.id)).toEqual([titleHit.id, bodyHit.id])
    expect(body.docs[0]!.score).toBeGreaterThan(body.docs[1]!.score)
  })

  it('escapes the snippet as HTML and marks only the hits', async () => {
    const { body } = await q(snippetWord)
    const { snippet } = body.docs[0]!
    expect(snippet).toContain(`<mark>${snippetWord}</mark>`)
    expect(snippet).toContain('&amp;')
    expect(snippet).toContain('&quot;quotes&quot;')
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/)
  })

  it('marks each word found in the snippet, even when the others are only in the title', async () => {
    const inTitle = nonce()
    const inBody = nonce()
    await createWithText('posts', 'published', {
      en: { title: `About ${inTitle}`, body: `Some words, then ${inBody} and more words.` },
    })
    const { body } = await q(`${inTitle} ${inBody}`)
    expect(body.docs).toHaveLength(1)
    expect(body.docs[0]!.snippet).toContain(`<mark>${inBody}</mark>`)
  })

  it('pages results in the list envelope, limit clamped to 100', async () => {
    const first = await q(pageWord, '&limit=2')
    expect(first.body).toMatchObject({
      totalDocs: 3,
      limit: 2,
      page: 1,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    })
    expect(first.body.docs).toHaveLength(2)
    const second = await q(pageWord, '&limit=2&page=2')
    expect(second.body).toMatchObject({ page: 2, hasNextPage: false, hasPrevPage: true })
    expect(second.body.docs).toHaveLength(1)
    const ids = [...first.body.docs, ...second.body.docs].map((hit) => hit.id)
    expect(new Set(ids).size).toBe(3)
    const past = await q(pageWord, '&limit=2&page=5')
    expect(past.body).toMatchObject({ docs: [], totalDocs: 3, page: 5, hasPrevPage: true })
    expect((await q(pageWord, '&limit=500')).body.limit).toBe(100)
    expect((await q(pageWord)).body.limit).toBe(10)
  })

  it('searches both languages when locale is omitted, each hit in its own', async () => {
    const { body } = await q(bothWord)
    expect(body.docs.map((hit) => [hit.id, hit.locale]).sort()).toEqual([
      [both.id, 'en'],
      [both.id, 'es'],
    ])
    const titles = Object.fromEntries(body.docs.map((hit) => [hit.locale, hit.title]))
    expect(titles).toEqual({ en: `English ${bothWord}`, es: `Español ${bothWord}` })
    const es = await q(bothWord, '&locale=es')
    expect(es.body.docs.map((hit) => hit.locale)).toEqual(['es'])
  })

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['q=a%00b', 'q'],
    ['q=x&locale=fr', 'locale'],
    ['q=x&limit=0', 'limit'],
    ['q=x&page=abc', 'page'],
    ['q=x&q=y', 'q'],
  ])('refuses %j with a 400 naming %s', async (query, field) => {
    const { status, body } = await getJson<ErrorBody>(`/api/search?${query}`)
    expect(status).toBe(400)
    expect(body.error.code).toBe('invalid_parameter')
    expect(body.error.details?.map((detail) => detail.field)).toContain(field)
  })

  it('accepts 200 characters, and searches operators and SQL as plain words', async () => {
    expect((await q('a'.repeat(200))).status).toBe(200)
    for (const text of [
      "'; DROP TABLE posts; --",
      'a & b | !c <-> d:* "e"',
      '(((',
      'OR AND NOT -',
      '\\',
    ]) {
      const { status, body } = await q(text)
      expect(status).toBe(200)
      expect(body.docs).toBeInstanceOf(Array)
    }
  })

  it('drafts, unpublished edits and editors-only notes are never found', async () => {
    const draftWord = nonce()
    const editWord = nonce()
    await createWithText('posts', 'draft', { en: { title: `Draft ${draftWord}`, body: draftWord } })
    const published = await createWithText('posts', 'published', {
      en: { title: 'Published', body: 'Published body.' },
    })
    await asAdminJson(`/api/posts/${published.id}?locale=en&draft=true`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'draft', title: `Edited ${editWord}` }),
    })
    expect((await q(draftWord)).body.totalDocs).toBe(0)
    expect((await q(editWord)).body.totalDocs).toBe(0)
    expect((await q('INTERNAL-SEARCH-MARKER')).body.totalDocs).toBe(0)
  })

  it('follows publishing: an unpublished document goes, a republished one comes back', async () => {
    const word = nonce()
    const doc = await createWithText('posts', 'published', {
      en: { title: 'Comes and goes', body: `About ${word}.` },
    })
    const found = async () => (await q(word)).body.docs.some((hit) => hit.id === doc.id)
    await until(found)
    await asAdminJson(`/api/posts/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'draft' }),
    })
    await until(async () => !(await found()))
    await asAdminJson(`/api/posts/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    await until(found)
    await asAdminJson(`/api/posts/${doc.id}`, { method: 'DELETE' })
    await until(async () => !(await found()))
  })

  it('is never cached', async () => {
    for (let index = 0; index < 2; index += 1) {
      const { response } = await q(rankWord)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('x-cache')).not.toBe('HIT')
    }
  })
})

describe('the search page', () => {
  const page = async (path: string) => {
    const response = await get(path)
    return { status: response.status, headers: response.headers, html: await response.text() }
  }

  it('shows ranked results with marked snippets, noindex and uncached', async () => {
    const { status, headers, html } = await page(
      `/es/search?q=${encodeURIComponent(`migración ${spanishWord}`)}`,
    )
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>')
    expect(html).toMatch(
      /<form[^>]*role="search"[^>]*method="get"|<form[^>]*method="get"[^>]*role="search"/,
    )
    expect(html).toContain(`href="/es/blog/${spanish.slug}"`)
    expect(html).toContain('<mark>migraciones</mark>')
    expect(html).toContain(`value="migración ${spanishWord}"`)
  })

  it('says so when nothing matches, and shows the bare form without a query', async () => {
    const word = nonce()
    const empty = await page(`/en/search?q=${word}`)
    expect(empty.status).toBe(200)
    expect(empty.html).toContain(`Nothing found for “${word}”`)
    const bare = await page('/en/search')
    expect(bare.status).toBe(200)
    expect(bare.html).toContain('name="q"')
  })

  it('pages with ?page=, keeping the query in the URL; past the end is a 404', async () => {
    const first = await page(`/en/search?q=${pageWord}`)
    expect(first.html).toContain('3 results')
    const many = await page(`/en/search?q=${pageWord}&page=2`)
    expect(many.status).toBe(404)
    expect((await page(`/en/search?q=${pageWord}&page=x`)).status).toBe(404)
  })

  it('refuses a query over the limit with a 400 page', async () => {
    const { status, html } = await page(`/en/search?q=${'a'.repeat(201)}`)
    expect(status).toBe(400)
    expect(html).toContain('Enter between 1 and 200 characters')
  })

  it('has a markdown twin listing the results, never cached', async () => {
    const response = await get(`/es/search.md?q=${encodeURIComponent(`migracion ${spanishWord}`)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const markdown = await response.text()
    expect(markdown).toContain(`/es/blog/${spanish.slug}.md`)
    expect(markdown).toContain('**migraciones**')
  })
})

describe('the search budget', () => {
  it('refuses a client past its budget with a 429 and Retry-After', async () => {
    let refused: Response | undefined
    const client = { 'X-Forwarded-For': uniqueClient() }
    for (let index = 0; index < 200 && !refused; index += 1) {
      const response = await get(`/api/search?q=budget${index}`, { headers: client })
      if (response.status === 429) refused = response
      else await response.arrayBuffer()
    }
    expect(refused).toBeDefined()
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused!.json()) as ErrorBody).error.code).toBe('rate_limited')
    // Another client still searches.
    const other = await get('/api/search?q=budget', {
      headers: { 'X-Forwarded-For': uniqueClient() },
    })
    expect(other.status).toBe(200)
  })
})

describe('the search budget, whichever representation spends it', () => {
  /** Spends a new client's whole budget through `path(index)`; the client's headers. */
  async function exhausted(path: (index: number) => string) {
    const client = { 'X-Forwarded-For': uniqueClient() }
    for (let index = 0; index < 200; index += 1) {
      const response = await get(path(index), { headers: client })
      await response.arrayBuffer()
      if (response.status === 429) return client
      expect(response.status, path(index)).toBe(200)
    }
    throw new Error(`${path(0)}: never refused`)
  }

  /**
   * Every representation of a search, each answered 429 for `client`, never stored; the API and
   * the twins say when to try again in `Retry-After` (the HTML page says it in its text).
   */
  async function expectAllRefused(client: Record<string, string>) {
    const refusals: [string, Record<string, string>, boolean][] = [
      ['/api/search?q=again', {}, true],
      ['/en/search.md?q=again', {}, true],
      ['/es/search.md?q=otra', {}, true],
      ['/en/search?q=again', { Accept: 'text/markdown' }, true],
      ['/en/search?q=again', {}, false],
    ]
    for (const [path, headers, saysWhen] of refusals) {
      const response = await get(path, { headers: { ...client, ...headers } })
      const label = `${path} ${JSON.stringify(headers)}`
      expect(response.status, label).toBe(429)
      expect(response.headers.get('cache-control'), label).toBe('no-store')
      if (saysWhen) expect(Number(response.headers.get('retry-after')), label).toBeGreaterThan(0)
      await response.arrayBuffer()
    }
  }

  it('refuses every representation once the API has spent it', async () => {
    await expectAllRefused(await exhausted((index) => `/api/search?q=shared${index}`))
  })

  it('refuses every representation once the markdown twin has spent it', async () => {
    await expectAllRefused(await exhausted((index) => `/en/search.md?q=twin${index}`))
  })

  it('says so in the twin it refuses, as the page does', async () => {
    const client = await exhausted((index) => `/en/search.md?q=words${index}`)
    const twin = await get('/en/search.md?q=words', { headers: client })
    expect(twin.status).toBe(429)
    expect(twin.headers.get('content-type')).toMatch(/^text\/markdown/)
    expect(await twin.text()).toContain('You have searched a lot in a short time')
  })

  it('answers a query the page refuses with the page’s 400 in the twin too', async () => {
    const path = `/en/search.md?q=${'a'.repeat(201)}`
    expect((await get(path)).status).toBe(400)
    const negotiated = await get(`/en/search?q=${'a'.repeat(201)}`, {
      headers: { Accept: 'text/markdown' },
    })
    expect(negotiated.status).toBe(400)
  })
})
