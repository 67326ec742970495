import { LOCALE_LABELS, LOCALES, type Locale } from '@/i18n/locales'
import { AGENT_PATHS } from '@/site/agent-paths'
import type { SiteSettings } from '@/site/settings'
import { paths } from '@/site/routes'
import { absoluteUrl, twinUrl } from '@/site/view'

import { escapeInline, headingText, markdownLink } from './escape'
import { frontmatter } from './frontmatter'

/**
 * The twin of `/`, the one address without a page of its own (browsers are sent to their
 * language): the site in each language, and the resources for agents. It is in no language, so
 * it has no `lang`, and its words are the agent resources' own (English, as llms.txt).
 */
export function indexMarkdown(input: {
  siteUrl: string
  settings: Readonly<Record<Locale, SiteSettings>>
}): string {
  const { siteUrl, settings } = input
  const blocks = [
    frontmatter({
      title: settings.en.siteName,
      description: settings.en.description,
      url: absoluteUrl(siteUrl, '/'),
      alternates: Object.fromEntries(
        LOCALES.map((locale) => [locale, twinUrl(siteUrl, paths.home(locale))]),
      ),
    }),
    `# ${headingText(settings.en.siteName)}`,
    LOCALES.map(
      (locale) =>
        `- ${markdownLink(LOCALE_LABELS[locale], twinUrl(siteUrl, paths.home(locale)))}: ${escapeInline(settings[locale].tagline)}`,
    ).join('\n'),
    '## For agents',
    [
      `- ${markdownLink('llms.txt', absoluteUrl(siteUrl, AGENT_PATHS.llms))}: index of every published document`,
      `- ${markdownLink('OpenAPI', absoluteUrl(siteUrl, AGENT_PATHS.openapi))}: the content and inquiry API`,
      `- ${markdownLink('Agent skills', absoluteUrl(siteUrl, AGENT_PATHS.skillsIndex))}: how to read the content and contact the team`,
    ].join('\n'),
  ]
  return `${blocks.join('\n\n')}\n`
}
