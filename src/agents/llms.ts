import { LOCALE_LABELS, LOCALES, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { peopleMessages } from '@/i18n/people-messages'
import { documentLinkLine, documentMarkdown } from '@/markdown/document'
import { escapeInline, markdownLink } from '@/markdown/escape'
import { absoluteUrl, PAGE_COLLECTIONS, twinUrl, type PublishedView } from '@/site/view'
import type { SiteDocument } from '@/site/content'
import { FEED_ITEMS_MAX } from '@/site/feed'
import { isIndexable } from '@/site/indexing'
import { paths, type PageCollection } from '@/site/routes'

import type { SiteService } from '@/site/services'

import { serviceMarkdown } from './service-markdown'
import { postEndpoint, SKILLS } from './skills'
import { AGENT_PATHS } from '@/site/agent-paths'
import { PROMPT_DEFINITIONS } from '@/mcp/prompts'
import { TOOL_DEFINITIONS } from '@/mcp/tool-definitions'

/**
 * The newest documents llms.txt lists per collection and language; the rest are reached through
 * the list's twin (paginated) and are all in llms-full.txt, so the index stays short on a big site.
 */
export const LLMS_SECTION_MAX = 20

const SECTION_TITLE: Record<PageCollection, (locale: Locale) => string> = {
  posts: (locale) => `${messagesFor(locale).blog.title} (${LOCALE_LABELS[locale]})`,
  'case-studies': (locale) => `${messagesFor(locale).caseStudies.title} (${LOCALE_LABELS[locale]})`,
}

const LIST_PATH: Record<PageCollection, (locale: Locale) => string> = {
  posts: (locale) => paths.blog(locale),
  'case-studies': (locale) => paths.caseStudies(locale),
}

const ALL_LABEL: Record<PageCollection, (locale: Locale) => string> = {
  posts: (locale) => messagesFor(locale).home.allPosts,
  'case-studies': (locale) => messagesFor(locale).home.allCaseStudies,
}

/** A service as llms.txt lists it: a link to its page's twin and its summary. */
export interface LlmsService {
  key: string
  title: string
  summary: string
}

/** A `- [title](url): note` item; `endpoints` follow the note as they are (markdown). */
const link = (siteUrl: string, title: string, path: string, note: string, endpoints = '') =>
  `- ${markdownLink(title, absoluteUrl(siteUrl, path))}: ${escapeInline(note)}${endpoints}`

/**
 * `/llms.txt` as llmstxt.org describes it: the site's name as `#`, a `>` summary, a paragraph of
 * details, then `##` sections of `- [title](url): note` links. The agent access policy comes
 * first (what the site allows, linking robots.txt); every published post and case study in both
 * languages links to its markdown twin; the API, the MCP server and the agent skills follow; the
 * `## Optional` section holds what an agent can skip.
 */
export function llmsTxt(
  site: PublishedView,
  siteUrl: string,
  /** How many each section's list holds in all (default: the documents `site` holds). */
  totals?: Readonly<Record<PageCollection, Readonly<Record<Locale, number>>>>,
  /** The agent access policy in words and its robots.txt (policy-statements.ts): a section. */
  agentAccess?: { policy: string; robotsTxt: string },
  /** The services listed in each language (src/site/services.ts): a section each. */
  services?: Readonly<Record<Locale, readonly LlmsService[]>>,
  /** The languages the About page is written in (src/site/people.ts). */
  aboutLocales: readonly Locale[] = [],
): string {
  const sections: string[] = [
    `# ${site.settings.en.siteName}`,
    `> ${escapeInline(site.settings.en.description)}`,
    [
      `${escapeInline(site.settings.en.tagline)} The site is in ${LOCALES.map((l) => LOCALE_LABELS[l]).join(' and ')}.`,
      'Every page has a markdown twin: append `.md` to its URL (`/index.md` for `/`), or request the',
      'page with `Accept: text/markdown`. The links below point at those twins. The same published',
      'content is available as JSON from the REST API and through the MCP server (search, list,',
      'read), and as RSS feeds; the team can be contacted through the API or the MCP server. Two',
      `endpoints are for programs, so they are named here, not linked: the MCP server,`,
      `${postEndpoint(siteUrl, AGENT_PATHS.mcp)} (Streamable HTTP, JSON-RPC; a GET with`,
      '`Accept: text/event-stream` opens its notification stream), and the inquiry endpoint,',
      `${postEndpoint(siteUrl, AGENT_PATHS.inquiries)}.`,
    ].join('\n'),
  ]

  // What the site allows search engines and AI systems to do with it, before anything to read.
  if (agentAccess) {
    sections.push(
      '## Agent access',
      `- ${markdownLink('robots.txt', agentAccess.robotsTxt)}: ${escapeInline(agentAccess.policy)}`,
    )
  }

  for (const locale of LOCALES) {
    const listed = services?.[locale] ?? []
    if (listed.length === 0) continue
    sections.push(
      `## ${messagesFor(locale).servicePage.services} (${LOCALE_LABELS[locale]})`,
      listed
        .map(
          (service) =>
            `- ${markdownLink(service.title, twinUrl(siteUrl, paths.service(locale, service.key)))}: ${escapeInline(service.summary)}`,
        )
        .join('\n'),
    )
  }

  for (const collection of PAGE_COLLECTIONS) {
    for (const locale of LOCALES) {
      const docs = site.documents[collection][locale].filter(isIndexable)
      const total = totals?.[collection][locale] ?? docs.length
      if (docs.length === 0) continue
      const lines = docs
        .slice(0, LLMS_SECTION_MAX)
        .map((doc) => documentLinkLine(siteUrl, collection, locale, doc))
      if (total > LLMS_SECTION_MAX) {
        const label = `${ALL_LABEL[collection](locale)} (${total}, ${LOCALE_LABELS[locale]})`
        lines.push(
          `- ${markdownLink(label, twinUrl(siteUrl, LIST_PATH[collection](locale)))}: ` +
            `the newest ${LLMS_SECTION_MAX} are above; the list pages through the rest, and llms-full.txt holds them all`,
        )
      }
      sections.push(`## ${SECTION_TITLE[collection](locale)}`, lines.join('\n'))
    }
  }

  sections.push(
    '## API and agent tools',
    [
      ...LOCALES.map(
        (locale) =>
          `- ${markdownLink(messagesFor(locale).developers.title, twinUrl(siteUrl, paths.developers(locale)))}: ${escapeInline(messagesFor(locale).developers.description)}`,
      ),
      link(
        siteUrl,
        'OpenAPI description',
        AGENT_PATHS.openapi,
        'REST API (OpenAPI 3.1): published posts and case studies as JSON, media files, and ',
        `${postEndpoint(siteUrl, AGENT_PATHS.inquiries)} to contact the team`,
      ),
      link(
        siteUrl,
        'API reference',
        AGENT_PATHS.apiReferenceTwin,
        'every operation, parameter and response of the REST API, as markdown (HTML at /docs/api)',
      ),
      link(
        siteUrl,
        'MCP server card',
        AGENT_PATHS.mcpServerCard,
        'the MCP server, its tools and their schemas, described before connecting (JSON). The server is ',
        `${postEndpoint(siteUrl, AGENT_PATHS.mcp)} (Streamable HTTP); its tools ` +
          `${TOOL_DEFINITIONS.map((tool) => `\`${tool.name}\``).join(', ')} search and read the ` +
          'published content (each document is also a resource, its markdown twin, named by a resource template per collection) and send a project inquiry to the team; ' +
          `its prompts ${PROMPT_DEFINITIONS.map((prompt) => `\`${prompt.name}\``).join(', ')} summarise the services for a client need and prepare an inquiry; ` +
          '`completion/complete` offers locales, services and published slugs; a GET stream receives ' +
          '`notifications/resources/list_changed` when published content changes; reads and searches have per-client budgets, which the card states',
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
        'every published document and service in markdown, in one file',
      ),
      link(
        siteUrl,
        'schema.org feed',
        AGENT_PATHS.schemaFeed,
        'JSON Lines: one schema.org JSON-LD object per published document or service and language',
      ),
      ...LOCALES.flatMap((locale) =>
        PAGE_COLLECTIONS.map((collection) =>
          link(
            siteUrl,
            `RSS: ${SECTION_TITLE[collection](locale)}`,
            paths.feed(collection, locale),
            `RSS 2.0 with the full text of the newest ${FEED_ITEMS_MAX} published documents, newest first`,
          ),
        ),
      ),
      ...LOCALES.flatMap((locale) => {
        const t = messagesFor(locale)
        const { contact } = site.settings[locale]
        const language = LOCALE_LABELS[locale]
        return [
          `- ${markdownLink(`${t.nav.home} (${language})`, twinUrl(siteUrl, paths.home(locale)))}`,
          `- ${markdownLink(`${t.blog.title} (${language})`, twinUrl(siteUrl, paths.blog(locale)))}: ${escapeInline(t.blog.description)}`,
          `- ${markdownLink(`${t.caseStudies.title} (${language})`, twinUrl(siteUrl, paths.caseStudies(locale)))}: ${escapeInline(t.caseStudies.description)}`,
          `- ${markdownLink(`${contact.heading} (${language})`, twinUrl(siteUrl, paths.contact(locale)))}: ${escapeInline(contact.intro)}`,
          `- ${markdownLink(`${t.footer.privacy} (${language})`, twinUrl(siteUrl, paths.privacy(locale)))}: how the firm handles personal data (inquiries, mail)`,
          ...(aboutLocales.includes(locale)
            ? [
                `- ${markdownLink(`${peopleMessages(locale).about} (${language})`, twinUrl(siteUrl, paths.about(locale)))}: ${escapeInline(peopleMessages(locale).aboutDescription)}`,
              ]
            : []),
        ]
      }),
    ].join('\n'),
  )
  return `${sections.join('\n\n')}\n`
}

/** The head of `/llms-full.txt`: the site's name and summary. */
export function llmsFullHeader(settings: PublishedView['settings']): string {
  return `# ${settings.en.siteName}\n\n> ${escapeInline(settings.en.description)}\n`
}

/** The part of `/llms-full.txt` that `docs` (of one collection and locale, in `site`) are. */
export function llmsFullPart(
  site: PublishedView,
  collection: PageCollection,
  locale: Locale,
  docs: readonly SiteDocument[],
  siteUrl: string,
): string {
  return docs
    .filter(isIndexable)
    .map((doc) => `\n${documentMarkdown({ collection, locale, doc, site, siteUrl })}`)
    .join('')
}

/**
 * The part of `/llms-full.txt` that the services listed in `locale` are, in their editors' order:
 * each in the documents' form (src/agents/service-markdown.ts), its alternates the other
 * languages it is listed in (`listedIn`).
 */
export function llmsFullServicesPart(
  locale: Locale,
  services: readonly SiteService[],
  listedIn: (service: SiteService) => readonly Locale[],
  siteUrl: string,
): string {
  return services
    .map((service) => {
      const otherLocales = listedIn(service).filter((other) => other !== locale)
      return `\n${serviceMarkdown({ locale, service, otherLocales, siteUrl })}`
    })
    .join('')
}

const NO_SERVICES = Object.fromEntries(
  LOCALES.map((locale) => [locale, [] as readonly SiteService[]]),
) as Record<Locale, readonly SiteService[]>

/** The languages each service (by key) is listed in, from the services listed per language. */
export function servicesListedIn(
  services: Readonly<Record<Locale, readonly SiteService[]>>,
): (service: SiteService) => Locale[] {
  return (service) =>
    LOCALES.filter((locale) => services[locale].some(({ key }) => key === service.key))
}

/**
 * `/llms-full.txt`: the same header, then every published document's markdown twin, byte for
 * byte as its `.md` URL serves it, one after another (posts, then case studies; English first),
 * then the services listed in each language (English first). This is the whole file for the
 * documents `site` holds and `services`; the route streams it a page at a time
 * (src/agents/resources.ts), each page rendered from its own view, with the same parts.
 */
export function llmsFullTxt(
  site: PublishedView,
  siteUrl: string,
  services: Readonly<Record<Locale, readonly SiteService[]>> = NO_SERVICES,
): string {
  const listedIn = servicesListedIn(services)
  return (
    llmsFullHeader(site.settings) +
    PAGE_COLLECTIONS.flatMap((collection) =>
      LOCALES.map((locale) =>
        llmsFullPart(site, collection, locale, site.documents[collection][locale], siteUrl),
      ),
    ).join('') +
    LOCALES.map((locale) => llmsFullServicesPart(locale, services[locale], listedIn, siteUrl)).join(
      '',
    )
  )
}
