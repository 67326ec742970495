import 'server-only'

import type { CollectionSlug, Payload } from 'payload'

import { env } from '@/env'
import { logger } from '@/lib/logger'
import { getPayloadClient } from '@/lib/payload'
import { onShutdown, processSingleton } from '@/lib/process-singleton'
import { countOutboxAttempt, registerOutboxStats } from '@/metrics/outboxes'
import { withSpan } from '@/observability/tracing'

import { postDisabledAlert } from './alert'
import { WEBHOOK_CONTEXT, type WebhookEndpointDoc } from './endpoint-doc'
import { TEST_EVENT } from './events'
import { postWebhook, type PostOutcome } from './http-client'
import {
  abandonDelivery,
  claimNextDelivery,
  holdEndpointDeliveries,
  outboxStats,
  pruneDeliveryLog,
  recordAttempt,
  updateFailureStreak,
  webhooksEnqueued,
  type ClaimedDelivery,
} from './outbox'
import { retryDelayMs } from './schedule'
import { WEBHOOK_ENDPOINTS, WEBHOOKS } from './settings'
import { signedHeaders, signingSecrets } from './signing'

/*
 * Each instance's delivery loop over the webhook outbox (outbox.ts): it runs on a timer
 * (WEBHOOK_POLL_INTERVAL_MS), when this instance stores a delivery outside a transaction, and
 * whenever an attempt ends (the next event of that document may go now). Up to
 * WEBHOOKS.concurrency attempts run at once, so one slow receiver does not hold up the others.
 */

const ENDPOINTS = WEBHOOK_ENDPOINTS as unknown as CollectionSlug

/** How often settled rows past their retention are deleted. */
const PRUNE_INTERVAL_MS = 3_600_000

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return 'an invalid URL'
  }
}

/** Disables an endpoint that failed WEBHOOK_DISABLE_AFTER_FAILURES times in a row, and says so. */
async function disableEndpoint(
  payload: Payload,
  endpoint: WebhookEndpointDoc,
  failures: number,
  lastError: string | null,
): Promise<void> {
  const reason = `${failures} failed deliveries in a row (last: ${lastError ?? 'unknown error'})`
  await payload.update({
    collection: ENDPOINTS,
    id: endpoint.id,
    // The slug is not in the generated types' union: the data cannot be typed against it.
    data: { enabled: false } as never,
    depth: 0,
    overrideAccess: true,
    context: { [WEBHOOK_CONTEXT.disabledReason]: reason.slice(0, 500) },
  })
  const adminUrl = `${env.SITE_URL}/admin/collections/${WEBHOOK_ENDPOINTS}/${endpoint.id}`
  logger.error(
    { webhookEndpoint: endpoint.id, failures, host: hostOf(endpoint.url) },
    'webhook endpoint disabled after repeated failures',
  )
  if (env.ALERT_WEBHOOK_URL)
    await postDisabledAlert(env.ALERT_WEBHOOK_URL, {
      endpointId: endpoint.id,
      host: hostOf(endpoint.url),
      failures,
      adminUrl,
    })
}

