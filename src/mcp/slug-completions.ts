import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Locale } from '@/i18n/locales'
import { collectionTables } from '@/lib/collection-tables'
import { getPayloadClient } from '@/lib/payload'
import { readDatabase } from '@/lib/read-database'
import { integerLiteral } from '@/lib/sql-literals'
import { LISTED_ROW_SQL } from '@/site/listed'
import type { PageCollection } from '@/site/routes'

import type { SlugReader } from './completions'

/**
 * The completion of a template's `{slug}` (src/mcp/completions.ts): up to `limit` slugs of the
 * documents of `collection` that `locale` lists (the listed rule, `LISTED_ROW_SQL`: published and
 * titled in that language, so never a draft's), starting with `prefix`, in slug order. One
 * statement; the prefix is a value (letters, digits and hyphens only: the caller checked), the
 * limit written in so that the plan is kept.
 */
export const publishedSlugsStartingWith: SlugReader = async (collection, locale, prefix, limit) => {
  const payload = await getPayloadClient()
  const { table, locales } = collectionTables(collection satisfies PageCollection)
  const { rows } = await readDatabase(payload).execute<{ slug: string }>(sql`
    select d.slug from ${table} d
    join ${locales} l on l._parent_id = d.id and l._locale = ${locale satisfies Locale}
    where ${LISTED_ROW_SQL} and starts_with(d.slug, ${prefix})
    order by d.slug
    limit ${integerLiteral(limit)}`)
  return rows.map((row) => row.slug)
}
