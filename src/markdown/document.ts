import type { Locale } from '@/i18n/locales'
import { peopleMessages } from '@/i18n/people-messages'
import { messagesFor } from '@/i18n/messages'
import type { Category, Testimonial } from '@/payload-types'
import { cardCategory } from '@/site/card'
import { caseStudySummary, type CaseStudySummary } from '@/site/case-study'
import type { SiteDocument } from '@/site/content'
import { formatDate } from '@/site/format'
import { asImage } from '@/site/media'
import { readingMinutes } from '@/site/reading-time'
import { relatedAmong } from '@/site/related'
import { paths, type PageCollection } from '@/site/routes'

import { escapeInline, escapeLineStarts, headingText, markdownImage, markdownLink } from './escape'
import { mediaCreditLine } from './credit'
import { frontmatter } from './frontmatter'
import { lexicalToMarkdown, type LexicalContext } from './lexical'
import {
  absoluteUrl,
  documentDate,
  documentDescription,
  findDocument,
  mediaFileUrl,
  otherLocales,
  populatedMedia,
  twinUrl,
  type PublishedView,
} from '@/site/view'

const isPageCollection = (value: unknown): value is PageCollection =>
  value === 'posts' || value === 'case-studies'

/** How rich text of `locale` links to other documents and media of its view (src/site/published-view.ts). */
export function lexicalContext(
  site: PublishedView,
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
      // Only published documents are in the view: a link to a draft stays plain text.
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

/** `- [Title](twin.md): description`, the line every list of documents for agents uses. */
export function documentLinkLine(
  siteUrl: string,
  collection: PageCollection,
  locale: Locale,
  doc: SiteDocument,
): string {
  const link = markdownLink(
    doc.title,
    twinUrl(siteUrl, paths.document(collection, locale, doc.slug)),
  )
  const description = documentDescription(doc)
  return description ? `- ${link}: ${escapeInline(description)}` : `- ${link}`
}

/** A client's quote as the page's figure says it: the words, then who said them (TestimonialQuote). */
function quoteMarkdown(quote: Testimonial, locale: Locale, siteUrl: string): string {
  const caseStudy =
    typeof quote.caseStudy === 'object' && quote.caseStudy !== null ? quote.caseStudy : null
  const who = [quote.role, quote.company].filter(Boolean).join(', ')
  const link =
    caseStudy?.slug && caseStudy.title
      ? ` · ${markdownLink(caseStudy.title, twinUrl(siteUrl, paths.caseStudy(locale, caseStudy.slug)))}`
      : ''
  return [
    `> ${escapeInline(quote.quote ?? '')}`,
    '>',
    `> **${escapeInline(quote.name ?? '')}**${who ? `, ${escapeInline(who)}` : ''}${link}`,
  ].join('\n')
}

/**
 * A post or case study as markdown, rendered from its rich text without rendering its page but
 * saying what the page's main content says, in its order and words (src/components/
 * DocumentArticle.tsx; the int tests compare the two): YAML frontmatter (title, description,
 * url, lang, date, alternates), the title as the one `#` heading, the publication date, the
 * excerpt, the facts of a case study, the cover image (absolute URL, when it has an alt text),
 * the body, the topics and the way back to the list.
 */
export function documentMarkdown(input: {
  collection: PageCollection
  locale: Locale
  doc: SiteDocument
  site: PublishedView
  siteUrl: string
  /**
   * A case study's client quote, as its page shows it under the summary (src/site/people.ts);
   * by default the view's (`site.quotes`).
   */
  quote?: Testimonial | null
}): string {
  const { collection, locale, doc, site, siteUrl } = input
  const quote = input.quote !== undefined ? input.quote : (site.quotes[locale][doc.id] ?? null)
  const related = collection === 'posts' ? relatedAmong(site.documents.posts[locale], doc) : []
  const t = messagesFor(locale)
  const pagePath = paths.document(collection, locale, doc.slug)
  const listPath = collection === 'posts' ? paths.blog(locale) : paths.caseStudies(locale)
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
    // As on the page: a post is dated; a case study is not.
    collection === 'posts' && doc.publishedAt
      ? textParagraph(
          `${t.document.publishedOn} ${formatDate(doc.publishedAt, locale)} · ${t.document.readingTime(readingMinutes(doc.content))}`,
        )
      : null,
    textParagraph(doc.excerpt),
    bylineMarkdown(doc.author, locale, siteUrl, site.settings[locale].aboutPage),
  ]

  // An image without an alt text says nothing in markdown (as on the page twins).
  const cover = populatedMedia(doc.coverImage)
  if (cover?.filename && cover.mimeType?.startsWith('image/') && cover.alt?.trim()) {
    blocks.push(markdownImage(cover.alt, mediaFileUrl(siteUrl, cover.filename)))
    // Its credit, as the page's caption under it (CC BY asks for it wherever the picture is shown).
    blocks.push(mediaCreditLine(cover))
  }

  if (collection === 'case-studies') blocks.push(...summaryBlocks(caseStudySummary(doc), locale))
  if (quote) blocks.push(quoteMarkdown(quote, locale, siteUrl))

  blocks.push(lexicalToMarkdown(doc.content, lexicalContext(site, locale, siteUrl)))

  // As on the page: a post's categories lead to their pages (here, their twins).
  const categories = (doc.categories ?? []).filter(
    (category): category is Category =>
      typeof category === 'object' && category !== null && Boolean(category.title?.trim()),
  )
  if (categories.length > 0) {
    blocks.push(
      `## ${headingText(t.document.categories)}`,
      categories
        .map((category) =>
          collection === 'posts' && category.slug
            ? `- ${markdownLink(category.title, twinUrl(siteUrl, paths.category(locale, category.slug)))}`
            : `- ${escapeInline(category.title)}`,
        )
        .join('\n'),
    )
  }
  if (related.length > 0) {
    blocks.push(
      `## ${headingText(t.document.related)}`,
      related.map((other) => cardMarkdown(other, 'posts', locale, siteUrl)).join('\n'),
    )
  }
  // The contact invitation every post and case study ends with (ContactCallToAction.tsx).
  blocks.push(
    `## ${headingText(t.document.cta.heading)}`,
    textParagraph(t.document.cta.body),
    markdownLink(t.document.cta.button, twinUrl(siteUrl, paths.contact(locale))),
  )
  blocks.push(markdownLink(`← ${t.document.back}`, twinUrl(siteUrl, listPath)))
  return `${blocks.filter((block): block is string => Boolean(block?.trim())).join('\n\n')}\n`
}

