import { readFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { CATEGORY_CONTRACT, PUBLIC_FIELDS } from '@/content/contract'
import { SETTINGS_DEFAULTS } from '@/globals/defaults'

import { asAdmin, asAdminJson, baseUrl } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import {
  createCategory,
  createDocument,
  createImage,
  lexical,
  saveUnpublishedEdit,
  uniqueSlug,
} from '../support/factories'
import { createDocumentUsing, createMedia, tinyPdf } from '../support/media'
import { poll } from '../support/poll'
import { text } from '../support/site-fixtures'

/**
 * Anonymous API reads of published documents are answered by statements of the project's own
 * (src/content/published-documents.ts) wherever they cover a document. Two instances on the
 * test database answer every public query shape here — each collection, locale, depth and
 * selection, single documents and lists — one reading in SQL, the other (`PUBLISHED_READS=
 * local-api`) through Payload's Local API alone: their answers must be the same documents, with
 * their fields in the same order. The site's twins and pages, which read documents the same
 * way, must be the same bytes.
 */

type Collection = 'posts' | 'case-studies' | 'categories'

const NAME = `published-reads-${process.env.TEST_RUN_ID ?? 'main'}`
let sqlReads: AppServer
let localApi: AppServer

const ids: Record<Collection, number[]> = { posts: [], 'case-studies': [], categories: [] }
let categorySlug = ''
/** A post whose rich text holds an upload node: Payload populates it, so Payload reads it. */
let postWithUpload = 0
let spanishOnlyPost = 0
/** Posts and a case study by an author: a published team member with a photo, or not shown. */
const authored = { withPhoto: 0, edited: 0, draftOnly: 0, study: 0 }

/** Rich text with every plain node kind: headings, lists, a quote, formats, a line break. */
function richText(body: string) {
  const doc = lexical(body)
  const block = (type: string, children: unknown[], extra: Record<string, unknown> = {}) => ({
    type,
    children,
    direction: 'ltr',
    format: '',
    indent: 0,
    version: 1,
    ...extra,
  })
  doc.root.children.push(
    block('heading', [text(`${body}: heading`)], { tag: 'h2' }) as never,
    block('list', [block('listitem', [text('one', 1)], { value: 1 })], {
      listType: 'bullet',
      start: 1,
      tag: 'ul',
    }) as never,
    block('quote', [text('quoted', 2), { type: 'linebreak', version: 1 }, text('more')]) as never,
  )
  return doc
}

async function patch(collection: string, id: number, locale: string, body: unknown) {
  await asAdminJson(`/api/${collection}/${id}?locale=${locale}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
  })
}

async function create(collection: string, locale: string, body: unknown): Promise<number> {
  const { doc } = await asAdminJson<{ doc: { id: number } }>(
    `/api/${collection}?locale=${locale}`,
    {
      method: 'POST',
      body: JSON.stringify(body),
    },
  )
  return doc.id
}

beforeAll(async () => {
  const both = await createCategory({ en: 'Equivalence', es: 'Equivalencia' })
  const englishOnly = await create('categories', 'en', {
    title: 'English-only category',
    slug: uniqueSlug('category'),
  })
  ids.categories.push(both, englishOnly)
  const { docs } = await asAdminJson<{ docs: { slug: string }[] }>(
    `/api/categories?where[id][equals]=${both}&select[slug]=true`,
  )
  categorySlug = docs[0]!.slug

  const cover = await createImage('A cover')
  await patch('media', cover.id, 'es', { alt: 'Una portada' })
  const seoImage = await createImage('An SEO image')
  const pdf = await createMedia(
    tinyPdf('Case study brief'),
    `${uniqueSlug('brief')}.pdf`,
    'application/pdf',
  )

  // Both languages, a cover, two categories in an editor's order, SEO fields; the Spanish excerpt
  // and SEO title left empty (the English ones stand in).
  const full = await create('posts', 'en', {
    _status: 'published',
    slug: uniqueSlug('equivalence'),
    title: 'Equivalence in full',
    excerpt: 'Every field',
    content: richText('English body'),
    coverImage: cover.id,
    categories: [englishOnly, both],
    meta: { title: 'SEO title', description: 'SEO description', image: seoImage.id, noindex: true },
  })
  await patch('posts', full, 'es', {
    _status: 'published',
    title: 'Equivalencia completa',
    excerpt: '',
    content: richText('Cuerpo'),
    meta: { title: '', description: 'Descripción' },
  })
  const englishOnlyPost = await createDocument('posts', {
    status: 'published',
    title: { en: 'English only' },
    categories: [both],
  })
  spanishOnlyPost = await create('posts', 'es', {
    _status: 'published',
    slug: uniqueSlug('solo-espanol'),
    title: 'Solo en español',
    content: richText('Solo'),
    categories: [both],
  })
  const edited = await createDocument('posts', { status: 'published', categories: [both] })
  await saveUnpublishedEdit('posts', edited.id, { title: 'An edit not yet published' })
  postWithUpload = (await createDocumentUsing(cover.id, 'content')).id
  await patch('posts', postWithUpload, 'en', { categories: [both] })
  ids.posts.push(full, englishOnlyPost.id, spanishOnlyPost, edited.id, postWithUpload)

  // Results in both languages (fewer in Spanish), a PDF as the cover, an empty Spanish solution.
  // Authors: a team member with a photo (translated role, English-only bio), one with a newer
  // draft not yet published (anonymous readers see the published one), one never published
  // (its documents show its id).
  const photo = await createImage('A portrait')
  await patch('media', photo.id, 'es', { alt: 'Un retrato' })
  const withPhoto = await create('team-members', 'en', {
    _status: 'published',
    name: 'Ada Equivalence',
    role: 'Principal engineer',
    bio: 'Builds things that stay up.',
    photo: photo.id,
    profileUrl: 'https://example.com/ada',
    order: 7,
  })
  await patch('team-members', withPhoto, 'es', { _status: 'published', role: 'Ingeniera' })
  const editedMember = await create('team-members', 'en', {
    _status: 'published',
    name: 'Grace Equivalence',
    role: 'Engineer',
  })
  await patch('team-members', editedMember, 'es', { _status: 'published', role: '' })
  await asAdminJson(`/api/team-members/${editedMember}?locale=en&draft=true`, {
    method: 'PATCH',
    body: JSON.stringify({ name: 'A name not yet published', _status: 'draft' }),
  })
  const { doc: draftOnly } = await asAdminJson<{ doc: { id: number } }>(
    '/api/team-members?locale=en&draft=true',
    { method: 'POST', body: JSON.stringify({ _status: 'draft', name: 'Never published' }) },
  )
  for (const [key, member] of [
    ['withPhoto', withPhoto],
    ['edited', editedMember],
    ['draftOnly', draftOnly.id],
  ] as const) {
    const post = await createDocument('posts', { status: 'published', categories: [both] })
    await patch('posts', post.id, 'en', { author: member, _status: 'published' })
    authored[key] = post.id
    ids.posts.push(post.id)
  }

  const study = await create('case-studies', 'en', {
    _status: 'published',
    slug: uniqueSlug('equivalence-study'),
    title: 'A case study in full',
    excerpt: 'Summary',
    client: 'Acme',
    industry: 'Retail',
    challenge: 'A hard problem',
    solution: 'What we built',
    results: [
      { value: '−40 %', label: 'cloud costs' },
      { value: '3×', label: 'deploys' },
    ],
    featured: true,
    content: richText('Story'),
    coverImage: pdf.id,
    categories: [both],
  })
  await patch('case-studies', study, 'es', {
    _status: 'published',
    title: 'Un caso completo',
    industry: 'Comercio',
    solution: '',
    results: [{ value: '−40 %', label: 'costes de nube' }],
  })
  const plainStudy = await createDocument('case-studies', {
    status: 'published',
    categories: [both],
  })
  const authoredStudy = await createDocument('case-studies', {
    status: 'published',
    categories: [both],
  })
  await patch('case-studies', authoredStudy.id, 'en', { author: withPhoto, _status: 'published' })
  authored.study = authoredStudy.id
  ids['case-studies'].push(study, plainStudy.id, authoredStudy.id)

  const env = {
    ...inject('appEnv'),
    RESPONSE_CACHE: 'off',
    LOG_LEVEL: 'debug',
    SITE_URL: baseUrl(),
  }
  ;[sqlReads, localApi] = await Promise.all([
    startApp(`${NAME}-sql`, env),
    startApp(`${NAME}-local-api`, { ...env, PUBLISHED_READS: 'local-api' }),
  ])
})

afterAll(async () => {
  await Promise.all([sqlReads?.stop(), localApi?.stop()])
  // A post with no English title is a shape other files' English lists do not expect.
  if (spanishOnlyPost) await asAdmin(`/api/posts/${spanishOnlyPost}`, { method: 'DELETE' })
})

function publicFields(collection: Collection): readonly string[] {
  return collection === 'categories' ? CATEGORY_CONTRACT.fields : PUBLIC_FIELDS[collection]
}

/** The query strings of every shape: each locale and depth, and each field selected alone. */
function shapes(collection: Collection): string[] {
  const queries: string[] = []
  for (const locale of ['', 'locale=en', 'locale=es']) {
    for (const depth of [0, 1, 2, 3]) queries.push([locale, `depth=${depth}`].join('&'))
    for (const field of publicFields(collection)) {
      for (const depth of [0, 1])
        queries.push([locale, `depth=${depth}`, `select=${field}`].join('&'))
    }
    queries.push([locale, `select=${publicFields(collection).slice(0, 3).join(',')}`].join('&'))
  }
  return queries.map((query) => query.replace(/^&/, ''))
}

/** Both instances' answers to one anonymous request. */
/** A page's HTML without its script nonce, which is drawn for each response. */
/**
 * A page's bytes without what differs between two renders of the same content: the nonce, and
 * where in the head React's streaming happens to put Next's `next-size-adjust` meta tag.
 */
const masked = (body: string) =>
  body.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/<meta name="next-size-adjust"[^>]*>/g, '')

async function answers(path: string) {
  const read = async (server: AppServer) => {
    const response = await fetch(`${server.url}${path}`)
    return { status: response.status, body: await response.text() }
  }
  const [sql, local] = await Promise.all([read(sqlReads), read(localApi)])
  return { sql, local }
}

/** Each object's keys in order, all the way down: the fields' order is part of the answer. */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder)
  if (typeof value !== 'object' || value === null) return null
  // Translations are keyed by locale in the order of their rows, which SQL does not promise.
  const entries = Object.entries(value)
  const keys = entries.map(([key]) => key)
  const byLocale = keys.length > 0 && keys.every((key) => key === 'en' || key === 'es')
  return Object.fromEntries(
    (byLocale ? entries.sort(([a], [b]) => a.localeCompare(b)) : entries).map(([key, inner]) => [
      `${key}`,
      keyOrder(inner),
    ]),
  )
}

function expectSameAnswer(path: string, sql: { status: number; body: string }, local: typeof sql) {
  expect(sql.status, path).toBe(local.status)
  const [mine, theirs] = [JSON.parse(sql.body), JSON.parse(local.body)] as unknown[]
  expect(mine, path).toStrictEqual(theirs)
  expect(JSON.stringify(keyOrder(mine)), path).toBe(JSON.stringify(keyOrder(theirs)))
}

describe('published reads in SQL answer as the Local API does', () => {
  for (const collection of ['posts', 'case-studies', 'categories'] as const) {
    it(`${collection}: every document in every shape`, async () => {
      expect(ids[collection].length).toBeGreaterThan(1)
      for (const query of shapes(collection)) {
        for (const id of ids[collection]) {
          const path = `/api/${collection}/${id}?${query}`
          const { sql, local } = await answers(path)
          expect(sql.status, path).toBe(200)
          expectSameAnswer(path, sql, local)
        }
      }
    })

    it(`${collection}: lists in every shape`, async () => {
      const filter =
        collection === 'categories' ? 'limit=100' : `category=${categorySlug}&limit=100`
      for (const query of shapes(collection)) {
        const path = `/api/${collection}?${filter}&${query}`
        const { sql, local } = await answers(path)
        expect(sql.status, path).toBe(200)
        const listed = (JSON.parse(sql.body) as { docs: { id: number }[] }).docs.map(({ id }) => id)
        expect(listed, path).toEqual(expect.arrayContaining(ids[collection]))
        expectSameAnswer(path, sql, local)
      }
    })
  }

  it("the site's twins and pages of every document read the same either way", async () => {
    const sections = { posts: 'blog', 'case-studies': 'case-studies' } as const
    for (const collection of ['posts', 'case-studies'] as const) {
      for (const id of ids[collection]) {
        const { sql } = await answers(`/api/${collection}/${id}?select=slug`)
        const { slug } = JSON.parse(sql.body) as { slug: string }
        for (const locale of ['en', 'es']) {
          for (const suffix of ['.md', '']) {
            const path = `/${locale}/${sections[collection]}/${slug}${suffix}`
            const both = await answers(path)
            expect(both.sql.status, path).toBe(both.local.status)
            expect(masked(both.sql.body), path).toBe(masked(both.local.body))
          }
        }
      }
    }
  })

  it('the home page shows its hero image the same either way', async () => {
    const hero = await createImage('A hero')
    await patch('media', hero.id, 'es', { alt: 'Un héroe' })
    const publishHero = async (image: number | null) => {
      const response = await asAdmin('/api/globals/home?locale=es', {
        method: 'POST',
        body: JSON.stringify({
          hero: { ...SETTINGS_DEFAULTS.es.hero, image },
          _status: 'published',
        }),
      })
      expect(response.ok).toBe(true)
    }
    await publishHero(hero.id)
    try {
      for (const path of ['/en', '/es']) {
        // Each instance hears the publish within the polling window. Another file may have left
        // a hero image of its own: both must show this one (its alt text), not just an image.
        const alt = path === '/es' ? 'alt="Un héroe"' : 'alt="A hero"'
        const both = await poll(
          `${path} with its hero image`,
          async () => {
            const now = await answers(path)
            const shown = now.sql.body.includes(alt) && now.local.body.includes(alt)
            return shown ? now : undefined
          },
          { withinMs: 10_000, everyMs: 100, timeout: `${path}: no hero image within 10 s` },
        )
        expect(both.sql.status, path).toBe(200)
        expect(both.sql.body, path).toContain('hero-image')
        expect(masked(both.sql.body), path).toBe(masked(both.local.body))
      }
    } finally {
      await publishHero(null)
    }
  })

  it('authored documents show their author populated at each depth, its photo at two', async () => {
    const queries = [0, 1, 2, 3].flatMap((depth) =>
      ['', 'locale=en&', 'locale=es&'].flatMap((locale) => [
        `${locale}depth=${depth}&select=author`,
        `${locale}depth=${depth}&select=title,author,coverImage`,
      ]),
    )
    for (const [collection, id] of [
      ['posts', authored.withPhoto],
      ['posts', authored.edited],
      ['posts', authored.draftOnly],
      ['case-studies', authored.study],
    ] as const) {
      for (const query of queries) {
        const path = `/api/${collection}/${id}?${query}`
        const { sql, local } = await answers(path)
        expect(sql.status, path).toBe(200)
        expectSameAnswer(path, sql, local)
      }
    }
    type Author = { id: number; name?: string; role?: unknown; photo?: unknown; order?: unknown }
    const author = async (id: number, query: string) => {
      const { sql } = await answers(`/api/posts/${id}?${query}`)
      return (JSON.parse(sql.body) as { author: Author | number }).author
    }
    // Not vacuous: the author is populated, its photo a file at depth 2 and an id at 1, its
    // internal order never shown, the published version of an edited one, a draft one an id.
    const shallow = (await author(authored.withPhoto, 'locale=es&depth=1')) as Author
    expect(shallow).toMatchObject({ name: 'Ada Equivalence', role: 'Ingeniera' })
    expect(typeof shallow.photo).toBe('number')
    expect(shallow).not.toHaveProperty('order')
    const deep = (await author(authored.withPhoto, 'locale=es&depth=2')) as Author
    expect(deep.photo).toMatchObject({ alt: 'Un retrato' })
    const edited = (await author(authored.edited, 'locale=es&depth=1')) as Author
    expect(edited).toMatchObject({ name: 'Grace Equivalence', role: 'Engineer' })
    expect(typeof (await author(authored.draftOnly, 'depth=1'))).toBe('number')
  })

  it('a document in a draft, or unknown, is not found either way', async () => {
    const draft = await createDocument('posts', { status: 'draft' })
    for (const path of [`/api/posts/${draft.id}`, '/api/posts/999999999']) {
      const { sql, local } = await answers(path)
      expect(sql.status, path).toBe(404)
      expect(local.status, path).toBe(404)
    }
  })

  it('reads in SQL every document here but the one whose rich text Payload populates', () => {
    const log = readFileSync(path.join('.data/test-logs', `${NAME}-sql.log`), 'utf8')
    const declined = log
      .split('\n')
      .filter((line) => line.includes('published read by the Local API'))
      .map((line) => JSON.parse(line) as { collection: string; ids: number[]; reason: string })
    expect(declined.length).toBeGreaterThan(0)
    const ours = new Set(
      Object.entries(ids).flatMap(([collection, read]) => read.map((id) => `${collection}/${id}`)),
    )
    const declinedOfOurs = new Set(
      declined.flatMap(({ collection, ids: read }) =>
        read.map((id) => `${collection}/${id}`).filter((key) => ours.has(key)),
      ),
    )
    expect([...declinedOfOurs]).toEqual([`posts/${postWithUpload}`])
    const reason = declined.find(
      ({ collection, ids: read }) => collection === 'posts' && read.includes(postWithUpload),
    )?.reason
    expect(reason).toMatch(/rich text/)
  })
})
