import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL, SQLWrapper } from '@payloadcms/db-postgres/drizzle'
import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'
import type { z } from 'zod'

import { env } from '@/env'
import {
  type DataField,
  dataFields,
  type PublicField,
  publicFieldsOf,
  TIMESTAMP_FIELDS,
} from '@/fields/public'
import { DEFAULT_LOCALE, type Locale } from '@/i18n/locales'
import { type CollectionSchema, collectionSchema } from '@/lib/collection-tables'
import { readDatabase } from '@/lib/read-database'
import { IMAGE_SIZES } from '@/media/image-sizes'
import type { Media } from '@/payload-types'
import { s3Settings } from '@/media/s3'
import { publicMediaIds } from '@/media/usage'

import type { ReadableCollection } from './contract'
import { type PageIds, pageIdsStatement, sortColumns } from './page-ids'
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
 * Which fields are written out is not listed here: each collection's public fields
 * (`custom.public`, src/fields/public.ts) are planned from its config as Payload sanitized it,
 * their columns taken from Payload's schema (`payload.db.tables`, `collectionSchema`). Values of
 * one column (text, numbers, switches, choices, dates, in the document's row or its
 * translations), translated rich text, one file, a list of categories, one related document (a
 * document's author: its id, or populated, a team member's public fields and, a level deeper, its
 * photo; a draft one shows its id, as Payload's read does), groups of these and translated arrays
 * of plain values are written out; a public field of any other kind, or one
 * Payload changes as it reads (an `afterRead` hook, read access of its own), is not, and a read
 * that selects it (or every field) is Payload's (`planField`, `selected`).
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
  | {
      name: string
      kind: 'value'
      column: string
      localized?: 'text' | 'other'
      date?: true
      number?: true
    }
  | { name: string; kind: 'richText'; column: string }
  | { name: string; kind: 'media'; column: string }
  | { name: string; kind: 'categories'; path: string }
  /**
   * One related document of another collection (a document's `author`): its id or, at a depth,
   * the document where `populated` says how it is written out (else Payload reads it).
   */
  | { name: string; kind: 'related'; column: string; collection: string; populated?: Populated }
  | { name: string; kind: 'array'; table: string; columns: { name: string; column: string }[] }
  | { name: string; kind: 'group'; fields: Field[] }

/**
 * How a collection's documents are written out: its fields (public ones and the drafts'
 * `_status`) in the order of Payload's answer, the tables they are read from, and the public
 * fields not written out here, with why (a read that selects one is Payload's).
 */
interface Plan {
  fields: Field[]
  table: string
  locales?: string
  rels?: { name: string; categoriesColumn?: string }
  uncovered: Map<string, string>
  /** The statements' texts written for it (`documentsSelect`). */
  texts: Map<string, SQL>
}

/**
 * How a related document is written out where a read populates it: its collection's tables, its
 * fields (values and files only), and whether only its published documents are shown.
 */
interface Populated {
  table: string
  locales?: string
  fields: Field[]
  /** Drafts: an anonymous read shows a related document only while it is published. */
  drafts: boolean
}

/**
 * The collections a related document of which is written out here when populated: those that
 * reads populate with their public fields (read.ts's `POPULATE`: a document's author). Another
 * one would be populated with every field, so a read that populates it is Payload's.
 */
const POPULATED_HERE = new Set(['team-members'])

/** The collections planned here: those read, and those their documents populate. */
type PlannedCollection = ReadableCollection | 'team-members'

/** A collection's plan, with the categories' where its documents show categories. */
interface Plans {
  collection: ReadableCollection
  plan: Plan
  categories?: Plan
}

/** Field types whose value is one column, as Payload answers it. */
const SCALAR_TYPES = new Set([
  'text',
  'textarea',
  'email',
  'code',
  'number',
  'checkbox',
  'select',
  'radio',
  'date',
])
/** Of those, the ones whose empty text Payload's locale fallback counts as missing. */
const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'code'])

/** Where `planField` finds a field's columns. */
interface Columns {
  schema: CollectionSchema
  /** The column key's prefix inside a group (`meta_`). */
  prefix: string
  /** Inside a localized group: every field is in the translations. */
  localized: boolean
}

