import { sql } from '@payloadcms/db-postgres'

/**
 * A collection's tables as Payload's PostgreSQL adapter names them: the slug in snake case
 * (`case-studies` → `case_studies`), with `_locales` (its translated fields) and `_rels` (its
 * relationships) beside it. For the few reads and notifications written in SQL.
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
