import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Which late or failed scheduled publishes were reported (src/scheduling/monitor.ts): one row per
 * job and state, inserted by the instance that sends the alert, so every instance running the
 * monitor reports each problem once. Not a Payload collection; a job's rows go with it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "schedule_alerts" (
    "job_id" integer NOT NULL REFERENCES "payload_jobs"("id") ON DELETE CASCADE,
    "state" varchar NOT NULL CONSTRAINT "schedule_alerts_state" CHECK ("state" IN ('late', 'failed')),
    "alerted_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY ("job_id", "state")
  );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "schedule_alerts";`)
}
