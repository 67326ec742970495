import 'server-only'

import { createHmac } from 'node:crypto'

import { ValidationError } from 'payload'

import { env } from '@/env'
import { clientBucket } from '@/http/client-address'
import { isDatabaseUnavailable } from '@/http/unavailable'
import { getPayloadClient } from '@/lib/payload'
import { logger } from '@/lib/logger'
import { processSingleton } from '@/lib/process-singleton'
import { getRedis, untilFirstConnected } from '@/lib/redis'

import type { INQUIRY_CHANNELS } from '@/collections/Inquiries'

import { acknowledgeInquiry } from './acknowledgement'
import { createInquiryBudgets, type BudgetName } from './budgets'
import { deliveryWorker } from './delivery'
import { parseInquiry, type FieldProblem, type Inquiry } from './schema'
import { sourceFields, type InquirySource } from './source'

export type InquiryChannel = (typeof INQUIRY_CHANNELS)[number]

export interface SubmitContext {
  /** The verified client address, or null for an unidentified client. */
  clientAddress: string | null
  channel: InquiryChannel
  /** Where it came from, derived from the request by the caller (source.ts); internal. */
  source?: InquirySource
}

export type SubmitResult =
  | { status: 'accepted'; id: number }
  | { status: 'invalid'; problems: FieldProblem[] }
  | { status: 'rate_limited'; retryAfterSeconds: number; refusedBy: BudgetName[] }
  /** The store is out of reach (a real outage): retry later. */
  | { status: 'unavailable' }
  /** A fault of ours: the inquiry was not stored, and retrying won't help. */
  | { status: 'failed' }

function inquiryBudgets() {
  return processSingleton('inquiry-budgets', () =>
    createInquiryBudgets(getRedis(), env.REDIS_KEY_PREFIX),
  )
}

/** Identifies repeat senders' networks for editors without storing an address. */
function clientHash(address: string | null): string | null {
  if (!address) return null
  return createHmac('sha256', env.PAYLOAD_SECRET)
    .update(`client:${clientBucket(address)}`)
    .digest('hex')
    .slice(0, 16)
}

async function storeInquiry(inquiry: Inquiry, context: SubmitContext): Promise<number> {
  const payload = await getPayloadClient()
  const doc = await payload.create({
    collection: 'inquiries',
    data: {
      ...inquiry,
      // An optional field sent empty (or only spaces) is stored as not given.
      phone: inquiry.phone || null,
      service: inquiry.service || null,
      channel: context.channel,
      ...sourceFields(context.channel, context.source),
      clientHash: clientHash(context.clientAddress),
      status: 'new',
      deliveryStatus: 'queued',
      attempts: 0,
      nextAttemptAt: new Date().toISOString(),
    },
    overrideAccess: true,
  })
  return doc.id
}

/**
 * The one inquiry operation behind `POST /api/inquiries`, the MCP tool `send_inquiry` and the
 * contact form: validate, spend the shared budgets (all or none), store, then deliver by mail
 * in the background. Accepted means stored: delivery retries until it succeeds.
 */
export async function submitInquiry(input: unknown, context: SubmitContext): Promise<SubmitResult> {
  const parsed = parseInquiry(input)
  if (!parsed.success) return { status: 'invalid', problems: parsed.problems }

  const redis = getRedis()
  if (redis) await untilFirstConnected(redis)
  const decision = await inquiryBudgets().spend({
    email: parsed.data.email,
    clientAddress: context.clientAddress,
  })
  if (!decision.allowed) {
    return {
      status: 'rate_limited',
      retryAfterSeconds: decision.retryAfterSeconds,
      refusedBy: decision.refusedBy,
    }
  }

  let id: number
  try {
    id = await storeInquiry(parsed.data, context)
  } catch (error) {
    // Not stored means not accepted: give the budget back.
    await decision.refund().catch(() => {})
    return storeFailure(error)
  }
  // The sender's acknowledgement (when the setting is on) is queued once the inquiry is stored;
  // failing to queue it never fails the inquiry.
  await getPayloadClient()
    .then((payload) =>
      acknowledgeInquiry(payload, { id, email: parsed.data.email, locale: parsed.data.locale }),
    )
    .catch((error: Error) =>
      logger.error({ inquiry: id, err: error.message }, 'could not queue the acknowledgement'),
    )
  deliveryWorker().kick()
  return { status: 'accepted', id }
}

/**
 * Why the store refused, as the caller should hear it: only an outage is "retry shortly" (503).
 * A refusal of the data is the sender's 400, named by field; the collection validates with the
 * schema's own rules, so reaching this is a bug, logged as one. Anything else is a 500.
 */
function storeFailure(error: unknown): SubmitResult {
  if (isDatabaseUnavailable(error)) {
    logger.warn(
      { err: (error as Error).message },
      'could not store an inquiry: database unavailable',
    )
    return { status: 'unavailable' }
  }
  const refused = refusedFields(error)
  if (refused) {
    logger.error(
      { fields: refused.map((problem) => problem.field) },
      'the store refused an inquiry the schema accepted',
    )
    return { status: 'invalid', problems: refused }
  }
  logger.error({ err: String(error) }, 'could not store an inquiry')
  return { status: 'failed' }
}

/** PostgreSQL's data exceptions (SQLSTATE class 22: a value the column can't hold). */
const DATA_EXCEPTION = /^22/

function refusedFields(error: unknown): FieldProblem[] | null {
  if (error instanceof ValidationError || (error as Error | null)?.name === 'ValidationError') {
    const errors = (error as ValidationError).data?.errors ?? []
    return errors.length > 0
      ? errors.map(({ path, message }) => ({ field: path, message: `is invalid: ${message}` }))
      : [{ field: '(body)', message: 'is invalid' }]
  }
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') break
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string' && DATA_EXCEPTION.test(code)) {
      return [{ field: '(body)', message: 'contains a value that cannot be stored' }]
    }
    current = cause
  }
  return null
}
