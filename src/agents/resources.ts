import 'server-only'

import { env } from '@/env'
import { ApiError, withErrorHandling } from '@/http/errors'

import {
  etagOf,
  streamedTextResponse,
  textResponse,
  type StreamedTextResource,
  type TextResource,
} from '@/http/text-response'
import { LOCALES, type Locale } from '@/i18n/locales'
import type { SiteDocument } from '@/site/content'
import {
  newestListed,
  publishedFingerprint,
  publishedPages,
  viewFor,
  type DocumentPagesReads,
} from '@/site/published-view'
import { publishedAboutLocales } from '@/site/people'
import { publishedSettings } from '@/site/settings'
import { listedServices, type SiteService } from '@/site/services'
import { SCHEMA_FEED_CONTENT_TYPE } from '@/site/agent-paths'
import type { PageCollection } from '@/site/routes'
import { emptyView, PAGE_COLLECTIONS, type PublishedView } from '@/site/view'

import {
  LLMS_SECTION_MAX,
  llmsFullHeader,
  llmsFullPart,
  llmsFullServicesPart,
  llmsTxt,
  servicesListedIn,
} from './llms'
import { agentAccessStatement } from './policy-statements'
import { openApiDocument } from './openapi'
import { SCHEMA_FEED_READS, schemaFeedPart, schemaFeedServicesPart } from './schema-feed'
import { findSkill, skillMarkdown, skillsIndex } from './skills'

/**
 * The machine-readable resources of spec 4.7, one loader each. Content-derived ones read
 * through src/site/published-view.ts: llms.txt the newest documents of each list and their
 * counts; llms-full.txt and the schema.org feed every document, streamed a page at a time, then
 * the services listed in each language (src/site/services.ts); the
 * others depend only on the code and the site URL. Route files (`src/app/llms.txt/route.ts`, …)
 * pass a loader to `resourceRoute` or `streamedResourceRoute`.
 */

const TEXT = 'text/plain; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'
const MARKDOWN = 'text/markdown; charset=utf-8'

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

const perSection = <T>(make: (collection: PageCollection, locale: Locale) => T) =>
  Object.fromEntries(
    PAGE_COLLECTIONS.map((collection) => [
      collection,
      Object.fromEntries(LOCALES.map((locale) => [locale, make(collection, locale)])),
    ]),
  ) as Record<PageCollection, Record<Locale, T>>

/** llms.txt: the newest `LLMS_SECTION_MAX` of each list and how many each holds. */
export async function loadLlmsTxt(): Promise<TextResource> {
  const sections = await Promise.all(
    PAGE_COLLECTIONS.flatMap((collection) =>
      LOCALES.map(async (locale) => ({
        collection,
        locale,
        ...(await newestListed(collection, locale, LLMS_SECTION_MAX)),
      })),
    ),
  )
  const find = (collection: PageCollection, locale: Locale) =>
    sections.find((entry) => entry.collection === collection && entry.locale === locale)!
  const view: PublishedView = {
    ...emptyView(),
    documents: perSection((collection, locale) => find(collection, locale).docs),
    settings: await publishedSettings(),
  }
  const totals = perSection((collection, locale) => find(collection, locale).totalDocs)
  const agentAccess = await agentAccessStatement(env.SITE_URL)
  const services = await servicesByLocale(false)
  return {
    body: llmsTxt(view, env.SITE_URL, totals, agentAccess, services, await publishedAboutLocales()),
    contentType: TEXT,
  }
}

type Part = (
  site: PublishedView,
  collection: PageCollection,
  locale: Locale,
  docs: readonly SiteDocument[],
  siteUrl: string,
) => string

/**
 * Every listed document, a page at a time, each page rendered by `part` from its own view, read
 * as `reads` says (by default the documents whole and everything they refer to).
 */
async function* everyDocumentPart(
  part: Part,
  { select, references }: DocumentPagesReads = {},
): AsyncGenerator<string> {
  for (const collection of PAGE_COLLECTIONS) {
    for (const locale of LOCALES) {
      for await (const docs of publishedPages(collection, locale, { select })) {
        const view = await viewFor(collection, locale, docs, { references })
        yield part(view, collection, locale, docs, env.SITE_URL)
      }
    }
  }
}

/** The services listed in each language (published, translated), read after the documents. */
async function servicesByLocale(related: boolean): Promise<Record<Locale, SiteService[]>> {
  return Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (locale) => [locale, await listedServices(locale, { related })] as const),
    ),
  ) as Record<Locale, SiteService[]>
}

/** The validator of a file of every document: what it is made of, named before rendering it. */
const everyDocumentEtag = async (file: string) =>
  etagOf(`${file}\n${env.SITE_URL}\n${await publishedFingerprint()}`)

export const loadLlmsFullTxt = async (): Promise<StreamedTextResource> => ({
  contentType: TEXT,
  etag: await everyDocumentEtag('llms-full.txt'),
  parts: async function* () {
    yield llmsFullHeader(await publishedSettings())
    yield* everyDocumentPart(llmsFullPart)
    const services = await servicesByLocale(true)
    const listedIn = servicesListedIn(services)
    for (const locale of LOCALES)
      yield llmsFullServicesPart(locale, services[locale], listedIn, env.SITE_URL)
  },
})

export const loadSchemaFeed = async (): Promise<StreamedTextResource> => ({
  contentType: SCHEMA_FEED_CONTENT_TYPE,
  etag: await everyDocumentEtag('schema.jsonl'),
  parts: async function* () {
    yield* everyDocumentPart(schemaFeedPart, SCHEMA_FEED_READS)
    const [services, settings] = await Promise.all([servicesByLocale(false), publishedSettings()])
    for (const locale of LOCALES)
      yield schemaFeedServicesPart(locale, services[locale], settings[locale], env.SITE_URL)
  },
})

export const loadOpenApi = async (): Promise<TextResource> => ({
  body: asJson(openApiDocument(env.SITE_URL)),
  contentType: JSON_TYPE,
})

export const loadSkillsIndex = async (): Promise<TextResource> => ({
  body: asJson(skillsIndex(env.SITE_URL)),
  contentType: JSON_TYPE,
})

export async function loadSkill(name: string): Promise<TextResource> {
  const skill = findSkill(name)
  if (!skill) throw new ApiError('not_found', `No agent skill named ${name}.`)
  return { body: skillMarkdown(skill, env.SITE_URL), contentType: MARKDOWN }
}

/** GET and HEAD of one resource. */
export function resourceRoute(load: () => Promise<TextResource>) {
  return withErrorHandling(async (request: Request) => textResponse(request, await load()))
}

/** GET and HEAD of a resource produced while it is sent. */
export function streamedResourceRoute(load: () => Promise<StreamedTextResource>) {
  return withErrorHandling(async (request: Request) => streamedTextResponse(request, await load()))
}

/** GET and HEAD of `/.well-known/agent-skills/{name}/SKILL.md`. */
export function skillRoute() {
  return withErrorHandling(
    async (request: Request, context: { params: Promise<{ skill: string }> }) =>
      textResponse(request, await loadSkill((await context.params).skill)),
  )
}
