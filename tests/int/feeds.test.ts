import { execFileSync } from 'node:child_process'

import { beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { baseUrl, get } from '../support/api'
import { createRichDocument, DRAFT_MARKER, markersIn } from '../support/agents-content'
import { createImage } from '../support/factories'

/** The RSS feeds: posts and case studies per locale, full content, linked from every page. */

const CONTENT_NS = 'http://purl.org/rss/1.0/modules/content/'
let study: { id: number; slug: string }
let draft: { id: number; slug: string }

beforeAll(async () => {
  const image = await createImage('Feed image')
  study = await createRichDocument('case-studies', {
    status: 'published',
    title: { en: 'Feed case study', es: 'Caso para el feed' },
    excerpt: { en: 'Feed excerpt.', es: 'Resumen del feed.' },
    imageId: image.id,
  })
  // A post of its own: the posts feed must have an item whatever other files published.
  await createRichDocument('posts', {
    status: 'published',
    title: { en: 'Feed post', es: 'Artículo para el feed' },
    excerpt: { en: 'Feed post excerpt.', es: 'Resumen del artículo.' },
    imageId: image.id,
  })
  draft = await createRichDocument('case-studies', {
    status: 'draft',
    title: { en: `${DRAFT_MARKER} feed`, es: `${DRAFT_MARKER} feed` },
    excerpt: { en: DRAFT_MARKER, es: DRAFT_MARKER },
    imageId: image.id,
  })
}, 60_000)

/** libxml2's XPath over the feed; it fails on a feed that is not well-formed XML. */
function xpath(xml: string, expression: string): string {
  return execFileSync('xmllint', ['--xpath', expression, '-'], { input: xml })
    .toString()
    .replace(/\n$/, '')
}

describe.each(['en', 'es'] as const)('RSS feeds in %s', (locale) => {
  it.each(['posts', 'case-studies'] as const)(
    'the %s feed is well-formed RSS 2.0 with every required element and full content',
    async (collection) => {
      const response = await get(paths.feed(collection, locale))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
      expect(response.headers.get('etag')).toBeTruthy()
      const xml = await response.text()
      expect(() => execFileSync('xmllint', ['--noout', '-'], { input: xml })).not.toThrow()
      expect(xpath(xml, 'string(/rss/@version)')).toBe('2.0')
      for (const element of ['title', 'link', 'description', 'language', 'lastBuildDate']) {
        expect(xpath(xml, `string(/rss/channel/${element})`), element).not.toBe('')
      }
      expect(xpath(xml, 'string(/rss/channel/lastBuildDate)')).toMatch(
        /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
      )
      const items = Number(xpath(xml, 'count(/rss/channel/item)'))
      expect(items).toBeGreaterThan(0)
      for (const element of ['title', 'link', 'guid', 'pubDate']) {
        expect(xpath(xml, `count(/rss/channel/item[${element}])`), element).toBe(String(items))
      }
      const encoded = `*[local-name()="encoded" and namespace-uri()="${CONTENT_NS}"]`
      expect(Number(xpath(xml, `count(/rss/channel/item[${encoded}])`))).toBeGreaterThan(0)
      expect(markersIn(xml)).toEqual([])
    },
  )

  it('the case studies feed carries the body as HTML with absolute links, and no draft', async () => {
    const xml = await (await get(paths.feed('case-studies', locale))).text()
    const url = `${baseUrl()}${paths.caseStudy(locale, study.slug)}`
    const item = `/rss/channel/item[link="${url}"]`
    expect(xpath(xml, `string(${item}/title)`)).toBe(
      locale === 'en' ? 'Feed case study' : 'Caso para el feed',
    )
    const html = xpath(xml, `string(${item}/*[local-name()="encoded"])`)
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<a href="https://example.com/reference">the reference</a>')
    expect(html).toMatch(new RegExp(`<img src="${baseUrl()}/api/media/file/[^"]+" [^>]*alt="`))
    expect(xml).not.toContain(draft.slug)
  })

  it('pages name both feeds as alternates', async () => {
    const html = await (await get(paths.caseStudies(locale))).text()
    const feeds = [
      ...html.matchAll(/<link rel="alternate" type="application\/rss\+xml"[^>]*href="([^"]+)"/g),
    ].map((match) => match[1])
    expect(feeds).toEqual([
      `${baseUrl()}${paths.feed('posts', locale)}`,
      `${baseUrl()}${paths.feed('case-studies', locale)}`,
    ])
  })
})
