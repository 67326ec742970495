import { inquiryFields, INQUIRY_LIMITS } from '@/agents/inquiry-contract'
import { AGENT_PATHS, CONTACT_SKILL } from '@/agents/paths'
import { LOCALE_LABELS, LOCALES, type Locale } from '@/i18n/locales'
import type { SiteDocument } from '@/site/content'
import { SITE } from '@/site/config'
import { BLOG_PAGE_SIZE, paths, type PageCollection } from '@/site/routes'

import { escapeInline, headingText, markdownLink } from './escape'
import { frontmatter } from './frontmatter'
import { LABELS } from './labels'
import { absoluteUrl, documentDescription, twinUrl } from './site'
import { textParagraph } from './document'

/** How many of the newest posts and case studies the home page twin lists. */
export const HOME_LATEST = 3

/** `- [Title](twin.md): description`, the line every list of documents uses. */
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

function page(
  fields: {
    title: string
    description: string
    url: string
    lang: Locale | undefined
    alternates: Record<string, string>
  },
  blocks: (string | null | undefined)[],
): string {
  const body = [frontmatter(fields), `# ${headingText(fields.title)}`, ...blocks]
  return `${body.filter((block): block is string => Boolean(block?.trim())).join('\n\n')}\n`
}

/** The other locales' twins of the same page. */
function alternatesOf(siteUrl: string, locale: Locale, pathIn: (other: Locale) => string) {
  return Object.fromEntries(
    LOCALES.filter((other) => other !== locale).map((other) => [
      other,
      twinUrl(siteUrl, pathIn(other)),
    ]),
  )
}

function lines(items: string[]): string | null {
  return items.length > 0 ? items.join('\n') : null
}

/** `/{locale}`: the firm in a few words, the newest posts and case studies, and where to go next. */
export function homeMarkdown(input: {
  siteUrl: string
  locale: Locale
  posts: readonly SiteDocument[]
  caseStudies: readonly SiteDocument[]
}): string {
  const { siteUrl, locale } = input
  const labels = LABELS[locale]
  return page(
    {
      title: SITE.name,
      description: SITE.description[locale],
      url: absoluteUrl(siteUrl, paths.home(locale)),
      lang: locale,
      alternates: alternatesOf(siteUrl, locale, paths.home),
    },
    [
      textParagraph(SITE.tagline[locale]),
      textParagraph(SITE.description[locale]),
      `## ${labels.latestPosts}`,
      lines([
        ...input.posts
          .slice(0, HOME_LATEST)
          .map((doc) => documentLinkLine(siteUrl, 'posts', locale, doc)),
        `- ${markdownLink(labels.allPosts, twinUrl(siteUrl, paths.blog(locale)))}`,
      ]),
      `## ${labels.caseStudies}`,
      lines([
        ...input.caseStudies
          .slice(0, HOME_LATEST)
          .map((doc) => documentLinkLine(siteUrl, 'case-studies', locale, doc)),
        `- ${markdownLink(labels.allCaseStudies, twinUrl(siteUrl, paths.caseStudies(locale)))}`,
      ]),
      `## ${labels.contact}`,
      `- ${markdownLink(labels.contact, twinUrl(siteUrl, paths.contact(locale)))}: ${escapeInline(labels.contactDescription)}`,
    ],
  )
}

/** `/{locale}/blog?page=n`: one page of posts, with links to the neighbouring pages. */
export function blogMarkdown(input: {
  siteUrl: string
  locale: Locale
  /** The posts of this page only. */
  posts: readonly SiteDocument[]
  page: number
  totalPages: number
}): string {
  const { siteUrl, locale, page: current, totalPages } = input
  const labels = LABELS[locale]
  const navigation: string[] = []
  if (current > 1) {
    navigation.push(
      `- ${markdownLink(labels.newer, twinUrl(siteUrl, paths.blog(locale, current - 1)))}`,
    )
  }
  if (current < totalPages) {
    navigation.push(
      `- ${markdownLink(labels.older, twinUrl(siteUrl, paths.blog(locale, current + 1)))}`,
    )
  }
  return page(
    {
      title: current > 1 ? `${labels.blog} – ${labels.page(current, totalPages)}` : labels.blog,
      description: labels.blogDescription,
      url: absoluteUrl(siteUrl, paths.blog(locale, current)),
      lang: locale,
      alternates: alternatesOf(siteUrl, locale, (other) => paths.blog(other, current)),
    },
    [
      textParagraph(labels.blogDescription),
      input.posts.length > 0
        ? lines(input.posts.map((doc) => documentLinkLine(siteUrl, 'posts', locale, doc)))
        : textParagraph(labels.noPosts),
      totalPages > 1 ? textParagraph(labels.page(current, totalPages)) : null,
      lines(navigation),
    ],
  )
}

