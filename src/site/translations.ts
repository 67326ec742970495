import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, Where } from 'payload'
import { cache } from 'react'

import { LOCALES, type Locale } from '@/i18n/locales'
import { collectionTables } from '@/lib/collection-tables'
import { getPayloadClient } from '@/lib/payload'

import type { PageCollection } from './routes'

/*
 * Which documents a locale lists: the one rule every site surface applies (pages, lists, twins,
 * feeds, the sitemap, llms files, schema.jsonl, MCP reads: all read through src/site/content.ts
 * or the snapshot built from it).
 *
 * A post or case study is translated into a language when it has its own title in that
 * language. The title is required, so every save in a language stores one; a document published
 * in English and never saved in Spanish has no Spanish row at all. Payload fills missing
 * localized values from the default locale when it *reads* (`localization.fallback`), but its
 * `where` on a localized field reads that locale's own row only, so this condition sees what was
 * really written. Only the public API (`/api/*`, src/content/) keeps the fallback, as its
 * contract says.
 *
 * The site search index applies the same condition in SQL (`TRANSLATED_IN_LOCALE_SQL`, inside
 * the site-search migration's `search_refresh`: a row per locale whose own title is not empty).
 */

/** The `where` that keeps the documents translated into the locale the query reads. */
export const TRANSLATED: Where = { title: { exists: true } }

/** The same rule over a `<collection>_locales` row aliased `l` (the search index's). */
export const TRANSLATED_IN_LOCALE_SQL = "coalesce(l.title, '') <> ''"

/**
 * What a locale lists in SQL, over a document row `d` joined to its row `l` in that locale: for
 * the reads written below the Local API (the sitemap, a document's reads and languages, related
 * posts' candidates). Published (`publishedOnly`) and translated into the locale (`TRANSLATED`:
 * its own title there is set).
 */
export const LISTED_ROW_SQL = sql`d._status = 'published' and l.title is not null`

/** `where` narrowed to documents translated into the locale of the query. */
function translatedOnly(where?: Where): Where {
  return where ? { and: [TRANSLATED, where] } : TRANSLATED
}

/**
 * The languages a document (matched by `where`) is translated into, as the collection's own
 * table has it: `published` counts published documents only, as an anonymous reader sees them.
 */
export async function translatedLocales(
  payload: Payload,
  collection: PageCollection,
  where: Where,
  { published }: { published: boolean },
): Promise<Locale[]> {
  const counts = await Promise.all(
    LOCALES.map(async (locale) => {
      const { totalDocs } = await payload.count({
        collection,
        locale,
        where: translatedOnly(where),
        ...(published ? { overrideAccess: false, user: null } : {}),
      })
      return [locale, totalDocs] as const
    }),
  )
  return counts.filter(([, total]) => total > 0).map(([locale]) => locale)
}

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

/** `/{locale}/blog/{slug}`, `/{locale}/case-studies/{slug}`: a document's page. */
const DOCUMENT_PAGE = /^\/[a-z]{2}\/(blog|case-studies)\/([^/]+)$/

/**
 * The languages a site page exists in: a document's page only in those it is translated into,
 * every other page in all. What the language switcher links to.
 */
export async function pageLocales(pagePath: string | null): Promise<readonly Locale[]> {
  const match = pagePath ? DOCUMENT_PAGE.exec(pagePath) : null
  if (!match) return LOCALES
  let slug: string
  try {
    slug = decodeURIComponent(match[2]!)
  } catch {
    return LOCALES
  }
  return documentLocales(match[1] === 'blog' ? 'posts' : 'case-studies', slug)
}
