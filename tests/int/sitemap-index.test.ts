import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { baseUrl, get } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { createDocument } from '../support/factories'
import { validateSitemap } from '../support/sitemap-xsd'

/**
 * The sitemap becomes an index of `/sitemap/{n}.xml` files when the site would pass the URL
 * limit of one file: here an instance with the limit lowered to 5 (SITEMAP_URLS_MAX), on the
 * same database as the suite's instance, which fits the site in one file. Every file served, in
 * either form, is valid against the sitemaps.org schemas (xmllint, tests/fixtures/sitemaps).
 */

const LIMIT = 5
let small: AppServer
let slug: string

beforeAll(async () => {
  slug = (await createDocument('posts', { status: 'published' })).slug
  small = await startApp(`sitemap-index-${process.env.TEST_RUN_ID ?? 'main'}`, {
    ...inject('appEnv'),
    SITEMAP_URLS_MAX: String(LIMIT),
  })
}, 120_000)

afterAll(async () => {
  await small?.stop()
})

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)

describe('the sitemap index', () => {
  it('is one file while the site fits, with no index files, valid against sitemap.xsd', async () => {
    const xml = await (await get('/sitemap.xml')).text()
    expect(xml).toContain('<urlset')
    expect(xml).not.toContain('<sitemapindex')
    // A document's entry: its date, then its alternates (the order sitemap.xsd requires).
    expect(xml).toContain(`<loc>${baseUrl()}/en/blog/${slug}</loc>\n<lastmod>`)
    expect(xml).toMatch(/<\/lastmod>\n<xhtml:link rel="alternate" hreflang="en"/)
    expect(validateSitemap(xml, 'urlset').report).toBe('- validates')
    expect((await get('/sitemap/1.xml')).status).toBe(404)
  })

  it(`past ${LIMIT} URLs, /sitemap.xml is an index of files of at most ${LIMIT} URLs holding every URL once`, async () => {
    const index = await fetch(`${small.url}/sitemap.xml`)
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toMatch(/xml/)
    const indexXml = await index.text()
    expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(validateSitemap(indexXml, 'index').report).toBe('- validates')
    const files = locs(indexXml)
    expect(files.length).toBeGreaterThan(1)
    files.forEach((file, position) => expect(file).toBe(`${small.url}/sitemap/${position + 1}.xml`))

    const urls: string[] = []
    for (const file of files) {
      const part = await fetch(file)
      expect(part.status).toBe(200)
      expect(part.headers.get('cache-control')).toMatch(/public/)
      const xml = await part.text()
      expect(xml).toContain('<urlset')
      expect(validateSitemap(xml, 'urlset').report, file).toBe('- validates')
      const here = locs(xml)
      expect(here.length).toBeGreaterThan(0)
      expect(here.length).toBeLessThanOrEqual(LIMIT)
      urls.push(...here)
    }
    // Every URL once, the site's pages and its documents among them (other suites publish
    // meanwhile, so the whole is not compared with another read of it).
    expect(new Set(urls).size).toBe(urls.length)
    for (const locale of ['en', 'es']) {
      expect(urls).toContain(`${small.url}/${locale}/contact`)
      expect(urls).toContain(`${small.url}/${locale}/blog/${slug}`)
    }
    const whole = locs(await (await get('/sitemap.xml')).text())
    expect(whole).toContain(`${baseUrl()}/en/blog/${slug}`)
    expect((await fetch(`${small.url}/sitemap/${files.length + 1}.xml`)).status).toBe(404)
  })
})
