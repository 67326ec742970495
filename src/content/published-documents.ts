import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL, SQLWrapper } from '@payloadcms/db-postgres/drizzle'
import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import { env } from '@/env'
import { DEFAULT_LOCALE, type Locale } from '@/i18n/locales'
import { collectionTables } from '@/lib/collection-tables'
import { readDatabase } from '@/lib/read-database'
import { IMAGE_SIZES } from '@/media/image-sizes'
import type { Media } from '@/payload-types'
import { s3Settings } from '@/media/s3'
import { publicMediaIds } from '@/media/usage'

import type { ReadableCollection } from './contract'
import { type PageIds, pageIdsStatement } from './page-ids'
import type { ListQuery } from './query'

/**
 * Published documents as the Local API shows them to an anonymous caller, read in SQL of our own.
 *
 * Payload's read of a page of ten posts spent most of its time in its generic machinery, not in
 * the database: drizzle building the statement, its rows turned into documents field by field,
 * every field's `afterRead` in each locale, and each cover and category populated through a
 * read of its own (a profile put a list's covers alone at half its time). The collections the
 * public reads serve have a handful of field kinds, written out here in the order Payload writes
 * them: one statement reads the documents with their translations, relationships and, at a
 * depth, their covers and categories (a list's joined to its page's ids and count).
 *
 * What is not written out here is left to Payload, document by document (the answer says why,
 * and the caller reads those with the Local API): rich text holding a node that Payload changes
 * on read (an upload, a relationship, a link or a block: they are populated, or their fields
 * read), media in object storage (their URLs are the storage plugin's), a populated file that is
 * not public, a selected field not written out here.
 * Files read by id (a page's hero image, rich text's uploads) are written out the same way as a
 * document shows them (`readPublicMedia`).
 * `tests/int/published-documents.test.ts` holds every public query shape — each collection,
 * locale, depth and selection, lists and single documents — to the Local API's answer.
 */

/** What a read asks for, as the public query states it. */
export interface PublishedRead {
  locale: Locale | 'all'
  depth: number
  /**
   * Top-level fields; `id` always comes. Omitted: every field an anonymous caller reads, as
   * the site's pages read a document (its public fields and its `_status`).
   */
  select?: readonly string[]
}

type Row = Record<string, unknown>
type LocaleRow = Row & { _locale: Locale }

/**
 * A document's field as Payload's answer has it. `localized` values come from the translation
 * rows (`{name}_locales`), the others from the document's own row; `column` is the column's name.
 */
type Field =
  | { name: string; kind: 'value'; column: string; localized?: 'text' | 'other'; date?: true }
  | { name: string; kind: 'richText'; column: string }
  | { name: string; kind: 'media'; column: string }
  | { name: string; kind: 'categories' }
  | { name: string; kind: 'results' }
  | { name: string; kind: 'group'; fields: Field[] }

const title: Field = { name: 'title', kind: 'value', column: 'title', localized: 'text' }
const excerpt: Field = { name: 'excerpt', kind: 'value', column: 'excerpt', localized: 'text' }
const content: Field = { name: 'content', kind: 'richText', column: 'content' }
const slug: Field = { name: 'slug', kind: 'value', column: 'slug' }
const publishedAt: Field = {
  name: 'publishedAt',
  kind: 'value',
  column: 'published_at',
  date: true,
}
const coverImage: Field = { name: 'coverImage', kind: 'media', column: 'cover_image_id' }
const categories: Field = { name: 'categories', kind: 'categories' }
const meta: Field = {
  name: 'meta',
  kind: 'group',
  fields: [
    { name: 'title', kind: 'value', column: 'meta_title', localized: 'text' },
    { name: 'description', kind: 'value', column: 'meta_description', localized: 'text' },
    { name: 'image', kind: 'media', column: 'meta_image_id' },
    { name: 'noindex', kind: 'value', column: 'meta_noindex' },
  ],
}
const updatedAt: Field = { name: 'updatedAt', kind: 'value', column: 'updated_at', date: true }
const createdAt: Field = { name: 'createdAt', kind: 'value', column: 'created_at', date: true }
/** Not a public field: the API never selects it; the site's full reads show it, as Payload does. */
const status: Field = { name: '_status', kind: 'value', column: '_status' }

