import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { processSingleton } from '@/lib/process-singleton'

import { eventBody, subscribes, type WebhookEvent } from './events'
import { newMessageId } from './signing'

/*
 * The webhook outbox: the project's own tables (migrations/20261128_100000_webhooks.ts), never
 * Payload's. One row per event and endpoint, stored in the transaction of the write that made
 * the event, so an event is sent exactly when its write committed. A row keeps its message id
 * (`webhook_id`) and body for every attempt.
 *
 * Status: `pending` (waiting for its next attempt), `sending` (claimed by an instance until
 * `lease_until`; past it, another instance takes it over), `delivered`, `failed` (given up after
 * the retry schedule), `held` (its endpoint is disabled; released when it is enabled again).
 *
 * Order: a row is not attempted while an earlier row of the same endpoint and ordering key (one
 * document's events) is pending, sending or held. Claims use FOR UPDATE SKIP LOCKED, so the
 * instances share the work and never attempt one row at once.
 */

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'held'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** Delivered and failed rows are kept this long for the delivery log, then deleted. */
export const DELIVERY_LOG_RETENTION_DAYS = 30

/** The longest error text kept on a row. */
export const ERROR_MAX_CHARS = 500

function pool(payload: Payload) {
  return (payload.db as unknown as PostgresAdapter).pool
}

/** The database connection of the request's transaction, or null outside one. */
async function transactionOf(req: PayloadRequest) {
  const adapter = req.payload.db as unknown as PostgresAdapter
  const transaction = req.transactionID ? await req.transactionID : undefined
  return (transaction !== undefined && adapter.sessions[transaction]?.db) || null
}

/** Told whenever rows are stored outside a transaction, so the worker sends them now. */
export function webhooksEnqueued(): EventTarget {
  return processSingleton('webhooks-enqueued', () => new EventTarget())
}

/** An endpoint as the outbox needs it. */
export interface EndpointTarget {
  id: number
  enabled: boolean
  includeContent: boolean
  events: string[]
  collections: string[]
  locales: string[]
}

export interface NewDelivery {
  endpointId: number
  event: WebhookEvent
  body: string
}

/** The rows `events` make for `endpoints`: one per subscribed endpoint and event. */
export function deliveriesFor(
  events: readonly WebhookEvent[],
  endpoints: readonly EndpointTarget[],
  occurredAt: Date,
): NewDelivery[] {
  return events.flatMap((event) =>
    endpoints
      .filter((endpoint) => endpoint.enabled && subscribes(endpoint, event))
      .map((endpoint) => ({
        endpointId: endpoint.id,
        event,
        body: eventBody(event, endpoint.includeContent, occurredAt),
      })),
  )
}

/**
 * Stores deliveries in the request's transaction (with the write that made them), or at once
 * outside one. Returns their message ids.
 */
export async function storeDeliveries(
  req: PayloadRequest,
  deliveries: readonly NewDelivery[],
): Promise<string[]> {
  if (deliveries.length === 0) return []
  const ids = deliveries.map(() => newMessageId())
  const rows = deliveries.map(
    (delivery, index) =>
      sql`(${ids[index]}, ${delivery.endpointId}, ${delivery.event.type}, ${delivery.event.orderingKey}, ${delivery.body})`,
  )
  const statement = sql`insert into webhook_deliveries
    (webhook_id, endpoint_id, event_type, ordering_key, body) values ${sql.join(rows, sql`, `)}`
  const transaction = await transactionOf(req)
  if (transaction) {
    await transaction.execute(statement)
  } else {
    await (req.payload.db as unknown as PostgresAdapter).drizzle.execute(statement)
    webhooksEnqueued().dispatchEvent(new Event('enqueued'))
  }
  return ids
}

/** A claimed delivery: what one attempt needs. */
export interface ClaimedDelivery {
  id: number
  webhookId: string
  endpointId: number
  eventType: string
  body: string
  /** This attempt's number (1 for the first); also the claim's fencing token. */
  attempts: number
}