/** The number of blog pages for `count` posts (always at least one, possibly empty). */
export function blogPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / BLOG_PAGE_SIZE))
}

/** `/{locale}/case-studies`: every published case study. */
export function caseStudiesMarkdown(input: {
  siteUrl: string
  locale: Locale
  caseStudies: readonly SiteDocument[]
}): string {
  const { siteUrl, locale } = input
  const labels = LABELS[locale]
  return page(
    {
      title: labels.caseStudies,
      description: labels.caseStudiesDescription,
      url: absoluteUrl(siteUrl, paths.caseStudies(locale)),
      lang: locale,
      alternates: alternatesOf(siteUrl, locale, paths.caseStudies),
    },
    [
      textParagraph(labels.caseStudiesDescription),
      input.caseStudies.length > 0
        ? lines(
            input.caseStudies.map((doc) => documentLinkLine(siteUrl, 'case-studies', locale, doc)),
          )
        : textParagraph(labels.noCaseStudies),
    ],
  )
}

/** `/{locale}/contact`: how people and agents reach the team, with the fields and limits. */
export function contactMarkdown(input: { siteUrl: string; locale: Locale }): string {
  const { siteUrl, locale } = input
  const labels = LABELS[locale]
  const code = (value: string) => `\`${value}\``
  const fields = inquiryFields().map((field) => {
    const facts: string[] = [field.required ? labels.required : labels.optional]
    if (field.maxLength !== undefined) facts.push(labels.upTo(field.maxLength))
    if (field.enum) facts.push(labels.oneOf(field.enum.map(code).join(', ')))
    if (field.default !== undefined) facts.push(labels.byDefault(code(field.default)))
    return `- ${code(field.name)}: ${facts.join(', ')}`
  })
  return page(
    {
      title: labels.contact,
      description: labels.contactDescription,
      url: absoluteUrl(siteUrl, paths.contact(locale)),
      lang: locale,
      alternates: alternatesOf(siteUrl, locale, paths.contact),
    },
    [
      textParagraph(labels.contactDescription),
      `## ${labels.howToContact}`,
      lines([
        `- ${markdownLink('OpenAPI', absoluteUrl(siteUrl, AGENT_PATHS.openapi))}: ${labels.http}`,
        `- ${markdownLink('MCP', absoluteUrl(siteUrl, AGENT_PATHS.mcp))}: ${labels.mcp}`,
        `- ${markdownLink(CONTACT_SKILL, absoluteUrl(siteUrl, AGENT_PATHS.skill(CONTACT_SKILL)))}: ${labels.skill}`,
      ]),
      `## ${labels.fields}`,
      lines(fields),
      `## ${labels.limits}`,
      lines([
        `- ${labels.perEmail(INQUIRY_LIMITS.perEmail)}`,
        `- ${labels.perClient(INQUIRY_LIMITS.perClient)}`,
        `- ${labels.global(INQUIRY_LIMITS.global)}`,
      ]),
      `- ${markdownLink(labels.home, twinUrl(siteUrl, paths.home(locale)))}`,
    ],
  )
}

/** `/`: the site in each language, and the resources for agents. */
export function indexMarkdown(input: { siteUrl: string }): string {
  const { siteUrl } = input
  return page(
    {
      title: SITE.name,
      description: SITE.description.en,
      url: absoluteUrl(siteUrl, '/'),
      lang: undefined,
      alternates: Object.fromEntries(
        LOCALES.map((locale) => [locale, twinUrl(siteUrl, paths.home(locale))]),
      ),
    },
    [
      lines(
        LOCALES.map(
          (locale) =>
            `- ${markdownLink(LOCALE_LABELS[locale], twinUrl(siteUrl, paths.home(locale)))}: ${escapeInline(SITE.tagline[locale])}`,
        ),
      ),
      '## For agents',
      lines([
        `- ${markdownLink('llms.txt', absoluteUrl(siteUrl, AGENT_PATHS.llms))}: index of every published document`,
        `- ${markdownLink('OpenAPI', absoluteUrl(siteUrl, AGENT_PATHS.openapi))}: the content and inquiry API`,
        `- ${markdownLink('Agent skills', absoluteUrl(siteUrl, AGENT_PATHS.skillsIndex))}: how to read the content and contact the team`,
      ]),
    ],
  )
}

/** The body of a 404 twin: says so, and points home. */
export function notFoundMarkdown(input: { siteUrl: string; locale: Locale }): string {
  const labels = LABELS[input.locale]
  return (
    [
      `# ${labels.notFound}`,
      textParagraph(labels.notFoundText),
      `- ${markdownLink(labels.home, twinUrl(input.siteUrl, paths.home(input.locale)))}`,
      `- ${markdownLink('llms.txt', absoluteUrl(input.siteUrl, AGENT_PATHS.llms))}`,
    ].join('\n\n') + '\n'
  )
}
