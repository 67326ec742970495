import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { validatorsOf } from '@/http/text-response'

import { validateSitemap } from '../../tests/support/sitemap-xsd'

import { sitemapFiles, sitemapIndex, urlElements, urlsetParts } from './sitemap'

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
const CLOSE = '</urlset>\n'

/** A sitemap file as it was built whole, one string, before it was streamed. */
const wholeFile = (elements: readonly string[]) => `${HEAD}${OPEN}${elements.join('')}${CLOSE}`

/** `count` pages' elements (both locales each), with non-ASCII in them (bytes ≠ characters). */
function siteElements(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    urlElements({
      urlFor: (locale) => `https://example.test/${locale}/blog/año-${index}?a=1&b=2`,
      lastModified: `2026-01-${String((index % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
    }),
  ).flat()
}

const joined = (parts: Iterable<string>) => [...parts].join('')

describe('sitemapFiles and urlsetParts', () => {
  it('stream one file byte for byte as it was built whole, in parts, with its validators', () => {
    const elements = siteElements(2_000)
    const files = sitemapFiles(elements)
    expect(files).toHaveLength(1)
    const [file] = files
    expect(file).toMatchObject({ first: 0, count: elements.length })
    const parts = [...urlsetParts(elements, file!)]
    // Parts of about 64 KB: never the body in one string.
    expect(parts.length).toBeGreaterThan(10)
    for (const part of parts) expect(part.length).toBeLessThan(70 * 1024)
    const whole = wholeFile(elements)
    expect(parts.join('')).toBe(whole)
    const { etag, reprDigest, bytes } = validatorsOf(whole)
    expect(file!.validators).toEqual({ etag, reprDigest, length: bytes.byteLength })
  })

  it('split at the URL limit, each file holding its own elements, every element once', () => {
    const elements = siteElements(13)
    const files = sitemapFiles(elements, { urls: 5, bytes: 50 * 1024 * 1024 })
    expect(files.map(({ first, count }) => [first, count])).toEqual([
      [0, 5],
      [5, 5],
      [10, 5],
      [15, 5],
      [20, 5],
      [25, 1],
    ])
    for (const file of files) {
      const mine = elements.slice(file.first, file.first + file.count)
      const body = joined(urlsetParts(elements, file))
      expect(body).toBe(wholeFile(mine))
      expect(file.validators.etag).toBe(validatorsOf(body).etag)
    }
  })

  it('split at the byte limit, no file past it', () => {
    const elements = siteElements(40)
    const limit = 4_000
    const files = sitemapFiles(elements, { urls: 50_000, bytes: limit })
    expect(files.length).toBeGreaterThan(1)
    expect(files.reduce((sum, file) => sum + file.count, 0)).toBe(elements.length)
    for (const file of files) {
      expect(file.validators.length).toBeLessThanOrEqual(limit)
      expect(Buffer.byteLength(joined(urlsetParts(elements, file)))).toBe(file.validators.length)
    }
  })

  it('an empty site is one empty file', () => {
    const [file, ...rest] = sitemapFiles([])
    expect(rest).toEqual([])
    expect(joined(urlsetParts([], file!))).toBe(wholeFile([]))
    expect(file!.validators.reprDigest).toBe(
      `sha-256=:${createHash('sha256').update(wholeFile([])).digest('base64')}:`,
    )
  })

  it('produces elements only as parts are taken', () => {
    let produced = 0
    const elements = function* () {
      for (const element of siteElements(5_000)) {
        produced += 1
        yield element
      }
    }
    const [file] = sitemapFiles(elements())
    produced = 0
    const parts = urlsetParts(elements(), file!)
    parts.next()
    parts.next()
    // The frame, then one part of about 64 KB: a small share of the 10,000 elements.
    expect(produced).toBeGreaterThan(0)
    expect(produced).toBeLessThan(1_000)
  })
})

describe('the sitemap against the sitemaps.org schemas (xmllint)', () => {
  /** Pages of every kind the site lists: alternates and a date, one locale only, no date. */
  const elements = [
    ...siteElements(3),
    ...urlElements({
      urlFor: (locale) => `https://example.test/${locale}/blog/solo`,
      lastModified: '2026-02-03T04:05:06.789Z',
      locales: ['es'],
    }),
    ...urlElements({ urlFor: (locale) => `https://example.test/${locale}/contact` }),
  ]

  it('a sitemap file with hreflang alternates is valid, `<lastmod>` before the `<xhtml:link>`s', () => {
    const [file] = sitemapFiles(elements)
    const verdict = validateSitemap(joined(urlsetParts(elements, file!)), 'urlset')
    expect(verdict.report).toBe('- validates')
    expect(verdict.valid).toBe(true)
  })

  it('each file of a split sitemap is valid', () => {
    const files = sitemapFiles(elements, { urls: 3, bytes: 50 * 1024 * 1024 })
    expect(files.length).toBeGreaterThan(1)
    for (const file of files) {
      expect(validateSitemap(joined(urlsetParts(elements, file)), 'urlset').report).toBe(
        '- validates',
      )
    }
  })

  it('the sitemap index is valid against siteindex.xsd', () => {
    expect(validateSitemap(sitemapIndex('https://example.test', 3), 'index').report).toBe(
      '- validates',
    )
  })

  it('the check is strict: an alternate before `<lastmod>`, or an undeclared element, is refused', () => {
    const url = (inner: string) =>
      `${wholeFile([`<url>\n<loc>https://example.test/en</loc>\n${inner}</url>\n`])}`
    const link = '<xhtml:link rel="alternate" hreflang="es" href="https://example.test/es" />\n'
    const lastmod = '<lastmod>2026-01-01T00:00:00.000Z</lastmod>\n'
    expect(validateSitemap(url(lastmod + link), 'urlset').valid).toBe(true)
    const misordered = validateSitemap(url(link + lastmod), 'urlset')
    expect(misordered.valid).toBe(false)
    expect(misordered.report).toContain("lastmod': This element is not expected")
    expect(validateSitemap(url('<xhtml:meta name="x" />\n'), 'urlset').valid).toBe(false)
    expect(validateSitemap(url(link.replace('alternate', 'canonical')), 'urlset').valid).toBe(false)
  })
})
