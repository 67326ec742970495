import { readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { paths } from '@/site/routes'
import { caseStudies, images, posts } from '@/seed/content'
import { SEED_ASSETS_DIR, SHIPPED_ASSET_FILES } from '@/seed/shipped-assets'

import { baseUrl } from '../support/api'
import { runScript } from '../support/app-server'
import { createTestDatabase, withConnection } from '../support/database'
import { createImage, uniqueSlug } from '../support/factories'
import { createMedia, noisyPng, publishPostWithImages, type MediaDoc } from '../support/media'

/**
 * Images in a post's body are served as covers are (src/site/content-images.ts,
 * src/components/RichTextBody.tsx): generated WebP sizes in a srcset, never the original; width
 * and height; lazy below a cover, eager when first on a page without one. The markdown twin links
 * a generated size. And the demo content ships licensed, credited pictures (src/seed/assets/).
 */

const page = async (pathname: string) => (await fetch(`${baseUrl()}${pathname}`)).text()

/** Every `<img …>` tag of a page, in order. */
const imgTags = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0])
const attribute = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replace(/&amp;/g, '&')

const publishPost = (body: number[], coverImage?: number) => publishPostWithImages(body, coverImage)

describe('an image in a post body', () => {
  let inline: MediaDoc
  const name = `${uniqueSlug('body')}.png`
  let withCover: string
  let withoutCover: string

  beforeAll(async () => {
    // About 2.2 MB of incompressible pixels: what an editor's screenshot weighs.
    const png = await noisyPng(1000, 750)
    expect(png.length).toBeGreaterThan(2_000_000)
    inline = await createMedia(png, name, 'image/png')
    const cover = (await createImage('Body images cover', { width: 1600, height: 900 })).id
    withCover = await publishPost([inline.id], cover)
    withoutCover = await publishPost([inline.id, inline.id])
  }, 120_000)

  const bodyImages = async (slug: string) =>
    imgTags(await page(paths.post('en', slug))).filter((tag) =>
      tag.includes(path.parse(inline.filename).name),
    )

  it('has a srcset of several generated WebP widths, sizes, width and height, never the original', async () => {
    const [tag] = await bodyImages(withCover)
    expect(tag).toBeDefined()
    const srcset = attribute(tag!, 'srcSet')!
    const candidates = srcset.split(', ').map((entry) => entry.split(' '))
    expect(candidates.map(([, width]) => width)).toEqual(['400w', '800w', '1000w'])
    for (const [url] of candidates) expect(url).toMatch(/\.webp$/)
    expect(tag).not.toContain(`/${inline.filename}`)
    expect(attribute(tag!, 'sizes')).toBe('(min-width: 760px) 720px, 100vw')
    expect(attribute(tag!, 'width')).toBe('1000')
    expect(attribute(tag!, 'height')).toBe('750')
    expect(attribute(tag!, 'alt')).toBe(`Alt of ${name}`)
  })

  it('serves each size as WebP, far smaller than the original', async () => {
    const [tag] = await bodyImages(withCover)
    for (const [url] of attribute(tag!, 'srcSet')!
      .split(', ')
      .map((entry) => entry.split(' '))) {
      const response = await fetch(new URL(url!, baseUrl()))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect((await response.arrayBuffer()).byteLength).toBeLessThan(inline.filesize)
    }
  })

  it('is lazy below a cover; the cover stays eager', async () => {
    const html = await page(paths.post('en', withCover))
    const cover = imgTags(html).find((tag) => tag.includes('class="cover"'))!
    expect(attribute(cover, 'loading')).toBeUndefined()
    expect(attribute(cover, 'fetchPriority')).toBe('high')
    const [body] = await bodyImages(withCover)
    expect(attribute(body!, 'loading')).toBe('lazy')
    expect(attribute(body!, 'fetchPriority')).toBeUndefined()
  })

  it('is eager when it is the first image of a page without a cover; later ones are lazy', async () => {
    const [first, second] = await bodyImages(withoutCover)
    expect(attribute(first!, 'loading')).toBeUndefined()
    expect(attribute(first!, 'fetchPriority')).toBe('high')
    expect(attribute(second!, 'loading')).toBe('lazy')
  })

  it("the post's markdown twin links the best generated size, not the original", async () => {
    const twin = await page(paths.twin(paths.post('en', withCover)))
    const linked = [...twin.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((match) => match[1]!)
    const body = linked.filter((url) => url.includes(path.parse(inline.filename).name))
    expect(body).toHaveLength(1)
    expect(body[0]).toMatch(/-1000x750\.webp$/)
  })
})

describe('the demo pictures', () => {
  const credits = readFileSync(path.resolve('docs/credits.md'), 'utf8')
  const shipped = readdirSync(SEED_ASSETS_DIR)

  it('every shipped image file is credited in docs/credits.md, and listed in the manifest', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(8)
    for (const file of shipped) {
      expect(credits, file).toContain(`\`${file}\``)
      expect(SHIPPED_ASSET_FILES, file).toContain(file)
    }
    expect([...SHIPPED_ASSET_FILES].sort()).toEqual([...shipped].sort())
  })

  it('are compressed sensibly: at most 2000 px wide, a few megabytes in all', async () => {
    let total = 0
    for (const file of shipped) {
      const full = path.join(SEED_ASSETS_DIR, file)
      total += statSync(full).size
      const { width, format } = await sharp(full).metadata()
      expect(width, file).toBeLessThanOrEqual(2000)
      expect(['jpeg', 'png'], file).toContain(format)
    }
    expect(total).toBeLessThan(5 * 1024 * 1024)
  })

  it('every seeded image is a shipped file with alt text in English and Spanish', () => {
    for (const image of images) {
      expect(shipped, image.filename).toContain(image.filename)
      expect(image.alt.en.trim(), image.filename).not.toBe('')
      expect(image.alt.es.trim(), image.filename).not.toBe('')
      expect(image.alt.es).not.toBe(image.alt.en)
    }
  })
})