/** Claims the next due delivery whose earlier ones (same endpoint and key) are all settled. */
export async function claimNextDelivery(
  payload: Payload,
  leaseMs: number,
): Promise<ClaimedDelivery | null> {
  const { rows } = await pool(payload).query<ClaimedDelivery>(
    `update webhook_deliveries set status = 'sending', attempts = attempts + 1,
            lease_until = now() + $1 * interval '1 millisecond', last_attempt_at = now()
      where id = (
        select c.id from webhook_deliveries c
         where ((c.status = 'pending' and c.next_attempt_at <= now())
             or (c.status = 'sending' and c.lease_until < now()))
           and not exists (
             select 1 from webhook_deliveries e
              where e.endpoint_id = c.endpoint_id and e.ordering_key = c.ordering_key
                and e.id < c.id and e.status in ('pending', 'sending', 'held'))
         order by c.next_attempt_at, c.id
         limit 1
         for update skip locked)
      returning id::int as id, webhook_id as "webhookId", endpoint_id as "endpointId",
                event_type as "eventType", body, attempts`,
    [leaseMs],
  )
  return rows[0] ?? null
}

export interface AttemptRecord {
  ok: boolean
  status: number | null
  latencyMs: number
  error: string | null
}

/**
 * Records an attempt's outcome on the row it claimed, unless the claim was lost meanwhile (the
 * row taken over after its lease): `attempts` is the claim's fencing token.
 */
export async function recordAttempt(
  payload: Payload,
  delivery: ClaimedDelivery,
  outcome: AttemptRecord,
  next: { giveUp: boolean; retryInMs: number },
): Promise<void> {
  const status: DeliveryStatus = outcome.ok ? 'delivered' : next.giveUp ? 'failed' : 'pending'
  await pool(payload).query(
    `update webhook_deliveries
        set status = $3, lease_until = null, last_status_code = $4, last_latency_ms = $5,
            last_error = $6,
            delivered_at = case when $3 = 'delivered' then now() else delivered_at end,
            next_attempt_at = case when $3 = 'pending'
                                   then now() + $7 * interval '1 millisecond'
                                   else next_attempt_at end
      where id = $1 and status = 'sending' and attempts = $2`,
    [
      delivery.id,
      delivery.attempts,
      status,
      outcome.status,
      outcome.latencyMs,
      outcome.error?.slice(0, ERROR_MAX_CHARS) ?? null,
      next.retryInMs,
    ],
  )
}

/**
 * An endpoint's failure streak after an attempt: reset by a success, one longer after a failure.
 * Atomic, so of several instances failing at once exactly one sees each length.
 */
export async function updateFailureStreak(
  payload: Payload,
  endpointId: number,
  ok: boolean,
): Promise<number> {
  const { rows } = await pool(payload).query<{ failure_streak: number }>(
    ok
      ? `insert into webhook_endpoint_health (endpoint_id, failure_streak, last_success_at)
         values ($1, 0, now())
         on conflict (endpoint_id) do update set failure_streak = 0, last_success_at = now()
         returning failure_streak`
      : `insert into webhook_endpoint_health (endpoint_id, failure_streak, last_failure_at)
         values ($1, 1, now())
         on conflict (endpoint_id) do update
           set failure_streak = webhook_endpoint_health.failure_streak + 1, last_failure_at = now()
         returning failure_streak`,
    [endpointId],
  )
  return rows[0]?.failure_streak ?? 0
}

/**
 * A claimed row whose endpoint is disabled goes back without counting as an attempt, held with
 * the endpoint's other waiting rows until it is enabled again.
 */
export async function holdEndpointDeliveries(
  payload: Payload,
  delivery: ClaimedDelivery,
): Promise<void> {
  await pool(payload).query(
    `update webhook_deliveries
        set status = 'held', lease_until = null,
            attempts = case when id = $2 then attempts - 1 else attempts end
      where endpoint_id = $1 and (status = 'pending' or (id = $2 and status = 'sending'))
        and event_type <> 'webhook.test'`,
    [delivery.endpointId, delivery.id],
  )
}

/** A row whose endpoint no longer exists: given up, with the reason. */
export async function abandonDelivery(
  payload: Payload,
  delivery: ClaimedDelivery,
  reason: string,
): Promise<void> {
  await pool(payload).query(
    `update webhook_deliveries set status = 'failed', lease_until = null, last_error = $2
      where id = $1 and status = 'sending'`,
    [delivery.id, reason],
  )
}

/** The connection a write of `req` uses: its transaction's, else Payload's. */
async function writerOf(req: PayloadRequest) {
  return (await transactionOf(req)) ?? (req.payload.db as unknown as PostgresAdapter).drizzle
}

