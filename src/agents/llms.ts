import { LOCALE_LABELS, LOCALES, type Locale } from '@/i18n/locales'
import { documentMarkdown } from '@/markdown/document'
import { escapeInline, markdownLink } from '@/markdown/escape'
import { LABELS } from '@/markdown/labels'
import { documentLinkLine } from '@/markdown/pages'
import { absoluteUrl, PAGE_COLLECTIONS, twinUrl, type PublishedSite } from '@/markdown/site'
import { SITE } from '@/site/config'
import { paths, type PageCollection } from '@/site/routes'

import { SKILLS } from './skills'
import { AGENT_PATHS } from './paths'

const SECTION_TITLE: Record<PageCollection, (locale: Locale) => string> = {
  posts: (locale) => `${LABELS[locale].blog} (${LOCALE_LABELS[locale]})`,
  'case-studies': (locale) => `${LABELS[locale].caseStudies} (${LOCALE_LABELS[locale]})`,
}

const link = (siteUrl: string, title: string, path: string, note: string) =>
  `- ${markdownLink(title, absoluteUrl(siteUrl, path))}: ${escapeInline(note)}`

/**
 * `/llms.txt` as llmstxt.org describes it: the site's name as `#`, a `>` summary, a paragraph of
 * details, then `##` sections of `- [title](url): note` links. Every published post and case
 * study in both languages links to its markdown twin; the API, the MCP server and the agent
 * skills follow; the `## Optional` section holds what an agent can skip.
 */
export function llmsTxt(site: PublishedSite, siteUrl: string): string {
  const sections: string[] = [
    `# ${SITE.name}`,
    `> ${escapeInline(SITE.description.en)}`,
    [
      `${escapeInline(SITE.tagline.en)} The site is in ${LOCALES.map((l) => LOCALE_LABELS[l]).join(' and ')}.`,
      'Every page has a markdown twin: append `.md` to its URL (`/index.md` for `/`), or request the',
      'page with `Accept: text/markdown`. The links below point at those twins. The same published',
      'content is available as JSON from the REST API, and the team can be contacted through the',
      'API or the MCP server.',
    ].join('\n'),
  ]

  for (const collection of PAGE_COLLECTIONS) {
    for (const locale of LOCALES) {
      const docs = site.documents[collection][locale]
      if (docs.length === 0) continue
      sections.push(
        `## ${SECTION_TITLE[collection](locale)}`,
        docs.map((doc) => documentLinkLine(siteUrl, collection, locale, doc)).join('\n'),
      )
    }
  }

  sections.push(
    '## API and agent tools',
    [
      link(
        siteUrl,
        'OpenAPI description',
        AGENT_PATHS.openapi,
        'REST API (OpenAPI 3.1): published posts and case studies as JSON, media files, and POST /api/inquiries to contact the team',
      ),
      link(
        siteUrl,
        'MCP server',
        AGENT_PATHS.mcp,
        'Streamable HTTP (POST); tool send_inquiry sends a project inquiry to the team',
      ),
      link(
        siteUrl,
        'Agent skills index',
        AGENT_PATHS.skillsIndex,
        'Agent Skills Discovery index (v0.2.0) of the skills below',
      ),
      ...SKILLS.map((skill) =>
        link(siteUrl, `Skill: ${skill.name}`, AGENT_PATHS.skill(skill.name), skill.description),
      ),
    ].join('\n'),
    '## Optional',
    [
      link(
        siteUrl,
        'Full content',
        AGENT_PATHS.llmsFull,
        'every published document in markdown, in one file',
      ),
      link(
        siteUrl,
        'schema.org feed',
        AGENT_PATHS.schemaFeed,
        'JSON Lines: one schema.org JSON-LD object per published document and language',
      ),
      ...LOCALES.flatMap((locale) => {
        const labels = LABELS[locale]
        const language = LOCALE_LABELS[locale]
        return [
          `- ${markdownLink(`${labels.home} (${language})`, twinUrl(siteUrl, paths.home(locale)))}`,
          `- ${markdownLink(`${labels.blog} (${language})`, twinUrl(siteUrl, paths.blog(locale)))}: ${escapeInline(labels.blogDescription)}`,
          `- ${markdownLink(`${labels.caseStudies} (${language})`, twinUrl(siteUrl, paths.caseStudies(locale)))}: ${escapeInline(labels.caseStudiesDescription)}`,
          `- ${markdownLink(`${labels.contact} (${language})`, twinUrl(siteUrl, paths.contact(locale)))}: ${escapeInline(labels.contactDescription)}`,
        ]
      }),
    ].join('\n'),
  )
  return `${sections.join('\n\n')}\n`
}

/**
 * `/llms-full.txt`: the same header, then every published document's markdown twin, byte for
 * byte as its `.md` URL serves it, one after another (posts, then case studies; English first).
 */
export function llmsFullTxt(site: PublishedSite, siteUrl: string): string {
  const header = `# ${SITE.name}\n\n> ${escapeInline(SITE.description.en)}\n`
  const documents = PAGE_COLLECTIONS.flatMap((collection) =>
    LOCALES.flatMap((locale) =>
      site.documents[collection][locale].map((doc) =>
        documentMarkdown({ collection, locale, doc, site, siteUrl }),
      ),
    ),
  )
  return [header, ...documents].join('\n')
}
