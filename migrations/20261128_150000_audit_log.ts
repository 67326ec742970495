import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The audit log (src/audit/): the `audit-log` collection's table, as Payload generates it, and
 * what holds it to being a log beyond Payload's access rules:
 * - checks that bound every text to the entry builder's limits (src/audit/entry.ts,
 *   AUDIT_LIMITS): no bug stores long text here;
 * - a trigger that refuses every UPDATE: an entry, once written, is never changed, by Payload or
 *   anyone with SQL. Deleting stays possible: the retention (src/audit/prune.ts) deletes.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_audit_log_action" AS ENUM('auth.sign_in', 'auth.sign_in_failed', 'document.publish', 'document.unpublish', 'document.restore', 'document.delete', 'settings.publish', 'settings.restore', 'redirect.create', 'redirect.update', 'redirect.delete', 'user.create', 'user.role_change', 'user.delete', 'user.api_key_create', 'user.api_key_revoke', 'inquiry.status_change', 'inquiry.delete', 'inquiry.export');
  CREATE TYPE "public"."enum_audit_log_actor_type" AS ENUM('user', 'system', 'anonymous');
  CREATE TYPE "public"."enum_audit_log_locale" AS ENUM('en', 'es');
  CREATE TABLE "audit_log" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"action" "enum_audit_log_action" NOT NULL,
  	"actor_type" "enum_audit_log_actor_type" NOT NULL,
  	"actor_email" varchar,
  	"actor_id" numeric,
  	"target" varchar NOT NULL,
  	"target_id" varchar,
  	"target_title" varchar,
  	"locale" "enum_audit_log_locale",
  	"client_address" varchar,
  	"detail" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");
  CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree ("actor_email");
  CREATE INDEX "audit_log_updated_at_idx" ON "audit_log" USING btree ("updated_at");
  CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");
  CREATE INDEX "target_targetId_idx" ON "audit_log" USING btree ("target","target_id");`)
  await db.execute(sql`
  ALTER TABLE "audit_log"
    ADD CONSTRAINT "audit_log_bounded" CHECK (
      char_length("actor_email") <= 200
      AND char_length("target") <= 64
      AND char_length("target_id") <= 64
      AND char_length("target_title") <= 200
      AND char_length("client_address") <= 45
      AND char_length("detail"::text) <= 4096);
  CREATE FUNCTION "audit_log_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'audit log entries are never changed' USING ERRCODE = 'insufficient_privilege';
  END
  $$;
  CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE ON "audit_log"
    FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_update"();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "audit_log_append_only" ON "audit_log";
  DROP FUNCTION IF EXISTS "audit_log_refuse_update"();`)
  await db.execute(sql`
   ALTER TABLE "audit_log" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "audit_log" CASCADE;
  DROP TYPE "public"."enum_audit_log_action";
  DROP TYPE "public"."enum_audit_log_actor_type";
  DROP TYPE "public"."enum_audit_log_locale";`)
}
