/**
 * Every public surface that shows published documents in one language, as one list: the rule
 * "a locale shows only the documents translated into it" is checked on each of them
 * (tests/int/translations.test.ts), so a surface added here is covered by every case there.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

import type { Locale } from '@/i18n/locales'
import { paths } from '@/site/routes'

import { baseUrl, get } from './api'
import type { PublicCollection } from './factories'
import { uniqueClient } from './inquiries'

/** A published document under test, with a word only it holds (for the search surfaces). */
export interface SurfaceDocument {
  collection: PublicCollection
  slug: string
  /** Findable by site search. */
  word: string
  /** A category only the test's documents are in (posts only). */
  category?: string
}

export interface LocaleSurface {
  name: string
  /** Whether the surface shows the document in `locale`. */
  shows(locale: Locale, doc: SurfaceDocument): Promise<boolean>
}

async function text(path: string, init: RequestInit = {}): Promise<string> {
  const response = await get(path, init)
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
  return response.text()
}

const pagePath = (locale: Locale, doc: SurfaceDocument) =>
  paths.document(doc.collection, locale, doc.slug)

/** A link to the document's page (or its twin), relative or absolute, in the given text. */
const linksTo = (body: string, locale: Locale, doc: SurfaceDocument) =>
  body.includes(`${pagePath(locale, doc)}"`) ||
  body.includes(`${pagePath(locale, doc)}.md`) ||
  body.includes(`${pagePath(locale, doc)})`) ||
  body.includes(`${pagePath(locale, doc)}<`)

let mcp: Promise<Client> | undefined
function mcpClient(): Promise<Client> {
  mcp ??= (async () => {
    const client = new Client({ name: 'translations-test', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
        requestInit: { headers: { 'X-Forwarded-For': uniqueClient() } },
      }),
    )
    return client
  })()
  return mcp
}

export async function closeSurfaceClients(): Promise<void> {
  await (await mcp)?.close()
}

export const LOCALE_SURFACES: readonly LocaleSurface[] = [
  {
    name: 'document page',
    shows: async (locale, doc) => (await get(pagePath(locale, doc))).status === 200,
  },
  {
    name: 'markdown twin',
    shows: async (locale, doc) => (await get(paths.twin(pagePath(locale, doc)))).status === 200,
  },
  {
    name: 'list page',
    shows: async (locale, doc) =>
      linksTo(
        await text(
          doc.collection === 'posts'
            ? paths.category(locale, doc.category!)
            : paths.caseStudies(locale),
        ),
        locale,
        doc,
      ),
  },
  {
    name: 'list page twin',
    shows: async (locale, doc) =>
      linksTo(
        await text(
          paths.twin(
            doc.collection === 'posts'
              ? paths.category(locale, doc.category!)
              : paths.caseStudies(locale),
          ),
        ),
        locale,
        doc,
      ),
  },
  {
    name: 'RSS feed',
    shows: async (locale, doc) =>
      linksTo(await text(paths.feed(doc.collection, locale)), locale, doc),
  },
  {
    name: 'sitemap',
    shows: async (locale, doc) =>
      (await text('/sitemap.xml')).includes(`<loc>${baseUrl()}${pagePath(locale, doc)}</loc>`),
  },
  {
    name: 'llms.txt',
    shows: async (locale, doc) => linksTo(await text('/llms.txt'), locale, doc),
  },
  {
    name: 'llms-full.txt',
    shows: async (locale, doc) => linksTo(await text('/llms-full.txt'), locale, doc),
  },
  {
    name: 'schema.jsonl',
    shows: async (locale, doc) => linksTo(await text('/feeds/schema.jsonl'), locale, doc),
  },
  {
    name: 'site search page',
    shows: async (locale, doc) =>
      linksTo(
        await text(paths.search(locale, doc.word), {
          headers: { 'X-Forwarded-For': uniqueClient() },
        }),
        locale,
        doc,
      ),
  },
  {
    name: 'search API',
    shows: async (locale, doc) => {
      const response = await get(`/api/search?q=${doc.word}&locale=${locale}`, {
        headers: { 'X-Forwarded-For': uniqueClient() },
      })
      const body = (await response.json()) as { docs: { slug: string }[] }
      return body.docs.some((hit) => hit.slug === doc.slug)
    },
  },
  {
    name: 'MCP get_document',
    shows: async (locale, doc) => {
      const result = (await (
        await mcpClient()
      ).callTool({
        name: 'get_document',
        arguments: { collection: doc.collection, locale, slug: doc.slug },
      })) as { isError?: boolean }
      return result.isError !== true
    },
  },
  {
    name: 'MCP search_content',
    shows: async (locale, doc) => {
      const result = (await (
        await mcpClient()
      ).callTool({ name: 'search_content', arguments: { query: doc.word, locale } })) as {
        structuredContent?: { results: { slug: string }[] }
      }
      return (result.structuredContent?.results ?? []).some((hit) => hit.slug === doc.slug)
    },
  },
]
