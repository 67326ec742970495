import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The content-change notification says when it was made: `"at"`, seconds since the epoch (with
 * microseconds) by the database's clock as the trigger runs NOTIFY, so each listener can measure
 * how long the change took to reach it and drop what it made stale (the change-feed lag metric,
 * src/metrics/change-feed.ts). Listeners ignore fields they do not know
 * (src/cache/invalidation.ts), so an instance running the previous release reads these as before.
 *
 * The functions keep their names and arguments, so the triggers of every content and settings
 * table (`content_change_identity`, `site_settings`) run the new bodies without being recreated.
 */
const MAX_PAYLOAD_BYTES = 7_000

/** The trigger functions with `at` (`stamped`) or as `content_change_identity` made them. */
function notifyFunctions(stamped: boolean) {
  const at = stamped ? `, 'at', extract(epoch from clock_timestamp())` : ''
  return [
    `
  CREATE OR REPLACE FUNCTION notify_content_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
    payload := jsonb_build_object('table', TG_TABLE_NAME, 'ids', ids${at})::text;
    IF octet_length(payload) > ${MAX_PAYLOAD_BYTES} THEN
      payload := jsonb_build_object('table', TG_TABLE_NAME${at})::text;
    END IF;
    PERFORM pg_notify('content_changed', payload);
    RETURN NULL;
  END $$;`,
    `
  CREATE OR REPLACE FUNCTION notify_content_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('content_changed', jsonb_build_object('table', TG_TABLE_NAME${at})::text);
    RETURN NULL;
  END $$;`,
  ]
}

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const statement of notifyFunctions(true)) await db.execute(sql.raw(statement))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const statement of notifyFunctions(false)) await db.execute(sql.raw(statement))
}
