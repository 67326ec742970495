import { describe, expect, inject, it } from 'vitest'

import { asAdmin, asAdminJson, get } from '../support/api'
import { withConnection } from '../support/database'
import { createDocument, uniqueSlug } from '../support/factories'
import { rawHttp } from '../support/raw-http'

/**
 * Redirects that must never leave the site, loop or chain: the `path` of the preview routes and
 * the front door's 308 to the normal path (src/http/same-site-path.ts, request-target.ts), and
 * the editors' redirects (src/redirects/), compared in the normal form a request reaches them in.
 */

type ErrorBody = {
  error?: { code?: string; message?: string }
  errors?: { data?: { errors?: { path?: string; message?: string }[] } }[]
}
type Redirect = { id: number; from: string; to: string }

/** A browser reads these as the scheme-relative `//evil.example` once resolved. */
const OTHER_HOST_PATHS = [
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/a/../..//host/x',
  '/%2E%2E//evil.example/x?y=1',
]

/** Would a browser at the site, given this `Location`, stay on the site? */
function staysOnSite(location: string): boolean {
  const site = 'https://site.example'
  return (
    location.startsWith('/') &&
    !location.startsWith('//') &&
    !location.startsWith('/\\') &&
    new URL(location, site).origin === site
  )
}

function expectInvalidParameter(status: number, body: ErrorBody, what: string) {
  expect(status, what).toBe(400)
  expect(body.error?.code, what).toBe('invalid_parameter')
  expect(body.error?.message, what).toEqual(expect.any(String))
}

describe('preview paths that only normalise to another host', () => {
  it.each(OTHER_HOST_PATHS)('leaving preview for %j is a 400, never a Location', async (path) => {
    const response = await get(`/api/preview/exit?path=${encodeURIComponent(path)}`, {
      redirect: 'manual',
    })
    expect(response.headers.get('location'), path).toBeNull()
    expectInvalidParameter(response.status, (await response.json()) as ErrorBody, path)
  })

  it.each(OTHER_HOST_PATHS)(
    'entering preview for %j, signed in, is a 400 and turns no draft mode on',
    async (path) => {
      const response = await asAdmin(`/api/preview?path=${encodeURIComponent(path)}`, {
        redirect: 'manual',
      })
      expect(response.headers.get('location'), path).toBeNull()
      expect(response.headers.getSetCookie().join('; '), path).not.toContain('__prerender_bypass')
      expectInvalidParameter(response.status, (await response.json()) as ErrorBody, path)
    },
  )

  it('the same spellings resolved to a path of the site still redirect there', async () => {
    const exit = await get('/api/preview/exit?path=%2F.%2Fen%2F..%2Fes', { redirect: 'manual' })
    expect(exit.status).toBe(307)
    expect(exit.headers.get('location')).toBe('/es')
  })
})

describe("the front door's 308 to the normal path", () => {
  it('answers a backslashed path with a 400, not a Location a browser reads as //host', async () => {
    for (const target of [
      '/\\evil.example/',
      '/\\evil.example',
      '/\\/evil.example/',
      '/en\\..\\x',
    ]) {
      const response = await rawHttp('GET', target)
      expect(response.headers.location, target).toBeUndefined()
      expect([400, 404], target).toContain(response.status)
    }
  })

  it.each([
    '//evil.example/',
    '///evil.example/',
    '/.//evil.example/',
    '/..//evil.example',
    '/%2e//evil.example/',
    '/%2E%2E//evil.example/x?next=//evil.example',
    '/a/../..//evil.example/x',
    '/%5Cevil.example/',
    '/%2F%2Fevil.example/',
  ])('%s is never sent to another host', async (target) => {
    const response = await rawHttp('GET', target)
    const location = response.headers.location
    if (location === undefined) expect([400, 404], target).toContain(response.status)
    else expect(staysOnSite(location), `${target} → ${location}`).toBe(true)
  })
})

async function createRedirect(from: unknown, to: unknown): Promise<Response> {
  return asAdmin('/api/redirects', { method: 'POST', body: JSON.stringify({ from, to }) })
}

async function redirectsFrom(from: string): Promise<Redirect[]> {
  const query = new URLSearchParams({ 'where[from][equals]': from, depth: '0' })
  return (await asAdminJson<{ docs: Redirect[] }>(`/api/redirects?${query}`)).docs
}

/** A 400 naming the `to` field with a message an editor understands. */
async function expectRefusedTo(response: Response, message: RegExp, what: string) {
  const body = (await response.json()) as ErrorBody
  expectInvalidParameter(response.status, body, what)
  expect(body.error?.message, what).toMatch(/\bTo\b/)
  expect(body.errors?.[0]?.data?.errors, what).toEqual([
    expect.objectContaining({ path: 'to', message: expect.stringMatching(message) }),
  ])
}