/** What every publishable collection's fields end with (src/fields/publishable.ts). */
const PUBLISHABLE_TAIL: Field[] = [
  slug,
  publishedAt,
  coverImage,
  categories,
  meta,
  updatedAt,
  createdAt,
  status,
]

/**
 * Each collection's fields an anonymous caller reads, in the order of Payload's answer (its
 * fields' order, then the timestamps and the drafts' `_status`). A public field missing here is
 * left to Payload (`selected`), and `published-documents.test.ts` fails until it is written out.
 */
const FIELDS: Record<ReadableCollection, Field[]> = {
  posts: [title, excerpt, content, ...PUBLISHABLE_TAIL],
  'case-studies': [
    title,
    excerpt,
    { name: 'client', kind: 'value', column: 'client' },
    { name: 'industry', kind: 'value', column: 'industry', localized: 'text' },
    { name: 'challenge', kind: 'value', column: 'challenge', localized: 'text' },
    { name: 'solution', kind: 'value', column: 'solution', localized: 'text' },
    { name: 'results', kind: 'results' },
    content,
    { name: 'featured', kind: 'value', column: 'featured' },
    ...PUBLISHABLE_TAIL,
  ],
  categories: [title, slug, updatedAt, createdAt],
}

/** A category as a populated relationship shows it: every field. */
const CATEGORY_FIELDS = FIELDS.categories

/**
 * Lexical nodes that Payload returns as stored: no node of these kinds is populated or has
 * fields of its own. Rich text with any other node is read by Payload.
 */
const PLAIN_NODES = new Set([
  'root',
  'paragraph',
  'heading',
  'text',
  'linebreak',
  'tab',
  'list',
  'listitem',
  'quote',
  'horizontalrule',
])

/** True when every node of a rich text value is plain. */
function isPlainRichText(value: unknown): boolean {
  if (value === null || value === undefined) return true
  const nodes: unknown[] = [(value as { root?: unknown }).root]
  while (nodes.length > 0) {
    const node = nodes.pop() as { type?: unknown; children?: unknown } | null | undefined
    if (typeof node !== 'object' || node === null || !PLAIN_NODES.has(node.type as string)) {
      return false
    }
    if (Array.isArray(node.children)) nodes.push(...node.children)
  }
  return true
}

/** The fields of a selection, or `null` when it names one not written out here. */
function selected(
  collection: ReadableCollection,
  select: readonly string[] | undefined,
): Field[] | null {
  if (select === undefined) return FIELDS[collection]
  const wanted = new Set(select)
  // Payload always returns `id`; it may be named.
  wanted.delete('id')
  const fields = FIELDS[collection].filter((field) => wanted.has(field.name))
  return fields.length === wanted.size ? fields : null
}

/** The columns and relationships of `fields`, as the statement reads them. */
function needs(fields: Field[]): {
  columns: Set<string>
  localeColumns: Set<string>
  categories: boolean
  results: boolean
  mediaColumns: Set<string>
} {
  const columns = new Set<string>()
  const localeColumns = new Set<string>()
  const mediaColumns = new Set<string>()
  let categoriesNeeded = false
  let results = false
  const visit = (field: Field) => {
    if (field.kind === 'group') field.fields.forEach(visit)
    else if (field.kind === 'categories') categoriesNeeded = true
    else if (field.kind === 'results') results = true
    else if (field.kind === 'richText') localeColumns.add(field.column)
    else if (field.kind === 'value' && field.localized) localeColumns.add(field.column)
    else {
      columns.add(field.column)
      if (field.kind === 'media') mediaColumns.add(field.column)
    }
  }
  fields.forEach(visit)
  return { columns, localeColumns, categories: categoriesNeeded, results, mediaColumns }
}

