import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { contentVersions, listKey, SETTINGS_KEY } from '@/lib/content-version'
import { processSingleton } from '@/lib/process-singleton'

/**
 * Where a document can refer to a media file, as columns of the database Payload generates.
 * `usage.test.ts` compares this with the collections' fields and fails when a media field is
 * added, moved or renamed without being listed here.
 */
export const MEDIA_REFERENCES = [
  {
    collection: 'posts',
    table: 'posts',
    localesTable: 'posts_locales',
    uploads: { coverImage: 'cover_image_id', 'meta.image': 'meta_image_id' },
    richText: { content: 'content' },
  },
  {
    collection: 'case-studies',
    table: 'case_studies',
    localesTable: 'case_studies_locales',
    uploads: { coverImage: 'cover_image_id', 'meta.image': 'meta_image_id' },
    richText: { content: 'content' },
  },
] as const

/**
 * Where a published settings global shows a media file: its main table is its published state
 * (drafts live in its `_v` table), so the home page's hero image is public once the home page is
 * published with it.
 */
export const GLOBAL_MEDIA_REFERENCES = [
  { global: 'home', table: 'home', uploads: { 'hero.image': 'hero_image_id' } },
] as const

function globalReferencesIn(reference: (typeof GLOBAL_MEDIA_REFERENCES)[number]): Fragment[] {
  const table = sql.identifier(reference.table)
  return Object.values(reference.uploads).map(
    (column) =>
      sql`select ${sql.identifier(column)}::text as id from ${table} where ${table}."_status" = 'published'`,
  )
}

/** Any reference to a media document inside Lexical JSON: upload and relationship nodes, links. */
const RICH_TEXT_MEDIA_VALUES = 'strict $.** ? (@.relationTo == "media").value'

type Fragment = ReturnType<typeof sql>

function referencesIn(reference: (typeof MEDIA_REFERENCES)[number]): Fragment[] {
  const table = sql.identifier(reference.table)
  const published = sql`${table}."_status" = 'published'`
  const columns = Object.values(reference.uploads).map(
    (column) => sql`select ${sql.identifier(column)}::text as id from ${table} where ${published}`,
  )
  // A stored node's value is the id; tolerate a populated `{ id }` object too.
  const richText = Object.values(reference.richText).map(
    (column) => sql`
      select case jsonb_typeof(ref) when 'object' then ref ->> 'id' else ref #>> '{}' end
      from ${sql.identifier(reference.localesTable)} as l
      join ${table} on ${table}.id = l._parent_id and ${published}
      cross join lateral jsonb_path_query(l.${sql.identifier(column)}, ${RICH_TEXT_MEDIA_VALUES}) as ref`,
  )
  return [...columns, ...richText]
}

const PUBLIC_MEDIA_IDS = sql`
  select distinct id::integer as id
  from (${sql.join(
    [
      ...MEDIA_REFERENCES.flatMap(referencesIn),
      ...GLOBAL_MEDIA_REFERENCES.flatMap(globalReferencesIn),
    ],
    sql` union all `,
  )}) as used
  where id ~ '^[0-9]{1,9}$'`

/**
 * The embargo rule: a media file is public once a PUBLISHED post or case study uses it, as its
 * cover image, its SEO image, or anywhere in its rich text (an inline image, a link to a PDF),
 * in any locale, or the published home page shows it (its hero image). Drafts, and unpublished edits of published documents (which live in the versions
 * tables), do not count. One query, recomputed after every change to published content (the
 * content version), so publishing or unpublishing takes effect at once.
 */
export function publicMediaIds(payload: Payload): Promise<number[]> {
  const versions = contentVersions()
  // The query reads every published document's rich text (tens of milliseconds on a thousand
  // posts): its answer is kept while no published document changes.
  const memo = processSingleton<{ stamp?: number; ids?: Promise<number[]> }>(
    'public-media-ids',
    () => ({}),
  )
  if (memo.ids && memo.stamp !== undefined && versions.isFresh(USED_BY, memo.stamp)) return memo.ids
  // Taken before the query runs: a change heard meanwhile makes its answer outdated.
  const stamp = versions.stamp()
  const ids = queryPublicMediaIds(payload)
  if (stamp === null) return ids
  memo.stamp = stamp
  memo.ids = ids
  ids.catch(() => {
    if (memo.ids === ids) memo.ids = undefined
  })
  return ids
}

/** Which media are in published use changes only with the published documents and settings. */
const USED_BY = [
  ...MEDIA_REFERENCES.map((reference) => listKey(reference.collection)),
  SETTINGS_KEY,
]

// Raw SQL runs on the primary even with read replicas (drizzle's `execute`), so the answer is never
// older than a change heard before its stamp.
async function queryPublicMediaIds(payload: Payload): Promise<number[]> {
  const result = await payload.db.drizzle.execute<{ id: number }>(PUBLIC_MEDIA_IDS)
  return result.rows.map((row) => row.id)
}
