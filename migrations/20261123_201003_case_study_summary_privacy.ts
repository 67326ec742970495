import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Case studies get their summary (challenge, solution, key results) and the `featured` switch;
 * the privacy page becomes a settings global. Its published tables and the case studies' results
 * table notify the content channel as the other content and settings tables do (the triggers'
 * functions are the content-change-identity migration's), so a publish refreshes the pages.
 */
const NOTIFYING_TABLES = {
  case_studies_results: '_parent_id',
  privacy_page: 'id',
  privacy_page_locales: '_parent_id',
} as const

const ROW_EVENTS = [
  { event: 'INSERT', name: 'inserted', referencing: 'NEW TABLE AS new_rows' },
  { event: 'UPDATE', name: 'updated', referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' },
  { event: 'DELETE', name: 'deleted', referencing: 'OLD TABLE AS old_rows' },
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_privacy_page_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__privacy_page_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__privacy_page_v_published_locale" AS ENUM('en', 'es');
  CREATE TABLE "case_studies_results" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"value" varchar,
  	"label" varchar
  );
  CREATE TABLE "_case_studies_v_version_results" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"value" varchar,
  	"label" varchar,
  	"_uuid" varchar
  );
  CREATE TABLE "privacy_page" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"_status" "enum_privacy_page_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  CREATE TABLE "privacy_page_locales" (
  	"title" varchar,
  	"body" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  CREATE TABLE "_privacy_page_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version__status" "enum__privacy_page_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"snapshot" boolean,
  	"published_locale" "enum__privacy_page_v_published_locale",
  	"latest" boolean
  );
  CREATE TABLE "_privacy_page_v_locales" (
  	"version_title" varchar,
  	"version_body" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  ALTER TABLE "case_studies" ADD COLUMN "featured" boolean DEFAULT false;
  ALTER TABLE "case_studies_locales" ADD COLUMN "challenge" varchar;
  ALTER TABLE "case_studies_locales" ADD COLUMN "solution" varchar;
  ALTER TABLE "_case_studies_v" ADD COLUMN "version_featured" boolean DEFAULT false;
  ALTER TABLE "_case_studies_v_locales" ADD COLUMN "version_challenge" varchar;
  ALTER TABLE "_case_studies_v_locales" ADD COLUMN "version_solution" varchar;
  ALTER TABLE "case_studies_results" ADD CONSTRAINT "case_studies_results_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."case_studies"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_case_studies_v_version_results" ADD CONSTRAINT "_case_studies_v_version_results_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_case_studies_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "privacy_page_locales" ADD CONSTRAINT "privacy_page_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."privacy_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_privacy_page_v_locales" ADD CONSTRAINT "_privacy_page_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_privacy_page_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "case_studies_results_order_idx" ON "case_studies_results" USING btree ("_order");
  CREATE INDEX "case_studies_results_parent_id_idx" ON "case_studies_results" USING btree ("_parent_id");
  CREATE INDEX "case_studies_results_locale_idx" ON "case_studies_results" USING btree ("_locale");
  CREATE INDEX "_case_studies_v_version_results_order_idx" ON "_case_studies_v_version_results" USING btree ("_order");
  CREATE INDEX "_case_studies_v_version_results_parent_id_idx" ON "_case_studies_v_version_results" USING btree ("_parent_id");
  CREATE INDEX "_case_studies_v_version_results_locale_idx" ON "_case_studies_v_version_results" USING btree ("_locale");
  CREATE INDEX "privacy_page__status_idx" ON "privacy_page" USING btree ("_status");
  CREATE UNIQUE INDEX "privacy_page_locales_locale_parent_id_unique" ON "privacy_page_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_privacy_page_v_version_version__status_idx" ON "_privacy_page_v" USING btree ("version__status");
  CREATE INDEX "_privacy_page_v_created_at_idx" ON "_privacy_page_v" USING btree ("created_at");
  CREATE INDEX "_privacy_page_v_updated_at_idx" ON "_privacy_page_v" USING btree ("updated_at");
  CREATE INDEX "_privacy_page_v_snapshot_idx" ON "_privacy_page_v" USING btree ("snapshot");
  CREATE INDEX "_privacy_page_v_published_locale_idx" ON "_privacy_page_v" USING btree ("published_locale");
  CREATE INDEX "_privacy_page_v_latest_idx" ON "_privacy_page_v" USING btree ("latest");
  CREATE UNIQUE INDEX "_privacy_page_v_locales_locale_parent_id_unique" ON "_privacy_page_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "case_studies_featured_idx" ON "case_studies" USING btree ("featured");
  CREATE INDEX "_case_studies_v_version_version_featured_idx" ON "_case_studies_v" USING btree ("version_featured");`)
  for (const [table, idColumn] of Object.entries(NOTIFYING_TABLES)) {
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
  for (const table of Object.keys(NOTIFYING_TABLES)) {
    for (const { name } of ROW_EVENTS)
      await db.execute(sql.raw(`DROP TRIGGER "${table}_content_${name}" ON "${table}";`))
    await db.execute(sql.raw(`DROP TRIGGER "${table}_content_truncated" ON "${table}";`))
  }
  await db.execute(sql`
  DROP TABLE "case_studies_results" CASCADE;
  DROP TABLE "_case_studies_v_version_results" CASCADE;
  DROP TABLE "privacy_page" CASCADE;
  DROP TABLE "privacy_page_locales" CASCADE;
  DROP TABLE "_privacy_page_v" CASCADE;
  DROP TABLE "_privacy_page_v_locales" CASCADE;
  DROP INDEX "case_studies_featured_idx";
  DROP INDEX "_case_studies_v_version_version_featured_idx";
  ALTER TABLE "case_studies" DROP COLUMN "featured";
  ALTER TABLE "case_studies_locales" DROP COLUMN "challenge";
  ALTER TABLE "case_studies_locales" DROP COLUMN "solution";
  ALTER TABLE "_case_studies_v" DROP COLUMN "version_featured";
  ALTER TABLE "_case_studies_v_locales" DROP COLUMN "version_challenge";
  ALTER TABLE "_case_studies_v_locales" DROP COLUMN "version_solution";
  DROP TYPE "public"."enum_privacy_page_status";
  DROP TYPE "public"."enum__privacy_page_v_version_status";
  DROP TYPE "public"."enum__privacy_page_v_published_locale";`)
}