/**
 * PostgreSQL's guess at the length of an array it is not shown (`estimate_array_length`): what it
 * prices a prepared statement's plan for `= any($1)` at, made once for every array.
 */
const ASSUMED_ARRAY_LENGTH = 10

/**
 * `{1,2,3}`: ids as one array parameter, repeated up to `ASSUMED_ARRAY_LENGTH` (the same set).
 * PostgreSQL keeps a prepared statement's one plan only if it costs no more than the plans made
 * for the values sent; made for fewer ids than it assumes, each of those looked cheaper, so a
 * read of a few ids (a post's related posts) was planned anew every time, several times the cost
 * of running it.
 */
function idArray(ids: readonly number[]): string {
  const padded = [...ids]
  while (padded.length < ASSUMED_ARRAY_LENGTH) padded.push(ids[0]!)
  return `{${padded.map((id) => Math.trunc(id)).join(',')}}`
}

/**
 * The translation rows a read in `locale` shows: its own and the default locale's (the fallback),
 * or every locale's. A read in the default locale left the other translation's rich text, read,
 * sent and parsed, unused: a third of an English list's database time.
 */
function localesShown(locale: Locale | 'all'): SQL {
  if (locale === 'all') return sql``
  const shown = [...new Set([locale, DEFAULT_LOCALE])]
  // Written into the text: a locale is one of a few codes (LOCALES), each a plan of its own.
  return sql.raw(`and l._locale in (${shown.map((code) => `'${code}'`).join(', ')})`)
}

/** A translation table's rows of the row `parent` shown in `locale`, as a JSON array, in locale order. */
function translationsOf(
  table: SQLWrapper,
  parent: SQL,
  columns: readonly string[],
  locale: Locale | 'all',
): SQL {
  const pairs = ['_locale', ...columns].map((column) => sql.raw(`'${column}', l.${column}`))
  return sql`(select json_agg(json_build_object(${sql.join(pairs, sql`, `)})
    order by l._locale) from ${table} l where l._parent_id = ${parent} ${localesShown(locale)})`
}

/**
 * The published rows whose id meets `idCondition` with, in the same statement: their
 * translation rows (`_locales`, in locale order, those the read's locale shows), their categories
 * (in the editor's order: ids, or at a depth the categories with their translations), their
 * results' rows and, at a depth, each file they show (`_media_{column}`: its row and
 * translations). One statement, because each one sent costs a round trip to PostgreSQL that
 * weighed more than reading what it returns.
 */
function documentsStatement(
  collection: ReadableCollection,
  idCondition: SQL,
  fields: Field[],
  read: PublishedRead,
): SQL {
  const published = collection === 'categories' ? sql`` : sql`and d._status = 'published'`
  return sql`${documentsSelect(collection, fields, read)} where ${idCondition} ${published}`
}

/** drizzle's PostgreSQL dialect, which writes a statement's text (`documentsSelect`). */
const dialect = new PgDialect()

/** How many texts `documentsSelect` keeps (a shape of read each), before it starts over. */
const SELECT_TEXTS_MAX = 200
const selectTexts = new Map<string, SQL>()

/**
 * `documentsStatement` up to its condition, written as text once per shape of read (collection,
 * fields, depth, locale): it names columns and tables and holds no values, so the text is the
 * same for every read of that shape. Written anew from its few dozen parts on every read, it cost
 * drizzle a tenth of a markdown twin's CPU.
 */
function documentsSelect(
  collection: ReadableCollection,
  fields: Field[],
  { depth, locale }: PublishedRead,
): SQL {
  const key = [collection, depth > 0, locale, ...fields.map((field) => field.name)].join()
  let text = selectTexts.get(key)
  if (text === undefined) {
    const query = dialect.sqlToQuery(documentsColumns(collection, fields, depth > 0, locale))
    if (query.params.length > 0) throw new Error('A read shape holds no values')
    if (selectTexts.size >= SELECT_TEXTS_MAX) selectTexts.clear()
    text = sql.raw(query.sql)
    selectTexts.set(key, text)
  }
  return text
}