/** A case study's summary panel (DocumentArticle.tsx), in its order and words. */
function summaryBlocks(summary: CaseStudySummary, locale: Locale): string[] {
  const t = messagesFor(locale).caseStudies
  const blocks: string[] = []
  const facts: string[] = []
  if (summary.client) facts.push(`- **${t.client}**: ${escapeInline(summary.client)}`)
  if (summary.industry) facts.push(`- **${t.industry}**: ${escapeInline(summary.industry)}`)
  if (facts.length > 0) blocks.push(facts.join('\n'))
  for (const [heading, text] of [
    [t.challenge, summary.challenge],
    [t.solution, summary.solution],
  ] as const) {
    if (text) blocks.push(`## ${headingText(heading)}`, textParagraph(text)!)
  }
  if (summary.results.length > 0) {
    blocks.push(
      `## ${headingText(t.results)}`,
      summary.results
        .map((result) => `- **${escapeInline(result.value)}** ${escapeInline(result.label)}`)
        .join('\n'),
    )
  }
  return blocks
}

/**
 * A document's card (DocumentCard.tsx) as a list item: its image (when it has an alt text), its
 * title as a linked heading, its category and date, its excerpt.
 */
export function cardMarkdown(
  doc: SiteDocument,
  collection: PageCollection,
  locale: Locale,
  siteUrl: string,
): string {
  const parts: string[] = []
  const cover = asImage(doc.coverImage)
  if (cover?.filename && cover.alt?.trim()) {
    parts.push(markdownImage(cover.alt, mediaFileUrl(siteUrl, cover.filename)))
  }
  const href = twinUrl(siteUrl, paths.document(collection, locale, doc.slug))
  parts.push(`### ${markdownLink(doc.title, href)}`)
  const category = cardCategory(doc)
  const meta = [category, doc.publishedAt ? formatDate(doc.publishedAt, locale) : null]
    .filter(Boolean)
    .join(' · ')
  const metaLine = textParagraph(meta)
  if (metaLine) parts.push(metaLine)
  const excerpt = textParagraph(doc.excerpt)
  if (excerpt) parts.push(excerpt)
  return `- ${parts.join('\n\n  ')}`
}

/**
 * A document's byline, as its page shows it: its author, linked to the About page's twin when
 * that page is written in this language (`aboutPage`).
 */
function bylineMarkdown(
  author: SiteDocument['author'],
  locale: Locale,
  siteUrl: string,
  aboutPage: boolean,
): string | null {
  if (typeof author !== 'object' || author === null || !author.name?.trim()) return null
  const href = `${twinUrl(siteUrl, paths.about(locale))}#person-${author.id}`
  const role = author.role?.trim() ? `, ${escapeInline(author.role)}` : ''
  const name = aboutPage ? markdownLink(author.name, href) : escapeInline(author.name)
  return `${peopleMessages(locale).by} ${name}${role}`
}
