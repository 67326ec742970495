import { describe, expect, it } from 'vitest'

import { PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'

import { asAdmin, asAdminJson, get, getJson } from '../support/api'
import {
  createDocument,
  saveUnpublishedEdit,
  uniqueSlug,
  type PublicCollection,
} from '../support/factories'
import { eventually } from '../support/poll'

/**
 * Redirects (src/redirects/): publishing a new slug leaves a 301 at the old page and its markdown
 * twin; editors add their own in the admin. Looked up only where a page would answer 404.
 */

type Redirect = { id: number; from: string; to: string; source: string }

const section = (collection: PublicCollection) => (collection === 'posts' ? 'blog' : 'case-studies')
const pageOf = (collection: PublicCollection, slug: string, locale = 'en') =>
  `/${locale}/${section(collection)}/${slug}`

/** A request that does not follow redirects. */
const fetchManual = (path: string, headers: Record<string, string> = {}) =>
  get(path, { redirect: 'manual', headers })

async function publishSlug(collection: PublicCollection, id: number, slug: string) {
  await asAdminJson(`/api/${collection}/${id}?locale=en`, {
    method: 'PATCH',
    body: JSON.stringify({ slug, _status: 'published' }),
  })
}

async function redirectsFrom(from: string): Promise<Redirect[]> {
  const query = new URLSearchParams({ 'where[from][equals]': from, depth: '0' })
  return (await asAdminJson<{ docs: Redirect[] }>(`/api/redirects?${query}`)).docs
}

async function createRedirect(from: string, to: string) {
  return asAdmin('/api/redirects', { method: 'POST', body: JSON.stringify({ from, to }) })
}

async function expectMoved(path: string, location: string, headers: Record<string, string> = {}) {
  const response = await fetchManual(path, headers)
  expect(response.status, path).toBe(301)
  expect(response.headers.get('location'), path).toBe(location)
  return response
}

describe('a published rename', () => {
  it.each<PublicCollection>(['posts', 'case-studies'])(
    'of a %s leaves a 301 at the old page and its twin, in each locale',
    { timeout: 90_000 },
    async (collection) => {
      const doc = await createDocument(collection, { status: 'published' })
      const renamed = uniqueSlug('renamed')
      await publishSlug(collection, doc.id, renamed)

      await eventually(
        async () => {
          await expectMoved(pageOf(collection, doc.slug), pageOf(collection, renamed))
        },
        { withinMs: 10_000, everyMs: 250 },
      )
      const page = await expectMoved(pageOf(collection, doc.slug), pageOf(collection, renamed))
      // The project's normal head: security headers, a short shared lifetime, never kept forever.
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
      expect(page.headers.get('cache-control')).toBe(PUBLISHED_CACHE_CONTROL)
      await expectMoved(pageOf(collection, doc.slug, 'es'), pageOf(collection, renamed, 'es'))

      // The twin: `P.md` to the new twin; P asked for as markdown, to the new page.
      const twin = await expectMoved(
        `${pageOf(collection, doc.slug)}.md`,
        `${pageOf(collection, renamed)}.md`,
      )
      expect(twin.headers.get('x-content-type-options')).toBe('nosniff')
      expect(twin.headers.get('cache-control')).toBe(PUBLISHED_CACHE_CONTROL)
      await expectMoved(
        `${pageOf(collection, doc.slug, 'es')}.md`,
        `${pageOf(collection, renamed, 'es')}.md`,
      )
      const negotiated = await expectMoved(
        pageOf(collection, doc.slug),
        pageOf(collection, renamed),
        {
          Accept: 'text/markdown',
        },
      )
      expect(negotiated.headers.get('vary')?.toLowerCase()).toContain('accept')

      // The new page is the page; the redirects are listed for editors, marked as a rename's.
      expect((await get(pageOf(collection, renamed))).status).toBe(200)
      expect(await redirectsFrom(pageOf(collection, doc.slug))).toMatchObject([
        { to: pageOf(collection, renamed), source: 'rename' },
      ])
    },
  )

  it('a renamed draft moves nothing until it is published', async () => {
    const doc = await createDocument('posts', { status: 'published' })
    const drafted = uniqueSlug('drafted')
    await saveUnpublishedEdit('posts', doc.id, { slug: drafted })

    expect((await fetchManual(pageOf('posts', doc.slug))).status).toBe(200)
    expect((await fetchManual(pageOf('posts', drafted))).status).toBe(404)
    expect((await fetchManual(`${pageOf('posts', doc.slug)}.md`)).status).toBe(200)
    expect(await redirectsFrom(pageOf('posts', doc.slug))).toEqual([])

    // Renamed again and published: one rename, from the live slug, whatever the drafts said.
    const published = uniqueSlug('published')
    await publishSlug('posts', doc.id, published)
    await expectMoved(pageOf('posts', doc.slug), pageOf('posts', published))
    expect(await redirectsFrom(pageOf('posts', drafted))).toEqual([])
  })

  it('chains collapse: A → B then B → C leaves A → C and B → C', async () => {
    const doc = await createDocument('posts', { status: 'published' })
    const [a, b, c] = [doc.slug, uniqueSlug('chain-b'), uniqueSlug('chain-c')]
    await publishSlug('posts', doc.id, b)
    await publishSlug('posts', doc.id, c)

    await expectMoved(pageOf('posts', a), pageOf('posts', c))
    await expectMoved(pageOf('posts', b), pageOf('posts', c))
    await expectMoved(`${pageOf('posts', a)}.md`, `${pageOf('posts', c)}.md`)
    expect(await redirectsFrom(pageOf('posts', a))).toMatchObject([{ to: pageOf('posts', c) }])
  })

  it('renaming back removes the redirect that would loop', async () => {
    const doc = await createDocument('posts', { status: 'published' })
    const [a, b] = [doc.slug, uniqueSlug('back')]
    await publishSlug('posts', doc.id, b)
    await expectMoved(pageOf('posts', a), pageOf('posts', b))

    await publishSlug('posts', doc.id, a)
    expect((await fetchManual(pageOf('posts', a))).status).toBe(200)
    expect((await fetchManual(`${pageOf('posts', a)}.md`)).status).toBe(200)
    await expectMoved(pageOf('posts', b), pageOf('posts', a))
    expect(await redirectsFrom(pageOf('posts', a))).toEqual([])
    expect(await redirectsFrom(pageOf('posts', a, 'es'))).toEqual([])
  })
})

describe("an editor's redirects", () => {
  it('send any old path of the site to a new one, also by hand', async () => {
    const doc = await createDocument('posts', { status: 'published' })
    const old = `/${uniqueSlug('2019')}/05/old-wordpress-post`
    const created = await createRedirect(`${old}/`, pageOf('posts', doc.slug))
    expect(created.status).toBe(201)
    // Kept in the form a request's path has: no trailing slash.
    expect(await redirectsFrom(old)).toMatchObject([
      { to: pageOf('posts', doc.slug), source: 'editor' },
    ])
    const moved = await expectMoved(old, pageOf('posts', doc.slug))
    expect(moved.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  it('never hide a live page: a found page does not consult them', async () => {
    const doc = await createDocument('posts', { status: 'published' })
    expect((await createRedirect(pageOf('posts', doc.slug), '/en/contact')).status).toBe(201)
    const page = await fetchManual(pageOf('posts', doc.slug))
    expect(page.status).toBe(200)
    expect(page.headers.get('location')).toBeNull()
    expect((await fetchManual(`${pageOf('posts', doc.slug)}.md`)).status).toBe(200)
  })

  it('that would loop are refused with a clear message (400, the project’s error shape)', async () => {
    const [x, y] = [`/${uniqueSlug('loop-x')}`, `/${uniqueSlug('loop-y')}`]
    expect((await createRedirect(x, y)).status).toBe(201)
    const self = `/${uniqueSlug('loop-self')}`
    for (const [from, to] of [
      [y, x],
      [self, self],
    ] as const) {
      const response = await createRedirect(from, to)
      expect(response.status).toBe(400)
      const body = (await response.json()) as {
        error: { code: string; message: string }
        errors: { data?: { errors?: { message: string }[] } }[]
      }
      expect(body.error.code).toBe('invalid_parameter')
      // The admin shows the field's own message ("…would loop…") beside the field; REST names it.
      expect(body.error.message).toMatch(/\bTo\b/)
    }
    expect(await redirectsFrom(y)).toEqual([])
  })

  it('collapse chains an editor makes too', async () => {
    const [x, y, z] = [
      `/${uniqueSlug('chain-x')}`,
      `/${uniqueSlug('chain-y')}`,
      `/${uniqueSlug('chain-z')}`,
    ]
    expect((await createRedirect(x, y)).status).toBe(201)
    expect((await createRedirect(y, z)).status).toBe(201)
    expect(await redirectsFrom(x)).toMatchObject([{ to: z }])
    // And a new redirect to a path that already moves goes straight to the end.
    const w = `/${uniqueSlug('chain-w')}`
    expect((await createRedirect(w, y)).status).toBe(201)
    expect(await redirectsFrom(w)).toMatchObject([{ to: z }])
  })

  it.each([
    '//evil.example/x',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\\evil.example',
    '/en/blog\r\nSet-Cookie: a=b',
    'en/blog/relative',
  ])('to %j is refused: never an open redirect', async (to) => {
    const from = `/${uniqueSlug('unsafe')}`
    const response = await createRedirect(from, to)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_parameter',
    )
    expect(await redirectsFrom(from)).toEqual([])
  })

  it.each(['//evil.example', '/api/posts', '/admin', 'https://evil.example/x'])(
    'from %j is refused',
    async (from) => {
      expect((await createRedirect(from, '/en')).status).toBe(400)
    },
  )
})

describe('the redirects collection is private', () => {
  it('anonymous REST callers cannot read it', async () => {
    const from = `/${uniqueSlug('private')}`
    const created = await createRedirect(from, '/en')
    const { doc } = (await created.json()) as { doc: Redirect }
    for (const path of [
      '/api/redirects',
      `/api/redirects/${doc.id}`,
      `/api/redirects?where[from][equals]=${from}`,
    ]) {
      const { status, body } = await getJson<{
        docs?: unknown
        from?: unknown
        error?: { code: string }
      }>(path)
      expect([401, 403, 404], path).toContain(status)
      expect(body.docs, path).toBeUndefined()
      expect(body.from, path).toBeUndefined()
    }
  })

  it('anonymous callers cannot write it', async () => {
    const from = `/${uniqueSlug('anonymous')}`
    const response = await get('/api/redirects', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from, to: '/en' }),
    })
    expect([401, 403]).toContain(response.status)
    expect(await redirectsFrom(from)).toEqual([])
  })

  it('anonymous GraphQL callers cannot read it', async () => {
    const { status } = await getJson('/api/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ Redirects { docs { from to } } }' }),
    })
    expect(status).toBe(401)
  })
})
