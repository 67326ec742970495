import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Webhooks (src/webhooks/). The `webhook-endpoints` collection's tables, as Payload generates them,
 * and the project's own outbox beside them (never written through Payload):
 * - `webhook_deliveries`: one row per event and endpoint, stored in the transaction of the write
 *   that made the event; its message id (`webhook_id`) and body are fixed for every attempt.
 *   Two partial indexes serve the worker's claim: due rows in time order, and the earlier
 *   unsettled rows of the same endpoint and ordering key (one document's events go in order).
 * - `webhook_endpoint_health`: each endpoint's run of failed attempts, counted atomically.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_webhook_endpoints_events" AS ENUM('document.published', 'document.unpublished', 'document.deleted', 'inquiry.received', 'redirect.created', 'settings.published');
  CREATE TYPE "public"."enum_webhook_endpoints_collections" AS ENUM('posts', 'case-studies');
  CREATE TYPE "public"."enum_webhook_endpoints_languages" AS ENUM('en', 'es');
  CREATE TABLE "webhook_endpoints_events" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_webhook_endpoints_events",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "webhook_endpoints_collections" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_webhook_endpoints_collections",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "webhook_endpoints_languages" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_webhook_endpoints_languages",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "webhook_endpoints" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"url" varchar NOT NULL,
  	"include_content" boolean DEFAULT false,
  	"enabled" boolean DEFAULT true,
  	"secret" varchar,
  	"previous_secret" varchar,
  	"previous_secret_expires_at" timestamp(3) with time zone,
  	"disabled_reason" varchar,
  	"disabled_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_endpoints_id" integer;
  ALTER TABLE "webhook_endpoints_events" ADD CONSTRAINT "webhook_endpoints_events_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhook_endpoints_collections" ADD CONSTRAINT "webhook_endpoints_collections_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhook_endpoints_languages" ADD CONSTRAINT "webhook_endpoints_languages_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "webhook_endpoints_events_order_idx" ON "webhook_endpoints_events" USING btree ("order");
  CREATE INDEX "webhook_endpoints_events_parent_idx" ON "webhook_endpoints_events" USING btree ("parent_id");
  CREATE INDEX "webhook_endpoints_collections_order_idx" ON "webhook_endpoints_collections" USING btree ("order");
  CREATE INDEX "webhook_endpoints_collections_parent_idx" ON "webhook_endpoints_collections" USING btree ("parent_id");
  CREATE INDEX "webhook_endpoints_languages_order_idx" ON "webhook_endpoints_languages" USING btree ("order");
  CREATE INDEX "webhook_endpoints_languages_parent_idx" ON "webhook_endpoints_languages" USING btree ("parent_id");
  CREATE INDEX "webhook_endpoints_updated_at_idx" ON "webhook_endpoints" USING btree ("updated_at");
  CREATE INDEX "webhook_endpoints_created_at_idx" ON "webhook_endpoints" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_endpoints_fk" FOREIGN KEY ("webhook_endpoints_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_webhook_endpoints_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_endpoints_id");`)
  await db.execute(sql`
  CREATE TABLE "webhook_deliveries" (
    "id" bigserial PRIMARY KEY,
    "webhook_id" text NOT NULL UNIQUE,
    "endpoint_id" integer NOT NULL,
    "event_type" text NOT NULL,
    "ordering_key" text NOT NULL,
    "body" text NOT NULL,
    "status" text NOT NULL DEFAULT 'pending'
      CHECK ("status" IN ('pending', 'sending', 'delivered', 'failed', 'held')),
    "attempts" integer NOT NULL DEFAULT 0,
    "next_attempt_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    "lease_until" timestamp(3) with time zone,
    "last_attempt_at" timestamp(3) with time zone,
    "last_status_code" integer,
    "last_latency_ms" integer,
    "last_error" text,
    "delivered_at" timestamp(3) with time zone,
    "created_at" timestamp(3) with time zone NOT NULL DEFAULT now()
  );
  CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at", "id")
    WHERE "status" IN ('pending', 'sending');
  CREATE INDEX "webhook_deliveries_order_idx"
    ON "webhook_deliveries" ("endpoint_id", "ordering_key", "id")
    WHERE "status" IN ('pending', 'sending', 'held');
  CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "id");
  CREATE INDEX "webhook_deliveries_settled_idx" ON "webhook_deliveries" ("created_at")
    WHERE "status" IN ('delivered', 'failed');
  CREATE TABLE "webhook_endpoint_health" (
    "endpoint_id" integer PRIMARY KEY,
    "failure_streak" integer NOT NULL DEFAULT 0,
    "last_success_at" timestamp(3) with time zone,
    "last_failure_at" timestamp(3) with time zone
  );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "webhook_endpoint_health";
  DROP TABLE "webhook_deliveries";`)
  await db.execute(sql`
   ALTER TABLE "webhook_endpoints_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_endpoints_collections" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_endpoints_languages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_endpoints" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhook_endpoints_events" CASCADE;
  DROP TABLE "webhook_endpoints_collections" CASCADE;
  DROP TABLE "webhook_endpoints_languages" CASCADE;
  DROP TABLE "webhook_endpoints" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhook_endpoints_fk";
  
  DROP INDEX "payload_locked_documents_rels_webhook_endpoints_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhook_endpoints_id";
  DROP TYPE "public"."enum_webhook_endpoints_events";
  DROP TYPE "public"."enum_webhook_endpoints_collections";
  DROP TYPE "public"."enum_webhook_endpoints_languages";`)
}