/** What `documentsSelect` writes: the columns and the table, as drizzle SQL. */
function documentsColumns(
  collection: ReadableCollection,
  fields: Field[],
  populated: boolean,
  locale: Locale | 'all',
): SQL {
  const { table, locales, rels, name } = collectionTables(collection)
  const need = needs(fields)
  const columns: SQL[] = [sql`d.id`]
  for (const column of need.columns) columns.push(sql`d.${sql.identifier(column)}`)
  columns.push(
    sql`${translationsOf(locales, sql`d.id`, [...need.localeColumns], locale)} as _locales`,
  )
  if (need.categories) {
    const category = populated
      ? sql`json_build_object('id', c.id, 'slug', c.slug, 'updated_at', c.updated_at,
            'created_at', c.created_at, '_locales',
            ${translationsOf(sql`categories_locales`, sql`c.id`, ['title'], locale)})`
      : sql`c.id`
    columns.push(sql`(select json_agg(${category} order by r."order") from ${rels} r
      join categories c on c.id = r.categories_id
      where r.parent_id = d.id and r.path = 'categories') as _categories`)
  }
  if (need.results) {
    const results = sql.identifier(`${name}_results`)
    columns.push(sql`(select json_agg(json_build_object('_locale', l._locale, 'id', l.id,
      'value', l.value, 'label', l.label) order by l._locale, l._order)
      from ${results} l where l._parent_id = d.id ${localesShown(locale)}) as _results`)
  }
  if (populated) {
    for (const column of need.mediaColumns) {
      columns.push(sql`(select json_build_object('row', to_json(m), '_locales',
        ${translationsOf(sql`media_locales`, sql`m.id`, ['alt'], locale)})
        from media m where m.id = d.${sql.identifier(column)})
        as ${sql.identifier(`_media_${column}`)}`)
    }
  }
  return sql`select ${sql.join(columns, sql`, `)} from ${table} d`
}

/** The files and categories the documents read show, by id. */
interface Related {
  media: Map<number, Row>
  categories: Map<number, Row>
}

function relatedIn(rows: Row[], fields: Field[]): Related {
  const related: Related = { media: new Map(), categories: new Map() }
  const { mediaColumns } = needs(fields)
  for (const row of rows) {
    for (const column of mediaColumns) {
      const media = row[`_media_${column}`] as { row: Row; _locales: unknown } | null | undefined
      if (media) related.media.set(Number(media.row.id), { ...media.row, _locales: media._locales })
    }
    for (const category of (row._categories ?? []) as unknown[]) {
      if (typeof category === 'object' && category !== null) {
        related.categories.set(Number((category as Row).id), category as Row)
      }
    }
  }
  return related
}

/** Payload's dates: ISO 8601 in UTC with milliseconds. */
function isoDate(value: unknown): unknown {
  if (value === null || value === undefined) return value
  return new Date(value as string | Date).toISOString()
}

/**
 * A translated value in the read's locale: the default locale's when this one has none (an empty
 * text counts as none), as Payload's fallback does; every locale's, keyed by locale, for `all`.
 */
function localized(
  rows: LocaleRow[],
  key: string,
  locale: Locale | 'all',
  kind: 'text' | 'other',
  transform: (value: unknown) => unknown = (value) => value,
): unknown {
  // A document without translation rows shows `{}`: Payload's rows of nothing, written as JSON.
  if (locale === 'all') {
    const values: Row = {}
    for (const row of rows) values[row._locale] = transform(row[key])
    return values
  }
  const valueIn = (code: Locale) => rows.find((row) => row._locale === code)?.[key]
  let value = valueIn(locale)
  if (locale !== DEFAULT_LOCALE) {
    const fallback = valueIn(DEFAULT_LOCALE)
    const missing = value === null || value === undefined || (kind === 'text' && value === '')
    if (missing && fallback) value = fallback
  }
  return transform(value)
}

