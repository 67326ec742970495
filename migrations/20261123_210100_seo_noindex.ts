import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * "Hide from search engines" (`meta.noindex`, src/fields/seo.ts) on posts and case studies and
 * their versions. The SEO plugin's other fields keep the columns `meta` already had. The change
 * feed needs nothing new: the column is in the collections' own tables.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "posts" ADD COLUMN "meta_noindex" boolean DEFAULT false;
  ALTER TABLE "_posts_v" ADD COLUMN "version_meta_noindex" boolean DEFAULT false;
  ALTER TABLE "case_studies" ADD COLUMN "meta_noindex" boolean DEFAULT false;
  ALTER TABLE "_case_studies_v" ADD COLUMN "version_meta_noindex" boolean DEFAULT false;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "posts" DROP COLUMN "meta_noindex";
  ALTER TABLE "_posts_v" DROP COLUMN "version_meta_noindex";
  ALTER TABLE "case_studies" DROP COLUMN "meta_noindex";
  ALTER TABLE "_case_studies_v" DROP COLUMN "version_meta_noindex";`)
}
