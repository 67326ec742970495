import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { LOCALES, type Locale } from '@/i18n/locales'
import { collectionTables } from '@/lib/collection-tables'

import { titledRow } from './listed'
import type { PageCollection } from './routes'

/*
 * Apart from translations.ts (the site's renders) so that the admin's Translations column and the
 * per-language status endpoint, which the Payload config loads, import no Payload client.
 */

/**
 * The languages a document is translated into, as the collection's own table has it: its
 * current state (published, or a first draft), read in SQL by the listed rule's title condition.
 */
export async function translatedLocales(
  payload: Payload,
  collection: PageCollection,
  id: number,
): Promise<Locale[]> {
  const { locales } = collectionTables(collection)
  const { rows } = await payload.db.drizzle.execute<{ locale: string }>(sql`
    select l._locale::text as locale from ${locales} l
    where l._parent_id = ${id} and ${titledRow('l')}`)
  const translated = new Set(rows.map((row) => row.locale))
  return LOCALES.filter((locale) => translated.has(locale))
}
