import { sql } from '@payloadcms/db-postgres'
import { getTableColumns, getTableName, type Table } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'

/**
 * A collection's tables as Payload's PostgreSQL adapter names them by default: the slug in snake
 * case (`case-studies` → `case_studies`), with `_locales` (its translated fields) and `_rels` (its
 * relationships) beside it. For the statements written in SQL without Payload at hand (the
 * site's listing statements, the change feed's triggers' names); reads that have Payload take
 * the names from its schema (`collectionSchema`).
 */
export function collectionTables(collection: string) {
  const name = collection.replaceAll('-', '_')
  return {
    name,
    table: sql.identifier(name),
    locales: sql.identifier(`${name}_locales`),
    rels: sql.identifier(`${name}_rels`),
  }
}

/** One table of Payload's schema: its name, and its columns' names by field (`publishedAt`). */
export interface SchemaTable {
  name: string
  columns: ReadonlyMap<string, string>
}

/**
 * A collection's tables as Payload's adapter built them (`payload.db.tables`, drizzle tables
 * keyed by name, whose columns are keyed by the field they hold): the document's own, its
 * translations', its relationships' and each array's (by the array's field name).
 */
export interface CollectionSchema {
  table: SchemaTable
  locales?: SchemaTable
  rels?: SchemaTable
  arrays: ReadonlyMap<string, SchemaTable>
}

/** What `collectionSchema` reads of Payload's PostgreSQL adapter. */
interface DrizzleSchema {
  tables?: Record<string, Table>
  /** The name each table has (a `dbName`), by the name Payload gives it by default. */
  tableNameMap?: Map<string, string>
  /** Each table's relations to others, by field: arrays', `_locales` and `_rels`. */
  rawRelations?: Record<string, Record<string, { type: string; to?: string }>>
  localesSuffix?: string
  relationshipsSuffix?: string
}

function schemaTable(tables: Record<string, Table>, name: string | undefined) {
  const table = name === undefined ? undefined : tables[name]
  if (table === undefined) return undefined
  const columns = new Map(
    Object.entries(getTableColumns(table)).map(([field, column]) => [field, column.name]),
  )
  return { name: getTableName(table), columns }
}

const schemas = new WeakMap<object, Map<string, CollectionSchema | null>>()

/**
 * The tables of `collection` in the schema Payload built (null when it has none, or the
 * adapter is not one that describes its tables), read once per Payload instance.
 */
export function collectionSchema(payload: Payload, collection: string): CollectionSchema | null {
  const db = payload.db as unknown as DrizzleSchema
  let known = schemas.get(db)
  if (known === undefined) schemas.set(db, (known = new Map()))
  if (known.has(collection)) return known.get(collection)!
  const schema = readSchema(db, collection)
  known.set(collection, schema)
  return schema
}

function readSchema(db: DrizzleSchema, collection: string): CollectionSchema | null {
  const { tables, tableNameMap, rawRelations } = db
  if (!tables) return null
  const defaultName = collectionTables(collection).name
  const name = tableNameMap?.get(defaultName) ?? defaultName
  const table = schemaTable(tables, name)
  if (!table) return null
  const arrays = new Map<string, SchemaTable>()
  for (const [field, relation] of Object.entries(rawRelations?.[name] ?? {})) {
    if (relation.type !== 'many' || field.startsWith('_')) continue
    const array = schemaTable(tables, relation.to)
    if (array) arrays.set(field, array)
  }
  return {
    table,
    locales: schemaTable(tables, `${name}${db.localesSuffix ?? '_locales'}`),
    rels: schemaTable(tables, `${name}${db.relationshipsSuffix ?? '_rels'}`),
    arrays,
  }
}