/** An endpoint enabled again: its held deliveries resume, its failure streak starts over. */
export async function releaseEndpoint(req: PayloadRequest, endpointId: number): Promise<void> {
  const db = await writerOf(req)
  await db.execute(sql`update webhook_deliveries set status = 'pending', next_attempt_at = now()
    where endpoint_id = ${endpointId} and status = 'held'`)
  await db.execute(sql`update webhook_endpoint_health set failure_streak = 0
    where endpoint_id = ${endpointId}`)
}

/** A deleted endpoint's deliveries and health go with it (in the deleting transaction). */
export async function forgetEndpoint(req: PayloadRequest, endpointId: number): Promise<void> {
  const db = await writerOf(req)
  await db.execute(sql`delete from webhook_deliveries where endpoint_id = ${endpointId}`)
  await db.execute(sql`delete from webhook_endpoint_health where endpoint_id = ${endpointId}`)
}

/**
 * "Send again": a delivered or failed row is queued anew, with the same message id and body
 * and a fresh set of attempts. Returns what happened.
 */
export async function requeueDelivery(
  payload: Payload,
  endpointId: number,
  deliveryId: number,
): Promise<'queued' | 'not-found' | DeliveryStatus> {
  const { rows } = await pool(payload).query<{ status: DeliveryStatus; requeued: boolean }>(
    `with target as (
       select id, status from webhook_deliveries where id = $1 and endpoint_id = $2 for update),
     requeued as (
       update webhook_deliveries d
          set status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null
         from target where d.id = target.id and target.status in ('delivered', 'failed')
       returning d.id)
     select target.status, exists (select 1 from requeued) as requeued from target`,
    [deliveryId, endpointId],
  )
  const row = rows[0]
  if (!row) return 'not-found'
  if (row.requeued) {
    webhooksEnqueued().dispatchEvent(new Event('enqueued'))
    return 'queued'
  }
  return row.status
}

/** One row of the admin's delivery log. */
export interface DeliveryLogEntry {
  id: number
  webhookId: string
  eventType: string
  orderingKey: string
  status: DeliveryStatus
  attempts: number
  responseStatus: number | null
  latencyMs: number | null
  error: string | null
  nextAttemptAt: string | null
  lastAttemptAt: string | null
  deliveredAt: string | null
  createdAt: string
}

/** The newest deliveries of an endpoint, and its failure streak. */
export async function deliveryLog(
  payload: Payload,
  endpointId: number,
  limit: number,
): Promise<{ failureStreak: number; deliveries: DeliveryLogEntry[] }> {
  const [{ rows }, health] = await Promise.all([
    pool(payload).query<DeliveryLogEntry>(
      `select id::int as id, webhook_id as "webhookId", event_type as "eventType",
              ordering_key as "orderingKey", status, attempts,
              last_status_code as "responseStatus", last_latency_ms as "latencyMs",
              last_error as error,
              case when status in ('pending', 'sending') then next_attempt_at end as "nextAttemptAt",
              last_attempt_at as "lastAttemptAt", delivered_at as "deliveredAt",
              created_at as "createdAt"
         from webhook_deliveries where endpoint_id = $1 order by id desc limit $2`,
      [endpointId, limit],
    ),
    pool(payload).query<{ failure_streak: number }>(
      'select failure_streak from webhook_endpoint_health where endpoint_id = $1',
      [endpointId],
    ),
  ])
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null)
  return {
    failureStreak: health.rows[0]?.failure_streak ?? 0,
    deliveries: rows.map((row) => ({
      ...row,
      nextAttemptAt: iso(row.nextAttemptAt),
      lastAttemptAt: iso(row.lastAttemptAt),
      deliveredAt: iso(row.deliveredAt),
      createdAt: iso(row.createdAt) ?? String(row.createdAt),
    })),
  }
}

/** The backlog and failures, for the metrics. */
export async function outboxStats(payload: Payload): Promise<{ pending: number; failed: number }> {
  const { rows } = await pool(payload).query<{ pending: number; failed: number }>(
    `select count(*) filter (where status in ('pending', 'sending', 'held'))::int as pending,
            count(*) filter (where status = 'failed')::int as failed
       from webhook_deliveries`,
  )
  return rows[0] ?? { pending: 0, failed: 0 }
}

/** Deletes settled rows older than the retention; returns how many. */
export async function pruneDeliveryLog(payload: Payload): Promise<number> {
  const { rowCount } = await pool(payload).query(
    `delete from webhook_deliveries
      where status in ('delivered', 'failed')
        and created_at < now() - $1 * interval '1 day'`,
    [DELIVERY_LOG_RETENTION_DAYS],
  )
  return rowCount ?? 0
}
