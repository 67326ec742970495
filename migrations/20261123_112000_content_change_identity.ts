import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The content-change notification names what changed: `{"table":"posts","ids":[12]}`, the ids of
 * the documents whose rows a statement wrote (a `_locales` or `_rels` row counts for the document
 * its parent id names), so listeners (src/cache/invalidation.ts) advance only what depends on
 * those documents. Still one notification per table and statement, read from the statement's
 * transition tables (one trigger per event: PostgreSQL allows transition tables only on
 * single-event triggers). A statement that wrote no rows notifies nothing. When the ids would not
 * fit in a notification (PostgreSQL's limit is 8000 bytes), and for a TRUNCATE, the payload is
 * `{"table":"posts"}`: every document of the table changed. Listeners also still read the bare
 * table name the earlier trigger sent.
 */
const MAX_PAYLOAD_BYTES = 7_000

/** Content tables and the column naming the document each row belongs to. */
const CONTENT_TABLES = {
  posts: 'id',
  posts_locales: '_parent_id',
  posts_rels: 'parent_id',
  case_studies: 'id',
  case_studies_locales: '_parent_id',
  case_studies_rels: 'parent_id',
  categories: 'id',
  categories_locales: '_parent_id',
  media: 'id',
  media_locales: '_parent_id',
} as const

const ROW_EVENTS = [
  { event: 'INSERT', name: 'inserted', referencing: 'NEW TABLE AS new_rows' },
  { event: 'UPDATE', name: 'updated', referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' },
  { event: 'DELETE', name: 'deleted', referencing: 'OLD TABLE AS old_rows' },
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const table of Object.keys(CONTENT_TABLES))
    await db.execute(sql.raw(`DROP TRIGGER "${table}_content_changed" ON "${table}";`))
  await db.execute(sql`DROP FUNCTION notify_content_changed();`)

  // TG_ARGV[0] is the column naming the document. The ids are read with dynamic SQL, which sees
  // the transition tables as a static query would.
  await db.execute(
    sql.raw(`
  CREATE FUNCTION notify_content_rows() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    changed text;
    ids jsonb;
    payload text;
  BEGIN
    changed := CASE TG_OP
      WHEN 'INSERT' THEN format('SELECT %I AS id FROM new_rows', TG_ARGV[0])
      WHEN 'DELETE' THEN format('SELECT %I AS id FROM old_rows', TG_ARGV[0])
      ELSE format('SELECT %1$I AS id FROM old_rows UNION SELECT %1$I FROM new_rows', TG_ARGV[0])
    END;
    EXECUTE format('SELECT jsonb_agg(DISTINCT id) FROM (%s) AS changed WHERE id IS NOT NULL', changed)
      INTO ids;
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    payload := jsonb_build_object('table', TG_TABLE_NAME, 'ids', ids)::text;
    IF octet_length(payload) > ${MAX_PAYLOAD_BYTES} THEN
      payload := jsonb_build_object('table', TG_TABLE_NAME)::text;
    END IF;
    PERFORM pg_notify('content_changed', payload);
    RETURN NULL;
  END $$;`),
  )
  await db.execute(sql`
  CREATE FUNCTION notify_content_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('content_changed', jsonb_build_object('table', TG_TABLE_NAME)::text);
    RETURN NULL;
  END $$;`)
  for (const [table, idColumn] of Object.entries(CONTENT_TABLES)) {
    for (const { event, name, referencing } of ROW_EVENTS) {
      await db.execute(
        sql.raw(`CREATE TRIGGER "${table}_content_${name}"
  AFTER ${event} ON "${table}" REFERENCING ${referencing}
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_rows('${idColumn}');`),
      )
    }
    await db.execute(
      sql.raw(`CREATE TRIGGER "${table}_content_truncated"
  AFTER TRUNCATE ON "${table}"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_truncated();`),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of Object.keys(CONTENT_TABLES)) {
    for (const { name } of ROW_EVENTS)
      await db.execute(sql.raw(`DROP TRIGGER "${table}_content_${name}" ON "${table}";`))
    await db.execute(sql.raw(`DROP TRIGGER "${table}_content_truncated" ON "${table}";`))
  }
  await db.execute(sql`DROP FUNCTION notify_content_rows();`)
  await db.execute(sql`DROP FUNCTION notify_content_truncated();`)
  // The notification as it was: the table name alone.
  await db.execute(sql`
  CREATE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('content_changed', TG_TABLE_NAME);
    RETURN NULL;
  END $$;`)
  for (const table of Object.keys(CONTENT_TABLES)) {
    await db.execute(
      sql.raw(`CREATE TRIGGER "${table}_content_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();`),
    )
  }
}
