import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import { cache } from 'react'

import { classifyPath } from '@/http/path-kind'
import { LOCALES, type Locale } from '@/i18n/locales'
import { collectionTables } from '@/lib/collection-tables'
import { getPayloadClient } from '@/lib/payload'

import { LISTED_ROW_SQL } from './listed'
import { SECTION_NAMES, type PageCollection } from './routes'
import { listedServices } from './services'

/** The languages the service with `key` is listed in (read once per render). */
const serviceLocales = cache(async (key: string): Promise<Locale[]> => {
  const listed = await Promise.all(
    LOCALES.map(async (locale) =>
      (await listedServices(locale)).some((service) => service.key === key) ? locale : null,
    ),
  )
  return listed.filter((locale) => locale !== null)
})

/*
 * The languages a document is translated into, by the listed rule (listed.ts: a title of its own
 * in that language, not blank): what a page's language links offer, and what the admin's
 * "Translations" column says an editor's document lacks.
 */

/**
 * The languages a published document is translated into, found by its slug (shared by every
 * language): what its hreflang links and the language switcher may offer. One statement
 * (`LISTED_ROW_SQL` over its rows in every locale), read once per render (React's `cache`): the
 * page's metadata and its layout's switcher both ask.
 */
export const documentLocales = cache(
  async (collection: PageCollection, slug: string): Promise<Locale[]> => {
    const payload = await getPayloadClient()
    const { table, locales } = collectionTables(collection)
    const { rows } = await payload.db.drizzle.execute<{ locale: string }>(sql`
      select l._locale::text as locale from ${table} d
      join ${locales} l on l._parent_id = d.id
      where ${LISTED_ROW_SQL} and d.slug = ${slug}`)
    const listed = new Set(rows.map((row) => row.locale))
    return LOCALES.filter((locale) => listed.has(locale))
  },
)

/** After the locale, `/blog/{slug}` or `/case-studies/{slug}`: a document's page. */
const DOCUMENT_PAGE = /^\/(blog|case-studies)\/([^/]+)$/

/**
 * The languages a site page exists in: a document's page only in those it is translated into,
 * every other page in all. What the language switcher links to.
 */
export async function pageLocales(pagePath: string | null): Promise<readonly Locale[]> {
  const page = pagePath === null ? null : classifyPath(pagePath)
  if (page?.kind === 'page') {
    // A service's page (`/es/servicios/{key}`): the languages the service is listed in.
    const [, section, key, ...more] = page.rest.split('/')
    if (section === SECTION_NAMES.services[page.locale] && key && more.length === 0)
      return serviceLocales(key)
  }
  const match = page?.kind === 'page' ? DOCUMENT_PAGE.exec(page.rest) : null
  if (!match) return LOCALES
  let slug: string
  try {
    slug = decodeURIComponent(match[2]!)
  } catch {
    return LOCALES
  }
  return documentLocales(match[1] === 'blog' ? 'posts' : 'case-studies', slug)
}