/** `/slug` with its first character percent-encoded, as an unreserved character may be. */
const encodedFirst = (path: string) =>
  `/%${path.charCodeAt(1).toString(16).toUpperCase()}${path.slice(2)}`

const moved = (path: string) => get(path, { redirect: 'manual' })

describe("an editor's redirect to its own page, however spelled", () => {
  it('is refused for every spelling of the same path (query ignored, twin included)', async () => {
    const from = `/${uniqueSlug('self')}`
    const page = `/en/blog/${uniqueSlug('self-page')}`
    for (const [source, to] of [
      [from, `${from}?x=1`],
      [from, `${from}/`],
      [from, `${from}//`],
      [from, encodedFirst(from)],
      [from, `/x/..${from}`],
      [from, `${from}#top`],
      [encodedFirst(from), from],
      [`${from}/`, `${from}/./`],
      [page, `${page}.md`],
      [page, `${page}.md?x=1`],
      [`${page}.md`, page],
    ] as const) {
      await expectRefusedTo(await createRedirect(source, to), /own path/, `${source} → ${to}`)
    }
    expect(await redirectsFrom(from)).toEqual([])
    expect(await redirectsFrom(page)).toEqual([])
  })

  it('keeps `from` in the form a request reaches the lookup in, so it answers', async () => {
    const from = `/${uniqueSlug('spelled')}`
    const created = await createRedirect(`${encodedFirst(from)}//`, '/en/contact')
    expect(created.status).toBe(201)
    expect(await redirectsFrom(from)).toMatchObject([{ from, to: '/en/contact' }])
    const response = await moved(from)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/en/contact')
  })

  it('is one redirect per page: another spelling of a saved `from` is refused', async () => {
    const from = `/${uniqueSlug('unique')}`
    expect((await createRedirect(from, '/en/contact')).status).toBe(201)
    const again = await createRedirect(`${encodedFirst(from)}/`, '/es/contact')
    expectInvalidParameter(again.status, (await again.json()) as ErrorBody, 'second spelling')
    expect(await redirectsFrom(from)).toMatchObject([{ to: '/en/contact' }])
  })

  it('a twin as `from` is its page: the page and its twin both move', async () => {
    const page = `/en/blog/${uniqueSlug('twin-from')}`
    expect((await createRedirect(`${page}.md`, '/en/contact')).status).toBe(201)
    expect(await redirectsFrom(page)).toMatchObject([{ to: '/en/contact' }])
    expect((await moved(page)).headers.get('location')).toBe('/en/contact')
    expect((await moved(`${page}.md`)).headers.get('location')).toBe('/en/contact.md')
  })

  it('keeps `to` in its normal form: no 308 after the 301', async () => {
    const from = `/${uniqueSlug('to-normal')}`
    expect((await createRedirect(from, '/en/%63ontact/?ref=old#form')).status).toBe(201)
    expect(await redirectsFrom(from)).toMatchObject([{ to: '/en/contact?ref=old#form' }])
  })

  it('refuses a `to` the front door would refuse', async () => {
    for (const to of ['/en/a%2Fb', '/en/%ff', '/en/blog?x=%00']) {
      await expectRefusedTo(
        await createRedirect(`/${uniqueSlug('bad-to')}`, to),
        /not a valid address|path of this site/,
        to,
      )
    }
  })
})