/** One attempt of one claimed delivery, recorded whatever happens to it. */
export async function attemptDelivery(payload: Payload, delivery: ClaimedDelivery): Promise<void> {
  const endpoint = (await payload.findByID({
    collection: ENDPOINTS,
    id: delivery.endpointId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })) as unknown as WebhookEndpointDoc | null
  if (!endpoint) {
    await abandonDelivery(payload, delivery, 'the endpoint was deleted')
    return
  }
  // A test event goes even to a disabled endpoint: it is how an admin checks a fix.
  if (!endpoint.enabled && delivery.eventType !== TEST_EVENT) {
    await holdEndpointDeliveries(payload, delivery)
    return
  }
  const secrets = signingSecrets(endpoint)
  const outcome: PostOutcome =
    secrets.length === 0
      ? { ok: false, status: null, latencyMs: 0, error: 'the endpoint has no signing secret' }
      : await withSpan(
          'webhook.deliver',
          {
            'webhook.endpoint': endpoint.id,
            'webhook.event': delivery.eventType,
            'webhook.attempt': delivery.attempts,
            'server.address': hostOf(endpoint.url),
          },
          () =>
            postWebhook(
              endpoint.url,
              { ...signedHeaders(delivery.webhookId, delivery.body, secrets) },
              delivery.body,
              {
                timeoutMs: WEBHOOKS.timeoutMs,
                allowedHosts: WEBHOOKS.allowedHosts,
                userAgent: WEBHOOKS.userAgent,
              },
            ),
        )
  countOutboxAttempt('webhooks', outcome.ok ? 'sent' : 'failed')
  const giveUp = !outcome.ok && delivery.attempts >= WEBHOOKS.maxAttempts
  const retryInMs = retryDelayMs(WEBHOOKS.schedule, delivery.attempts)
  await recordAttempt(payload, delivery, outcome, { giveUp, retryInMs })
  if (!outcome.ok) {
    logger.warn(
      {
        webhookDelivery: delivery.id,
        webhookEndpoint: endpoint.id,
        attempt: delivery.attempts,
        status: outcome.status,
        reason: outcome.error,
        retryInMs: giveUp ? null : retryInMs,
      },
      giveUp ? 'webhook failed; giving up' : 'webhook failed; will retry',
    )
  }
  const streak = await updateFailureStreak(payload, endpoint.id, outcome.ok)
  if (!outcome.ok && endpoint.enabled && streak >= WEBHOOKS.disableAfterFailures)
    await disableEndpoint(payload, endpoint, streak, outcome.error)
}

interface WebhookWorker {
  kick: () => void
  stop: () => Promise<void>
}

export function webhookWorker(): WebhookWorker {
  return processSingleton('webhook-delivery', () => {
    const attempts = new Set<Promise<void>>()
    let filling: Promise<void> | null = null
    let again = false
    let stopped = false

    const fill = () => {
      if (stopped) return
      if (filling) {
        again = true
        return
      }
      filling = (async () => {
        const payload = await getPayloadClient()
        while (!stopped && attempts.size < WEBHOOKS.concurrency) {
          const delivery = await claimNextDelivery(payload, WEBHOOKS.leaseMs)
          if (!delivery) break
          const attempt: Promise<void> = attemptDelivery(payload, delivery)
            .catch((error: Error) =>
              logger.error(
                { webhookDelivery: delivery.id, err: error.message },
                'webhook attempt failed',
              ),
            )
            .finally(() => {
              attempts.delete(attempt)
              fill()
            })
          attempts.add(attempt)
        }
      })()
        .catch((error: Error) =>
          logger.error({ err: error.message }, 'webhook delivery run failed'),
        )
        .finally(() => {
          filling = null
          if (again) {
            again = false
            fill()
          }
        })
    }

    const prune = () =>
      getPayloadClient()
        .then(pruneDeliveryLog)
        .catch((error: Error) => logger.error({ err: error.message }, 'webhook log pruning failed'))

    webhooksEnqueued().addEventListener('enqueued', fill)
    const timer = setInterval(fill, WEBHOOKS.pollIntervalMs)
    timer.unref()
    const pruning = setInterval(prune, PRUNE_INTERVAL_MS)
    pruning.unref()
    registerOutboxStats('webhooks', async () => outboxStats(await getPayloadClient()))

    const stop = async () => {
      stopped = true
      clearInterval(timer)
      clearInterval(pruning)
      webhooksEnqueued().removeEventListener('enqueued', fill)
      await filling
      await Promise.all([...attempts])
    }
    // An attempt under way when the process is told to stop is finished and recorded.
    onShutdown('webhook delivery', stop)
    // At start, then hourly. After the shutdown task above: asking for Payload registers Payload's
    // own task, which must run after this one.
    void prune()
    return { kick: fill, stop }
  })
}
