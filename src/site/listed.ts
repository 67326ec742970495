import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'

/*
 * Which documents a locale lists: the one rule every site surface applies (pages, lists, twins,
 * feeds, the sitemap, llms files, schema.jsonl, MCP reads, a document's languages and the
 * admin's "Translations" column), written once here, in SQL. Every read that lists goes through
 * it: the site's lists and documents (src/site/content.ts, published-view.ts), a page's languages
 * (translations.ts), what a write changes in the listings (src/fields/listing-change.ts).
 *
 * A post or case study is listed in a language when it is published and has a title of its own
 * in that language with something in it besides whitespace. The title is required, so a save in
 * a language stores one; a document published in English and never saved in Spanish has no
 * Spanish row at all. A blank title (empty, or only spaces) is not a translation: the page would
 * have no heading and its card no link text. Payload fills missing localized values from the
 * default locale when it reads (`localization.fallback`), so the rule is checked on the
 * language's own row, never on what Payload reads; and Payload's `where` has no operator for
 * "not blank", so no read that lists goes through one. Only the public API (`/api/*`,
 * src/content/) keeps the fallback, as its contract says.
 *
 * The site search index applies the same condition (inside the site-search migration's
 * `search_refresh`, and the search-services migration's for services: a row per locale whose own
 * title, its whitespace collapsed and trimmed, is not empty): PostgreSQL's `[[:space:]]` there
 * and here.
 */

/**
 * The title condition of the listed rule, over a document's row in one locale (its
 * `<collection>_locales` row) aliased `row`: a title with a character other than whitespace.
 * False for a missing row's null title as for an empty or blank one.
 */
export function titledRow(row: string): SQL {
  return sql`${sql.identifier(row)}.title ~ '[^[:space:]]'`
}

/**
 * What a locale lists, over a document row `d` joined to its row `l` in that locale: published
 * (what `publishedOnly` lets an anonymous reader see) and titled there (`titledRow`).
 */
export const LISTED_ROW_SQL = sql`d._status = 'published' and ${titledRow('l')}`
