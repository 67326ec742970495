import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The home page's sections (services, proof, closing call to action, the hero's image) and the
 * editable site name. The services' published table notifies the content channel as the other
 * settings tables do (the triggers' functions are the content-change-identity migration's), so
 * publishing the home page refreshes it and its twin (src/globals/tables.ts).
 */
const NOTIFYING_TABLES = { home_services_items: '_parent_id' } as const

const ROW_EVENTS = [
  { event: 'INSERT', name: 'inserted', referencing: 'NEW TABLE AS new_rows' },
  { event: 'UPDATE', name: 'updated', referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' },
  { event: 'DELETE', name: 'deleted', referencing: 'OLD TABLE AS old_rows' },
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "home_services_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"description" varchar
  );
  
  CREATE TABLE "_home_v_version_services_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"description" varchar,
  	"_uuid" varchar
  );
  
  ALTER TABLE "site_settings" ADD COLUMN "site_name" varchar DEFAULT 'Meridian Consulting';
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_site_name" varchar DEFAULT 'Meridian Consulting';
  ALTER TABLE "home" ADD COLUMN "hero_image_id" integer;
  ALTER TABLE "home_locales" ADD COLUMN "services_heading" varchar;
  ALTER TABLE "home_locales" ADD COLUMN "services_intro" varchar;
  ALTER TABLE "home_locales" ADD COLUMN "proof_heading" varchar;
  ALTER TABLE "home_locales" ADD COLUMN "proof_intro" varchar;
  ALTER TABLE "home_locales" ADD COLUMN "closing_heading" varchar;
  ALTER TABLE "home_locales" ADD COLUMN "closing_text" varchar;
  ALTER TABLE "home_locales" ADD COLUMN "closing_cta_label" varchar;
  ALTER TABLE "home_locales" ADD COLUMN "closing_cta_link" varchar;
  ALTER TABLE "_home_v" ADD COLUMN "version_hero_image_id" integer;
  ALTER TABLE "_home_v_locales" ADD COLUMN "version_services_heading" varchar;
  ALTER TABLE "_home_v_locales" ADD COLUMN "version_services_intro" varchar;
  ALTER TABLE "_home_v_locales" ADD COLUMN "version_proof_heading" varchar;
  ALTER TABLE "_home_v_locales" ADD COLUMN "version_proof_intro" varchar;
  ALTER TABLE "_home_v_locales" ADD COLUMN "version_closing_heading" varchar;
  ALTER TABLE "_home_v_locales" ADD COLUMN "version_closing_text" varchar;
  ALTER TABLE "_home_v_locales" ADD COLUMN "version_closing_cta_label" varchar;
  ALTER TABLE "_home_v_locales" ADD COLUMN "version_closing_cta_link" varchar;
  ALTER TABLE "home_services_items" ADD CONSTRAINT "home_services_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_v_version_services_items" ADD CONSTRAINT "_home_v_version_services_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "home_services_items_order_idx" ON "home_services_items" USING btree ("_order");
  CREATE INDEX "home_services_items_parent_id_idx" ON "home_services_items" USING btree ("_parent_id");
  CREATE INDEX "home_services_items_locale_idx" ON "home_services_items" USING btree ("_locale");
  CREATE INDEX "_home_v_version_services_items_order_idx" ON "_home_v_version_services_items" USING btree ("_order");
  CREATE INDEX "_home_v_version_services_items_parent_id_idx" ON "_home_v_version_services_items" USING btree ("_parent_id");
  CREATE INDEX "_home_v_version_services_items_locale_idx" ON "_home_v_version_services_items" USING btree ("_locale");
  ALTER TABLE "home" ADD CONSTRAINT "home_hero_image_id_media_id_fk" FOREIGN KEY ("hero_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_home_v" ADD CONSTRAINT "_home_v_version_hero_image_id_media_id_fk" FOREIGN KEY ("version_hero_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "home_hero_hero_image_idx" ON "home" USING btree ("hero_image_id");
  CREATE INDEX "_home_v_version_hero_version_hero_image_idx" ON "_home_v" USING btree ("version_hero_image_id");`)

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
  // Dropping the tables drops their triggers.
  await db.execute(sql`
   ALTER TABLE "home_services_items" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_home_v_version_services_items" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "home_services_items" CASCADE;
  DROP TABLE "_home_v_version_services_items" CASCADE;
  ALTER TABLE "home" DROP CONSTRAINT "home_hero_image_id_media_id_fk";
  
  ALTER TABLE "_home_v" DROP CONSTRAINT "_home_v_version_hero_image_id_media_id_fk";
  
  DROP INDEX "home_hero_hero_image_idx";
  DROP INDEX "_home_v_version_hero_version_hero_image_idx";
  ALTER TABLE "site_settings" DROP COLUMN "site_name";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_site_name";
  ALTER TABLE "home" DROP COLUMN "hero_image_id";
  ALTER TABLE "home_locales" DROP COLUMN "services_heading";
  ALTER TABLE "home_locales" DROP COLUMN "services_intro";
  ALTER TABLE "home_locales" DROP COLUMN "proof_heading";
  ALTER TABLE "home_locales" DROP COLUMN "proof_intro";
  ALTER TABLE "home_locales" DROP COLUMN "closing_heading";
  ALTER TABLE "home_locales" DROP COLUMN "closing_text";
  ALTER TABLE "home_locales" DROP COLUMN "closing_cta_label";
  ALTER TABLE "home_locales" DROP COLUMN "closing_cta_link";
  ALTER TABLE "_home_v" DROP COLUMN "version_hero_image_id";
  ALTER TABLE "_home_v_locales" DROP COLUMN "version_services_heading";
  ALTER TABLE "_home_v_locales" DROP COLUMN "version_services_intro";
  ALTER TABLE "_home_v_locales" DROP COLUMN "version_proof_heading";
  ALTER TABLE "_home_v_locales" DROP COLUMN "version_proof_intro";
  ALTER TABLE "_home_v_locales" DROP COLUMN "version_closing_heading";
  ALTER TABLE "_home_v_locales" DROP COLUMN "version_closing_text";
  ALTER TABLE "_home_v_locales" DROP COLUMN "version_closing_cta_label";
  ALTER TABLE "_home_v_locales" DROP COLUMN "version_closing_cta_link";`)
}
