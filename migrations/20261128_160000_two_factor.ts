import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Two-factor sign-in (src/two-factor/): on the accounts, whether it is on (a mirror); each
 * account's credential in a table of its own (sealed TOTP secret and one being confirmed, the last
 * time step used for replay protection, the recovery codes' digests); the admins' security
 * settings (one global, no drafts); three audit actions.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false;
  CREATE TABLE "two_factor_credentials" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"account" numeric NOT NULL,
  	"secret" varchar,
  	"pending_secret" varchar,
  	"last_step" numeric,
  	"recovery_codes" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE UNIQUE INDEX "two_factor_credentials_account_idx" ON "two_factor_credentials" USING btree ("account");
  CREATE INDEX "two_factor_credentials_updated_at_idx" ON "two_factor_credentials" USING btree ("updated_at");
  CREATE INDEX "two_factor_credentials_created_at_idx" ON "two_factor_credentials" USING btree ("created_at");
  CREATE TABLE "security_settings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"require_two_factor" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  ALTER TYPE "public"."enum_audit_log_action" ADD VALUE IF NOT EXISTS 'user.two_factor_enable';
  ALTER TYPE "public"."enum_audit_log_action" ADD VALUE IF NOT EXISTS 'user.two_factor_disable';
  ALTER TYPE "public"."enum_audit_log_action" ADD VALUE IF NOT EXISTS 'auth.recovery_code_used';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "users" DROP COLUMN "two_factor_enabled";
  DROP TABLE "two_factor_credentials" CASCADE;
  DROP TABLE "security_settings" CASCADE;
  DELETE FROM "audit_log"
    WHERE "action" IN ('user.two_factor_enable', 'user.two_factor_disable', 'auth.recovery_code_used');
  ALTER TYPE "public"."enum_audit_log_action" RENAME TO "enum_audit_log_action_old";
  CREATE TYPE "public"."enum_audit_log_action" AS ENUM('auth.sign_in', 'auth.sign_in_failed', 'document.publish', 'document.unpublish', 'document.restore', 'document.delete', 'settings.publish', 'settings.restore', 'redirect.create', 'redirect.update', 'redirect.delete', 'user.create', 'user.role_change', 'user.delete', 'user.api_key_create', 'user.api_key_revoke', 'inquiry.status_change', 'inquiry.delete', 'inquiry.export');
  ALTER TABLE "audit_log" ALTER COLUMN "action" TYPE "public"."enum_audit_log_action"
    USING "action"::text::"public"."enum_audit_log_action";
  DROP TYPE "public"."enum_audit_log_action_old";`)
}
