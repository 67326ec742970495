import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { caseStudies, images, posts } from '@/seed/content'
import { seedCredit } from '@/seed/credits'
import { PHOTO_ASSETS } from '@/seed/shipped-assets'
import { paths } from '@/site/routes'

import { asAdminJson, baseUrl } from '../support/api'
import { runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase, withConnection } from '../support/database'
import { createImage, lexical, uniqueSlug } from '../support/factories'

/**
 * A picture's credit (src/media/credit.ts): the seed gives every shipped photograph its author
 * and licence from the manifest (CC BY and CC BY-SA require it where the picture is shown), the
 * page shows it as a caption under the cover and the markdown twin as a line under the image; a
 * picture without a credit shows no caption at all.
 */

const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const CAPTION = /<figcaption class="media-credit">([^<]*)<\/figcaption>/g

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
      const { rows } = await client.query<{ filename: string; credit: string | null }>(
        'select filename, credit from media',
      )
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
      } else {
        expect(row!.credit, image.filename).toBeNull()
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
      const body = await (await fetch(`${app!.url}${page}`)).text()
      expect(
        [...body.matchAll(CAPTION)].map((match) => match[1]),
        page,
      ).toEqual([html(credit)])
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
      expect(lines.slice(image + 1, image + 3).join('\n')).toBe(`\n_${credit}_`)
    }
  })

  it('shows the home hero image credit', async () => {
    const body = await (await fetch(`${app!.url}/en`)).text()
    expect([...body.matchAll(CAPTION)].map((match) => match[1])).toEqual([
      html(seedCredit('home-hero.jpg')!),
    ])
  })

  it('gives media seeded before credits existed theirs on the next run, and then writes nothing', async () => {
    await withConnection(databaseUrl, (client) => client.query('update media set credit = null'))
    expect(await runScript('scripts/seed.ts', env)).toBe(0)
    const restored = await credits()
    const before = JSON.stringify(restored.sort((a, b) => a.filename.localeCompare(b.filename)))
    expect(restored.filter((row) => row.credit !== null)).toHaveLength(PHOTO_ASSETS.length)
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
    const slug = uniqueSlug('uncredited')
    await asAdminJson('/api/posts?locale=en', {
      method: 'POST',
      body: JSON.stringify({
        _status: 'published',
        slug,
        title: `Title ${slug}`,
        content: lexical(`Body of ${slug}`),
        coverImage: cover.id,
      }),
    })
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
    const slug = uniqueSlug('credited')
    await asAdminJson('/api/posts?locale=en', {
      method: 'POST',
      body: JSON.stringify({
        _status: 'published',
        slug,
        title: `Title ${slug}`,
        content: lexical(`Body of ${slug}`),
        coverImage: cover.id,
      }),
    })
    const page = paths.post('en', slug)
    const body = await (await fetch(`${baseUrl()}${page}`)).text()
    expect([...body.matchAll(CAPTION)].map((match) => match[1])).toEqual([
      'Photo: Jane *Doe*, CC BY 4.0',
    ])
    const twin = await (await fetch(`${baseUrl()}${paths.twin(page)}`)).text()
    // Escaped: an editor's asterisks are text, not emphasis.
    expect(twin).toContain('\n_Photo: Jane \\*Doe\\*, CC BY 4.0_\n')
  })
})