/**
 * The public field `field` as read here, or why it is not: a kind of field not written out
 * here, or one Payload changes as it reads (a hook, a rule on who reads it), or whose column is
 * not in Payload's schema. Columns come from Payload's schema (`payload.db.tables`).
 */
function planField(field: PublicField, where: Columns): Field | string {
  const { config, name } = field
  if (field.partial) return 'private fields inside it'
  if (config.virtual) return 'virtual'
  if (config.hooks?.afterRead?.length) return 'an afterRead hook'
  if (config.access?.read) return 'read access of its own'
  const key = `${where.prefix}${name}`
  const localized = where.localized || config.localized === true
  const hasMany = 'hasMany' in config && config.hasMany === true
  const column = localized
    ? where.schema.locales?.columns.get(key)
    : where.schema.table.columns.get(key)
  if (SCALAR_TYPES.has(config.type) && !hasMany) {
    if (column === undefined) return "no column in Payload's schema"
    return {
      name,
      kind: 'value',
      column,
      ...(localized ? { localized: TEXT_TYPES.has(config.type) ? 'text' : 'other' } : {}),
      ...(config.type === 'date' ? { date: true } : {}),
      ...(config.type === 'number' ? { number: true } : {}),
    }
  }
  switch (config.type) {
    case 'richText':
      if (!localized) return 'rich text not translated'
      return column === undefined ? 'no column' : { name, kind: 'richText', column }
    case 'upload':
      if (localized || hasMany || config.relationTo !== 'media') return 'not one file'
      return column === undefined ? 'no column' : { name, kind: 'media', column }
    case 'relationship':
      // One document of another collection (a post's author): its id is written out here, and,
      // populated, the document where its collection's fields are (`makePlan`); else a read
      // that populates it leaves the document to Payload (`buildFields`).
      if (
        !localized &&
        !hasMany &&
        typeof config.relationTo === 'string' &&
        config.relationTo !== 'categories' &&
        where.prefix === '' &&
        column !== undefined
      ) {
        return { name, kind: 'related', column, collection: config.relationTo }
      }
      if (localized || !hasMany || config.relationTo !== 'categories' || where.prefix !== '') {
        return 'not a list of categories'
      }
      return { name, kind: 'categories', path: name }
    case 'group': {
      const fields: Field[] = []
      for (const child of field.fields ?? []) {
        const planned = planField(child, {
          ...where,
          prefix: `${key}_`,
          localized: where.localized || config.localized === true,
        })
        if (typeof planned === 'string') return `${child.name}: ${planned}`
        fields.push(planned)
      }
      return { name, kind: 'group', fields }
    }
    case 'array': {
      const table = where.schema.arrays.get(key)
      if (!localized || where.prefix !== '' || table === undefined) {
        return 'not a translated list of rows'
      }
      // Each row's fields in Payload's order: the array's own, then the `id` it adds.
      const columns: { name: string; column: string }[] = []
      for (const child of dataFields(config.fields)) {
        const shown = child.name === 'id' || child.custom?.public === true
        if (!shown) continue
        const rowColumn = table.columns.get(child.name)
        const plain =
          SCALAR_TYPES.has(child.type) && child.type !== 'date' && child.type !== 'number'
        if (
          rowColumn === undefined ||
          !plain ||
          child.localized ||
          child.hooks?.afterRead?.length
        ) {
          return `${child.name}: not a plain value`
        }
        columns.push({ name: child.name, column: rowColumn })
      }
      return { name, kind: 'array', table: table.name, columns }
    }
    default:
      return `a ${config.type} field`
  }
}

/** The drafts' `_status`: not public (the API never selects it); the site's full reads show it. */
const STATUS = '_status'

const plans = new WeakMap<object, Map<PlannedCollection, Plan | null>>()

/**
 * How `collection`'s documents are written out, from its fields as Payload sanitized them (their
 * order is its answer's) and its schema; null when Payload's schema is not at hand. Once per
 * Payload instance.
 */
function planOf(payload: Payload, collection: PlannedCollection): Plan | null {
  let known = plans.get(payload.db)
  if (known === undefined) plans.set(payload.db, (known = new Map()))
  if (!known.has(collection)) known.set(collection, makePlan(payload, collection))
  return known.get(collection)!
}

