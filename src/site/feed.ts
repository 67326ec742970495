import 'server-only'

import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import { SITE } from './config'
import { allDocuments } from './content'
import { absoluteUrl, feedPath } from './metadata'
import { paths } from './routes'

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  )

/** RSS 2.0 of every published post in `locale`, newest first. */
export async function postsFeed(locale: Locale): Promise<string> {
  const posts = await allDocuments('posts', locale)
  const items = posts.map((post) => {
    const url = absoluteUrl(paths.post(locale, post.slug))
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${url}</link>`,
      `      <guid isPermaLink="true">${url}</guid>`,
      post.publishedAt
        ? `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`
        : null,
      post.excerpt ? `      <description>${escapeXml(post.excerpt)}</description>` : null,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`${SITE.name} · ${messagesFor(locale).blog.title}`)}</title>`,
    `    <link>${absoluteUrl(paths.blog(locale))}</link>`,
    `    <atom:link href="${absoluteUrl(feedPath(locale))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(messagesFor(locale).blog.description)}</description>`,
    `    <language>${locale}</language>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
