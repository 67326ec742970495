import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { documentLinkLine, textParagraph } from '@/markdown/document'
import { headingText, markdownLink } from '@/markdown/escape'
import { frontmatter } from '@/markdown/frontmatter'
import { paths } from '@/site/routes'
import type { SiteService } from '@/site/services'
import { absoluteUrl, twinUrl } from '@/site/view'

/** A text's paragraphs, as the page splits them (editors separate them with a blank line). */
const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => textParagraph(paragraph))
    .filter((paragraph): paragraph is string => paragraph !== null)

/**
 * A service as llms-full.txt holds it, in the form of the documents there (src/markdown/
 * document.ts): YAML frontmatter (title, description, url, lang, alternates), the title as the
 * one `#` heading, then what its page's main content says, in its order and words
 * (src/site/service-route.tsx): the summary, what we do, a typical engagement, the related case
 * studies and articles (their twins), and the invitation to talk. Made from the service's
 * fields, as the documents' are from theirs, not from its rendered page.
 */
export function serviceMarkdown(input: {
  locale: Locale
  service: SiteService
  /** The other languages the service is listed in (its page has a version there). */
  otherLocales: readonly Locale[]
  siteUrl: string
}): string {
  const { locale, service, otherLocales, siteUrl } = input
  const t = messagesFor(locale)
  const s = t.servicePage
  const blocks: (string | null)[] = [
    frontmatter({
      title: service.title,
      description: service.summary || undefined,
      url: absoluteUrl(siteUrl, paths.service(locale, service.key)),
      lang: locale,
      alternates: Object.fromEntries(
        otherLocales.map((other) => [other, twinUrl(siteUrl, paths.service(other, service.key))]),
      ),
    }),
    `# ${headingText(service.title)}`,
    textParagraph(service.summary),
  ]
  for (const [heading, text] of [
    [s.whatWeDo, service.whatWeDo],
    [s.engagement, service.engagement],
  ] as const) {
    const shown = paragraphs(text)
    if (shown.length > 0) blocks.push(`## ${headingText(heading)}`, ...shown)
  }
  for (const [heading, collection, docs] of [
    [s.caseStudies, 'case-studies', service.caseStudies],
    [s.posts, 'posts', service.posts],
  ] as const) {
    if (docs.length === 0) continue
    blocks.push(
      `## ${headingText(heading)}`,
      docs.map((doc) => documentLinkLine(siteUrl, collection, locale, doc)).join('\n'),
    )
  }
  blocks.push(
    `## ${headingText(s.talk)}`,
    textParagraph(t.document.cta.body),
    markdownLink(t.document.cta.button, twinUrl(siteUrl, paths.contact(locale))),
  )
  return `${blocks.filter((block): block is string => Boolean(block?.trim())).join('\n\n')}\n`
}