interface Builder {
  locale: Locale | 'all'
  depth: number
  related: Related
  /** Media anonymous callers may read (the embargo): a document showing another is Payload's. */
  publicMedia: ReadonlySet<number>
  mediaUrl: (filename: unknown, stored: unknown) => string | null
  /** Why Payload must answer for the document being built, once something is not written out here. */
  declined?: string
}

function mediaDocument(id: number, builder: Builder): unknown {
  const row = builder.related.media.get(id)
  if (!row || !builder.publicMedia.has(id)) {
    builder.declined = `media ${id} not public`
    return id
  }
  const number = (value: unknown) => (typeof value === 'string' ? Number.parseFloat(value) : value)
  const sizes: Row = {}
  for (const { name } of IMAGE_SIZES) {
    const part = (suffix: string) => row[`sizes_${name}_${suffix}`]
    sizes[name] = {
      url: builder.mediaUrl(part('filename'), part('url')),
      width: number(part('width')),
      height: number(part('height')),
      mimeType: part('mime_type'),
      filesize: number(part('filesize')),
      filename: part('filename'),
    }
  }
  const thumbnail = sizes.thumbnail as Row | undefined
  return {
    id,
    alt: localized((row._locales ?? []) as LocaleRow[], 'alt', builder.locale, 'text'),
    prefix: row.prefix,
    _objectKey: row._objectkey,
    updatedAt: isoDate(row.updated_at),
    createdAt: isoDate(row.created_at),
    url: builder.mediaUrl(row.filename, row.url),
    thumbnailURL: thumbnail
      ? builder.mediaUrl(thumbnail.filename, row[`sizes_thumbnail_url`])
      : null,
    filename: row.filename,
    mimeType: row.mime_type,
    filesize: number(row.filesize),
    width: number(row.width),
    height: number(row.height),
    focalX: number(row.focal_x),
    focalY: number(row.focal_y),
    sizes,
  }
}

function buildFields(fields: Field[], row: Row, locales: LocaleRow[], builder: Builder): Row {
  const doc: Row = {}
  for (const field of fields) {
    switch (field.kind) {
      case 'value': {
        const transform = field.date ? isoDate : undefined
        doc[field.name] = field.localized
          ? localized(locales, field.column, builder.locale, field.localized, transform)
          : (transform ?? ((value: unknown) => value))(row[field.column])
        break
      }
      case 'richText': {
        if (!locales.every((translation) => isPlainRichText(translation[field.column]))) {
          builder.declined = 'rich text with nodes Payload reads'
        }
        doc[field.name] = localized(locales, field.column, builder.locale, 'other')
        break
      }
      case 'media': {
        const id = row[field.column]
        doc[field.name] =
          id === null || id === undefined
            ? null
            : builder.depth > 0
              ? mediaDocument(Number(id), builder)
              : Number(id)
        break
      }
      case 'categories': {
        const ids = ((row._categories ?? []) as unknown[]).map((category) =>
          Number(typeof category === 'object' ? (category as Row).id : category),
        )
        doc[field.name] =
          builder.depth > 0
            ? ids.flatMap((id) => {
                const category = builder.related.categories.get(id)
                if (!category) return []
                return [
                  {
                    id,
                    ...buildFields(
                      CATEGORY_FIELDS,
                      category,
                      (category._locales ?? []) as LocaleRow[],
                      builder,
                    ),
                  },
                ]
              })
            : ids
        break
      }
      case 'results': {
        const rows = (row._results ?? []) as LocaleRow[]
        const byLocale: Record<string, Row[]> = {}
        for (const { _locale, ...result } of rows) {
          ;(byLocale[_locale] ??= []).push({
            value: result.value,
            label: result.label,
            id: result.id,
          })
        }
        if (builder.locale === 'all') doc[field.name] = byLocale
        else {
          const value = byLocale[builder.locale] ?? byLocale[DEFAULT_LOCALE] ?? null
          doc[field.name] = value
        }
        break
      }
      case 'group':
        doc[field.name] = buildFields(field.fields, row, locales, builder)
        break
    }
  }
  return doc
}