function makePlan(payload: Payload, collection: PlannedCollection): Plan | null {
  const schema = collectionSchema(payload, collection)
  const config = payload.collections?.[collection]?.config
  if (!schema || !config) return null
  const timestamps = new Set(TIMESTAMP_FIELDS.map((field) => field.name))
  const where: Columns = { schema, prefix: '', localized: false }
  const fields: Field[] = []
  const uncovered = new Map<string, string>()
  for (const data of dataFields(config.fields)) {
    if (data.name === STATUS && schema.table.columns.has(STATUS)) {
      fields.push({ name: STATUS, kind: 'value', column: schema.table.columns.get(STATUS)! })
      continue
    }
    // The timestamps are public wherever Payload adds them (src/fields/public.ts).
    const marked = timestamps.has(data.name)
      ? { ...data, custom: { ...data.custom, public: true } }
      : data
    const [field] = publicFieldsOf([marked as DataField])
    if (!field) continue
    const planned = planField(field, where)
    if (typeof planned === 'string') uncovered.set(field.name, planned)
    else fields.push(planned)
  }
  const categoriesColumn = schema.rels?.columns.get('categoriesID')
  if (fields.some((field) => field.kind === 'categories')) {
    // Populated, a category shows its own fields: written out here only where they are values.
    const categories = collection === 'categories' ? null : planOf(payload, 'categories')
    const plain =
      categories !== null &&
      categories.uncovered.size === 0 &&
      categories.fields.every((field) => field.kind === 'value')
    for (const field of fields.filter((each) => each.kind === 'categories')) {
      if (plain && categoriesColumn !== undefined) continue
      fields.splice(fields.indexOf(field), 1)
      uncovered.set(field.name, 'categories whose fields are not written out here')
    }
  }
  for (const field of fields) {
    if (field.kind !== 'related' || !POPULATED_HERE.has(field.collection)) continue
    if (field.collection === collection) continue
    const populated = populatedOf(planOf(payload, field.collection as PlannedCollection))
    if (populated !== null) field.populated = populated
  }
  return {
    fields,
    table: schema.table.name,
    locales: schema.locales?.name,
    rels: schema.rels && { name: schema.rels.name, categoriesColumn },
    uncovered,
    texts: new Map(),
  }
}

/**
 * How a document of the collection planned `plan` is written out populated, or null where it is
 * not: a public field not written out here, or one that is neither a value nor a file (which
 * a populated document would show populated in turn). Its drafts' `_status` is read, not shown:
 * the populated document shows its public fields only (read.ts's `POPULATE`).
 */
function populatedOf(plan: Plan | null): Populated | null {
  if (plan === null || plan.uncovered.size > 0) return null
  const drafts = plan.fields.some((field) => field.name === STATUS)
  const fields = plan.fields.filter((field) => field.name !== STATUS)
  if (!fields.every((field) => field.kind === 'value' || field.kind === 'media')) return null
  return { table: plan.table, locales: plan.locales, fields, drafts }
}

/**
 * Which of `collection`'s fields reads here write out (its public fields, and `_status`), and
 * which public fields they leave to Payload, with why; null without Payload's schema.
 */
export function publishedFieldsCoverage(
  payload: Payload,
  collection: ReadableCollection,
): { written: string[]; notWritten: Record<string, string> } | null {
  const plan = planOf(payload, collection)
  if (plan === null) return null
  return {
    written: plan.fields.map((field) => field.name),
    notWritten: Object.fromEntries(plan.uncovered),
  }
}

/** `planOf` the collection and its categories, or null (Payload's schema is not at hand). */
function plansOf(payload: Payload, collection: ReadableCollection): Plans | null {
  const plan = planOf(payload, collection)
  if (plan === null) return null
  const categories = collection === 'categories' ? undefined : planOf(payload, 'categories')
  return { collection, plan, categories: categories ?? undefined }
}

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

/**
 * The fields of a selection (every field, omitted), or why the read is Payload's: it selects a
 * public field not written out here (or, omitted, the collection has one), or a field unknown here.
 */
function selected(plan: Plan, select: readonly string[] | undefined): Field[] | string {
  if (select === undefined) {
    const [name, why] = plan.uncovered.entries().next().value ?? []
    return name === undefined
      ? plan.fields
      : `the public field ${name} is not written out here (${why})`
  }
  const wanted = new Set(select)
  // Payload always returns `id`; it may be named.
  wanted.delete('id')
  for (const name of wanted) {
    const why = plan.uncovered.get(name)
    if (why !== undefined) return `the selected field ${name} is not written out here (${why})`
  }
  const fields = plan.fields.filter((field) => wanted.has(field.name))
  return fields.length === wanted.size ? fields : 'a selected field not written out here'
}

