import type { Locale } from '@/i18n/locales'
import type { CaseStudy } from '@/payload-types'
import type { SiteDocument } from '@/site/content'
import { paths, type PageCollection } from '@/site/routes'

import { escapeInline, escapeLineStarts, headingText, markdownImage } from './escape'
import { frontmatter } from './frontmatter'
import { LABELS } from './labels'
import { lexicalToMarkdown, type LexicalContext } from './lexical'
import {
  absoluteUrl,
  categoryTitles,
  documentDate,
  documentDescription,
  findDocument,
  mediaFileUrl,
  otherLocales,
  populatedMedia,
  twinUrl,
  type PublishedSite,
} from './site'

const isPageCollection = (value: unknown): value is PageCollection =>
  value === 'posts' || value === 'case-studies'

/** How rich text of `locale` links to other documents and media of the snapshot. */
export function lexicalContext(
  site: PublishedSite,
  locale: Locale,
  siteUrl: string,
): LexicalContext {
  return {
    siteUrl,
    document: (relationTo, value) => {
      if (!isPageCollection(relationTo)) return null
      const id =
        typeof value === 'number' ? value : (value as { id?: unknown } | null | undefined)?.id
      if (typeof id !== 'number') return null
      // Only published documents are in the snapshot: a link to a draft stays plain text.
      const target = findDocument(site, relationTo, locale, { id })
      return target
        ? {
            url: twinUrl(siteUrl, paths.document(relationTo, locale, target.slug)),
            title: target.title,
          }
        : null
    },
    media: (value) =>
      populatedMedia(value) ??
      (typeof value === 'number' ? (site.media[locale][value] ?? null) : null),
  }
}

/** A paragraph of plain text (excerpt, tagline), escaped; null when empty. */
export function textParagraph(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim()
  return trimmed === '' ? null : escapeLineStarts(escapeInline(trimmed.replace(/\s*\n\s*/g, ' ')))
}

/**
 * A post or case study as markdown: YAML frontmatter (title, description, url, lang, date,
 * alternates), the title as the one `#` heading, the excerpt, the cover image (absolute URL),
 * the facts of a case study, then the body rendered from its rich text.
 */
export function documentMarkdown(input: {
  collection: PageCollection
  locale: Locale
  doc: SiteDocument
  site: PublishedSite
  siteUrl: string
}): string {
  const { collection, locale, doc, site, siteUrl } = input
  const labels = LABELS[locale]
  const pagePath = paths.document(collection, locale, doc.slug)
  const alternates = Object.fromEntries(
    otherLocales(site, collection, locale, doc.id).map((other) => [
      other,
      twinUrl(siteUrl, paths.document(collection, other, doc.slug)),
    ]),
  )

  const blocks: (string | null)[] = [
    frontmatter({
      title: doc.title,
      description: documentDescription(doc),
      url: absoluteUrl(siteUrl, pagePath),
      lang: locale,
      date: documentDate(doc),
      alternates,
    }),
    `# ${headingText(doc.title)}`,
    textParagraph(doc.excerpt),
  ]

  const cover = populatedMedia(doc.coverImage)
  if (cover?.filename)
    blocks.push(markdownImage(cover.alt ?? '', mediaFileUrl(siteUrl, cover.filename)))

  const facts: string[] = []
  if (collection === 'case-studies') {
    const { client, industry } = doc as CaseStudy
    if (client?.trim()) facts.push(`- ${labels.client}: ${escapeInline(client.trim())}`)
    if (industry?.trim()) facts.push(`- ${labels.industry}: ${escapeInline(industry.trim())}`)
  }
  const categories = categoryTitles(doc)
  if (categories.length > 0) {
    facts.push(
      `- ${labels.categories}: ${categories.map((title) => escapeInline(title)).join(', ')}`,
    )
  }
  if (facts.length > 0) blocks.push(facts.join('\n'))

  blocks.push(lexicalToMarkdown(doc.content, lexicalContext(site, locale, siteUrl)))
  return `${blocks.filter((block): block is string => Boolean(block?.trim())).join('\n\n')}\n`
}
