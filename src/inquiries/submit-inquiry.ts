import 'server-only'

import { createHmac } from 'node:crypto'

import { env } from '@/env'
import { clientBucket } from '@/http/client-address'
import { getPayloadClient } from '@/lib/payload'
import { logger } from '@/lib/logger'
import { processSingleton } from '@/lib/process-singleton'
import { getRedis, untilFirstConnected } from '@/lib/redis'

import type { INQUIRY_CHANNELS } from '@/collections/Inquiries'

import { createInquiryBudgets, type BudgetName } from './budgets'
import { deliveryWorker } from './delivery'
import { parseInquiry, type FieldProblem, type Inquiry } from './schema'

export type InquiryChannel = (typeof INQUIRY_CHANNELS)[number]

export interface SubmitContext {
  /** The verified client address, or null for an unidentified client. */
  clientAddress: string | null
  channel: InquiryChannel
}

export type SubmitResult =
  | { status: 'accepted'; id: number }
  | { status: 'invalid'; problems: FieldProblem[] }
  | { status: 'rate_limited'; retryAfterSeconds: number; refusedBy: BudgetName[] }
  | { status: 'unavailable' }

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
      channel: context.channel,
      clientHash: clientHash(context.clientAddress),
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
    // Not stored means not accepted: give the budget back and let the caller retry.
    await decision.refund().catch(() => {})
    logger.error({ err: (error as Error).message }, 'could not store an inquiry')
    return { status: 'unavailable' }
  }
  deliveryWorker().kick()
  return { status: 'accepted', id }
}
