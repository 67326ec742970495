import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * A credit's link (src/media/credit.ts): the picture's source page or its licence, which the
 * credit under the picture links to. One for every language, so a column of `media` itself, as
 * the credit is. The check holds what the field's validation allows at the least (an http(s) URL
 * within MEDIA_CREDIT_URL_MAX_LENGTH), so no write beside Payload stores a `javascript:` link.
 * Files stored before have none; the seed fills in the shipped pictures' on its next run.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "media" ADD COLUMN "credit_url" varchar
    CONSTRAINT "media_credit_url_form" CHECK (
      char_length("credit_url") <= 2000 AND "credit_url" ~* '^https?://[^/?#[:space:]]');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "media" DROP COLUMN "credit_url";`)
}
