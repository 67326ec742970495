import type { CollectionSlug, Endpoint, PayloadHandler, PayloadRequest } from 'payload'

import { isAdmin } from '@/access/admins'
import { env } from '@/env'
import type { ErrorCode } from '@/http/error-codes'

import { WEBHOOK_CONTEXT, type WebhookEndpointDoc } from './endpoint-doc'
import { eventBody, testEvent } from './events'
import { deliveryLog, requeueDelivery, storeDeliveries } from './outbox'
import { WEBHOOK_ENDPOINTS } from './settings'
import { newMessageId } from './signing'

/** Rows of the delivery log an admin sees at once, unless asked for fewer. */
export const DELIVERY_LOG_PAGE = 50
export const DELIVERY_LOG_PAGE_MAX = 200

const ENDPOINTS = WEBHOOK_ENDPOINTS as unknown as CollectionSlug

/** The project's error shape, with Payload's `errors` list beside it (the admin reads that). */
function jsonError(status: number, code: ErrorCode, message: string): Response {
  return Response.json(
    { error: { code, message }, errors: [{ message }] },
    { status, headers: { 'Cache-Control': 'no-store' } },
  )
}

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

const positiveInteger = (value: unknown): number | null => {
  const number = Number(value)
  return Number.isSafeInteger(number) && number > 0 ? number : null
}

/**
 * An action on one endpoint, for admins only: 401 without a session, 403 for anyone else, 404
 * for an endpoint that does not exist.
 */
function onEndpoint(
  action: (req: PayloadRequest, endpoint: WebhookEndpointDoc) => Promise<Response>,
): PayloadHandler {
  return async (req) => {
    if (!req.user) return jsonError(401, 'unauthorized', 'Sign in as an admin to manage webhooks.')
    if (!isAdmin(req.user)) return jsonError(403, 'forbidden', 'Only admins manage webhooks.')
    const id = positiveInteger(req.routeParams?.id)
    const endpoint = id
      ? ((await req.payload.findByID({
          collection: ENDPOINTS,
          id,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
        })) as unknown as WebhookEndpointDoc | null)
      : null
    if (!endpoint) return jsonError(404, 'not_found', 'No webhook endpoint has this id.')
    return action(req, endpoint)
  }
}

/** The delivery log: the newest deliveries and the endpoint's failure streak. */
const listDeliveries = onEndpoint(async (req, endpoint) => {
  const asked = req.searchParams.get('limit')
  const limit = asked === null ? DELIVERY_LOG_PAGE : positiveInteger(asked)
  if (!limit || limit > DELIVERY_LOG_PAGE_MAX)
    return jsonError(
      400,
      'invalid_parameter',
      `limit must be a whole number from 1 to ${DELIVERY_LOG_PAGE_MAX}.`,
    )
  return json(await deliveryLog(req.payload, endpoint.id, limit))
})

/** "Send again": the same message (id and body) queued anew. */
const sendAgain = onEndpoint(async (req, endpoint) => {
  const deliveryId = positiveInteger(req.routeParams?.deliveryId)
  const outcome = deliveryId ? await requeueDelivery(req.payload, endpoint.id, deliveryId) : null
  switch (outcome) {
    case 'queued':
      return json({ status: 'pending' }, 202)
    case null:
    case 'not-found':
      return jsonError(404, 'not_found', 'This endpoint has no delivery with this id.')
    case 'held':
      return jsonError(
        400,
        'invalid_parameter',
        'The endpoint is disabled: its deliveries wait until it is enabled again.',
      )
    default:
      return jsonError(400, 'invalid_parameter', 'This delivery is already waiting to be sent.')
  }
})

/** "Send test event": a `webhook.test` event to this endpoint alone, even while disabled. */
const sendTestEvent = onEndpoint(async (req, endpoint) => {
  const event = testEvent(env.SITE_URL, endpoint.id, newMessageId())
  const [webhookId] = await storeDeliveries(req, [
    { endpointId: endpoint.id, event, body: eventBody(event, false, new Date()) },
  ])
  return json({ webhookId }, 202)
})

/** "Rotate secret": a new one, the previous one still signing for the overlap window. */
const rotateSecret = onEndpoint(async (req, endpoint) => {
  const updated = (await req.payload.update({
    collection: ENDPOINTS,
    id: endpoint.id,
    data: {},
    depth: 0,
    overrideAccess: true,
    context: { [WEBHOOK_CONTEXT.rotateSecret]: true },
  })) as unknown as WebhookEndpointDoc
  return json({
    secret: updated.secret,
    previousSecretExpiresAt: updated.previousSecretExpiresAt,
  })
})

export const adminEndpoints: Endpoint[] = [
  { path: '/:id/deliveries', method: 'get', handler: listDeliveries },
  { path: '/:id/deliveries/:deliveryId/send-again', method: 'post', handler: sendAgain },
  { path: '/:id/send-test', method: 'post', handler: sendTestEvent },
  { path: '/:id/rotate-secret', method: 'post', handler: rotateSecret },
]
