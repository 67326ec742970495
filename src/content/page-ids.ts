import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'

import type { Payload } from 'payload'

import { DEFAULT_LOCALE } from '@/i18n/locales'
import { collectionSchema, collectionTables } from '@/lib/collection-tables'
import { integerLiteral } from '@/lib/sql-literals'

import { type ReadableCollection, readContract } from './contract'
import type { ListQuery } from './query'

/** Which ids a page of a public list holds, and how many documents the whole list has. */
export interface PageIds {
  ids: number[]
  totalDocs: number
}

/** Each sortable field's column, and whether it is in the translations' table. */
export type SortColumns = Readonly<Record<string, { column: string; localized: boolean }>>

/**
 * The columns of the fields a collection's lists may be sorted on (contract.ts: `readContract`),
 * from Payload's schema (`payload.db.tables`): the document's row, else its translations'. A
 * sortable field without a column of its own there is an error in the collection's config.
 */
export function sortColumns(payload: Payload, collection: ReadableCollection): SortColumns {
  let known = SORT_COLUMNS.get(payload.db)
  if (known === undefined) SORT_COLUMNS.set(payload.db, (known = new Map()))
  let columns = known.get(collection)
  if (columns === undefined) known.set(collection, (columns = readSortColumns(payload, collection)))
  return columns
}

const SORT_COLUMNS = new WeakMap<object, Map<ReadableCollection, SortColumns>>()

function readSortColumns(payload: Payload, collection: ReadableCollection): SortColumns {
  const schema = collectionSchema(payload, collection)
  const columns: Record<string, { column: string; localized: boolean }> = {}
  for (const field of readContract(collection).sortable) {
    const own = schema?.table.columns.get(field)
    const translated = schema?.locales?.columns.get(field)
    if (own !== undefined) columns[field] = { column: own, localized: false }
    else if (translated !== undefined) columns[field] = { column: translated, localized: true }
    else throw new Error(`${collection}.${field} is sortable but has no column of its own`)
  }
  return columns
}

/**
 * The ids of a public list's page and the list's count, in one statement of our own: one row of
 * `total` (the list's count) and `ids` (the page's, in order), which published documents' reads
 * (published-documents.ts) join to theirs. Payload's `find` spent about 2 ms of Node building its
 * two statements (the page, then its count) for ten ids, and a third past the last page. What it
 * selects is the anonymous reader's rule, written out: published documents (`publishedOnly`;
 * categories have no drafts), the slug and category filters, the sort with its tie-breaker, the
 * page. `tests/int/api-list-ids.test.ts` holds it to Payload's query for every collection, sort,
 * direction, locale and filter.
 */
export function pageIdsStatement(
  collection: ReadableCollection,
  query: ListQuery,
  columns: SortColumns,
): SQL {
  const { table, locales, rels } = collectionTables(collection)
  const conditions: SQL[] = []
  if (collection !== 'categories') conditions.push(sql`d._status = 'published'`)
  if (query.slug !== undefined) conditions.push(sql`d.slug = ${query.slug}`)
  if (query.category !== undefined && collection !== 'categories') {
    conditions.push(sql`exists (
      select 1 from ${rels} r join categories c on c.id = r.categories_id
      where r.parent_id = d.id and r.path = 'categories' and c.slug = ${query.category})`)
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
  const sortsLocalized = query.sort.some(
    (expression) => columns[expression.replace(/^-/, '')]?.localized,
  )
  // Sorting on a translation: a document without one in this locale sorts as a null, as in
  // Payload's join (PostgreSQL puts nulls last ascending, first descending). Across every
  // locale, by the default locale's (docs/decisions.md).
  const sortLocale = query.locale === 'all' ? DEFAULT_LOCALE : query.locale
  const join = sortsLocalized
    ? sql`left join ${locales} l on l._parent_id = d.id and l._locale = ${sortLocale}`
    : sql``
  const orderBy = sql.join(
    query.sort.map((expression) => {
      const { column, localized } = columns[expression.replace(/^-/, '')]!
      const ref = sql`${sql.identifier(localized ? 'l' : 'd')}.${sql.identifier(column)}`
      return expression.startsWith('-') ? sql`${ref} desc` : sql`${ref} asc`
    }),
    sql`, `,
  )
  // Two reads in one statement: the count scans the rule's rows alone (an index-only scan on
  // `_status`), and the page stops at its last row in the sort's index; one `count(*) over ()`
  // beside the page would make the page wait for every row (3× the time at 11,000 posts). A page
  // past the end still has its count.
  return sql`
    select
      (select count(*) from ${table} d ${where}) as total,
      array(
        select d.id from ${table} d ${join}
        ${where}
        order by ${orderBy}
        limit ${integerLiteral(query.limit)} offset ${integerLiteral((query.page - 1) * query.limit)}
      ) as ids`
}
