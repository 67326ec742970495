import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { caseStudies, images, posts } from '@/seed/content'
import { seedCredit, seedCreditUrl } from '@/seed/credits'
import { PHOTO_ASSETS } from '@/seed/shipped-assets'
import { paths } from '@/site/routes'

import { asAdmin, asAdminJson, baseUrl, getJson } from '../support/api'
import { runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase, withConnection } from '../support/database'
import { createImage } from '../support/factories'
import { publishPostWithImages } from '../support/media'

/**
 * A picture's credit (src/media/credit.ts): the seed gives every shipped photograph its author
 * and licence from the manifest (CC BY and CC BY-SA require it where the picture is shown), the
 * page shows it as a caption under the cover and the markdown twin as a line under the image; a
 * picture without a credit shows no caption at all. A credit's link (`creditUrl`: the seed's is
 * the licence's deed) makes the caption and the twin's line a link to it.
 */

const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const CAPTION =
  /<figcaption class="media-credit">(?:<a href="([^"]*)">)?([^<]*)(?:<\/a>)?<\/figcaption>/g

/** Each caption of a page: its words and, when it is a link, where it goes (HTML-escaped). */
const captions = (body: string) =>
  [...body.matchAll(CAPTION)].map((match) => ({ href: match[1] ?? null, text: match[2] }))

describe('credits of the seeded pictures', () => {
  let databaseUrl: string
  let mediaDir: string
  let env: Record<string, string>
  let app: AppServer | undefined
  const post = posts.find(
    (doc) => doc.status === 'published' && !doc.publishedAt?.startsWith('2099'),
  )!
  const caseStudy = caseStudies.find((doc) => doc.status === 'published')!

  const credits = () =>
    withConnection(databaseUrl, async (client) => {
      const { rows } = await client.query<{
        filename: string
        credit: string | null
        credit_url: string | null
      }>('select filename, credit, credit_url from media')
      return rows
    })

  beforeAll(async () => {
    const runId = process.env.TEST_RUN_ID ?? 'main'
    databaseUrl = await createTestDatabase(`consultancy_test_${runId}_image_credits`)
    mediaDir = await mkdtemp(path.join(tmpdir(), 'image-credits-'))
    env = { ...inject('appEnv'), DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir }
    expect(await runScript('scripts/migrate.ts', env)).toBe(0)
    expect(await runScript('scripts/seed.ts', env)).toBe(0)
    app = await startApp(`image-credits-${runId}`, env)
  }, 300_000)

  afterAll(async () => {
    await app?.stop()
    await rm(mediaDir, { recursive: true, force: true })
  })

  it('credits every shipped photograph with its author and licence, the portraits with none', async () => {
    const rows = await credits()
    for (const image of images) {
      const base = image.filename.replace(/\.[a-z]+$/, '')
      const row = rows.find((media) => media.filename.startsWith(base))
      expect(row, image.filename).toBeDefined()
      const photo = PHOTO_ASSETS.find((asset) => asset.file === image.filename)
      if (photo) {
        expect(row!.credit).toContain(photo.source.author)
        expect(row!.credit).toMatch(/^Photo: .+, CC/)
        expect(row!.credit_url).toMatch(
          /^https:\/\/creativecommons\.org\/(licenses|publicdomain)\//,
        )
      } else {
        expect(row!.credit, image.filename).toBeNull()
        expect(row!.credit_url, image.filename).toBeNull()
      }
    }
    expect(seedCredit('cover-data-contracts-in-practice.jpg')).toBe(
      'Photo: Aitzol Berasategi, CC BY 4.0',
    )
  })

  it("shows a post's and a case study's cover credit under the cover, and in their twins", async () => {
    for (const page of [paths.post('en', post.slug), paths.caseStudy('es', caseStudy.slug)]) {
      const doc = page.includes('/blog/') ? post : caseStudy
      const credit = seedCredit(doc.coverImage)!
      const url = seedCreditUrl(doc.coverImage)!
      const body = await (await fetch(`${app!.url}${page}`)).text()
      expect(captions(body), page).toEqual([{ href: html(url), text: html(credit) }])
      // Right under the cover, inside the same figure.
      expect(body).toMatch(
        /<figure class="credited cover-figure"><img\b[^>]*class="cover"[^>]*>\s*<figcaption/,
      )
      const twin = await (await fetch(`${app!.url}${paths.twin(page)}`)).text()
      const lines = twin.split('\n')
      const image = lines.findIndex(
        (line) => line.startsWith('![') && line.includes(doc.coverImage.replace(/\.jpg$/, '')),
      )
      expect(image, page).toBeGreaterThan(-1)
      expect(lines.slice(image + 1, image + 3).join('\n')).toBe(`\n_[${credit}](${url})_`)
    }
  })

  it('shows the home hero image credit', async () => {
    const body = await (await fetch(`${app!.url}/en`)).text()
    expect(captions(body)).toEqual([
      { href: html(seedCreditUrl('home-hero.jpg')!), text: html(seedCredit('home-hero.jpg')!) },
    ])
    // The home page's twin is converted from the page: the caption is a link there too.
    const twin = await (await fetch(`${app!.url}${paths.twin('/en')}`)).text()
    expect(twin).toContain(`[${seedCredit('home-hero.jpg')}](${seedCreditUrl('home-hero.jpg')})`)
  })

  it('gives media seeded before credits existed theirs on the next run, and then writes nothing', async () => {
    await withConnection(databaseUrl, (client) =>
      client.query('update media set credit = null, credit_url = null'),
    )
    expect(await runScript('scripts/seed.ts', env)).toBe(0)
    const restored = await credits()
    const before = JSON.stringify(restored.sort((a, b) => a.filename.localeCompare(b.filename)))
    expect(restored.filter((row) => row.credit !== null)).toHaveLength(PHOTO_ASSETS.length)
    expect(restored.filter((row) => row.credit_url !== null)).toHaveLength(PHOTO_ASSETS.length)
    const updatedAt = () =>
      withConnection(databaseUrl, async (client) => {
        const { rows } = await client.query<{ latest: Date }>(
          'select max(updated_at) as latest from media',
        )
        return rows[0]!.latest.toISOString()
      })
    const latest = await updatedAt()
    expect(await runScript('scripts/seed.ts', env)).toBe(0)
    const again = await credits()
    expect(JSON.stringify(again.sort((a, b) => a.filename.localeCompare(b.filename)))).toBe(before)
    expect(await updatedAt()).toBe(latest)
  }, 180_000)
})