describe('the seed', () => {
  let databaseUrl: string
  let mediaDir: string
  let env: Record<string, string>

  const seededCovers = () =>
    withConnection(databaseUrl, async (client) => {
      const { rows } = await client.query<{ slug: string; filename: string; id: number }>(
        `select d.slug, m.filename, m.id from (
           select slug, cover_image_id from posts union all
           select slug, cover_image_id from case_studies
         ) d join media m on m.id = d.cover_image_id`,
      )
      return rows
    })

  beforeAll(async () => {
    const runId = process.env.TEST_RUN_ID ?? 'main'
    databaseUrl = await createTestDatabase(`consultancy_test_${runId}_seed_images`)
    mediaDir = await mkdtemp(path.join(tmpdir(), 'seed-images-'))
    env = { ...inject('appEnv'), DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir }
    expect(await runScript('scripts/migrate.ts', env)).toBe(0)
    expect(await runScript('scripts/seed.ts', env)).toBe(0)
  }, 300_000)

  afterAll(async () => {
    await rm(mediaDir, { recursive: true, force: true })
  })

  it('uploads the licensed files as covers, byte for byte, with alt text in both languages', async () => {
    const covers = await seededCovers()
    const bySlug = new Map(covers.map((row) => [row.slug, row]))
    for (const doc of [...posts, ...caseStudies]) {
      const row = bySlug.get(doc.slug)
      expect(row, doc.slug).toBeDefined()
      const base = doc.coverImage.replace(/\.jpg$/, '')
      expect(row!.filename).toMatch(new RegExp(`^${base}(-\\d+)?\\.jpg$`))
      const stored = await readFile(path.join(mediaDir, row!.filename))
      expect(stored.equals(await readFile(path.join(SEED_ASSETS_DIR, doc.coverImage)))).toBe(true)
      const alts = await withConnection(databaseUrl, async (client) => {
        const { rows } = await client.query<{ locale: string; alt: string }>(
          'select _locale as locale, alt from media_locales where _parent_id = $1',
          [row!.id],
        )
        return Object.fromEntries(rows.map((alt) => [alt.locale, alt.alt]))
      })
      const expected = images.find((image) => image.filename === doc.coverImage)!.alt
      expect(alts).toEqual({ en: expected.en, es: expected.es })
    }
  })

  it('gives every team member an illustrated portrait', async () => {
    const rows = await withConnection(databaseUrl, async (client) => {
      const result = await client.query<{ name: string; filename: string | null }>(
        `select t.name, m.filename from team_members t left join media m on m.id = t.photo_id`,
      )
      return result.rows
    })
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.filename, row.name).toMatch(/^team-portrait-\d-\d+\.png$/)
  })

  it('writes nothing the second time', async () => {
    const count = () =>
      withConnection(databaseUrl, async (client) => {
        const { rows } = await client.query<{ media: string; versions: string }>(
          `select (select count(*) from media) as media,
                  (select count(*) from _posts_v) + (select count(*) from _case_studies_v) as versions`,
        )
        return rows[0]
      })
    const before = await count()
    expect(await runScript('scripts/seed.ts', env)).toBe(0)
    expect(await count()).toEqual(before)
  }, 120_000)
})
