import { sql } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'

/**
 * An integer written into a statement's text instead of sent as a value: a page's limit and
 * offset. PostgreSQL keeps one plan for a prepared statement only when the plan it makes without
 * the values costs no more than those it made with them, and not knowing a limit or an offset it
 * prices the page as a tenth of the rows: it planned such statements anew on every execution,
 * which cost several times their execution. Written in, each page is a text of its own, prepared
 * once it is sent again (src/lib/prepared-statements.ts).
 */
export function integerLiteral(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`)
  return sql.raw(String(value))
}
