import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The agent access global (src/globals/AgentAccess.ts): the site's choice per purpose and the
 * crawler overrides. No drafts, so no version tables. Both tables notify the content channel as
 * the settings tables do (the triggers' functions are the content-change-identity migration's):
 * the change feed advances the policy's own key, `agent-access` (src/cache/invalidation.ts), and
 * every surface stating the policy is dropped from the caches on every instance.
 */
const NOTIFYING_TABLES = {
  agent_access: 'id',
  agent_access_crawlers: '_parent_id',
} as const

const ROW_EVENTS = [
  { event: 'INSERT', name: 'inserted', referencing: 'NEW TABLE AS new_rows' },
  { event: 'UPDATE', name: 'updated', referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' },
  { event: 'DELETE', name: 'deleted', referencing: 'OLD TABLE AS old_rows' },
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_agent_access_crawlers_search" AS ENUM('inherit', 'allow', 'refuse');
  CREATE TYPE "public"."enum_agent_access_crawlers_ai_input" AS ENUM('inherit', 'allow', 'refuse');
  CREATE TYPE "public"."enum_agent_access_crawlers_ai_train" AS ENUM('inherit', 'allow', 'refuse');
  CREATE TABLE "agent_access_crawlers" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"agent" varchar NOT NULL,
  	"search" "enum_agent_access_crawlers_search" DEFAULT 'inherit' NOT NULL,
  	"ai_input" "enum_agent_access_crawlers_ai_input" DEFAULT 'inherit' NOT NULL,
  	"ai_train" "enum_agent_access_crawlers_ai_train" DEFAULT 'inherit' NOT NULL,
  	"refuse_requests" boolean DEFAULT false
  );
  
  CREATE TABLE "agent_access" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"allow_search" boolean DEFAULT true,
  	"allow_ai_input" boolean DEFAULT true,
  	"allow_ai_train" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "agent_access_crawlers" ADD CONSTRAINT "agent_access_crawlers_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."agent_access"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "agent_access_crawlers_order_idx" ON "agent_access_crawlers" USING btree ("_order");
  CREATE INDEX "agent_access_crawlers_parent_id_idx" ON "agent_access_crawlers" USING btree ("_parent_id");`)
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
   DROP TABLE "agent_access_crawlers" CASCADE;
  DROP TABLE "agent_access" CASCADE;
  DROP TYPE "public"."enum_agent_access_crawlers_search";
  DROP TYPE "public"."enum_agent_access_crawlers_ai_input";
  DROP TYPE "public"."enum_agent_access_crawlers_ai_train";`)
}
