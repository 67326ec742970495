import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import {
  type ContentChange,
  contentVersions,
  documentKey,
  everyDocumentKey,
  EVERYTHING,
  listKey,
  SETTINGS_KEY,
} from '@/lib/content-version'
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
  // People and proof: a published team member's photo, testimonial's photo, client's logo.
  {
    collection: 'team-members',
    table: 'team_members',
    localesTable: 'team_members_locales',
    uploads: { photo: 'photo_id' },
    richText: {},
  },
  {
    collection: 'testimonials',
    table: 'testimonials',
    localesTable: 'testimonials_locales',
    uploads: { photo: 'photo_id' },
    richText: {},
  },
  {
    collection: 'client-logos',
    table: 'client_logos',
    // No localized fields: no translations table (no rich text to read in it either).
    localesTable: 'client_logos',
    uploads: { logo: 'logo_id' },
    richText: {},
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

/** Any reference to a media document inside Lexical JSON: upload and relationship nodes, links. */
const RICH_TEXT_MEDIA_VALUES = 'strict $.** ? (@.relationTo == "media").value'

type Fragment = ReturnType<typeof sql>

/** What shows media: a published document (`posts:12`) or a published global (`home`). */
type Holder = string

/**
 * Rows of (holder, media id as text) for the published documents of one collection; only those
 * of `ids` when given.
 */
function referencesIn(reference: (typeof MEDIA_REFERENCES)[number], ids?: number[]): Fragment[] {
  const table = sql.identifier(reference.table)
  const holder = sql`${reference.collection + ':'}::text || ${table}.id`
  const chosen =
    ids === undefined
      ? sql``
      : sql` and ${table}.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
  const published = sql`${table}."_status" = 'published'${chosen}`
  const columns = Object.values(reference.uploads).map(
    (column) =>
      sql`select ${holder} as holder, ${sql.identifier(column)}::text as id from ${table} where ${published}`,
  )
  // A stored node's value is the id; tolerate a populated `{ id }` object too.
  const richText = Object.values(reference.richText).map(
    (column) => sql`
      select ${holder} as holder, case jsonb_typeof(ref) when 'object' then ref ->> 'id' else ref #>> '{}' end
      from ${sql.identifier(reference.localesTable)} as l
      join ${table} on ${table}.id = l._parent_id and ${published}
      cross join lateral jsonb_path_query(l.${sql.identifier(column)}, ${RICH_TEXT_MEDIA_VALUES}) as ref`,
  )
  return [...columns, ...richText]
}

function globalReferencesIn(reference: (typeof GLOBAL_MEDIA_REFERENCES)[number]): Fragment[] {
  const table = sql.identifier(reference.table)
  return Object.values(reference.uploads).map(
    (column) =>
      sql`select ${reference.global}::text as holder, ${sql.identifier(column)}::text as id from ${table} where ${table}."_status" = 'published'`,
  )
}

function referencesQuery(fragments: Fragment[]) {
  return sql`
    select holder, id::integer as id
    from (${sql.join(fragments, sql` union all `)}) as used
    where id ~ '^[0-9]{1,9}$'`
}

/**
 * Which media each published holder shows, and how many holders show each file: a file is public
 * while its count is above zero. Kept per holder so that a publish re-reads only what it changed.
 */
interface MediaUse {
  byHolder: Map<Holder, number[]>
  holders: Map<number, number>
  /** The public ids, rebuilt when they change (the access rule's `in` list). */
  ids: number[]
}

function emptyUse(): MediaUse {
  return { byHolder: new Map(), holders: new Map(), ids: [] }
}

/** Replaces what the given holders show with `rows` (absent holders show nothing now). */
function applyReferences(
  use: MediaUse,
  holders: Iterable<Holder>,
  rows: { holder: Holder; id: number }[],
): void {
  const shown = new Map<Holder, Set<number>>()
  for (const holder of holders) shown.set(holder, new Set())
  for (const row of rows) {
    let ids = shown.get(row.holder)
    if (!ids) shown.set(row.holder, (ids = new Set()))
    ids.add(row.id)
  }
  let changed = false
  for (const [holder, ids] of shown) {
    for (const id of use.byHolder.get(holder) ?? []) {
      const count = use.holders.get(id)! - 1
      if (count === 0) {
        use.holders.delete(id)
        changed = true
      } else use.holders.set(id, count)
    }
    for (const id of ids) {
      const count = (use.holders.get(id) ?? 0) + 1
      use.holders.set(id, count)
      if (count === 1) changed = true
    }
    if (ids.size === 0) use.byHolder.delete(holder)
    else use.byHolder.set(holder, [...ids])
  }
  if (changed) use.ids = [...use.holders.keys()]
}

/** Past this many changed documents, reading everything again is as cheap as reading them. */
const REREAD_DOCUMENTS_MAX = 500

/**
 * What to read again after `changes` to bring the use up to date: the changed documents of each
 * collection and whether the globals changed; `everything` when a change doesn't name its
 * documents (a bulk write, a lost change feed) or too many changed.
 */
export function rereadAfter(
  changes: ContentChange,
):
  { everything: true } | { everything: false; documents: Map<string, number[]>; globals: boolean } {
  if (changes === EVERYTHING) return { everything: true }
  const documents = new Map<string, number[]>()
  let count = 0
  let globals = false
  for (const key of changes) {
    if (key === SETTINGS_KEY) globals = true
    for (const { collection } of MEDIA_REFERENCES) {
      if (key === everyDocumentKey(collection)) return { everything: true }
      const prefix = documentKey(collection, 0).slice(0, -1)
      if (!key.startsWith(prefix)) continue
      const id = Number(key.slice(prefix.length))
      if (!Number.isSafeInteger(id)) return { everything: true }
      const ids = documents.get(collection) ?? []
      ids.push(id)
      documents.set(collection, ids)
      count += 1
    }
  }
  if (count > REREAD_DOCUMENTS_MAX) return { everything: true }
  return { everything: false, documents, globals }
}

type Rows = { holder: Holder; id: number }[]

// Raw SQL runs on the primary even with read replicas (drizzle's `execute`), so the answer is never
// older than a change heard before its stamp.
async function readRows(payload: Payload, fragments: Fragment[]): Promise<Rows> {
  if (fragments.length === 0) return []
  const result = await payload.db.drizzle.execute<{ holder: Holder; id: number }>(
    referencesQuery(fragments),
  )
  return result.rows
}

async function readAllUse(payload: Payload): Promise<MediaUse> {
  const use = emptyUse()
  const rows = await readRows(payload, [
    ...MEDIA_REFERENCES.flatMap((reference) => referencesIn(reference)),
    ...GLOBAL_MEDIA_REFERENCES.flatMap(globalReferencesIn),
  ])
  applyReferences(use, [], rows)
  return use
}

/** Brings `use` up to date after `changes` by re-reading only what they name. */
async function updateUse(
  payload: Payload,
  use: MediaUse,
  changes: ContentChange,
): Promise<MediaUse> {
  const reread = rereadAfter(changes)
  if (reread.everything) return readAllUse(payload)
  const holders: Holder[] = []
  const fragments: Fragment[] = []
  for (const reference of MEDIA_REFERENCES) {
    const ids = reread.documents.get(reference.collection)
    if (!ids) continue
    holders.push(...ids.map((id) => `${reference.collection}:${id}`))
    fragments.push(...referencesIn(reference, ids))
  }
  if (reread.globals) {
    holders.push(...GLOBAL_MEDIA_REFERENCES.map((reference) => reference.global))
    fragments.push(...GLOBAL_MEDIA_REFERENCES.flatMap(globalReferencesIn))
  }
  applyReferences(use, holders, await readRows(payload, fragments))
  return use
}

/**
 * The embargo rule: a media file is public once a PUBLISHED post or case study uses it, as its
 * cover image, its SEO image, or anywhere in its rich text (an inline image, a link to a PDF),
 * in any locale, or the published home page shows it (its hero image). Drafts, and unpublished
 * edits of published documents (which live in the versions tables), do not count.
 *
 * Reading every published document's rich text takes half a second at ten thousand documents,
 * so it is done once; after a change to published content (the content versions), only the
 * documents the change names are read again, so publishing or unpublishing takes effect at once
 * at the cost of the documents it touched.
 */
export function publicMediaIds(payload: Payload): Promise<number[]> {
  const versions = contentVersions()
  const memo = processSingleton<{
    stamp?: number
    use?: Promise<MediaUse>
    ids?: Promise<number[]>
  }>('public-media-ids', () => ({}))
  if (memo.ids && memo.stamp !== undefined && versions.isFresh(USED_BY, memo.stamp)) return memo.ids
  // Taken before anything is read: a change heard meanwhile makes the answer outdated.
  const stamp = versions.stamp()
  if (stamp === null) return readAllUse(payload).then((use) => use.ids)
  // What changed since the kept answer's stamp, told now; updates run one after another, each on
  // the answer before it, so every change is applied in order.
  const changes = memo.stamp === undefined ? EVERYTHING : versions.changedSince(memo.stamp)
  const use = memo.use
    ? memo.use.then(
        (kept) => updateUse(payload, kept, changes),
        () => readAllUse(payload),
      )
    : readAllUse(payload)
  const ids = use.then((current) => current.ids)
  memo.stamp = stamp
  memo.use = use
  memo.ids = ids
  ids.catch(() => {
    if (memo.ids !== ids) return
    memo.use = memo.ids = memo.stamp = undefined
  })
  return ids
}

/** Which media are in published use changes only with the published documents and settings. */
const USED_BY = [
  ...MEDIA_REFERENCES.map((reference) => listKey(reference.collection)),
  SETTINGS_KEY,
]