/** The documents read, and those left for Payload to answer, with why. */
export interface PublishedDocuments {
  docs: Row[]
  declined: { ids: number[]; reason: string }[]
}

/** Why no read is covered here, or null: the setting, or media in object storage. */
function uncovered(): string | null {
  if (!env.bypasses.sqlPublishedReads) return 'PUBLISHED_READS=local-api or FRAMEWORK_BYPASSES=off'
  if (s3Settings() !== null) return 'media in object storage'
  return null
}

/**
 * The fields a read selects, or why none of its documents can be read here: the setting, media
 * in object storage, or a selected field not written out here.
 */
function coveredFields(
  collection: ReadableCollection,
  select: readonly string[] | undefined,
): { fields: Field[] } | { reason: string } {
  const reason = uncovered()
  if (reason !== null) return { reason }
  const fields = selected(collection, select)
  return fields ? { fields } : { reason: 'a selected field not written out here' }
}

/**
 * The published documents among `ids` that this read covers (in any order; those not published
 * or missing are left out), and the ids it leaves to Payload (see above).
 */
export async function readPublishedDocuments(
  payload: Payload,
  collection: ReadableCollection,
  ids: readonly number[],
  read: PublishedRead,
): Promise<PublishedDocuments> {
  const covered = coveredFields(collection, read.select)
  if ('reason' in covered)
    return { docs: [], declined: [{ ids: [...ids], reason: covered.reason }] }
  const { fields } = covered
  if (ids.length === 0) return { docs: [], declined: [] }
  // One document by an integer: a statement whose plan PostgreSQL keeps. (With an array, it
  // prices the kept plan for ten ids, finds one id cheaper, and plans anew on every read.)
  const idCondition =
    ids.length === 1 ? sql`d.id = ${ids[0]}` : sql`d.id = any(${idArray(ids)}::int[])`
  const statement = documentsStatement(collection, idCondition, fields, read)
  const { rows } = await readDatabase(payload).execute<Row>(statement)
  return documentsOf(payload, rows, fields, read)
}

/**
 * A page of a list: its ids in order, the list's count, and its documents as above; and, where
 * the read asked for it, the page statement's `extra` column (null without a row).
 */
export interface PublishedPage extends PageIds, PublishedDocuments {
  extra?: unknown
}

/**
 * A page of a list and its documents, in one statement: `pageStatement` picks the page, as one
 * row of the page's ids in order (`ids`) and the list's count (`total`, null where none is
 * needed). Each statement sent to PostgreSQL costs a round trip that weighed more than the ids'
 * read itself. The public API's lists pick theirs with page-ids.ts, the site's with the listed
 * rule (src/site/content.ts). With `extra`, the page's row also has a column `extra`, returned as
 * it is: what else the caller reads alongside the page (a document's twin, what it reads next).
 */
export async function readPublishedList(
  payload: Payload,
  collection: ReadableCollection,
  pageStatement: SQL,
  read: PublishedRead & {
    /** Why every document of the page is left to Payload, whatever this read could cover. */
    declineAll?: string
    extra?: boolean
  },
): Promise<PublishedPage> {
  type PageRow = { total: string | null; ids: number[]; extra?: unknown }
  const covered =
    read.declineAll === undefined
      ? coveredFields(collection, read.select)
      : { reason: read.declineAll }
  const extraOf = (extra: unknown) => (read.extra ? { extra: extra ?? null } : {})
  if ('reason' in covered) {
    const { rows } = await readDatabase(payload).execute<PageRow>(pageStatement)
    const ids = rows[0]?.ids ?? []
    const declined = ids.length > 0 ? [{ ids, reason: covered.reason }] : []
    return {
      ids,
      totalDocs: Number(rows[0]?.total ?? 0),
      docs: [],
      declined,
      ...extraOf(rows[0]?.extra),
    }
  }
  const { fields } = covered
  const documents = documentsStatement(collection, sql`d.id = any(p.ids)`, fields, read)
  // Materialized: as a subquery in FROM, PostgreSQL pulled the page's row up into both its uses
  // and walked the list's index twice, once for the ids returned and once for the documents read
  // (page 500 of the API's list walked 10,000 entries for its ten).
  const { rows } = await readDatabase(payload).execute<
    Row & { _total: string | null; _ids: number[]; _extra?: unknown }
  >(sql`
    with p as materialized (${pageStatement})
    select p.total as _total, p.ids as _ids${read.extra ? sql`, p.extra as _extra` : sql``}, d.*
    from p left join lateral (${documents}) d on true`)
  const [first] = rows
  const ids = first?._ids ?? []
  const documentsRead = await documentsOf(
    payload,
    rows.filter((row) => row.id !== null),
    fields,
    read,
  )
  return {
    ids,
    totalDocs: Number(first?._total ?? 0),
    ...documentsRead,
    ...extraOf(first?._extra),
  }
}

