import { execFileSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import {
  doc,
  internalLink,
  link,
  media,
  paragraph,
  richText,
  site,
  SITE_URL,
  text,
  upload,
} from '../../tests/support/site-fixtures'

import { documentsFeed, FEED_ITEMS_MAX } from './feed'

const image = media(7, 'chart.png', 'A chart')
const draftLinked = 99
const post = doc({
  id: 1,
  slug: 'first',
  title: 'Fish & <chips> ]]> done',
  excerpt: 'An excerpt',
  updatedAt: '2026-03-05T09:00:00.000Z',
  content: richText(
    paragraph(text('Hello '), text('bold', 1), text(' and <script>x</script>')),
    paragraph(
      link('/en/contact', text('contact us')),
      text(' or '),
      link('https://example.com/x', text('out')),
    ),
    paragraph(
      internalLink('posts', 2, text('the other post')),
      text(' / '),
      internalLink('posts', draftLinked, text('a draft')),
    ),
    upload(7),
    upload(8),
  ),
})
const other = doc({ id: 2, slug: 'second', title: 'Second', updatedAt: '2026-04-01T10:00:00.000Z' })
const content = site({ posts: { en: [post, other] } }, [image])

/** The feed parsed by libxml2 (well-formedness), then queried with XPath. */
function xpath(xml: string, expression: string): string {
  return execFileSync('xmllint', ['--xpath', expression, '-'], { input: xml })
    .toString()
    .replace(/\n$/, '')
}

describe('documentsFeed', () => {
  const xml = documentsFeed({
    collection: 'posts',
    locale: 'en',
    docs: content.documents.posts.en,
    site: content,
    siteUrl: SITE_URL,
  })

  it('is well-formed RSS 2.0 with the content namespace and the required channel elements', () => {
    expect(() => execFileSync('xmllint', ['--noout', '-'], { input: xml })).not.toThrow()
    expect(xml).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"')
    expect(xpath(xml, 'string(/rss/@version)')).toBe('2.0')
    expect(xpath(xml, 'string(/rss/channel/title)')).toBe('Meridian Consulting · Blog')
    expect(xpath(xml, 'string(/rss/channel/link)')).toBe(`${SITE_URL}/en/blog`)
    expect(xpath(xml, 'string(/rss/channel/description)')).not.toBe('')
    // The newest change among the items, in RFC 822.
    expect(xpath(xml, 'string(/rss/channel/lastBuildDate)')).toBe('Wed, 01 Apr 2026 10:00:00 GMT')
    expect(xpath(xml, 'count(/rss/channel/item)')).toBe('2')
  })

  it('gives each item its title, link, guid, RFC 822 date and full content as HTML', () => {
    expect(xpath(xml, 'string(/rss/channel/item[1]/title)')).toBe('Fish & <chips> ]]> done')
    expect(xpath(xml, 'string(/rss/channel/item[1]/link)')).toBe(`${SITE_URL}/en/blog/first`)
    expect(xpath(xml, 'string(/rss/channel/item[1]/pubDate)')).toBe('Wed, 04 Mar 2026 09:00:00 GMT')
    const html = xpath(
      xml,
      'string(/rss/channel/item[1]/*[local-name()="encoded" and namespace-uri()="http://purl.org/rss/1.0/modules/content/"])',
    )
    expect(html).toContain('<p>Hello <strong>bold</strong> and &lt;script&gt;x&lt;/script&gt;</p>')
    expect(html).toContain(`<a href="${SITE_URL}/en/contact">contact us</a>`)
    expect(html).toContain('<a href="https://example.com/x">out</a>')
    expect(html).toContain(`<a href="${SITE_URL}/en/blog/second">the other post</a>`)
    // A link to something unpublished is its text; an image the view lacks is left out.
    expect(html).toContain(' / a draft')
    expect(html).toContain(
      `<img src="${SITE_URL}/api/media/file/chart.png" alt="A chart" loading="lazy">`,
    )
    expect(html.match(/<img/g)).toHaveLength(1)
    expect(xpath(xml, 'count(/rss/channel/item[2]/description)')).toBe('0')
  })

  it('is the case studies feed with its own channel and self link', () => {
    const caso = doc({ id: 3, slug: 'caso', title: 'Caso' })
    const studies = documentsFeed({
      collection: 'case-studies',
      locale: 'es',
      docs: [caso],
      site: site({ 'case-studies': { es: [caso] } }),
      siteUrl: SITE_URL,
    })
    expect(xpath(studies, 'string(/rss/channel/link)')).toBe(`${SITE_URL}/es/case-studies`)
    expect(studies).toContain(
      `<atom:link href="${SITE_URL}/es/case-studies/feed.xml" rel="self" type="application/rss+xml"/>`,
    )
    expect(xpath(studies, 'string(/rss/channel/item/link)')).toBe(
      `${SITE_URL}/es/case-studies/caso`,
    )
  })

  it(`carries the newest ${FEED_ITEMS_MAX} items only`, () => {
    const many = Array.from({ length: FEED_ITEMS_MAX + 3 }, (_, index) =>
      doc({ id: 100 + index, slug: `many-${index}`, title: `Many ${index}` }),
    )
    const feed = documentsFeed({
      collection: 'posts',
      locale: 'en',
      docs: many,
      site: site({ posts: { en: many } }),
      siteUrl: SITE_URL,
    })
    expect(feed.match(/<item>/g)).toHaveLength(FEED_ITEMS_MAX)
    expect(feed).toContain('/en/blog/many-0<')
    expect(feed).not.toContain(`/en/blog/many-${FEED_ITEMS_MAX}<`)
  })
})