describe('a picture without a credit', () => {
  it('shows no caption on the page and no credit line in the twin', async () => {
    const cover = await createImage('Uncredited cover', { width: 1600, height: 900 })
    const slug = await publishPostWithImages([], cover.id, 'uncredited')
    const page = paths.post('en', slug)
    const body = await (await fetch(`${baseUrl()}${page}`)).text()
    expect(body).toMatch(/<img\b[^>]*class="cover"/)
    expect(body).not.toContain('<figcaption')
    expect(body).not.toContain('media-credit')
    const twin = await (await fetch(`${baseUrl()}${paths.twin(page)}`)).text()
    expect(twin).toContain('![Uncredited cover]')
    expect(twin).not.toMatch(/^_.*_$/m)
  })

  it('shows a credit set later through the API, in both places', async () => {
    const cover = await createImage('Credited later', { width: 1600, height: 900 })
    await asAdminJson(`/api/media/${cover.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ credit: 'Photo: Jane *Doe*, CC BY 4.0' }),
    })
    const slug = await publishPostWithImages([], cover.id, 'credited')
    const page = paths.post('en', slug)
    const body = await (await fetch(`${baseUrl()}${page}`)).text()
    expect(captions(body)).toEqual([{ href: null, text: 'Photo: Jane *Doe*, CC BY 4.0' }])
    const twin = await (await fetch(`${baseUrl()}${paths.twin(page)}`)).text()
    // Escaped: an editor's asterisks are text, not emphasis.
    expect(twin).toContain('\n_Photo: Jane \\*Doe\\*, CC BY 4.0_\n')
  })
})

describe('a credit with a link', () => {
  const COVER_CREDIT = 'Photo: Ana Cover, CC BY 4.0'
  const BODY_CREDIT = 'Photo: Bea Body, CC BY-SA 4.0'
  const COVER_URL = 'https://creativecommons.org/licenses/by/4.0/'
  // A source page with a query: its `&` is escaped in the page's HTML, not in the twin.
  const BODY_URL = 'https://example.com/photos/42?by=bea&size=large'
  let cover: { id: number; filename: string }
  let inline: { id: number; filename: string }
  let slug: string

  beforeAll(async () => {
    cover = await createImage('Linked cover', { width: 1600, height: 900 })
    inline = await createImage('Linked body image', { width: 1200, height: 800 })
    for (const [image, credit, creditUrl] of [
      [cover, COVER_CREDIT, COVER_URL],
      [inline, BODY_CREDIT, BODY_URL],
    ] as const) {
      await asAdminJson(`/api/media/${image.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ credit, creditUrl }),
      })
    }
    slug = await publishPostWithImages([inline.id], cover.id, 'linked-credit')
  }, 120_000)

  it('links the caption under the cover and under an image in the body', async () => {
    const body = await (await fetch(`${baseUrl()}${paths.post('en', slug)}`)).text()
    expect(captions(body)).toEqual([
      { href: COVER_URL, text: COVER_CREDIT },
      { href: html(BODY_URL), text: BODY_CREDIT },
    ])
    // The body image's caption is in its own figure, right under it, with nothing else.
    expect(body).toMatch(
      /<figure class="credited content-figure"><img\b[^>]*class="content-image"[^>]*>\s*<figcaption class="media-credit"><a href="https:\/\/example\.com\/photos\/42\?by=bea&amp;size=large">Photo: Bea Body, CC BY-SA 4\.0<\/a><\/figcaption><\/figure>/,
    )
  })

  it("puts each credit, linked, on the line under its image in the post's twin", async () => {
    const twin = await (await fetch(`${baseUrl()}${paths.twin(paths.post('en', slug))}`)).text()
    const lines = twin.split('\n')
    for (const [alt, credit, url] of [
      ['Linked cover', COVER_CREDIT, COVER_URL],
      ['Linked body image', BODY_CREDIT, BODY_URL],
    ]) {
      const image = lines.findIndex((line) => line.startsWith(`![${alt}](`))
      expect(image, alt).toBeGreaterThan(-1)
      expect(lines.slice(image + 1, image + 3).join('\n')).toBe(`\n_[${credit}](${url})_`)
    }
  })

  it('is public on the REST API, as the credit is, in the record and in a populated cover', async () => {
    const record = await getJson<{ credit?: string; creditUrl?: string }>(`/api/media/${inline.id}`)
    expect(record.status).toBe(200)
    expect(record.body).toMatchObject({ credit: BODY_CREDIT, creditUrl: BODY_URL })
    const query = new URLSearchParams({ 'where[slug][equals]': slug, depth: '1', locale: 'en' })
    const list = await getJson<{
      docs: { coverImage: { credit?: string; creditUrl?: string } }[]
    }>(`/api/posts?${query}`)
    expect(list.status).toBe(200)
    expect(list.body.docs[0]?.coverImage).toMatchObject({
      credit: COVER_CREDIT,
      creditUrl: COVER_URL,
    })
  })

  it.each(['javascript:alert(1)', 'ftp://example.com/photo', 'example.com/photo', '/photo'])(
    'refuses %s with a 400 that says what a credit link must be',
    async (creditUrl) => {
      const response = await asAdmin(`/api/media/${inline.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ creditUrl }),
      })
      expect(response.status).toBe(400)
      const body = (await response.json()) as {
        error?: { code?: string; message?: string }
        errors?: { data?: { errors?: { path: string; message: string }[] } }[]
      }
      expect(body.error?.code).toEqual(expect.any(String))
      expect(body.error?.message).toEqual(expect.any(String))
      expect(body.errors?.[0]?.data?.errors).toEqual([
        expect.objectContaining({
          path: 'creditUrl',
          message: 'The credit link must be a web address starting with https:// or http://.',
        }),
      ])
      const stored = await asAdminJson<{ creditUrl: string }>(`/api/media/${inline.id}`)
      expect(stored.creditUrl).toBe(BODY_URL)
    },
  )

  it('takes an emptied link as none, and the caption is then plain text', async () => {
    const plain = await createImage('Link removed', { width: 1600, height: 900 })
    await asAdminJson(`/api/media/${plain.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ credit: 'Photo: Cy, CC0 1.0', creditUrl: ' https://example.com/ ' }),
    })
    expect((await asAdminJson<{ creditUrl: string }>(`/api/media/${plain.id}`)).creditUrl).toBe(
      'https://example.com/',
    )
    await asAdminJson(`/api/media/${plain.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ creditUrl: '  ' }),
    })
    expect(
      (await asAdminJson<{ creditUrl: string | null }>(`/api/media/${plain.id}`)).creditUrl,
    ).toBeNull()
  })
})