describe('redirects that loop', () => {
  it('are refused through encodings and trailing slashes', async () => {
    const [p, q] = [`/${uniqueSlug('enc-p')}`, `/${uniqueSlug('enc-q')}`]
    expect((await createRedirect(p, q)).status).toBe(201)
    await expectRefusedTo(
      await createRedirect(`${encodedFirst(q)}/`, `${encodedFirst(p)}?utm=1`),
      /loop/,
      'q → p',
    )
    expect(await redirectsFrom(q)).toEqual([])
  })

  it('are refused at any length, and the pages keep answering without a loop', async () => {
    const [a, b, c, d] = ['cyc-a', 'cyc-b', 'cyc-c', 'cyc-d'].map((name) => `/${uniqueSlug(name)}`)
    expect((await createRedirect(a!, b!)).status).toBe(201)
    expect((await createRedirect(b!, c!)).status).toBe(201)
    expect((await createRedirect(c!, d!)).status).toBe(201)
    for (const back of [a!, b!, c!]) {
      await expectRefusedTo(await createRedirect(d!, back), /loop/, `${d} → ${back}`)
    }
    // Every page leads to the end in one hop, which is no redirect.
    for (const start of [a!, b!, c!]) {
      const response = await moved(start)
      expect(response.status, start).toBe(301)
      expect(response.headers.get('location'), start).toBe(d)
    }
    expect((await moved(d!)).status).toBe(404)
  })

  it('are refused when an edit would close one, naming the field', async () => {
    const [a, p, x] = ['edit-a', 'edit-p', 'edit-x'].map((name) => `/${uniqueSlug(name)}`)
    const existing = (await (await createRedirect(p!, '/en/contact')).json()) as { doc: Redirect }
    // x → a, while nothing leaves a: no chain yet.
    expect((await createRedirect(x!, a!)).status).toBe(201)
    const edit = await asAdmin(`/api/redirects/${existing.doc.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ from: a, to: `${x}/` }),
    })
    await expectRefusedTo(edit, /loop/, 'a → x')
    expect(await redirectsFrom(p!)).toMatchObject([{ to: '/en/contact' }])
    expect(await redirectsFrom(a!)).toEqual([])
  })
})

describe('a redirect to an address that redirects again', () => {
  it.each([
    '/api/preview/exit?path=/en',
    '/api/preview?path=/en',
    '/api/%70review/exit',
    '/api/preview/exit/',
    '/admin',
    '/markdown-twin/en/contact',
  ])('to %j is refused: not a page', async (to) => {
    await expectRefusedTo(await createRedirect(`/${uniqueSlug('api-to')}`, to), /not a page/, to)
  })

  it('goes to the end of the chain, whatever spelling and form the target has', async () => {
    const [x, y] = [`/${uniqueSlug('chain-x')}`, `/en/blog/${uniqueSlug('chain-y')}`]
    expect((await createRedirect(y, '/en/contact')).status).toBe(201)
    // `y/` is y: the redirect from y is followed.
    expect((await createRedirect(x, `${y}/`)).status).toBe(201)
    expect(await redirectsFrom(x)).toMatchObject([{ to: '/en/contact' }])
    // y's twin moves with y: to its new page's twin.
    const w = `/${uniqueSlug('chain-w')}`
    expect((await createRedirect(w, `${y}.md`)).status).toBe(201)
    expect(await redirectsFrom(w)).toMatchObject([{ to: '/en/contact.md' }])
    // A redirect saved later from a target others lead to carries them along, in their form.
    const z = `/en/blog/${uniqueSlug('chain-z')}`
    const v = `/${uniqueSlug('chain-v')}`
    expect((await createRedirect(v, `${z}.md?ref=1`)).status).toBe(201)
    expect((await createRedirect(`${z}/`, '/es/contact')).status).toBe(201)
    expect(await redirectsFrom(v)).toMatchObject([{ to: '/es/contact.md' }])
  })

  it('to a published page stays as written (the page answers, not a redirect)', async () => {
    const doc = await createDocument('posts', { status: 'published' })
    const from = `/${uniqueSlug('to-live')}`
    expect((await createRedirect(from, `/en/blog/${doc.slug}`)).status).toBe(201)
    expect((await moved(from)).headers.get('location')).toBe(`/en/blog/${doc.slug}`)
  })
})

describe('what an editor sends that is not a path at all', () => {
  it.each<[unknown, unknown]>([
    ['/ok', 12],
    ['/ok', null],
    ['/ok', { path: '/en' }],
    [42, '/en'],
    [['/a'], '/en'],
  ])('from %j to %j is a 400, never a 500', async (from, to) => {
    const source = from === '/ok' ? `/${uniqueSlug('junk')}` : from
    const response = await createRedirect(source, to)
    expectInvalidParameter(response.status, (await response.json()) as ErrorBody, String(to))
  })
})

describe('a redirect stored before these checks', () => {
  const insertRedirects = (rows: [string, string][]) =>
    withConnection(inject('databaseUrl'), async (client) => {
      for (const [from, to] of rows) {
        await client.query(`INSERT INTO redirects ("from", "to") VALUES ($1, $2)`, [from, to])
      }
    })

  it('is followed to the end when a new one would close a loop through it', async () => {
    const [a, b, c] = ['old-a', 'old-b', 'old-c'].map((name) => `/${uniqueSlug(name)}`)
    // A chain two hops long, as the site could leave one before it kept chains one hop long.
    await insertRedirects([
      [a!, b!],
      [b!, c!],
    ])
    await expectRefusedTo(await createRedirect(c!, a!), /loop/, 'c → a')
    expect(await redirectsFrom(c!)).toEqual([])
  })

  it('to its own page is not answered, so it cannot loop', async () => {
    const from = `/${uniqueSlug('legacy')}`
    await insertRedirects([[from, `${from}/`]])
    const response = await moved(from)
    expect(response.status).toBe(404)
    expect(response.headers.get('location')).toBeNull()
  })
})