/** The columns and relationships of `fields`, as the statement reads them. */
function needs(fields: Field[]): {
  columns: Set<string>
  localeColumns: Set<string>
  categories: Set<string>
  arrays: Extract<Field, { kind: 'array' }>[]
  mediaColumns: Set<string>
  related: RelatedField[]
} {
  const columns = new Set<string>()
  const localeColumns = new Set<string>()
  const mediaColumns = new Set<string>()
  const categories = new Set<string>()
  const arrays: Extract<Field, { kind: 'array' }>[] = []
  const related: RelatedField[] = []
  const visit = (field: Field) => {
    if (field.kind === 'group') field.fields.forEach(visit)
    else if (field.kind === 'categories') categories.add(field.path)
    else if (field.kind === 'array') arrays.push(field)
    else if (field.kind === 'richText') localeColumns.add(field.column)
    else if (field.kind === 'value' && field.localized) localeColumns.add(field.column)
    else {
      columns.add(field.column)
      if (field.kind === 'media') mediaColumns.add(field.column)
      if (field.kind === 'related' && field.populated) related.push(field)
    }
  }
  fields.forEach(visit)
  return { columns, localeColumns, categories, arrays, mediaColumns, related }
}

type RelatedField = Extract<Field, { kind: 'related' }>

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
 * arrays' rows and, at a depth, each file they show (`_media_{column}`: its row and
 * translations). One statement, because each one sent costs a round trip to PostgreSQL that
 * weighed more than reading what it returns.
 */
function documentsStatement(
  plans: Plans,
  idCondition: SQL,
  fields: Field[],
  read: PublishedRead,
): SQL {
  const published = plans.collection === 'categories' ? sql`` : sql`and d._status = 'published'`
  return sql`${documentsSelect(plans, fields, read)} where ${idCondition} ${published}`
}

/** drizzle's PostgreSQL dialect, which writes a statement's text (`documentsSelect`). */
const dialect = new PgDialect()

/** How many texts `documentsSelect` keeps (a shape of read each) per plan, before it starts over. */
const SELECT_TEXTS_MAX = 200

/**
 * `documentsStatement` up to its condition, written as text once per shape of read (collection,
 * fields, depth, locale): it names columns and tables and holds no values, so the text is the
 * same for every read of that shape. Written anew from its few dozen parts on every read, it cost
 * drizzle a tenth of a markdown twin's CPU.
 */
function documentsSelect(plans: Plans, fields: Field[], { depth, locale }: PublishedRead): SQL {
  const texts = plans.plan.texts
  // Past two, a depth reads no more: a populated document's files are its last relations.
  const shown = Math.min(depth, 2)
  const key = [shown, locale, ...fields.map((field) => field.name)].join()
  let text = texts.get(key)
  if (text === undefined) {
    const query = dialect.sqlToQuery(documentsColumns(plans, fields, shown, locale))
    if (query.params.length > 0) throw new Error('A read shape holds no values')
    if (texts.size >= SELECT_TEXTS_MAX) texts.clear()
    text = sql.raw(query.sql)
    texts.set(key, text)
  }
  return text
}

