import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Where an inquiry came from (src/inquiries/source.ts): a summary for the inbox's list and filter,
 * the client, the site's page the form was sent from and the external site's host. Internal, in
 * the inquiries' own table, which only editors read. The checks hold the writer to its bounds
 * (SOURCE_LIMITS, counted in characters as `char_length` counts them): a bug cannot store long
 * text here. Inquiries stored before have no source.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "inquiries" ADD COLUMN "source" varchar
    CONSTRAINT "inquiries_source_length" CHECK (char_length("source") <= 640);
  ALTER TABLE "inquiries" ADD COLUMN "source_client" varchar
    CONSTRAINT "inquiries_source_client_length" CHECK (char_length("source_client") <= 64);
  ALTER TABLE "inquiries" ADD COLUMN "source_page" varchar
    CONSTRAINT "inquiries_source_page_length" CHECK (char_length("source_page") <= 256);
  ALTER TABLE "inquiries" ADD COLUMN "source_site" varchar
    CONSTRAINT "inquiries_source_site_length" CHECK (char_length("source_site") <= 253);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "inquiries" DROP COLUMN "source";
  ALTER TABLE "inquiries" DROP COLUMN "source_client";
  ALTER TABLE "inquiries" DROP COLUMN "source_page";
  ALTER TABLE "inquiries" DROP COLUMN "source_site";`)
}
