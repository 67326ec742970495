import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import type { SiteDocument } from './content'
import { richTextHtml } from './rich-text-html'
import { paths, type PageCollection } from './routes'
import { absoluteUrl, documentDate, type PublishedView } from './view'

export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8'

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  )

/** Text as CDATA; a `]]>` inside is split across two sections so it cannot end the first. */
const cdata = (text: string): string => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`

/** RFC 822 dates, as RSS 2.0 asks (`Tue, 03 Mar 2026 09:00:00 GMT`). */
const rfc822 = (iso: string): string => new Date(iso).toUTCString()

const CHANNEL: Record<PageCollection, (locale: Locale) => { title: string; description: string }> =
  {
    posts: (locale) => messagesFor(locale).blog,
    'case-studies': (locale) => messagesFor(locale).caseStudies,
  }

const LIST_PATH: Record<PageCollection, (locale: Locale) => string> = {
  posts: (locale) => paths.blog(locale),
  'case-studies': (locale) => paths.caseStudies(locale),
}

/**
 * How many items a feed carries: the newest. A feed reader polls for what is new; the rest of
 * the site is in the lists, the sitemap and llms-full.txt, and a feed of every document would
 * grow with the site.
 */
export const FEED_ITEMS_MAX = 50

/**
 * RSS 2.0 of the newest published documents of a collection in `locale` (`docs`, at most
 * `FEED_ITEMS_MAX`), newest first, rendered from their view (src/site/published-view.ts): each
 * item with its excerpt as `description` and its whole body as HTML in `content:encoded`.
 * `lastBuildDate` is the newest change among the items (not the time of rendering), so the same
 * content always gives the same bytes.
 */
export function documentsFeed(input: {
  collection: PageCollection
  locale: Locale
  docs: readonly SiteDocument[]
  site: PublishedView
  siteUrl: string
}): string {
  const { collection, locale, site, siteUrl } = input
  const docs = input.docs.slice(0, FEED_ITEMS_MAX)
  const channel = CHANNEL[collection](locale)
  const items = docs.map((doc) => {
    const url = absoluteUrl(siteUrl, paths.document(collection, locale, doc.slug))
    const body = richTextHtml({ content: doc.content, locale, site, siteUrl })
    return [
      '    <item>',
      `      <title>${escapeXml(doc.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822(documentDate(doc))}</pubDate>`,
      // Its author, a member of the team (RSS's own <author> is an email address).
      typeof doc.author === 'object' && doc.author?.name
        ? `      <dc:creator>${escapeXml(doc.author.name)}</dc:creator>`
        : null,
      doc.excerpt ? `      <description>${escapeXml(doc.excerpt)}</description>` : null,
      body ? `      <content:encoded>${cdata(body)}</content:encoded>` : null,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n')
  })
  const lastChange = docs
    .map((doc) => doc.updatedAt)
    .filter(Boolean)
    .sort()
    .at(-1)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`${site.settings[locale].siteName} · ${channel.title}`)}</title>`,
    `    <link>${escapeXml(absoluteUrl(siteUrl, LIST_PATH[collection](locale)))}</link>`,
    `    <atom:link href="${escapeXml(absoluteUrl(siteUrl, paths.feed(collection, locale)))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${locale}</language>`,
    lastChange ? `    <lastBuildDate>${rfc822(lastChange)}</lastBuildDate>` : null,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n')
}