/** A name written into a statement's text as an SQL string (a JSON key, a relationship's path). */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`)

/** `alias`'s columns as the pairs of a JSON object, each under its field's name. */
const jsonPairs = (alias: string, columns: readonly { name: string; column: string }[]) =>
  sql.join(
    columns.map(
      ({ name, column }) =>
        sql`${literal(name)}, ${sql.identifier(alias)}.${sql.identifier(column)}`,
    ),
    sql`, `,
  )

/** What `documentsSelect` writes: the columns and the table, as drizzle SQL. */
function documentsColumns(
  { plan, categories }: Plans,
  fields: Field[],
  depth: number,
  locale: Locale | 'all',
): SQL {
  const populated = depth > 0
  const need = needs(fields)
  const columns: SQL[] = [sql`d.id`]
  for (const column of need.columns) columns.push(sql`d.${sql.identifier(column)}`)
  if (plan.locales !== undefined) {
    const locales = sql.identifier(plan.locales)
    columns.push(
      sql`${translationsOf(locales, sql`d.id`, [...need.localeColumns], locale)} as _locales`,
    )
  }
  for (const path of need.categories) {
    // Planned only where the categories' own plan and the relationships' table are known.
    const rels = sql.identifier(plan.rels!.name)
    const categoryColumn = sql.identifier(plan.rels!.categoriesColumn!)
    const shown = categories!
    let category = sql`c.id`
    if (populated) {
      const own = needs(shown.fields)
      const values = [...own.columns].map(
        (column) => sql`${literal(column)}, c.${sql.identifier(column)}`,
      )
      const translations =
        shown.locales === undefined
          ? sql``
          : sql`, '_locales', ${translationsOf(sql.identifier(shown.locales), sql`c.id`, [...own.localeColumns], locale)}`
      category = sql`json_build_object('id', c.id, ${sql.join(values, sql`, `)}${translations})`
    }
    columns.push(sql`(select json_agg(${category} order by r."order") from ${rels} r
      join ${sql.identifier(shown.table)} c on c.id = r.${categoryColumn}
      where r.parent_id = d.id and r.path = ${literal(path)})
      as ${sql.identifier(`_categories_${path}`)}`)
  }
  for (const array of need.arrays) {
    columns.push(sql`(select json_agg(json_build_object('_locale', l._locale, ${jsonPairs('l', array.columns)})
      order by l._locale, l._order)
      from ${sql.identifier(array.table)} l where l._parent_id = d.id ${localesShown(locale)})
      as ${sql.identifier(`_array_${array.name}`)}`)
  }
  if (populated) {
    for (const column of need.mediaColumns) {
      columns.push(sql`${mediaOf(sql`d.${sql.identifier(column)}`, locale)}
        as ${sql.identifier(`_media_${column}`)}`)
    }
    for (const field of need.related) {
      columns.push(sql`${relatedOf(field, depth, locale)}
        as ${sql.identifier(`_related_${field.column}`)}`)
    }
  }
  return sql`select ${sql.join(columns, sql`, `)} from ${sql.identifier(plan.table)} d`
}

/** The file whose id is `id`: its row and translations, as JSON (`_media_{column}`). */
function mediaOf(id: SQL, locale: Locale | 'all'): SQL {
  return sql`(select json_build_object('row', to_json(m), '_locales',
    ${translationsOf(sql`media_locales`, sql`m.id`, ['alt'], locale)})
    from media m where m.id = ${id})`
}

/**
 * A populated related document (`_related_{column}`) as JSON: its columns, its translations and,
 * populated in turn (a depth past one), its files; null where an anonymous read does not show it
 * (a draft), and the document shows the id, as Payload's does.
 */
function relatedOf(field: RelatedField, depth: number, locale: Locale | 'all'): SQL {
  const { table, locales, fields, drafts } = field.populated!
  const own = needs(fields)
  const pairs: SQL[] = [sql`'id', t.id`]
  for (const column of own.columns) pairs.push(sql`${literal(column)}, t.${sql.identifier(column)}`)
  if (locales !== undefined) {
    const translations = translationsOf(
      sql.identifier(locales),
      sql`t.id`,
      [...own.localeColumns],
      locale,
    )
    pairs.push(sql`'_locales', ${translations}`)
  }
  if (depth > 1) {
    for (const column of own.mediaColumns) {
      const media = mediaOf(sql`t.${sql.identifier(column)}`, locale)
      pairs.push(sql`${literal(`_media_${column}`)}, ${media}`)
    }
  }
  const published = drafts ? sql`and t._status = 'published'` : sql``
  return sql`(select json_build_object(${sql.join(pairs, sql`, `)})
    from ${sql.identifier(table)} t where t.id = d.${sql.identifier(field.column)} ${published})`
}

/** The files and categories the documents read show, by id. */
interface Related {
  media: Map<number, Row>
  categories: Map<number, Row>
}

function relatedIn(rows: Row[], fields: Field[]): Related {
  const related: Related = { media: new Map(), categories: new Map() }
  const { mediaColumns, categories, related: documents } = needs(fields)
  const mediaIn = (row: Row, columns: Iterable<string>) => {
    for (const column of columns) {
      const media = row[`_media_${column}`] as { row: Row; _locales: unknown } | null | undefined
      if (media) related.media.set(Number(media.row.id), { ...media.row, _locales: media._locales })
    }
  }
  for (const row of rows) {
    mediaIn(row, mediaColumns)
    for (const field of documents) {
      const document = row[`_related_${field.column}`] as Row | null | undefined
      if (document) mediaIn(document, needs(field.populated!.fields).mediaColumns)
    }
    for (const path of categories) {
      for (const category of (row[`_categories_${path}`] ?? []) as unknown[]) {
        if (typeof category === 'object' && category !== null) {
          related.categories.set(Number((category as Row).id), category as Row)
        }
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
  /** Fields of a file that anonymous callers never read (`hiddenMediaFields`). */
  hiddenMediaFields: ReadonlySet<string>
  /** Why Payload must answer for the document being built, once something is not written out here. */
  declined?: string
  /** The fields of a populated category. */
  categoryFields: Field[]
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
  const media: Row = {
    id,
    alt: localized((row._locales ?? []) as LocaleRow[], 'alt', builder.locale, 'text'),
    // One text for every language (Media.ts), so a column of its own row, null when unset.
    credit: row.credit ?? null,
    creditUrl: row.credit_url ?? null,
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
  for (const name of builder.hiddenMediaFields) delete media[name]
  return media
}

/**
 * The fields of a file with read access of their own: the storage plugin's bookkeeping
 * (`prefix`, `_objectKey`, src/media/storage-internals.ts), kept from anonymous callers, whom
 * alone these reads answer. Payload leaves them out of its answer; so does this one.
 */
function hiddenMediaFields(payload: Payload): ReadonlySet<string> {
  const fields = payload.collections.media?.config.flattenedFields ?? []
  return new Set(
    fields.filter((field) => field.access?.read !== undefined).map((field) => field.name),
  )
}

/** PostgreSQL's `numeric`, which node-postgres reads as text, as the number Payload answers. */
const numeric = (value: unknown) => (typeof value === 'string' ? Number(value) : value)

function buildFields(fields: Field[], row: Row, locales: LocaleRow[], builder: Builder): Row {
  const doc: Row = {}
  for (const field of fields) {
    switch (field.kind) {
      case 'value': {
        const transform = field.date ? isoDate : field.number ? numeric : undefined
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
      case 'related': {
        const id = row[field.column]
        doc[field.name] = id === null || id === undefined ? null : Number(id)
        if (doc[field.name] === null || builder.depth === 0) break
        if (field.populated === undefined) {
          builder.declined = `a populated ${field.name}`
          break
        }
        // Null where an anonymous read does not show it (a draft): the id stays, as in Payload's.
        const related = row[`_related_${field.column}`] as Row | null | undefined
        if (!related) break
        // Its own relations one level further down: at depth 1, a populated author's photo is an id.
        builder.depth -= 1
        try {
          doc[field.name] = {
            id: Number(id),
            ...buildFields(
              field.populated.fields,
              related,
              (related._locales ?? []) as LocaleRow[],
              builder,
            ),
          }
        } finally {
          builder.depth += 1
        }
        break
      }
      case 'categories': {
        const ids = ((row[`_categories_${field.path}`] ?? []) as unknown[]).map((category) =>
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
                      builder.categoryFields,
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
      case 'array': {
        // Translated as a whole: each locale has its own rows; a locale without any shows the
        // default locale's, as Payload's fallback does.
        const rows = (row[`_array_${field.name}`] ?? []) as LocaleRow[]
        const byLocale: Record<string, Row[]> = {}
        for (const { _locale, ...rest } of rows) (byLocale[_locale] ??= []).push(rest)
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
 * in object storage, or a selected public field not written out here.
 */
function coveredFields(
  payload: Payload,
  collection: ReadableCollection,
  select: readonly string[] | undefined,
): { fields: Field[]; plans: Plans } | { reason: string } {
  const reason = uncovered()
  if (reason !== null) return { reason }
  const plans = plansOf(payload, collection)
  if (plans === null) return { reason: "Payload's schema of the collection is not at hand" }
  const fields = selected(plans.plan, select)
  return typeof fields === 'string' ? { reason: fields } : { fields, plans }
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
  const covered = coveredFields(payload, collection, read.select)
  if ('reason' in covered)
    return { docs: [], declined: [{ ids: [...ids], reason: covered.reason }] }
  const { fields, plans } = covered
  if (ids.length === 0) return { docs: [], declined: [] }
  // One document by an integer: a statement whose plan PostgreSQL keeps. (With an array, it
  // prices the kept plan for ten ids, finds one id cheaper, and plans anew on every read.)
  const idCondition =
    ids.length === 1 ? sql`d.id = ${ids[0]}` : sql`d.id = any(${idArray(ids)}::int[])`
  const statement = documentsStatement(plans, idCondition, fields, read)
  const { rows } = await readDatabase(payload).execute<Row>(statement)
  return documentsOf(payload, plans, rows, fields, read)
}

/**
 * A page of a list: its ids in order, the list's count, and its documents as above; and, where
 * the read asked for it, the page statement's `extra` column, checked by the read's schema of it
 * (null without a row).
 */
export interface PublishedPage<Extra = never> extends PageIds, PublishedDocuments {
  extra?: Extra | null
}

/**
 * A page of a list and its documents, in one statement: `pageStatement` picks the page, as one
 * row of the page's ids in order (`ids`) and the list's count (`total`, null where none is
 * needed). Each statement sent to PostgreSQL costs a round trip that weighed more than the ids'
 * read itself. The public API's lists pick theirs with page-ids.ts, the site's with the listed
 * rule (src/site/content.ts). With `extra` (the schema of what it holds), the page's row also has
 * a column `extra`, parsed with it: what else the caller reads alongside the page (a document's
 * twin, what it reads next). A value the schema refuses is an error: the statement and its schema
 * disagree.
 */
export async function readPublishedList<Extra = never>(
  payload: Payload,
  collection: ReadableCollection,
  pageStatement: SQL,
  read: PublishedRead & {
    /** Why every document of the page is left to Payload, whatever this read could cover. */
    declineAll?: string
    extra?: z.ZodType<Extra>
  },
): Promise<PublishedPage<Extra>> {
  type PageRow = { total: string | null; ids: number[]; extra?: unknown }
  const covered =
    read.declineAll === undefined
      ? coveredFields(payload, collection, read.select)
      : { reason: read.declineAll }
  const { extra: schema } = read
  const extraOf = (extra: unknown): { extra?: Extra | null } =>
    schema === undefined
      ? {}
      : { extra: extra === null || extra === undefined ? null : schema.parse(extra) }
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
  const { fields, plans } = covered
  const documents = documentsStatement(plans, sql`d.id = any(p.ids)`, fields, read)
  // Materialized: as a subquery in FROM, PostgreSQL pulled the page's row up into both its uses
  // and walked the list's index twice, once for the ids returned and once for the documents read
  // (page 500 of the API's list walked 10,000 entries for its ten).
  const { rows } = await readDatabase(payload).execute<
    Row & { _total: string | null; _ids: number[]; _extra?: unknown }
  >(sql`
    with p as materialized (${pageStatement})
    select p.total as _total, p.ids as _ids${schema ? sql`, p.extra as _extra` : sql``}, d.*
    from p left join lateral (${documents}) d on true`)
  const [first] = rows
  const ids = first?._ids ?? []
  const documentsRead = await documentsOf(
    payload,
    plans,
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
  const statement = pageIdsStatement(collection, query, sortColumns(payload, collection))
  return readPublishedList(payload, collection, statement, query)
}

/** How documents are built from rows that show `related` (`buildFields`). */
async function builderFor(
  payload: Payload,
  related: Related,
  { locale, depth }: PublishedRead,
  categoryFields: Field[] = [],
): Promise<Builder> {
  const publicMedia = related.media.size > 0 ? await publicMediaIds(payload) : []
  const { serverURL } = payload.config
  return {
    locale,
    depth,
    related,
    categoryFields,
    publicMedia: new Set(publicMedia),
    hiddenMediaFields: hiddenMediaFields(payload),
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
  plans: Plans,
  rows: Row[],
  fields: Field[],
  read: PublishedRead,
): Promise<PublishedDocuments> {
  const categoryFields = plans.categories?.fields
  const builder = await builderFor(payload, relatedIn(rows, fields), read, categoryFields)
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
