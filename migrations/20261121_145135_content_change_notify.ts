import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "_status_publishedAt_idx" ON "posts" USING btree ("_status","published_at");
  CREATE INDEX "version__status_version_publishedAt_idx" ON "_posts_v" USING btree ("version__status","version_published_at");
  CREATE INDEX "_status_publishedAt_1_idx" ON "case_studies" USING btree ("_status","published_at");
  CREATE INDEX "version__status_version_publishedAt_1_idx" ON "_case_studies_v" USING btree ("version__status","version_published_at");`)

  // Every committed change to what the public can see notifies the channel the response caches
  // of all instances listen on (src/cache/invalidation.ts). Statement-level: one notification per
  // table and transaction, however many rows. Version tables are left out: a draft saved over a
  // published document changes nothing public until it is published (which writes these tables).
  await db.execute(sql`
  CREATE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('content_changed', TG_TABLE_NAME);
    RETURN NULL;
  END $$;`)
  for (const table of CONTENT_TABLES) {
    await db.execute(
      sql.raw(`CREATE TRIGGER "${table}_content_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();`),
    )
  }
}

const CONTENT_TABLES = [
  'posts',
  'posts_locales',
  'posts_rels',
  'case_studies',
  'case_studies_locales',
  'case_studies_rels',
  'categories',
  'categories_locales',
  'media',
  'media_locales',
]

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "_status_publishedAt_idx";
  DROP INDEX "version__status_version_publishedAt_idx";
  DROP INDEX "_status_publishedAt_1_idx";
  DROP INDEX "version__status_version_publishedAt_1_idx";`)
  for (const table of CONTENT_TABLES) {
    await db.execute(sql.raw(`DROP TRIGGER "${table}_content_changed" ON "${table}";`))
  }
  await db.execute(sql`DROP FUNCTION notify_content_changed();`)
}
