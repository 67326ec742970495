import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/** The audit log's action for renewed two-factor recovery codes. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_audit_log_action" ADD VALUE IF NOT EXISTS 'user.recovery_codes_renew';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "audit_log" WHERE "action" = 'user.recovery_codes_renew';
  ALTER TYPE "public"."enum_audit_log_action" RENAME TO "enum_audit_log_action_old";
  CREATE TYPE "public"."enum_audit_log_action" AS ENUM('auth.sign_in', 'auth.sign_in_failed', 'document.publish', 'document.unpublish', 'document.restore', 'document.delete', 'settings.publish', 'settings.restore', 'redirect.create', 'redirect.update', 'redirect.delete', 'user.create', 'user.role_change', 'user.delete', 'user.api_key_create', 'user.api_key_revoke', 'user.two_factor_enable', 'user.two_factor_disable', 'auth.recovery_code_used', 'inquiry.status_change', 'inquiry.delete', 'inquiry.export');
  ALTER TABLE "audit_log" ALTER COLUMN "action" TYPE "public"."enum_audit_log_action"
    USING "action"::text::"public"."enum_audit_log_action";
  DROP TYPE "public"."enum_audit_log_action_old";`)
}
