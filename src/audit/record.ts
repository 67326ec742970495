import type { CollectionSlug, PayloadRequest } from 'payload'

import { env } from '@/env'
import { verifiedClientAddress } from '@/http/client-address'

import { AUDIT_LOG } from './settings'
import { auditEntry, type AuditEvent } from './entry'

/*
 * Entries are written through Payload's database adapter with the request (`req`), so an entry
 * made by a write joins that write's transaction: it commits with it, and a write rolled back
 * leaves no entry. No Local API (whose access rules refuse every create here, and which would
 * change the request's locale), no hooks.
 */

const AUDIT_LOG_SLUG = AUDIT_LOG as unknown as CollectionSlug

/**
 * The client's address as the project's server vouched for it (src/http/client-address.ts: the
 * socket, or X-Forwarded-For past trusted proxies only), or null when unidentified or outside a
 * request (a job, a script).
 */
export function clientAddressOf(req: PayloadRequest): string | null {
  return req.headers ? verifiedClientAddress(req.headers, env.PAYLOAD_SECRET) : null
}

/**
 * Stores one entry, in the request's transaction when it has one. A failure propagates: a write
 * whose entry could not be stored is rolled back with it.
 */
export async function recordAudit(
  req: PayloadRequest,
  event: Omit<AuditEvent, 'clientAddress'>,
): Promise<void> {
  const data = auditEntry({ ...event, clientAddress: clientAddressOf(req) })
  await req.payload.db.create({
    collection: AUDIT_LOG_SLUG,
    data: data as unknown as Record<string, unknown>,
    req,
    returning: false,
  })
}

/**
 * Stores one entry where nothing must fail because of it (a failed sign-in answers 401 whatever
 * happens here); a failure is logged.
 */
export async function recordAuditQuietly(
  req: PayloadRequest,
  event: Omit<AuditEvent, 'clientAddress'>,
): Promise<void> {
  try {
    await recordAudit(req, event)
  } catch (error) {
    req.payload.logger.error({ err: String(error), action: event.action }, 'audit entry not stored')
  }
}
