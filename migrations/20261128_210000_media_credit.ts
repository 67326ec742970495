import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * A file's credit (src/media/credit.ts): who made the picture and its licence, one text for every
 * language, so a column of `media` itself rather than of `media_locales`. The check holds the
 * field's bound (MEDIA_CREDIT_MAX_LENGTH). Files stored before have none; the seed fills in the
 * shipped pictures' on its next run.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "media" ADD COLUMN "credit" varchar
    CONSTRAINT "media_credit_length" CHECK (char_length("credit") <= 200);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "media" DROP COLUMN "credit";`)
}