/** A public list's page (page-ids.ts: its ids and the list's count) and its documents. */
export function readPublishedPage(
  payload: Payload,
  collection: ReadableCollection,
  query: ListQuery,
): Promise<PublishedPage> {
  return readPublishedList(payload, collection, pageIdsStatement(collection, query), query)
}

/** How documents are built from rows that show `related` (`buildFields`). */
async function builderFor(
  payload: Payload,
  related: Related,
  { locale, depth }: PublishedRead,
): Promise<Builder> {
  const publicMedia = related.media.size > 0 ? await publicMediaIds(payload) : []
  const { serverURL } = payload.config
  return {
    locale,
    depth,
    related,
    publicMedia: new Set(publicMedia),
    mediaUrl: (filename, stored) => {
      if (typeof stored === 'string' && stored !== '') {
        if (!stored.startsWith('/') && !stored.startsWith(serverURL || '')) return stored
      }
      return typeof filename === 'string' && filename !== ''
        ? `${serverURL}/api/media/file/${encodeURIComponent(filename)}`
        : null
    },
  }
}

/** The documents of rows read by `documentsStatement`, and those Payload must answer for. */
async function documentsOf(
  payload: Payload,
  rows: Row[],
  fields: Field[],
  read: PublishedRead,
): Promise<PublishedDocuments> {
  const builder = await builderFor(payload, relatedIn(rows, fields), read)
  const result: PublishedDocuments = { docs: [], declined: [] }
  for (const row of rows) {
    builder.declined = undefined
    const id = Number(row.id)
    const doc = { id, ...buildFields(fields, row, (row._locales ?? []) as LocaleRow[], builder) }
    if (builder.declined === undefined) result.docs.push(doc)
    else result.declined.push({ ids: [id], reason: builder.declined })
  }
  return result
}

/**
 * Files by id as an anonymous caller reads them in `locale` (the Local API's `find` at depth 0,
 * as a document shows one it populates): those that exist and are public (the embargo), by id.
 * Null when this read does not cover files (PUBLISHED_READS=local-api, or files in object
 * storage, whose URLs are the storage plugin's): the caller reads them with the Local API.
 */
export async function readPublicMedia(
  payload: Payload,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, Media> | null> {
  if (uncovered() !== null) return null
  const found = new Map<number, Media>()
  if (ids.length === 0) return found
  const { rows } = await readDatabase(payload).execute<{ row: Row; _locales: unknown }>(sql`
    select to_json(m) as row,
      ${translationsOf(sql`media_locales`, sql`m.id`, ['alt'], locale)} as _locales
    from media m where m.id = any(${idArray(ids)}::int[])`)
  const related: Related = { media: new Map(), categories: new Map() }
  for (const { row, _locales } of rows) related.media.set(Number(row.id), { ...row, _locales })
  const builder = await builderFor(payload, related, { locale, depth: 0 })
  for (const id of related.media.keys()) {
    builder.declined = undefined
    const media = mediaDocument(id, builder)
    if (builder.declined === undefined) found.set(id, media as Media)
  }
  return found
}
